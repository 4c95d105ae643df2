"""Words spelled from a handful of letters on the word graph (core/wordgraph/anagrams.py), checked
against a plain scan of the word list."""

from __future__ import annotations

from collections import Counter

import pytest

from tilegames.core.wordgraph.anagrams import spellings
from tilegames.core.wordgraph.build import build_arrays
from tilegames.core.wordgraph.graph import WordGraph

WORDS = sorted("""ape apes cap cape caped capes pace paced paces space spaced scape ace aces case cased
pea peas sea spa pas sap cad cads dace escaped""".split())
GRAPH = WordGraph(*build_arrays(WORDS), words=len(WORDS))


def by_scan(letters: str, wild: int, must: str, min_len: int) -> set[str]:
    found = set()
    for word in WORDS:
        need = Counter(word)
        if len(word) < min_len or Counter(must) - need:
            continue
        short = need - Counter(must) - Counter(letters)
        if sum(short.values()) <= wild:
            found.add(word)
    return found


@pytest.mark.parametrize("letters, wild, must, min_len", [
    ("acepsd", 0, "", 2), ("acep", 1, "", 3), ("sd", 0, "cape", 5), ("s", 1, "cape", 5), ("", 2, "pa", 3),
    ("xyz", 0, "", 2),
])
def test_the_words_spelled_are_those_a_scan_of_the_list_finds(letters, wild, must, min_len):
    found = list(spellings(GRAPH, letters, wild, must, min_len))
    assert {s.word for s in found} == by_scan(letters, wild, must, min_len)
    assert len(found) == len({s.word for s in found})


def test_each_word_says_what_it_took_from_the_optional_letters_and_the_wild_tiles():
    found = {s.word: s for s in spellings(GRAPH, "sd", 1, "cape", 5)}
    assert (found["spaced"].letters, found["spaced"].wild) == ("ds", "")
    assert found["escaped"].wild == "e" and found["escaped"].letters == "ds"


def test_a_deadline_already_past_stops_the_search_without_an_error():
    assert len(list(spellings(GRAPH, "acepsd", 2, "", 2, deadline=0.0))) <= len(by_scan("acepsd", 2, "", 2))


def test_an_anagram_lookup_gives_the_words_of_exactly_those_letters_and_wild_tiles():
    from tilegames.core.wordgraph.anagrams import anagrams

    assert anagrams(GRAPH, "ecap") == ("cape", "pace")
    assert anagrams(GRAPH, "eca", 1) == ("aces", "cape", "case", "dace", "pace")
    assert anagrams(GRAPH, "xq", 1) == ()
