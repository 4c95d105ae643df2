"""Finding words for the computer player: from rack letters alone, and by adding rack letters
to a word on the table.

Both use the word list's anagram index (core/parts/lexicon.py, shared with Scrabble's player):
sorted letters -> the words spelled with exactly them.

* **Rack words** scan the index's keys, longest first, for those the rack can spell with at
  most as many missing letters as it holds jokers. Each key carries the product of one prime per
  letter, so "the rack holds these letters" is one gcd of two integers: the missing letters are
  `key // gcd(key, rack)`, 1 when none is missing, a prime when one is (a joker's letter), a
  product of two primes when two are.
* **Extensions** look up a table word's letters plus each choice of up to `MAX_ADDED` rack
  letters (and, with a joker, one letter of the alphabet for it). A table word's tiles may be
  reordered, so CAT + S may become ACTS as well as CATS.

Both stop at a deadline and yield the best finds first.
"""

from __future__ import annotations

import functools
import itertools
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass

from tilegames.core.parts.lexicon import Anagrams, anagrams_for

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101)
PRIME = dict(zip(ALPHABET, PRIMES))
ONE_MISSING = {1: "", **{p: letter for letter, p in PRIME.items()}}  # what one joker may stand for
TWO_MISSING = {PRIME[a] * PRIME[b]: a + b for a, b in itertools.combinations_with_replacement(ALPHABET, 2)}
WILD_MISSING = {**ONE_MISSING, **TWO_MISSING}  # what up to two jokers may stand for
MAX_ADDED = 4  # rack letters added to one table word at most (the lookups grow fast beyond)
MAX_CHOICES = 2000  # choices of rack letters tried for one number of added letters


def product(letters: str) -> int:
    return math.prod(PRIME[ch] for ch in letters)


@dataclass(frozen=True)
class Index:
    """The anagram index with each key's prime product, keys grouped by length."""

    words: Anagrams
    by_length: dict[int, list[tuple[int, str]]]

    def spelled_with(self, letters: str) -> list[str]:
        return self.words.spelled_with(letters)


@functools.lru_cache(maxsize=2)
def index_for(word_list: str | None) -> Index:
    """Built once per word list and process (about a second with the shipped list)."""
    words = anagrams_for(word_list)
    by_length: dict[int, list[tuple[int, str]]] = {}
    for key in words.anagrams:
        by_length.setdefault(len(key), []).append((product(key), key))
    return Index(words, by_length)


@dataclass(frozen=True)
class Find:
    """A word and what it takes from the rack: its letters, and the letters jokers stand for."""

    word: str
    rack_letters: str  # sorted; what real rack tiles supply
    joker_letters: str  # sorted; what jokers stand for


def rack_words(index: Index, letters: str, jokers: int, min_len: int, deadline: float) -> Iterator[Find]:
    """Words the rack spells (lower-case `letters`, plus `jokers`), longest first; of one
    length, those needing fewer jokers first."""
    rack = product(letters)
    top = len(letters) + jokers
    for length in range(top, min_len - 1, -1):
        keys = index.by_length.get(length, ())
        if jokers == 0:  # the rack holds every letter: the key's product divides the rack's
            found = [(0, key, "") for key_product, key in keys if not rack % key_product]
        else:
            stands_for = ONE_MISSING if jokers == 1 else WILD_MISSING
            found = [(len(stands_for[missing]), key, stands_for[missing]) for key_product, key in keys
                     if (missing := key_product // math.gcd(key_product, rack)) in stands_for]
        if time.monotonic() > deadline:
            return
        found.sort()
        for _, key, wild in found:
            own = _minus(key, wild)
            for word in index.spelled_with(key):
                yield Find(word, own, wild)


def extensions(index: Index, table_word: str, letters: str, jokers: int, deadline: float) -> Iterator[Find]:
    """Words made of every letter of `table_word` and some rack letters (at least one tile from
    the rack), most letters first. At most one joker is tried, with up to two real letters, and
    a number of added letters whose choices pass `MAX_CHOICES` is skipped, so the search is
    the same on every machine (the deadline is only a safety net)."""
    letters = "".join(sorted(letters))
    for added in range(min(MAX_ADDED, len(letters) + min(jokers, 1)), 0, -1):
        for wild_count in (0, 1) if jokers and added <= 3 else (0,):
            real = added - wild_count
            if real > len(letters) or math.comb(len(letters), real) > MAX_CHOICES:
                continue
            for chosen in sorted({"".join(c) for c in itertools.combinations(letters, real)}):
                for wild in (ALPHABET if wild_count else ("",)):
                    for word in index.spelled_with(table_word + chosen + wild):
                        yield Find(word, chosen, wild)
                if time.monotonic() > deadline:
                    return


def _minus(letters: str, taken: str) -> str:
    out = list(letters)
    for ch in taken:
        out.remove(ch)
    return "".join(out)
