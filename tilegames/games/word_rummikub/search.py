"""Finding words for the computer player and the hints: from rack letters alone, and by adding
rack letters to a word on the table, on the shared word graph (core/wordgraph/anagrams.py).

* **Rack words** are the words the rack spells, its jokers standing for missing letters.
* **Extensions** use every letter of a table word and at least one rack tile. A table word's
  tiles may be reordered, so CAT + S may become ACTS as well as CATS, and CAPE + S, D makes
  SPACED; at most one joker is tried in an extension.

Both stop at a deadline and give the best finds first: the longest, then those needing fewer
jokers, then in alphabetical order, so the same position gives the same finds.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tilegames.core.wordgraph import WordGraph
from tilegames.core.wordgraph.anagrams import Spelling, spellings


@dataclass(frozen=True)
class Find:
    """A word and what it takes from the rack: its letters, and the letters jokers stand for."""

    word: str
    rack_letters: str  # sorted; what real rack tiles supply
    joker_letters: str  # sorted; what jokers stand for


def _best_first(found: Iterator[Spelling]) -> Iterator[Find]:
    ordered = sorted(found, key=lambda s: (-len(s.word), len(s.wild), s.word))
    return (Find(s.word, s.letters, s.wild) for s in ordered)


def rack_words(graph: WordGraph, letters: str, jokers: int, min_len: int, deadline: float) -> Iterator[Find]:
    """Words the rack spells (lower-case `letters`, plus `jokers`), longest first; of one
    length, those needing fewer jokers first."""
    return _best_first(spellings(graph, letters, jokers, "", max(2, min_len), deadline))


def extensions(graph: WordGraph, table_word: str, letters: str, jokers: int, deadline: float) -> Iterator[Find]:
    """Words made of every letter of `table_word` and at least one rack tile, most letters first."""
    found = spellings(graph, letters, min(jokers, 1), table_word, len(table_word) + 1, deadline)
    return _best_first(s for s in found if s.letters or s.wild)
