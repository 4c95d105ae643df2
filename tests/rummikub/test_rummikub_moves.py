"""Rummikub's moves (games/rummikub/moves.py): every play it finds is one the engine takes on the
state it was found for, it is worth the points it says and lays the tiles it says, the agent
plays exactly it (or draws or passes when there is none), and the pass check's answers are
plays too."""

from __future__ import annotations

import pytest
from rk_builder import position

from tilegames.core.agents import agent_for, play_out, seat_view
from tilegames.games.rummikub.actions import Draw, Pass, Play
from tilegames.games.rummikub.config import INITIAL_MELD_POINTS, preset
from tilegames.games.rummikub.game import GAME
from tilegames.games.rummikub.moves import (
    Candidate,
    best_play,
    Hand,
    find_play,
    first_fit,
    initial_meld,
    lay_and_extend,
    rack_sets,
)
from tilegames.games.rummikub.state import RummikubState
from tilegames.games.rummikub.turn import read_set


def table_value(state: RummikubState) -> int:
    return sum(read_set(row).value for row in state.table)


@pytest.fixture(scope="module")
def positions() -> list[RummikubState]:
    """Every position of two seeded four-player games where a seat is to play."""
    found = []
    for profile, seed in (("sabra", 100), ("tournament", 101)):
        state = GAME.new_game(preset(profile), ("A", "B", "C", "D"), seed)
        for seat, action in play_out(GAME, state, [agent_for("rummikub")] * 4).moves:
            if state.phase == "play":
                found.append(state)
            state = GAME.apply(state, seat, action).state
    return found


def assert_taken(state: RummikubState, candidate: Candidate) -> None:
    """The engine takes the play, the rack loses exactly the tiles placed, the table gains the
    points said."""
    seat = state.current
    assert seat is not None
    after = GAME.apply(state, seat, candidate.action).state  # IllegalMove if refused
    left = {t.id for t in after.racks[seat]}
    assert {t.id for t in state.racks[seat]} - left == {t.id for t in candidate.placed}
    assert len(candidate.placed) == len({t.id for t in candidate.placed})
    assert table_value(after) - table_value(state) == candidate.points
    assert all(set(s) <= set(candidate.placed) for s in candidate.new_sets)


def test_every_play_found_in_seeded_games_is_taken_and_the_agent_plays_it(positions):
    agent = agent_for("rummikub", "normal")
    plays = 0
    for state in positions:
        seat = state.current
        hand = Hand.from_view(seat_view(GAME, state, seat))
        assert hand == Hand.of(state, seat)  # the view and the state read alike
        # The agent searches within a third of its budget, as best_play is asked here.
        greedy, found = find_play(hand), best_play(hand, "tiles", 1.0 / 3)
        chosen = agent.choose(seat_view(GAME, state, seat), 1.0)
        if found is None:
            assert greedy is None
            assert chosen == (Draw() if len(state.bag) else Pass())
            continue
        plays += 1
        assert chosen == found.action
        assert_taken(state, found)
        if greedy is not None:
            assert_taken(state, greedy)
            assert len(found.placed) >= len(greedy.placed)
        if not hand.melded:
            assert found.points >= INITIAL_MELD_POINTS
    assert plays >= 20


def test_before_the_meld_only_a_meld_of_30_is_found_and_after_it_only_extensions():
    state = position(["R10 R11 R12 K1 O5", "K2"], table=["B1 B2 B3"], melded=[False, True])
    meld = initial_meld(Hand.of(state, 0))
    assert meld is not None and meld.points == 33 and len(meld.placed) == 3
    assert_taken(state, meld)
    assert initial_meld(Hand.of(position(["R1 R2 R3 K9", "K2"], melded=[False, False]), 0)) is None


def test_laying_and_extending_counts_the_new_sets_and_each_tile_added():
    state = position(["R8 K5 O9 O10 O11 B13", "K1"], table=["R5 R6 R7", "B5 R5 O5"], melded=[True, True])
    hand = Hand.of(state, 0)
    play = lay_and_extend(hand)
    assert play is not None
    assert [t.face for s in play.new_sets for t in s] == ["O9", "O10", "O11"]
    assert sorted(t.face for t in play.placed) == ["K5", "O10", "O11", "O9", "R8"]
    assert play.points == 30 + 8 + 5
    assert rack_sets(hand) == play.new_sets
    assert_taken(state, play)
    assert lay_and_extend(Hand.of(position(["K1 O13", "B2"], table=["R5 R6 R7"], melded=[True, True]), 0)) is None


@pytest.mark.parametrize("rack, table, placed", [
    ("R3 K1", ["R4 R5 R6"], "R3"), ("O9 K1", ["R9 B9 K9"], "O9"), ("K1 J", ["R9 B9 K9"], "J"),
])
def test_the_pass_checks_single_tile_is_a_play_the_engine_takes(rack, table, placed):
    state = position([rack, "K2"], table=table, melded=[True, True], pool="")
    fit = first_fit(Hand.of(state, 0))
    assert fit is not None and fit.tile.face == placed and fit.check.valid
    assert fit.fitted in ((*fit.row, fit.tile), (fit.tile, *fit.row))
    sets = [tuple(t.id for t in (fit.fitted if row == fit.row else row)) for row in state.table]
    GAME.apply(state, 0, Play(tuple(sets)))


def test_of_plays_that_lay_as_many_tiles_the_one_that_keeps_the_tables_sets_is_taken():
    # B12 goes on the end of B9 B10 B11; the solver alone moved B9 into the 9s to lay it.
    state = position(["B12 O9 O8", "K2"], table=["R9 K9 O9", "B3 B4 B5", "B9 B10 B11"], melded=[True, True])
    found = best_play(Hand.of(state, 0))
    assert found is not None and [t.face for t in found.placed] == ["B12"]
    rows = [" ".join(t.face for t in row) for row in GAME.apply(state, 0, found.action).state.table]
    assert sorted(rows) == ["B3 B4 B5", "B9 B10 B11 B12", "R9 K9 O9"]
