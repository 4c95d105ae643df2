"""Words spelled from a handful of letters, on the word graph: what Rummikub Word and Nab-It!
ask of it (a rack's words; a table word remade with rack letters).

The graph is read forwards (first letter, separator, the rest: graph.py's `prefix_state`),
depth first, taking at each step only the letters still in hand: the letters that must all be
used (`must`, a table word's), then the optional ones (`letters`, a rack's), then wild tiles
(`wild`, jokers or blanks) standing for any letter. A branch ends as soon as the graph has no
word going on with what is left, so the search visits only prefixes of real words.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterator
from dataclasses import dataclass

from tilegames.core.wordgraph.build import LETTERS, SEPARATOR
from tilegames.core.wordgraph.graph import WordGraph


@dataclass(frozen=True)
class Spelling:
    """A word and what it took from the optional letters and the wild tiles (sorted letters)."""

    word: str
    letters: str
    wild: str


def spellings(graph: WordGraph, letters: str, wild: int = 0, must: str = "", min_len: int = 2,
              deadline: float | None = None, max_len: int | None = None,
              limit: int | None = None) -> Iterator[Spelling]:
    """Every word of `min_len` to `max_len` letters using all of `must`, some of `letters` and up
    to `wild` wild tiles (each letter of a word taken from `must` first, then `letters`, then a
    wild tile), once each, in alphabetical order of the walk. Stops at `deadline`
    (time.monotonic()) or after `limit` words."""
    longest = len(letters) + wild + len(must) if max_len is None else max_len
    needed = [0] * 26
    for ch in must:
        needed[ord(ch) - 97] += 1
    have = [0] * 26
    for ch in letters:
        have[ord(ch) - 97] += 1
    must_left = len(must)
    avail = [0]  # the letters in hand (must or optional), as a mask kept up to date
    for ch in must + letters:
        avail[0] |= 1 << (ord(ch) - 97)
    cmask, amask, base, child = graph.cmask, graph.amask, graph.base, graph.child
    spelled: list[int] = []
    took: list[int] = []  # per letter: 0 must, 1 optional, 2 wild
    found: set[str] = set()
    out: list[Spelling] = []
    checks = [0]

    def step(state: int, s: int) -> int:
        mask = cmask[state]
        return child[base[state] + (mask & ((1 << s) - 1)).bit_count()] if mask >> s & 1 else -1

    def emit(last: int, source: int) -> None:
        word = "".join(LETTERS[s] for s in spelled) + LETTERS[last]
        sources = took + [source]
        if word in found:
            return
        found.add(word)
        if limit is not None and len(out) >= limit:
            raise _Stop
        chars = [*spelled, last]
        own = "".join(sorted(LETTERS[s] for s, k in zip(chars, sources) if k == 1))
        wilds = "".join(sorted(LETTERS[s] for s, k in zip(chars, sources) if k == 2))
        out.append(Spelling(word, own, wilds))

    def take(s: int, wild_left: int) -> tuple[int, int] | None:
        """Use one `s`: from must, else optional, else wild; (source, wild left) or None."""
        if needed[s]:
            needed[s] -= 1
            if not needed[s] and not have[s]:
                avail[0] &= ~(1 << s)
            return 0, wild_left
        if have[s]:
            have[s] -= 1
            if not have[s]:
                avail[0] &= ~(1 << s)
            return 1, wild_left
        if wild_left:
            return 2, wild_left - 1
        return None

    def give_back(s: int, source: int) -> None:
        if source == 0:
            needed[s] += 1
            avail[0] |= 1 << s
        elif source == 1:
            have[s] += 1
            avail[0] |= 1 << s

    def walk(state: int, wild_left: int, must_left: int) -> None:
        checks[0] += 1
        if deadline is not None and checks[0] % 512 == 0 and time.monotonic() > deadline:
            raise _Stop
        arcs = cmask[state] & ((1 << 26) - 1)
        ends = amask[state]
        options = arcs | ends
        if not wild_left:
            options &= avail[0]
        depth = len(spelled) + 1  # the word's length with the letter taken here
        while options:
            bit = options & -options
            options ^= bit
            s = bit.bit_length() - 1
            used = take(s, wild_left)
            if used is None:
                continue
            source, wild_after = used
            must_after = must_left - (source == 0)
            if ends & bit and must_after == 0 and depth >= min_len:
                emit(s, source)
            if arcs & bit and depth < longest and must_after <= longest - depth:
                spelled.append(s)
                took.append(source)
                walk(step(state, s), wild_after, must_after)
                spelled.pop()
                took.pop()
            give_back(s, source)

    try:
        for first in range(26):
            used = take(first, wild)
            if used is None:
                continue
            source, wild_after = used
            state = step(0, first)
            forward = step(state, SEPARATOR) if state >= 0 else -1
            if forward >= 0:
                spelled.append(first)
                took.append(source)
                walk(forward, wild_after, must_left - (source == 0))
                spelled.pop()
                took.pop()
            give_back(first, source)
    except _Stop:
        pass
    yield from out


class _Stop(Exception):
    """The deadline passed, or the limit was reached: the words found so far are what there is."""


def anagrams(graph: WordGraph, letters: str, wild: int = 0) -> tuple[str, ...]:
    """The words spelled with exactly `letters` and `wild` wild tiles (each standing for any
    letter), alphabetically: an anagram lookup on the graph. A search asks the same letters
    again and again (Nab-It!'s, anchor after anchor), so the answers are kept."""
    return _anagrams(graph, "".join(sorted(letters)), wild)


@functools.lru_cache(maxsize=1 << 16)
def _anagrams(graph: WordGraph, letters: str, wild: int) -> tuple[str, ...]:
    size = len(letters) + wild
    return tuple(sorted(s.word for s in spellings(graph, "", wild, letters, size, max_len=size)))
