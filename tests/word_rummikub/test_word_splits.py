"""Table words broken up and remade with rack tiles (games/word_rummikub/splits.py): the rules'
APE + L, T, H -> PAL + THE, found on the word graph, laid as a play the engine takes."""

from __future__ import annotations

from word_builder import GAME, position, words

from tilegames.core.agents import seat_view
from tilegames.core.wordgraph.build import build_arrays
from tilegames.core.wordgraph.graph import WordGraph
from tilegames.games.word_rummikub.moves import best_plays, split_candidates
from tilegames.games.word_rummikub.splits import splits
from tilegames.games.word_rummikub.view_types import word_rummikub_view

SMALL = sorted("ape pal the lap hat pet let tap pat eh".split())
GRAPH = WordGraph(*build_arrays(SMALL), words=len(SMALL))


def test_ape_with_l_t_h_makes_pal_and_the_as_the_rules_say():
    pairs = {frozenset((a.word, b.word)) for a, b in splits(GRAPH, "ape", "lth", 3)}
    assert frozenset(("pal", "the")) in pairs and frozenset(("lap", "the")) in pairs
    for a, b in splits(GRAPH, "ape", "lth", 3):
        used = sorted(a.word + b.word)
        assert used == sorted("ape" + a.rack_letters + b.rack_letters)  # every table letter, and the rack's
        assert a.rack_letters or b.rack_letters


def test_a_split_is_never_the_table_word_again_nor_leaves_a_table_tile_out():
    for a, b in splits(GRAPH, "ape", "t", 3):
        assert "ape" not in (a.word, b.word)
    assert list(splits(GRAPH, "ape", "", 3)) == []  # no rack tile: no play


def test_the_computer_finds_a_split_the_engine_takes():
    state = position(["LTHQ", "MNO"], table=["APE"], melded=[True, True])
    view = word_rummikub_view(seat_view(GAME, state, 0))
    found = list(split_candidates(view, 5.0))
    assert found
    after = GAME.apply(state, 0, found[0].action).state  # IllegalMove if refused
    assert "APE" not in words(after) and len(words(after)) == 2
    assert {t.face for t in found[0].placed} <= set("LTHQ")
    table_ids = {t["id"] for t in view["table"][0]["tiles"]}
    ranked = best_plays(view, 10.0, 80)  # what strong and the hint weigh: the splits among them
    assert any(p.pieces[-1].row is None and any(t.id in table_ids for t in p.pieces[-1].tiles) for p in ranked)
