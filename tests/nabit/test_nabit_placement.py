"""Placement and stacking (RULES.md §4.3, §4.4): crossword rules on an unbounded grid, stacks at
most 5 high, never a letter on the same letter, never a whole word covered, one tile per cell
per turn, every word formed or changed in the word list; a refused build changes nothing."""

from __future__ import annotations

import pytest
from nab_builder import across, hand, play, position, refused, words

from tilegames.core.errors import IllegalMove
from tilegames.games.nabit.actions import Build, Placement
from tilegames.games.nabit.config import NabItConfig
from tilegames.games.nabit.game import GAME


def test_sun_becomes_fun_by_stacking_f_on_s():
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"), control={"SUN": 1})
    new = play(state, (0, 0, "F")).state
    assert words(new) == {"FUN": 0}
    top = new.cells()[(0, 0)]
    assert (top.letter, top.height, top.owner) == ("F", 2, 0)
    assert len(new.hands[0]) == 5 and "F" not in hand(new, 0)


def test_the_first_word_goes_anywhere_even_at_negative_cells():
    state = position(["CATSE", "BOGUS"])
    new = play(state, (-7, -3, "C"), (-7, -2, "A"), (-7, -1, "T")).state
    assert words(new) == {"CAT": 0}
    assert sorted(new.cells()) == [(-7, -3), (-7, -2), (-7, -1)]


def test_the_first_word_needs_min_word_len_letters_and_a_single_tile_is_no_word():
    assert refused(position(["CATSE", "BOGUS"]), (0, 0, "C")) == ("The first word needs at least 2 letters.",)
    state = position(["CATSE", "BOGUS"], config=NabItConfig(min_word_len=3))
    assert "The first word needs at least 3 letters." in refused(state, (0, 0, "A"), (0, 1, "T"))
    assert words(play(state, (0, 0, "C"), (0, 1, "A"), (0, 2, "T")).state) == {"CAT": 0}


def test_words_shorter_than_min_word_len_are_refused():
    state = position(["SIEAR", "BOGUS"], across(0, 0, "CAT"), config=NabItConfig(min_word_len=3))
    assert refused(state, (1, 2, "I")) == ("TI is too short: words need at least 3 letters.",)


def test_a_sixth_tile_on_a_stack_is_refused():
    state = position(["RATES", "BOGUS"], {(0, 0): "HBRGF", **across(0, 1, "UN")})
    assert state.cells()[(0, 0)].capped
    assert refused(state, (0, 0, "R")) == (
        "The stack at row 0, column 0 is capped: it holds 5 tiles and never changes again.",)


def test_a_y_on_a_y_is_refused_but_a_y_lower_in_the_stack_does_not_matter():
    state = position(["YEAST", "BOGUS", "DOPER"], {(0, 0): "YS", (0, 1): "A", (0, 2): "Y"})
    assert words(state) == {"SAY": 0}
    assert refused(state, (0, 2, "Y")) == (
        "You cannot put Y on Y (row 0, column 2): a letter never goes on the same letter.",)
    assert words(play(state, (0, 0, "Y")).state) == {"YAY": 0}


def test_a_blank_counts_as_its_letter_for_the_same_letter_rule():
    state = position(["YEAST", "BOGUS"], {(0, 0): "S", (0, 1): "A", (0, 2): "y"})
    assert "a letter never goes on the same letter" in refused(state, (0, 2, "Y"))[0]


def test_covering_a_whole_word_is_refused_but_keeping_one_letter_is_fine():
    state = position(["ISEAT", "BOGUS"], across(0, 0, "AT"))
    assert refused(state, (0, 0, "I"), (0, 1, "S")) == (
        "You cannot cover the whole of AT: at least one of its letters must stay in sight.",)
    assert words(play(state, (0, 0, "I")).state) == {"IT": 0}


def test_at_most_one_tile_per_cell_per_turn():
    state = position(["FRATE", "BOGUS"], across(0, 0, "SUN"))
    assert refused(state, (0, 0, "F"), (0, 0, "R")) == (
        "Only one tile goes on a cell in a turn; you put two on row 0, column 0.",)


def test_one_build_may_stack_and_extend_in_one_line():
    state = position(["HTSEA", "BOGUS"], across(0, 0, "CAT"), control={"CAT": 1})
    new = play(state, (0, 0, "H"), (0, 3, "S")).state
    assert words(new) == {"HATS": 0}


def test_the_tiles_lie_in_one_line_with_no_gaps():
    state = position(["STEAM", "BOGUS"], across(0, 0, "CAT"))
    assert refused(state, (1, 0, "S"), (1, 2, "T")) == ("The tiles must form one word with no gaps.",)
    assert refused(state, (1, 0, "A"), (2, 1, "T")) == ("The tiles must be in one row or one column.",)


def test_a_later_build_must_touch_the_grid():
    state = position(["ATEMS", "BOGUS"], across(0, 0, "CAT"))
    assert refused(state, (5, 5, "A"), (5, 6, "T")) == (
        "Your tiles must touch the grid: put one on a stack or next to one.",)


def test_every_word_formed_or_changed_must_be_in_the_word_list_cross_words_too():
    state = position(["OREIS", "BOGUS"], across(0, 0, "CAT"), control={"CAT": 1})
    assert words(play(state, (0, 1, "O")).state) == {"COT": 0}
    # OR is a word, but the tiles under A and T make AO and TR down.
    assert refused(state, (1, 1, "O"), (1, 2, "R")) == ("AO is not in the word list.", "TR is not in the word list.")


def test_only_tiles_of_the_own_hand_are_placed_each_once():
    state = position(["SUNAT", "FOGEY"], across(0, 0, "CAT"))
    bora_f = next(t for t in state.hands[1] if t.face == "1F")
    ann_s = next(t for t in state.hands[0] if t.face == "0S")
    for tiles in ((Placement(bora_f.id, 0, 3, "F"),), (Placement(ann_s.id, 0, 3, "S"), Placement(ann_s.id, 1, 3, "S"))):
        with pytest.raises(IllegalMove, match="only put tiles from your hand, each once"):
            GAME.apply(state, 0, Build(tiles))


def test_a_lettered_tile_shows_its_own_letter_and_a_blank_needs_one():
    state = position(["S?EAT", "BOGUS"], across(0, 0, "CAT"))
    s_tile = next(t for t in state.hands[0] if t.face == "0S")
    blank = next(t for t in state.hands[0] if t.face == "0?")
    with pytest.raises(IllegalMove, match="That tile is S, not X."):
        GAME.apply(state, 0, Build((Placement(s_tile.id, 0, 3, "X"),)))
    with pytest.raises(IllegalMove, match="Say which letter your blank stands for"):
        GAME.apply(state, 0, Build((Placement(blank.id, 0, 3, ""),)))
    assert words(GAME.apply(state, 0, Build((Placement(s_tile.id, 0, 3, ""),))).state) == {"CATS": 0}


def test_a_blank_keeps_its_letter_for_the_rest_of_the_game():
    state = position(["?EAST", "FOGEY"], across(0, 0, "SUN"), control={"SUN": 1})
    state = play(state, (0, 0, "f")).state
    assert words(state) == {"FUN": 0}
    stack = next(s for s in state.grid if s.pos == (0, 0))
    assert stack.top.letter == "F" and stack.top.tile.face == "0?"
    # Bora cannot put F on it: the blank is an F now, and stays one under later tiles too.
    assert "a letter never goes on the same letter" in refused(state, (0, 0, "F"))[0]
    state = play(state, (0, 2, "G")).state
    assert words(state) == {"FUG": 1} and next(s for s in state.grid if s.pos == (0, 0)).top.letter == "F"


def test_the_hand_is_refilled_to_five_from_the_players_own_bag():
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"), bags=["ORD", None])
    new = play(state, (0, 0, "F")).state
    assert len(new.hands[0]) == 5 and len(new.bags[0]) == 2
    assert all(t.face.startswith("0") for t in new.hands[0])
    assert len(new.bags[1]) == len(state.bags[1])


def test_a_refused_build_changes_nothing():
    """`refused` checks the state byte for byte after each attempt (so do the property tests)."""
    state = position(["FYEST", "BOGUS"], {(0, 0): "HBRGS", (0, 1): "U", (0, 2): "N"})
    for build in ([(0, 0, "F")], [(0, 3, "Y")], [(0, 1, "E"), (0, 1, "S")], [(3, 3, "E"), (3, 4, "T")]):
        assert refused(state, *build)
