"""The shared word graph (core/wordgraph): a GADDAG holding exactly the list's words, walked the
ways the word games need, built once and kept on disk, and never trusted when damaged."""

from __future__ import annotations

from pathlib import Path

import pytest

from tilegames.core.parts.lexicon import lexicon_or_default
from tilegames.core.wordgraph import ALL_LETTERS, cache
from tilegames.core.wordgraph.build import build_arrays, gaddag_strings
from tilegames.core.wordgraph.graph import WordGraph

WORDS = ["a", "ab", "able", "at", "cab", "cable", "care", "cared", "cares", "cart", "scare", "table", "tables"]


def graph(words=WORDS) -> WordGraph:
    ordered = sorted(w for w in words if len(w) >= 2)
    return WordGraph(*build_arrays(ordered), words=len(ordered))


def mask(letters: str) -> int:
    return sum(1 << (ord(ch) - 97) for ch in letters)


def test_care_is_stored_once_from_each_of_its_letters():
    assert [s for s in gaddag_strings(["care"])] == ["ac{re", "c{are", "erac", "rac{e"]


def test_the_graph_holds_exactly_the_words_of_two_letters_or_more():
    g = graph()
    assert list(g.words_from()) == sorted(w for w in WORDS if len(w) >= 2)
    assert "cable" in g and "CABLE" in g
    assert "a" not in g and "cabl" not in g and "tablesx" not in g and "" not in g and "ca1e" not in g


def test_words_beginning_so_come_in_alphabetical_order():
    assert list(graph().words_from("car")) == ["care", "cared", "cares", "cart"]
    assert list(graph().words_from("zz")) == []


def test_the_letters_a_square_allows_are_those_that_make_a_word_across_it():
    g = graph()
    assert g.between("ca", "e") == mask("r")  # ca?e
    assert g.between("car", "") == mask("et")  # car? : care, cart
    assert g.between("", "able") == mask("ct")  # ?able : cable, table
    assert g.between("", "") == ALL_LETTERS
    assert g.between("xq", "") == 0


def test_the_graph_is_minimal_shared_endings_are_one_state():
    small = graph(["cable", "table"])
    assert small.states < graph(["cable", "tablx"]).states


@pytest.fixture
def word_file(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TILEGAMES_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "_HELD", {})
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return path


def test_a_graph_is_built_once_with_progress_and_read_back_from_the_cache(word_file):
    told = []
    assert cache.cached_graph(str(word_file)) is None
    built = cache.graph_for(str(word_file), lambda done, total: told.append((done, total)))
    assert told and told[-1][0] == told[-1][1]
    cache._HELD.clear()
    read = cache.cached_graph(str(word_file))
    assert read is not None and read.child == built.child and read.cmask == built.cmask
    assert list(read.words_from()) == list(built.words_from())


def test_a_changed_list_gets_a_graph_of_its_own(word_file):
    cache.graph_for(str(word_file))
    word_file.write_text("\n".join(WORDS + ["zebra"]))
    cache._HELD.clear()
    assert cache.cached_graph(str(word_file)) is None
    assert "zebra" in cache.graph_for(str(word_file))


@pytest.mark.parametrize("damage", ["cut", "flip", "empty", "foreign"])
def test_a_damaged_cache_file_is_built_again_not_trusted(word_file, damage):
    cache.graph_for(str(word_file))
    path = cache.graph_path(lexicon_or_default(str(word_file)))
    data = path.read_bytes()
    path.write_bytes({"cut": data[:-9], "flip": data[:40] + bytes([data[40] ^ 1]) + data[41:], "empty": b"",
                      "foreign": b"TGWG" + bytes(200)}[damage])
    cache._HELD.clear()
    assert cache.cached_graph(str(word_file)) is None
    assert list(cache.graph_for(str(word_file)).words_from()) == sorted(w for w in WORDS if len(w) >= 2)
    assert cache.cached_graph(str(word_file)) is not None  # written anew


def test_a_cache_folder_that_cannot_be_written_still_gives_the_graph(word_file, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("TILEGAMES_CACHE", str(blocker))
    assert "cable" in cache.graph_for(str(word_file))


def test_asking_whether_a_graph_is_ready_never_waits_for_a_build_in_another_thread(word_file):
    with cache._LOCK:  # as while another thread builds
        assert cache.cached_graph(str(word_file)) is None
    cache.graph_for(str(word_file))
    assert cache.cached_graph(str(word_file)) is not None
