"""The word graph in memory: four flat arrays and the few walks every word game needs.

State 0 is the root. For a state `s`:
- `cmask[s]` has bit `t` set when an arc leaves `s` on symbol `t` (letters a-z are 0-25, the
  separator `^` is 26: build.py);
- `amask[s]` has bit `t` set when taking that arc completes a stored string (a word, read as
  the GADDAG stores it);
- the arcs' targets are `child[base[s]:]` in symbol order, so the target on symbol `t` is
  `child[base[s] + popcount(cmask[s] & ((1 << t) - 1))]`.

Arrays of machine integers rather than dicts: 630,000 states of the shipped list take about
13 MB, load from the disk cache in milliseconds, and a move generator can AND a state's
`cmask` with a square's allowed letters and its rack to try only the letters that can lead
somewhere.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from dataclasses import dataclass

from tilegames.core.wordgraph.build import LETTERS, SEPARATOR

ALL_LETTERS = (1 << 26) - 1
NO_STATE = -1


@dataclass(frozen=True, eq=False)
class WordGraph:
    """A GADDAG over a word list (build.py), with `words` its number of words."""

    cmask: array[int]
    amask: array[int]
    base: array[int]
    child: array[int]
    words: int

    @property
    def states(self) -> int:
        return len(self.cmask)

    def nbytes(self) -> int:
        """The arrays' size in bytes (what the graph costs in memory, bar a few objects)."""
        return sum(len(a) * a.itemsize for a in (self.cmask, self.amask, self.base, self.child))

    def step(self, state: int, symbol: int) -> int:
        """The state after `symbol` from `state`, or NO_STATE."""
        mask = self.cmask[state]
        if not mask >> symbol & 1:
            return NO_STATE
        found: int = self.child[self.base[state] + (mask & ((1 << symbol) - 1)).bit_count()]
        return found

    def walk(self, state: int, letters: str) -> int:
        """The state after the lower-case `letters` from `state`, or NO_STATE."""
        for ch in letters:
            if state == NO_STATE:
                return NO_STATE
            state = self.step(state, ord(ch) - 97)
        return state

    def prefix_state(self, prefix: str) -> int:
        """The state after reading the non-empty `prefix` forwards (first letter, `^`, the
        rest): its arcs are the letters that can follow, its `amask` those that end a word."""
        state = self.step(0, ord(prefix[0]) - 97)
        if state == NO_STATE:
            return NO_STATE
        state = self.step(state, SEPARATOR)
        return self.walk(state, prefix[1:]) if state != NO_STATE else NO_STATE

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or len(word) < 2 or not word.isascii() or not word.isalpha():
            return False
        word = word.lower()
        state = self.prefix_state(word[:-1])
        return state != NO_STATE and bool(self.amask[state] >> (ord(word[-1]) - 97) & 1)

    def ending(self, state: int) -> int:
        """The letters that complete a word from `state` (a mask of bits 0-25)."""
        letters: int = self.amask[state] & ALL_LETTERS
        return letters

    def between(self, before: str, after: str) -> int:
        """The letters `x` (a mask) for which `before + x + after` is a word: the allowed
        letters of a square with `before` above or left of it and `after` below or right."""
        if before:
            state = self.prefix_state(before)  # forwards from the first letter before
            if state == NO_STATE:
                return 0
            if not after:
                return self.ending(state)
            allowed, mask = 0, self.cmask[state] & ALL_LETTERS
            while mask:
                low = mask & -mask
                letter = low.bit_length() - 1
                rest = self.walk(self.step(state, letter), after[:-1])
                if rest != NO_STATE and self.amask[rest] >> (ord(after[-1]) - 97) & 1:
                    allowed |= low
                mask ^= low
            return allowed
        if not after:
            return ALL_LETTERS
        # x + after: the reversed string of the word starts at its last letter, ends with x
        state = self.walk(0, after[::-1])
        return self.ending(state) if state != NO_STATE else 0

    def words_from(self, prefix: str = "") -> Iterator[str]:
        """Every word beginning with `prefix` (every word when it is empty), the prefix itself
        included when it is a word, in alphabetical order."""
        if not prefix:
            for first in LETTERS:
                yield from self.words_from(first)
            return
        if prefix in self:
            yield prefix
        state = self.prefix_state(prefix)
        if state != NO_STATE:
            yield from self._longer(state, prefix)

    def _longer(self, state: int, spelled: str) -> Iterator[str]:
        mask, accepting = self.cmask[state], self.amask[state]
        for letter in range(26):
            bit = 1 << letter
            if accepting & bit:
                yield spelled + LETTERS[letter]
            if mask & bit:
                yield from self._longer(self.step(state, letter), spelled + LETTERS[letter])
