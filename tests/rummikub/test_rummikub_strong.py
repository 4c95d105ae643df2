"""The strong Rummikub level (games/rummikub/strong.py): what it keeps back, and why."""

from __future__ import annotations

import math

from rk_builder import position

from tilegames.core.agents import play_out, seat_view
from tilegames.games.rummikub.agent import RummikubAgent
from tilegames.games.rummikub.config import preset
from tilegames.games.rummikub.game import GAME
from tilegames.games.rummikub.moves import Hand, best_play
from tilegames.games.rummikub.notation import parse_faces
from tilegames.games.rummikub.strong import (
    FIT_WORK_PER_SECOND,
    GUARD_SECONDS,
    OutRisk,
    guarded,
)
from tilegames.games.rummikub.view_types import rummikub_view


def risk(dead: str, tiles: int, live: int = 0, weight: int = 2, work: float = math.inf) -> OutRisk:
    faces = tuple(parse_faces(dead))
    return OutRisk(faces, (weight,) * len(faces), live, tiles, 1.0, work)


def laid(play) -> list[str]:
    return sorted(t.face for t in play.placed)


def test_an_opponents_one_tile_fits_the_table_left_with_the_share_of_dead_tiles_it_opens():
    table = position(["K1", "K2"], table=["R6 R7 R8"]).table
    assert risk("R9 K4", tiles=1).on(table) == 0.5  # R9 fits the run, K4 fits nowhere
    assert risk("K4 K5", tiles=1).on(table) == 0.0


def test_with_more_tiles_one_of_them_may_be_newly_drawn_and_fit_anywhere():
    table = position(["K1", "K2"], table=["R6 R7 R8"]).table
    # a = 2/4 of the dead tiles fit; b = (4 live + 2 opened) / 8 unseen: a * (a + b) / 2
    assert risk("R9 K4", tiles=2, live=4).on(table) == 0.5 * (0.5 + 0.75) / 2


def test_a_table_not_weighed_for_want_of_work_counts_as_letting_the_opponent_out():
    table = position(["K1", "K2"], table=["R6 R7 R8"]).table
    assert risk("K4", tiles=1, work=3).on(table) == 0.0  # one check of a 3-tile table
    spent = risk("K4 K5", tiles=1, work=3)
    assert spent.on(table) == 1.0 and spent.work < 0


def test_it_keeps_back_the_tile_that_would_let_an_opponent_about_to_go_out_lay_their_last():
    state = position(["R8 O1 O2 O3", "R9"], table=["R5 R6 R7"], pool="K1 K2")
    hand = Hand.of(state, 0)
    most = best_play(hand)
    assert laid(most) == ["O1", "O2", "O3", "R8"]
    play = guarded(hand, most, risk("R9", tiles=1), 1.0)  # R8 laid, R9 would fit
    assert play is not None and laid(play) == ["O1", "O2", "O3"]


def test_it_holds_back_one_tile_after_another_while_each_lowers_the_risk():
    state = position(["R8 B8 O1 O2 O3", "R9 B9"], table=["R5 R6 R7", "B5 B6 B7"], pool="K1 K2")
    hand = Hand.of(state, 0)
    play = guarded(hand, best_play(hand), risk("R9 B9", tiles=1), 1.0)  # each 8 opens a 9
    assert play is not None and laid(play) == ["O1", "O2", "O3"]


def test_with_no_work_left_to_weigh_its_play_it_lays_the_most_as_normal_would():
    state = position(["R8 O1 O2 O3", "R9"], table=["R5 R6 R7"], pool="K1 K2")
    hand = Hand.of(state, 0)
    most = best_play(hand)
    assert guarded(hand, most, risk("R9", tiles=1, work=0), 1.0) is most  # not a draw


def test_with_no_risk_on_the_table_left_it_lays_the_most():
    state = position(["R8 O1 O2 O3", "K9"], table=["R5 R6 R7"], pool="K1 K2")
    hand = Hand.of(state, 0)
    most = best_play(hand)
    assert guarded(hand, most, risk("K9", tiles=1), 1.0) is most


def test_when_every_play_opens_the_table_it_draws_rather_than_hand_over_the_game():
    state = position(["R8 R4", "R9"], table=["R5 R6 R7"], pool="K1 K2")
    hand = Hand.of(state, 0)
    assert guarded(hand, best_play(hand), risk("R9 R3", tiles=1), 1.0) is None


def test_the_risk_is_read_from_the_tiles_this_seat_cannot_see():
    state = position(["R8 O1 O2 O3", "R9"], table=["R5 R6 R7"])
    view = rummikub_view(seat_view(GAME, state, 0))
    found = OutRisk.facing(view, Hand.of(state, 0), 1, 1.0)
    assert {str(f) for f in found.dead} >= {"R9", "K13"} and "R4" not in {str(f) for f in found.dead}
    assert sum(found.weights) + found.live == 106 - 7  # the full set less the rack and the table
    # the work left: the guard's second of checks less the checks of every unseen face made here
    assert found.work == GUARD_SECONDS * FIT_WORK_PER_SECOND - 53 * 3


def test_whole_games_between_strong_and_normal_end_legally():
    for seed in range(2):
        start = GAME.new_game(preset("sabra"), ("A", "B"), 300 + seed)
        out = play_out(GAME, start, [RummikubAgent("strong"), RummikubAgent("normal")])
        assert out.state.phase == "over"
