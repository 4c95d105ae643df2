"""Rummikub Word turns through the engine (RULES.md §2.5, §2.6): the first meld, the seed's
rearrangements, and every structural rule of a commit, each refused with a sentence and no
change to the game."""

from __future__ import annotations

import pytest

from word_builder import GAME, arrange, play, position, rack, refused, words
from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.protocol import Action
from tilegames.games.word_rummikub.actions import Draw, Pass, Play
from tilegames.games.word_rummikub.config import WordRummikubConfig


# --- the seed's examples (seed 000 §5), played for real --------------------------------------

def test_seed_example_ape_and_l_t_h_become_pal_and_the():
    state = position(["LTHQ", "ZZ"[:1]], table=["APE"])
    outcome = play(state, "PAL", "THE")
    assert words(outcome.state) == ["PAL", "THE"]
    assert rack(outcome.state).startswith("Q")
    assert outcome.state.scores[0] == 3
    assert outcome.events[0].public["words"] == ["PAL", "THE"]


def test_seed_example_clap_and_pear_with_i_and_h_become_lap_chip_and_ear():
    state = position(["IHQ", "Z"], table=["CLAP", "PEAR"])
    outcome = play(state, "LAP", "CHIP", "EAR")
    assert words(outcome.state) == ["LAP", "CHIP", "EAR"]
    assert outcome.state.scores[0] == 4  # CHIP, the longest new word


def test_seed_example_d_i_s_added_to_a_table_word():
    state = position(["DISQ", "Z"], table=["COVER"])
    outcome = play(state, "DISCOVER")
    assert words(outcome.state) == ["DISCOVER"]
    assert outcome.state.scores[0] == 8


def test_a_table_word_may_be_reordered_when_letters_are_added():
    state = position(["SQ", "Z"], table=["CAT"])
    assert words(play(state, "ACTS").state) == ["ACTS"]


# --- the first meld (§2.5) ---------------------------------------------------------------------

def test_a_first_meld_of_six_letters_from_the_rack_is_accepted():
    state = position(["PLANETQ", "Z"], melded=[False, False])
    outcome = play(state, "PLANET")
    assert outcome.state.melded == (True, False)
    assert outcome.events[0].public["first_meld"] is True
    assert outcome.state.scores[0] == 6


def test_a_first_meld_of_five_letters_is_refused():
    state = position(["PLANEQ", "Z"], melded=[False, False])
    assert refused(state, "PLANE") == ("Your first meld must be a word of at least 6 letters; PLANE has 5.",)


def test_a_first_meld_is_one_word_unless_extra_words_are_allowed():
    state = position(["PLANETCATQ", "Z"], melded=[False, False])
    assert refused(state, "PLANET", "CAT") == ("Your first meld is a single word of 6 letters or more; you laid 2.",)
    extra = position(["PLANETCATQ", "Z"], melded=[False, False], config=WordRummikubConfig(first_meld_extra_words=True))
    assert words(play(extra, "PLANET", "CAT").state) == ["PLANET", "CAT"]
    short = position(["PLANECATQ", "Z"], melded=[False, False], config=WordRummikubConfig(first_meld_extra_words=True))
    assert "PLANE has 5" in refused(short, "PLANE", "CAT")[0]


def test_the_first_meld_may_not_touch_the_table():
    state = position(["PLANETSQ", "Z"], table=["CAT"], melded=[False, True])
    reasons = refused(state, "PLANET", "CATS")
    assert reasons[0].startswith("Until your first meld is down, the words on the table stay as they are")
    assert words(play(state, "CAT", "PLANETS").state) == ["CAT", "PLANETS"]


def test_a_player_who_cannot_meld_draws_one_tile():
    state = position(["PLANEQ", "Z"], melded=[False, False])
    outcome = GAME.apply(state, 0, Draw())
    assert rack(outcome.state) == "PLANEQ" + state.bag.tiles[0].face
    assert outcome.state.current == 1


# --- later turns: what every commit must satisfy (§2.6) ----------------------------------------

def test_at_least_one_rack_tile_must_be_placed():
    state = position(["QZ", "X"], table=["APE", "CAT"])
    assert refused(state, "CAT", "APE") == ("Place at least one tile from your rack, or draw a tile instead.",)
    empty_pool = position(["QZ", "X"], table=["APE"], pool="")
    assert refused(empty_pool, "PEA") == ("Place at least one tile from your rack, or pass instead: the pool is empty.",)


def test_words_shorter_than_min_word_len_are_refused():
    state = position(["ATQ", "Z"], table=["CAT"])
    assert refused(state, "CAT", "+A+T") == ("Row 2 (AT) is too short: words need at least 3 letters.",)
    harder = position(["SQ", "Z"], table=["CAT"], config=WordRummikubConfig(min_word_len=4))
    assert "words need at least 4 letters" in refused(harder, "CAT", "+S")[0]


def test_table_tiles_never_go_back_to_a_rack():
    state = position(["SQ", "Z"], table=["CATS"])
    reasons = refused(state, "CAT")
    assert reasons[0] == "S must stay on the table: tiles on the table never go back to a rack."


def test_a_tile_twice_or_a_tile_from_nowhere_is_refused():
    state = position(["SQ", "Z"], table=["CAT"])
    cat = arrange(state, "CAT").words[0]
    with pytest.raises(IllegalMove, match="cannot be in two words"):
        GAME.apply(state, 0, Play((cat, cat)))
    with pytest.raises(IllegalMove, match="neither on your rack nor on the table"):
        GAME.apply(state, 0, Play((cat + (state.racks[1][0].id,),)))
    with pytest.raises(IllegalMove, match="needs at least one tile"):
        GAME.apply(state, 0, Play((cat, ())))


def test_the_longest_new_word_must_hold_a_rack_tile():
    # MATES is only table tiles rearranged; NODE, shorter, holds the D from the rack.
    state = position(["DQ", "Z"], table=["STEAM", "ONE"])
    reasons = refused(state, "MATES", "NODE")
    assert reasons == ("Your longest new word (MATES) holds no tile from your rack: one of the longest new "
                       "words must use a tile you placed this turn.",)
    free = position(["DQ", "Z"], table=["STEAM", "ONE"], config=WordRummikubConfig(longest_needs_rack_tile=False))
    assert play(free, "MATES", "NODE").state.scores[0] == 5


def test_among_longest_words_of_equal_length_one_with_a_rack_tile_suffices():
    # TEAS (table tiles only) and NODE (with D) are both 4 letters long.
    state = position(["DQ", "Z"], table=["SEAT", "ONE"])
    assert words(play(state, "TEAS", "NODE").state) == ["TEAS", "NODE"]


def test_every_problem_is_reported_at_once():
    state = position(["ATQ", "Z"], table=["STEAM", "ONE"])
    reasons = refused(state, "MATES", "ONE", "+A+T")
    assert len(reasons) == 2
    assert "too short" in reasons[0] and "longest new word" in reasons[1]


def test_draw_and_pass_follow_the_pool():
    state = position(["QZ", "X"], table=["CAT"])
    with pytest.raises(IllegalMove, match="only pass when the pool is empty"):
        GAME.apply(state, 0, Pass())
    empty = position(["QZ", "X"], table=["CAT"], pool="")
    with pytest.raises(IllegalMove, match="The pool is empty: play a tile, or pass."):
        GAME.apply(empty, 0, Draw())
    outcome = GAME.apply(empty, 0, Pass())
    assert outcome.state.current == 1 and outcome.state.idle == 1


def test_out_of_turn_and_unknown_moves_are_refused_with_a_sentence():
    state = position(["QZ", "X"], table=["CAT"])
    with pytest.raises(IllegalMove, match="It is Ann's turn, not Bora's."):
        GAME.apply(state, 1, Draw())

    class Redeal(Action):
        kind = "redeal"

    with pytest.raises(IllegalMove, match="Rummikub Word has no move called 'redeal'."):
        GAME.apply(state, 0, Redeal())
