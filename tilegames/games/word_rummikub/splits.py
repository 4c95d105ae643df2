"""Table words broken up and remade with rack letters (RULES.md §2.6): APE + L, T, H -> PAL + THE.

One table word (without a joker: the joker rules stay out of it) is split into two words that
together use every one of its tiles and at least one rack tile, each taking at least one of the
word's tiles. The first word is any word the word's and the rack's letters spell; it takes the
table word's letters before the rack's, and the second must use the rest of the table word
(core/wordgraph/anagrams.py: its `must` letters) with what is left of the rack.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from tilegames.core.wordgraph import WordGraph
from tilegames.core.wordgraph.anagrams import spellings
from tilegames.games.word_rummikub.search import Find


FIRST_WORDS = 400  # first words tried for one table word: a long rack spells thousands


def splits(graph: WordGraph, word: str, rack: str, min_len: int,
           deadline: float | None = None) -> Iterator[tuple[Find, Find]]:
    """Pairs of words remaking the lower-case table `word` with letters of the lower-case `rack`
    (see above; the first words of `FIRST_WORDS`, longest first); each Find says the rack
    letters it takes."""
    table, own = Counter(word), Counter(rack)
    longest = len(word) + len(rack) - min_len  # the second word needs min_len letters too
    seen: set[frozenset[str]] = set()
    firsts = spellings(graph, word + rack, 0, "", min_len, deadline, longest, FIRST_WORDS)
    for first in sorted(firsts, key=lambda s: (-len(s.word), s.word)):
        letters = Counter(first.word)
        from_table = letters & table
        if not from_table or from_table == table:
            continue  # the first word must take some of the table word's tiles, not all
        from_rack = letters - from_table
        rest = "".join(sorted((table - from_table).elements()))
        left = "".join(sorted((own - from_rack).elements()))
        for second in spellings(graph, left, 0, rest, min_len, deadline):
            pair = frozenset((first.word, second.word))
            if second.word == first.word or word in pair or pair in seen:
                continue
            if not from_rack and not second.letters:
                continue  # a play lays at least one rack tile
            seen.add(pair)
            yield (Find(first.word, "".join(sorted(from_rack.elements())), ""), Find(second.word, second.letters, ""))
