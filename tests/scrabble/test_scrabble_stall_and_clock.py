"""The end of a game at its edges (RULES.md §3.9): a scoreless run closed by a play, and the
turn clock running out while the last play of the game waits for a challenge."""

from __future__ import annotations

import pytest
from scrabble_builder import act, place, position

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.games.scrabble.actions import Pass
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME


def scoreless_passes(players: int, count: int):
    """Ann holds both blanks; the others pass `count` times, Ann's turns included, ending on Ann."""
    racks = ["??BCDFG", "AEIOULN", "AEIOURT", "EEILNST"][:players]
    state = position(racks, config=ScrabbleConfig(stall_rule="six_scoreless"), current=-count % players)
    for _ in range(count):
        state = act(state, Pass()).state
    assert state.end is None and state.order.current == 0
    return state


@pytest.mark.parametrize("players, run", [(2, 6), (3, 9)])
def test_a_zero_point_play_of_two_blanks_that_completes_the_scoreless_run_ends_the_game(players, run):
    state = scoreless_passes(players, run - 1)
    outcome = act(state, place(state, "8G", "ax"))  # two blanks: AX for 0 (the star doubles 0)
    assert outcome.events[0].public["score"] == 0
    end = outcome.state.end
    assert end is not None and end.reason == "stalled"
    assert outcome.events[-1].kind == "game_over"


def test_a_zero_point_play_short_of_the_run_does_not_end_the_game():
    state = scoreless_passes(2, 4)
    new = act(state, place(state, "8G", "ax")).state
    assert new.end is None and new.scoreless == 5 and new.pending is not None


def test_a_zero_point_play_that_also_goes_out_ends_the_game_as_a_play_out():
    state = position(["??", "QZE"], config=ScrabbleConfig(stall_rule="six_scoreless"), bag="", current=1)
    for _ in range(5):
        state = act(state, Pass()).state
    new = act(state, place(state, "8G", "ax")).state
    assert new.end is None and new.awaiting_final_challenge  # the play-out rule comes first


# --- the clock during the final-challenge window ------------------------------------------------

def test_the_clock_running_out_while_the_last_play_waits_for_a_challenge_lets_the_play_stand():
    state = position(["S", "QZE"], board={"8G": "CAT"}, bag="", scores=[100, 120],
                     config=ScrabbleConfig(turn_seconds=60))
    ctl = TurnController(GAME, state, clock=FakeClock())
    ctl.act(0, place(state, "8G", "CATS"))  # Ann goes out: CATS for 6
    assert ctl.state.awaiting_final_challenge and ctl.seat == 1
    ctl.clock.advance(50)
    assert [e.kind for e in ctl.tick()] == ["clock.warning"]
    ctl.clock.advance(10)
    events = ctl.tick()  # Bora neither challenged nor accepted: the window closes
    assert [e.kind for e in events] == ["clock.timeout", "challenge.window_closed", "game_over"]
    assert events[1].text == "Time's up for Bora: no challenge, so the last play stands."
    end = ctl.state.end
    assert ctl.is_over and end.reason == "out" and end.out_seat == 0
    assert end.scores == (106 + 21, 120 - 21)  # the normal end: Bora's rack goes to Ann
    assert ctl.tick() == ()  # nothing more happens once the game is over
