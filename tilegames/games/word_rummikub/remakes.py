"""Table words broken up and remade with rack letters (RULES.md §2.6): APE + L, T, H -> PAL +
THE; CLAP, PEAR + I, H -> LAP, CHIP, EAR.

The letters of the table words broken up (`table`, without jokers: the joker rules stay out of
it) and some of the rack's are spelled again as `parts` words that use every table letter and at
least one rack letter, each word taking at least one table letter. The words are found one at a
time: each holds the first (alphabetically) of the table letters still to place, so a set of
words is mostly found once, and takes table letters before rack ones; the last one must use
every table letter left (core/wordgraph/anagrams.py: its `must` letters).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from tilegames.core.wordgraph import WordGraph
from tilegames.core.wordgraph.anagrams import spellings
from tilegames.games.word_rummikub.search import Find


FIRST_WORDS = 200  # words tried in each place but the last: long letter sets spell thousands


def remakes(graph: WordGraph, table: str, rack: str, min_len: int, parts: int,
            deadline: float | None = None, keep_out: Iterable[str] = ()) -> Iterator[tuple[Find, ...]]:
    """Sets of `parts` different words remaking the lower-case `table` letters with some of the
    lower-case `rack` letters (see above), none of them in `keep_out` (the words broken up: one
    made again is a smaller play found elsewhere). Each Find says the rack letters it takes."""
    out = set(keep_out)
    seen: set[frozenset[str]] = set()
    for found in _cover(graph, Counter(table), Counter(rack), min_len, parts, deadline):
        words = frozenset(f.word for f in found)
        if len(words) < parts or words & out or words in seen:
            continue
        if not any(f.rack_letters for f in found):
            continue  # a play lays at least one rack tile
        seen.add(words)
        yield found


def _cover(graph: WordGraph, table: Counter[str], rack: Counter[str], min_len: int, parts: int,
           deadline: float | None) -> Iterator[tuple[Find, ...]]:
    if parts == 1:
        for last in spellings(graph, _letters(rack), 0, _letters(table), min_len, deadline):
            yield (Find(last.word, last.letters, ""),)
        return
    first = min(table)
    longest = sum(table.values()) + sum(rack.values()) - min_len * (parts - 1)
    found = spellings(graph, _letters(table - Counter(first) + rack), 0, first, min_len, deadline, longest)
    # the words taking more table letters first: those leave the fewest for the others
    ranked = sorted(found, key=lambda s: (-sum((Counter(s.word) & table).values()), -len(s.word), s.word))
    for spelled in ranked[:FIRST_WORDS]:
        taken = Counter(spelled.word)
        from_table = taken & table
        rest = table - from_table
        if sum(rest.values()) < parts - 1:
            continue  # each word after this one needs a table letter of its own
        from_rack = taken - from_table
        for others in _cover(graph, rest, rack - from_rack, min_len, parts - 1, deadline):
            yield (Find(spelled.word, _letters(from_rack), ""),) + others


def _letters(letters: Counter[str]) -> str:
    return "".join(sorted(letters.elements()))
