"""Scores, the rack top-up and the end of the game (RULES.md §2.4, §2.7, §2.10)."""

from __future__ import annotations

import pytest

from word_builder import GAME, play, position, rack
from tilegames.games.word_rummikub.actions import Draw, Pass
from tilegames.games.word_rummikub.config import WordRummikubConfig
from tilegames.games.word_rummikub.scoring import top_up, turn_score, winners


# --- a turn's score (§2.7) ---------------------------------------------------------------------

def test_seed_scoring_example_toy_cape_heavy_recover_scores_7():
    state = position(["TOYCAPEHEAVYRECOVERZ", "Q"], table=["DOG"])
    outcome = play(state, "DOG", "TOY", "CAPE", "HEAVY", "RECOVER")
    assert outcome.state.scores[0] == 7
    assert outcome.events[0].public == {"words": ["TOY", "CAPE", "HEAVY", "RECOVER"], "score": 7,
                                        "doubled": False, "first_meld": False,
                                        "placed": list("TOYCAPEHEAVYRECOVER"), "count": 6}


def test_emptying_the_rack_doubles_the_score_whatever_its_size():
    state = position(["TOYCAPEHEAVYRECOVER", "Q"], table=["DOG"])
    outcome = play(state, "DOG", "TOY", "CAPE", "HEAVY", "RECOVER")
    assert outcome.state.scores[0] == 14
    assert outcome.events[0].public["doubled"] is True
    assert "(doubled: the rack was emptied)" in outcome.events[0].text


def test_a_player_keeping_a_joker_does_not_get_the_double():
    kept = position(["S*", "Q"], table=["CAT"])
    assert play(kept, "CATS").state.scores[0] == 4
    used = position(["S*", "Q"], table=["CAT"])
    assert play(used, "SCATs").state.scores[0] == 10  # SCATS, jokers included: 5 doubled


def test_the_first_meld_scores_its_word_and_is_doubled_when_it_empties_the_rack():
    state = position(["PLANET", "Q"], melded=[False, False])
    assert play(state, "PLANET").state.scores[0] == 12


def test_only_new_words_score_and_untouched_ones_do_not():
    state = position(["SQ", "Z"], table=["RECOVER", "CAT"])
    assert play(state, "RECOVER", "CATS").state.scores[0] == 4


def test_turn_score_helper():
    assert turn_score([3, 4, 5, 7], False) == 7
    assert turn_score([3, 4, 5, 7], True) == 14
    assert turn_score([], False) == 0


# --- the top-up (§2.4) -------------------------------------------------------------------------

def test_a_player_who_placed_tiles_tops_up_to_7_only_when_below_7():
    state = position(["SABCDE", "Q"], table=["CAT"])
    outcome = play(state, "CATS")
    assert len(outcome.state.racks[0]) == 7  # 5 left, 2 drawn
    assert outcome.events[0].public["count"] == 2
    assert outcome.events[0].private["tiles"] == [t.face for t in state.bag.tiles[:2]]
    big = position(["SABCDEFGHI", "Q"], table=["CAT"])
    after = play(big, "CATS").state
    assert len(after.racks[0]) == 9 and len(after.bag) == len(big.bag)  # 9 left: nothing drawn


def test_a_player_who_empties_the_rack_draws_7():
    state = position(["S", "Q"], table=["CAT"])
    outcome = play(state, "CATS")
    assert len(outcome.state.racks[0]) == 7
    assert outcome.state.end is None  # the pool still had tiles: the game goes on


def test_a_player_who_places_nothing_draws_exactly_one_even_below_7():
    state = position(["AB", "Q"], table=["CAT"])
    outcome = GAME.apply(state, 0, Draw())
    assert rack(outcome.state) == "AB" + state.bag.tiles[0].face


def test_nothing_is_drawn_once_the_pool_is_empty_and_a_short_pool_gives_what_it_has():
    state = position(["SAB", "Q"], table=["CAT"], pool="")
    assert rack(play(state, "CATS").state) == "AB"
    short = position(["SAB", "Q"], table=["CAT"], pool="XY")
    assert rack(play(short, "CATS").state) == "ABXY"


@pytest.mark.parametrize("rack_size, placed, drawn", [(5, 2, 2), (7, 1, 0), (9, 3, 0), (0, 6, 7), (3, 0, 1)])
def test_top_up_counts(rack_size, placed, drawn):
    assert top_up(rack_size, placed) == drawn


# --- the end (§2.10) ---------------------------------------------------------------------------

def test_the_game_ends_when_the_pool_is_empty_and_a_player_has_no_tiles():
    state = position(["S", "AB", "C"], table=["CAT"], pool="", scores=[10, 12, 3])
    outcome = play(state, "CATS")
    end = outcome.state.end
    assert end.reason == "out" and end.out_seat == 0
    assert end.scores == (18, 12, 3) and end.winners == (0,)
    assert GAME.current_seat(outcome.state) is None and GAME.turn_seconds(outcome.state) is None
    assert GAME.result(outcome.state).reason == "went out"


def test_the_game_ends_after_a_round_of_turns_without_a_tile_placed_on_an_empty_pool():
    state = position(["QZ", "XJ", "VK"], table=["CAT"], pool="", scores=[3, 5, 5])
    for seat in range(3):
        assert state.end is None
        state = GAME.apply(state, seat, Pass()).state
    assert state.end.reason == "stalled" and state.end.out_seat is None
    assert state.end.winners == (1, 2)  # ties share the win
    assert GAME.result(state).reason == "stalled"


def test_a_play_resets_the_count_of_turns_without_a_tile():
    state = position(["QZ", "SX"], table=["CAT"], pool="")
    state = GAME.apply(state, 0, Pass()).state
    assert state.idle == 1
    state = play(state, "CATS").state
    assert state.idle == 0 and state.end is None


def test_emptying_the_rack_with_tiles_in_the_pool_ends_nothing():
    state = position(["S", "Q"], table=["CAT"], pool="ABCDEFGH")
    outcome = play(state, "CATS")
    assert outcome.state.end is None and rack(outcome.state) == "ABCDEFG"


def test_first_out_makes_the_player_who_went_out_the_winner():
    config = WordRummikubConfig(winner_rule="first_out")
    state = position(["S", "AB"], table=["CAT"], pool="", scores=[0, 50], config=config)
    assert play(state, "CATS").state.end.winners == (0,)
    assert winners((5, 9), "first_out", None) == (1,)  # nobody went out: points decide

