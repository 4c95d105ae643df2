"""Table words broken up and remade with rack tiles (games/word_rummikub/remakes.py): the rules'
APE + L, T, H -> PAL + THE and CLAP, PEAR + I, H -> LAP, CHIP, EAR, found on the word graph and
laid as plays the engine takes."""

from __future__ import annotations

from collections import Counter

from word_builder import GAME, position, words

from tilegames.core.agents import seat_view
from tilegames.core.wordgraph import graph_for
from tilegames.core.wordgraph.build import build_arrays
from tilegames.core.wordgraph.graph import WordGraph
from tilegames.games.word_rummikub.moves import best_plays, remake_candidates
from tilegames.games.word_rummikub.remakes import remakes
from tilegames.games.word_rummikub.view_types import word_rummikub_view

SMALL = sorted("ape pal the lap hat pet let tap pat eh clap pear chip ear hip pea lip cap par".split())
GRAPH = WordGraph(*build_arrays(SMALL), words=len(SMALL))


def _sets(table: str, rack: str, parts: int, keep_out: tuple[str, ...] = ()) -> set[frozenset[str]]:
    return {frozenset(f.word for f in found) for found in remakes(GRAPH, table, rack, 3, parts, None, keep_out)}


def test_ape_with_l_t_h_makes_pal_and_the_as_the_rules_say():
    pairs = _sets("ape", "lth", 2, ("ape",))
    assert frozenset(("pal", "the")) in pairs and frozenset(("lap", "the")) in pairs
    for found in remakes(GRAPH, "ape", "lth", 3, 2):
        used = sorted("".join(f.word for f in found))
        assert used == sorted("ape" + "".join(f.rack_letters for f in found))  # every table letter, and the rack's
        assert any(f.rack_letters for f in found)


def test_clap_and_pear_with_i_h_make_lap_chip_and_ear_as_the_rules_say():
    threes = _sets("clappear", "ih", 3, ("clap", "pear"))
    assert frozenset(("lap", "chip", "ear")) in threes
    for found in remakes(GRAPH, "clappear", "ih", 3, 3, None, ("clap", "pear")):
        assert len({f.word for f in found}) == 3 and not {"clap", "pear"} & {f.word for f in found}
        table = Counter("".join(f.word for f in found)) - Counter("".join(f.rack_letters for f in found))
        assert table == Counter("clappear")  # each table letter once, none left out
        assert all(Counter(f.word) - Counter(f.rack_letters) for f in found)  # each word keeps a table tile


def test_the_shipped_word_list_remakes_clap_and_pear_into_lap_chip_and_ear_too():
    shipped = graph_for(None)
    found = {frozenset(f.word for f in s) for s in remakes(shipped, "clappear", "ih", 3, 3, None, ("clap", "pear"))}
    assert frozenset(("lap", "chip", "ear")) in found


def test_a_remake_is_never_a_broken_word_again_nor_leaves_a_table_tile_out():
    assert all("ape" not in found for found in _sets("ape", "t", 2, ("ape",)))
    assert _sets("ape", "", 2) == set()  # no rack tile: no play
    assert _sets("clappear", "", 3) == set()


def test_the_computer_finds_a_split_the_engine_takes():
    state = position(["LTHQ", "MNO"], table=["APE"], melded=[True, True])
    view = word_rummikub_view(seat_view(GAME, state, 0))
    found = list(remake_candidates(view, 5.0))
    assert found
    after = GAME.apply(state, 0, found[0].action).state  # IllegalMove if refused
    assert "APE" not in words(after) and len(words(after)) == 2
    assert {t.face for t in found[0].placed} <= set("LTHQ")
    table_ids = {t["id"] for t in view["table"][0]["tiles"]}
    ranked = best_plays(view, 10.0, 80)  # what strong and the hint weigh: the splits among them
    assert any(p.pieces[-1].row is None and any(t.id in table_ids for t in p.pieces[-1].tiles) for p in ranked)


def test_the_computer_remakes_two_table_words_together_and_the_engine_takes_it():
    state = position(["IHQ", "MNO"], table=["CLAP", "PEAR"], melded=[True, True])
    view = word_rummikub_view(seat_view(GAME, state, 0))
    both = {t["id"] for row in view["table"] for t in row["tiles"]}
    together = [c for c in remake_candidates(view, 10.0)
                if sum(1 for p in c.pieces if p.row is not None) == 2]
    assert together
    spelled = {frozenset(p.word for p in c.pieces) for c in together}
    assert any(len(s) == 3 for s in spelled) and any(len(s) == 2 for s in spelled)  # into three words, and two
    for play in together:
        after = GAME.apply(state, 0, play.action).state  # IllegalMove if refused
        laid = {i for row in play.action.words for i in row}
        assert both <= laid and {"CLAP", "PEAR"}.isdisjoint(words(after))
        assert {t.face for t in play.placed} <= set("IHQ")


def test_a_table_word_takes_letters_inserted_anywhere_cape_with_s_e_d_makes_escaped():
    from tilegames.games.word_rummikub.search import extensions

    found = {f.word for f in extensions(graph_for(None), "cape", "sed", 0, float("inf"))}
    assert {"escaped", "spaced", "capes"} <= found


def test_strong_goes_out_for_the_double_rather_than_lay_a_longer_word():
    from tilegames.core.agents import agent_for

    state = position(["CATDOG", "XYZ"], melded=[True, True])  # GOAT alone: 4; two words, the rack emptied: 3 x 2
    view = seat_view(GAME, state, 0)
    action = agent_for("word-rummikub", "strong").choose(view, 5.0)
    laid = {i for row in action.words for i in row}
    assert {t.id for t in state.racks[0]} <= laid  # every rack tile: out
    assert GAME.apply(state, 0, action).state.scores[0] == 6
