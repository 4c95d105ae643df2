"""The end of a game at its edges (RULES.md §3.9): a scoreless run closed by a play, and the
turn clock running out while the last play of the game waits for a challenge."""

from __future__ import annotations

import pytest
from scrabble_builder import act, place, position

from tilegames.games.scrabble.actions import Pass
from tilegames.games.scrabble.config import ScrabbleConfig


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
