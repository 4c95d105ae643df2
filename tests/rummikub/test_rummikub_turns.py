"""Rummikub turns through the engine (RULES.md §1.4-1.6): melds, manipulation, jokers, draws."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from rk_builder import ids, position
from tilegames.core.errors import IllegalMove
from tilegames.games.rummikub.actions import Draw, Pass, Play, Timeout
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.game import GAME


def play(state, *sets, seat=None):
    seat = state.order.current if seat is None else seat
    return GAME.apply(state, seat, Play(ids(state, *sets, seat=seat)))


def rejected(state, *sets) -> tuple[str, ...]:
    before = pickle.dumps(state)
    with pytest.raises(IllegalMove) as err:
        play(state, *sets)
    assert pickle.dumps(state) == before
    return err.value.reasons


def faces(state):
    return [" ".join(t.face for t in row) for row in state.table]


# --- the initial meld (seed 001's examples, played for real) -------------------------------

@pytest.mark.parametrize(
    "rack, sets",
    [
        ("K8 R8 O8 B8 K1", ["K8 R8 O8 B8"]),
        ("B6 B7 B8 B9 K1", ["B6 B7 B8 B9"]),
        ("K7 R7 B7 R4 R5 R6 K1", ["K7 R7 B7", "R4 R5 R6"]),
    ],
)
def test_seed_001_valid_initial_melds_are_accepted(rack, sets):
    outcome = play(position([rack, "K2 K3"], melded=[False, False]), *sets)
    assert outcome.state.melded[0]
    assert faces(outcome.state) == sets
    assert outcome.events[0].public["meld"] is True


def test_initial_meld_of_24_is_rejected_as_too_few_points():
    reasons = rejected(position(["K8 R8 O8 K1", "K2"], melded=[False, False]), "K8 R8 O8")
    assert reasons == ("Your initial meld is worth 24 points; it needs at least 30 from your own tiles.",)


def test_initial_meld_of_18_is_rejected():
    reasons = rejected(position(["K4 R4 B4 R1 R2 R3 O9", "K2"], melded=[False, False]), "K4 R4 B4", "R1 R2 R3")
    assert "worth 18 points" in reasons[0]


def test_initial_meld_with_mixed_colours_is_rejected_with_the_reason():
    reasons = rejected(position(["B6 R7 O8 K9 K1", "K2"], melded=[False, False]), "B6 R7 O8 K9")
    assert reasons == ("Set 1 (B6 R7 O8 K9): Run B6 R7 O8 K9 mixes colours.",)


def test_initial_meld_counts_joker_as_represented_value():
    outcome = play(position(["R11 J R13 K1", "K2"], melded=[False, False]), "R11 J R13")
    assert "36 points" in outcome.events[0].text


def test_initial_meld_may_use_the_players_own_jokers_in_two_sets():
    outcome = play(position(["J K12 K13 J O10 B10 R1", "K2"], melded=[False, False]), "J K12 K13", "J O10 B10")
    assert outcome.state.melded[0]


def test_initial_meld_may_not_touch_the_table():
    state = position(["R7 R8 R9 R10 B5", "K2"], table=["B2 B3 B4"], melded=[False, True])
    reasons = rejected(state, "B2 B3 B4 B5", "R7 R8 R9 R10")
    assert any("Until your initial meld is down" in r for r in reasons)


def test_manipulate_on_meld_turn_allows_extra_moves_after_30_from_own_tiles():
    config = RummikubConfig(manipulate_on_meld_turn=True)
    state = position(["R7 R8 R9 R10 B5", "K2"], table=["B2 B3 B4"], melded=[False, True], config=config)
    outcome = play(state, "B2 B3 B4 B5", "R7 R8 R9 R10")
    assert faces(outcome.state) == ["B2 B3 B4 B5", "R7 R8 R9 R10"]


def test_manipulate_on_meld_turn_still_counts_only_own_sets_toward_30():
    config = RummikubConfig(manipulate_on_meld_turn=True)
    state = position(["B5 R8 R9 R10", "K2"], table=["B2 B3 B4"], melded=[False, True], config=config)
    reasons = rejected(state, "B2 B3 B4 B5", "R8 R9 R10")
    assert reasons == ("Your initial meld is worth 27 points; it needs at least 30 from your own tiles.",)


def test_no_joker_retrieval_in_the_initial_meld_turn_even_with_manipulation():
    config = RummikubConfig(manipulate_on_meld_turn=True)
    state = position(["R6 K10 K11 K12", "K2"], table=["R4 R5 J"], melded=[False, True], config=config)
    reasons = rejected(state, "R4 R5 R6", "J K10 K11 K12")
    assert "You cannot take a joker from the table in your initial-meld turn." in reasons


# --- later turns: manipulation and end-of-turn validity ------------------------------------

def test_rearrangement_is_committed_when_every_set_is_valid():
    # Split R3-R8 and add a rack tile to form R3 R4 R5 + B6 R6 K6 + R7 R8 R9.
    state = position(["R9 B6 K6 O1", "K2"], table=["R3 R4 R5 R6 R7 R8"])
    outcome = play(state, "R3 R4 R5", "B6 R6 K6", "R7 R8 R9")
    assert faces(outcome.state) == ["R3 R4 R5", "B6 R6 K6", "R7 R8 R9"]
    assert [t.face for t in outcome.state.racks[0]] == ["O1"]


def test_a_turn_must_place_at_least_one_rack_tile():
    state = position(["O1", "K2"], table=["R3 R4 R5 R6"])
    assert rejected(state, "R3 R4", "R5 R6") [0].startswith("Place at least one tile")


def test_every_set_must_be_valid_and_every_problem_is_listed():
    state = position(["R7 B7 K1", "K2"], table=["R3 R4 R5"])
    reasons = rejected(state, "R3 R4 R5", "R7 B7", "K1")
    assert reasons == ("Set 2 (R7 B7): A set needs at least 3 tiles.", "Set 3 (K1): A set needs at least 3 tiles.")


def test_a_group_with_two_reds_is_rejected():
    state = position(["R8 K8 K1", "K2"], table=["R8 B8 O8"])
    reasons = rejected(state, "R8 B8 O8 R8", "K8")
    assert any("repeats red" in r for r in reasons)


def test_12_13_1_is_rejected():
    state = position(["R1 K5", "K2"], table=["R11 R12 R13"])
    reasons = rejected(state, "R11 R12 R13 R1")
    assert any("wrap" in r or "1 is always low" in r for r in reasons)


def test_table_tiles_never_go_back_to_a_rack():
    state = position(["R6 K1", "K2"], table=["R3 R4 R5 J"])
    reasons = rejected(state, "R3 R4 R5 R6")  # the joker is left out: it would go to the rack
    assert reasons == ("J must stay on the table: tiles on the table never go back to a rack.",)


def test_unknown_or_duplicate_tiles_are_refused():
    state = position(["R6 K1", "K2"], table=["R3 R4 R5"])
    (row,) = ids(state, "R3 R4 R5")
    with pytest.raises(IllegalMove, match="two sets"):
        GAME.apply(state, 0, Play((row, row)))
    with pytest.raises(IllegalMove, match="neither on your rack"):
        GAME.apply(state, 0, Play((row + (state.racks[1][0].id,),)))


def test_only_the_current_player_moves():
    state = position(["R6", "K2"])
    with pytest.raises(IllegalMove, match="It is Ann's turn, not Bora's"):
        GAME.apply(state, 1, Draw())


# --- jokers (RULES.md §1.5) ----------------------------------------------------------------

def test_joker_retrieved_by_substitution_is_played_the_same_turn():
    state = position(["R6 O9 O10", "K2"], table=["R4 R5 J"])
    outcome = play(state, "R4 R5 R6", "O9 O10 J")
    assert faces(outcome.state) == ["R4 R5 R6", "O9 O10 J"]


def test_retrieved_joker_cannot_stay_loose_or_go_to_the_rack():
    state = position(["R6 O9", "K2"], table=["R4 R5 J"])
    reasons = rejected(state, "R4 R5 R6", "O9")
    assert reasons == ("J must stay on the table: tiles on the table never go back to a rack.",)


def test_joker_freed_by_rearrangement_is_allowed_by_default():
    # The joker stands for R5; the run stays valid without it, so it is free for a new group.
    state = position(["K5 O5", "K2"], table=["R2 R3 R4 J"])
    outcome = play(state, "R2 R3 R4", "K5 O5 J")
    assert faces(outcome.state) == ["R2 R3 R4", "K5 O5 J"]


def test_without_free_by_rearrange_a_joker_leaves_only_for_its_exact_tile():
    config = RummikubConfig(joker_free_by_rearrange=False)
    state = position(["K5 O5", "K2"], table=["R2 R3 R4 J"], config=config)
    reasons = rejected(state, "R2 R3 R4", "K5 O5 J")
    assert reasons == ("The joker in R2 R3 R4 J can only be taken by putting R5 in its place.",)
    state = position(["R5 K7 O7", "K2"], table=["R2 R3 R4 J"], config=config)
    outcome = play(state, "R2 R3 R4 R5", "K7 O7 J")
    assert faces(outcome.state)[0] == "R2 R3 R4 R5"


def test_joker_substitute_may_come_from_the_table_by_default():
    config = RummikubConfig(joker_free_by_rearrange=False)
    state = position(["K9 O9", "K2"], table=["R7 R8 J", "R9 B9 O9 K9"], config=config)
    outcome = play(state, "R7 R8 R9", "B9 O9 K9", "K9 O9 J")
    assert len(outcome.state.table) == 3


def test_joker_sub_from_table_off_requires_the_substitute_from_the_rack():
    config = RummikubConfig(joker_free_by_rearrange=False, joker_sub_from_table=False)
    state = position(["K9 O9", "K2"], table=["R7 R8 J", "R9 B9 O9 K9"], config=config)
    reasons = rejected(state, "R7 R8 R9", "B9 O9 K9", "K9 O9 J")
    assert reasons == ("The joker in R7 R8 J can only be taken by putting R9 from your rack in its place.",)


def test_group_joker_is_taken_with_either_missing_colour():
    config = RummikubConfig(joker_free_by_rearrange=False)
    state = position(["O7 K10 K11", "K2"], table=["R7 B7 J"], config=config)
    outcome = play(state, "R7 B7 O7", "K10 K11 J")
    assert faces(outcome.state) == ["R7 B7 O7", "K10 K11 J"]


def test_joker_group_needs_both_missing_colours_when_configured():
    config = RummikubConfig(joker_free_by_rearrange=False, joker_group_needs_both=True)
    state = position(["O7 K7 K10 K11", "K2"], table=["R7 B7 J"], config=config)
    reasons = rejected(state, "R7 B7 O7", "K10 K11 J")
    assert reasons == ("The joker in R7 B7 J can only be taken by putting both K7 and O7 in its place.",)
    outcome = play(state, "R7 B7 O7 K7", "K10 K11 J")
    assert faces(outcome.state)[0] == "R7 B7 O7 K7"


STRICT = RummikubConfig(joker_free_by_rearrange=False)


def test_adding_to_a_joker_group_narrows_the_joker_and_does_not_take_it():
    state = position(["K5", "B2"], table=["R5 B5 J"], config=STRICT)
    assert faces(play(state, "R5 B5 J K5").state) == ["R5 B5 J K5"]


def test_substituting_one_of_two_jokers_in_a_group_keeps_the_other_in_its_set():
    state = position(["K5 R10 R11", "B2"], table=["R5 B5 J J"], config=STRICT)
    outcome = play(state, "R5 B5 K5 J", "R10 R11 J")
    assert faces(outcome.state) == ["R5 B5 K5 J", "R10 R11 J"]


def test_initial_meld_with_manipulation_may_add_to_a_joker_group():
    config = RummikubConfig(manipulate_on_meld_turn=True)
    state = position(["K5 K10 K11 K12", "B2"], table=["R5 B5 J"], melded=[False, True], config=config)
    outcome = play(state, "R5 B5 J K5", "K10 K11 K12")
    assert faces(outcome.state) == ["R5 B5 J K5", "K10 K11 K12"]


def test_joker_substituted_in_a_run_that_also_grows_is_freed_for_a_new_set():
    state = position(["R6 R8 K9 K10", "B2"], table=["R5 J R7"], config=STRICT)
    outcome = play(state, "R5 R6 R7 R8", "K9 K10 J")
    assert faces(outcome.state) == ["R5 R6 R7 R8", "K9 K10 J"]


def test_substituted_run_may_then_be_split_like_any_other_set():
    state = position(["R6 K9 K10 R11", "B2"], table=["R5 J R7 R8 R9 R10"], config=STRICT)
    outcome = play(state, "R5 R6 R7", "R8 R9 R10 R11", "K9 K10 J")
    assert faces(outcome.state) == ["R5 R6 R7", "R8 R9 R10 R11", "K9 K10 J"]


def test_a_tile_that_makes_a_joker_run_read_as_a_group_does_not_take_the_jokers():
    state = position(["K11", "B2"], table=["B11 J J"], config=STRICT)
    assert faces(play(state, "B11 J J K11").state) == ["B11 J J K11"]


def test_moving_a_joker_to_the_other_end_of_its_run_takes_it():
    state = position(["R9", "B2"], table=["J R6 R7"], config=STRICT)
    reasons = rejected(state, "R6 R7 J R9")
    assert reasons == ("The joker in J R6 R7 can only be taken by putting R5 in its place.",)


def test_a_table_tile_left_in_its_own_set_does_not_substitute_a_joker():
    table = ["R5 J R7", "B5 K5 O5", "B7 K7 O7", "R6 B6 K6"]
    state = position(["B8 B9", "K2"], table=table, config=STRICT)
    reasons = rejected(state, "B5 K5 O5 R5", "B7 K7 O7 R7", "R6 B6 K6", "B8 B9 J")
    assert reasons == ("The joker in R5 J R7 can only be taken by putting R6 in its place.",)
    freely = position(["B8 B9", "K2"], table=table)  # joker_free_by_rearrange: the default
    assert len(play(freely, "B5 K5 O5 R5", "B7 K7 O7 R7", "R6 B6 K6", "B8 B9 J").state.table) == 4


def test_joker_group_needs_both_applies_even_when_rearranging_frees_jokers():
    config = RummikubConfig(joker_free_by_rearrange=True, joker_group_needs_both=True)
    state = position(["O7 K7 K10 K11", "K2"], table=["R7 B7 J"], config=config)
    reasons = rejected(state, "R7 B7 O7", "K10 K11 J")
    assert reasons == ("The joker in R7 B7 J can only be taken by putting both K7 and O7 in its place.",)
    assert faces(play(state, "R7 B7 O7 K7", "K10 K11 J").state)[0] == "R7 B7 O7 K7"
    # Jokers in runs stay free to take by rearrangement.
    state = position(["K5 O5", "K2"], table=["R2 R3 R4 J"], config=config)
    assert faces(play(state, "R2 R3 R4", "K5 O5 J").state) == ["R2 R3 R4", "K5 O5 J"]


# --- drawing, passing, the empty pool -------------------------------------------------------

def test_draw_takes_one_tile_and_ends_the_turn():
    state = position(["R6", "K2"])
    outcome = GAME.apply(state, 0, Draw())
    assert len(outcome.state.racks[0]) == 2 and outcome.state.order.current == 1
    assert outcome.state.racks[0][1] == state.bag.tiles[0]
    assert outcome.events[0].for_seat(1) == {"kind": "draw", "text": "Ann drew a tile.", "seat": 0, "count": 1}


def test_draw_from_an_empty_pool_is_refused():
    state = position(["R6", "K2"], pool="")
    with pytest.raises(IllegalMove, match="pool is empty"):
        GAME.apply(state, 0, Draw())


def test_pass_is_only_for_an_empty_pool():
    with pytest.raises(IllegalMove, match="only pass when the pool is empty"):
        GAME.apply(position(["R6", "K2"]), 0, Pass())


def test_pass_is_refused_while_a_rack_tile_extends_a_table_set():
    state = position(["R7 K1", "K2"], table=["R4 R5 R6"], pool="")
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, Pass())
    assert err.value.reasons == ("You can still play, so you cannot pass: R7 extends R4 R5 R6.",)


@pytest.mark.parametrize(
    "rack, table, reason",
    [
        ("R3 K1", ["R4 R5 R6"], "R3 extends R4 R5 R6"),
        ("O9 K1", ["R9 B9 K9"], "O9 fills R9 B9 K9"),
        ("J K1", ["R9 B9 K9"], "J fills R9 B9 K9"),
        ("B2 B3 B4 K1", [], "B2 B3 B4 is a set on your rack"),
    ],
)
def test_pass_names_the_play_that_is_still_possible(rack, table, reason):
    state = position([rack, "K2"], table=table, melded=[True, True], pool="")
    with pytest.raises(IllegalMove, match=reason):
        GAME.apply(state, 0, Pass())


def test_before_the_initial_meld_only_a_30_point_meld_is_a_possible_play():
    state = position(["B2 B3 B4 K1", "K2"], table=["R4 R5 R6"], melded=[False, True], pool="")
    assert GAME.apply(state, 0, Pass()).state.phase == "over"
    state = position(["R10 R11 R12", "K2"], melded=[False, True], pool="")
    with pytest.raises(IllegalMove, match="R10 R11 R12"):
        GAME.apply(state, 0, Pass())


def test_first_stuck_player_ends_the_game_when_the_pool_is_empty():
    state = position(["R6 J", "K2 K3"], pool="")
    outcome = GAME.apply(state, 0, Pass())
    end = outcome.state.end
    assert outcome.state.phase == "over" and end.reason == "stuck"
    assert end.winners == (1,) and end.scores == (-31, 31)  # 36 - 5


def test_all_stuck_needs_every_player_to_pass_in_a_row():
    config = RummikubConfig(pool_empty_end="all_stuck")
    state = position(["R6", "K2", "K3"], pool="", config=config)
    state = GAME.apply(state, 0, Pass()).state
    state = GAME.apply(state, 1, Pass()).state
    assert state.phase == "play"
    state = GAME.apply(state, 2, Pass()).state
    assert state.phase == "over" and state.end.winners == (1,)


def test_a_play_resets_the_pass_count_under_all_stuck():
    config = RummikubConfig(pool_empty_end="all_stuck")
    state = position(["R6", "K2 B9", "K3"], table=["B6 B7 B8"], pool="", config=config)
    state = GAME.apply(state, 0, Pass()).state
    state = play(state, "B6 B7 B8 B9", seat=1).state
    assert state.passes == 0


def test_going_out_wins_at_once_even_with_tiles_in_the_pool():
    state = position(["R6", "K2 K3 J", "B10"], table=["R3 R4 R5"])
    outcome = play(state, "R3 R4 R5 R6")
    end = outcome.state.end
    assert end.reason == "out" and end.winners == (0,)
    assert end.scores == (5 + 30 + 10, -(5 + 30), -10)
    assert outcome.events[-1].kind == "game_over"
    assert GAME.result(outcome.state).reason == "went out"


def test_no_move_after_the_game_is_over():
    state = play(position(["R6", "K2"], table=["R3 R4 R5"]), "R3 R4 R5 R6").state
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(state, 1, Draw())


def test_unknown_and_misplaced_actions_are_refused():
    from tilegames.games.rummikub.actions import Redeal, Timeout

    state = position(["R6", "K2"])
    with pytest.raises(IllegalMove, match="right after the deal"):
        GAME.apply(state, 0, Redeal(True))
    with pytest.raises(IllegalMove, match="own rack"):
        GAME.apply(state, 0, Timeout(True, laid=(state.racks[1][0].id,)), by_controller=True)
    with pytest.raises(IllegalMove, match="no seat"):
        GAME.apply(state, 5, Draw())
    assert replace(state) == state


def test_a_player_cannot_send_a_timeout_only_the_clock_takes_it():
    from tilegames.games.rummikub.actions import Timeout

    config = RummikubConfig(penalty_swap_own_tiles=True)
    state = position(["R6 K1", "K2"], table=["R3 R4 R5"], config=config)
    before = pickle.dumps(state)
    with pytest.raises(IllegalMove, match="Only the turn clock"):
        GAME.apply(state, 0, Timeout(True, laid=(state.racks[0][0].id,)))
    assert pickle.dumps(state) == before


def test_pass_is_refused_when_only_a_rearrangement_lays_a_tile_and_the_refusal_shows_it():
    # R4 fits nowhere as it stands; split R1-R6 around it and it goes down twice over.
    state = position(["R4 K1", "K2"], table=["R1 R2 R3 R4 R5 R6"], melded=[True, True], pool="")
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, Pass())
    assert err.value.reasons == (
        "You can still play, so you cannot pass: lay R4, making R1 R2 R3 R4 and R4 R5 R6.",)


def test_a_timeout_with_an_empty_pool_passes_the_turn_when_a_rearrangement_could_play():
    state = position(["R4 K1", "K2"], table=["R1 R2 R3 R4 R5 R6"], melded=[True, True], pool="")
    after = GAME.apply(state, 0, Timeout(touched=False, laid=()), by_controller=True).state
    assert after.phase == "play" and after.current == 1


def test_pass_is_accepted_when_no_play_exists_even_rearranging():
    state = position(["R9 K1", "K2"], table=["R1 R2 R3 R4 R5 R6"], melded=[True, True], pool="")
    assert GAME.apply(state, 0, Pass()).state.phase == "over"
