"""The tournament game clock (games/scrabble/clock.py): each player's minutes for the whole game,
charged by the turn controller before each move, overtime instead of a timeout, 10 points off
per minute started, exact on resume, in the final scores and in the GCG export."""

from __future__ import annotations

import pytest
from scrabble_builder import place, position

from tilegames.core.agents import agent_for, seat_view, seats_asked
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.kernel.session import LocalSession
from tilegames.core.records.journal import load_journal
from tilegames.games.scrabble.actions import Pass
from tilegames.games.scrabble.clock import overtime_penalty
from tilegames.core.kernel.setup_options import minutes_or_off
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.gcg import parse_gcg, verify
from tilegames.games.scrabble.gcg_export import export_gcg

CLOCK = ScrabbleConfig(game_clock_minutes=1, challenge_mode="void")


@pytest.mark.parametrize("over_ms, points", [(-5, 0), (0, 0), (1, 10), (59_999, 10), (60_000, 10), (60_001, 20),
                                             (120_001, 30)])
def test_overtime_costs_ten_points_per_minute_or_part_of_a_minute(over_ms, points):
    config = ScrabbleConfig(game_clock_minutes=25)
    assert overtime_penalty(config, 25 * 60_000 + over_ms) == points


def test_a_game_clock_and_a_turn_timer_are_not_both_set_and_minutes_are_read_from_the_command_line():
    with pytest.raises(ValueError, match="not both"):
        ScrabbleConfig(game_clock_minutes=25, turn_seconds=60)
    with pytest.raises(ValueError, match="between 1 and 180"):
        ScrabbleConfig(game_clock_minutes=0)
    assert minutes_or_off("25") == 25 and minutes_or_off("off") is None
    with pytest.raises(ValueError, match="not a number of minutes"):
        minutes_or_off("soon")


def test_each_move_is_charged_to_its_player_and_the_next_player_has_their_own_time():
    clock = FakeClock()
    state = position(["CAT", "DOGS"], config=CLOCK)
    controller = TurnController(GAME, state, clock=clock)
    assert controller.remaining() == 60
    clock.advance(30)
    controller.act(0, place(state, "8G", "CAT"))
    assert controller.state.clock_used == (30_000, 0)
    assert controller.remaining() == 60  # Bora's own minute
    assert GAME.view(controller.state, 0)["clocks"] == [30_000, 60_000]


def test_running_out_is_overtime_not_a_timeout_and_it_is_taken_off_the_final_score():
    clock = FakeClock()
    state = position(["CAT", "DOGS"], config=CLOCK, bag="")
    controller = TurnController(GAME, state, clock=clock)
    clock.advance(75)
    kinds = [e.kind for e in controller.tick()]
    assert "clock.overtime" in kinds and "timeout" not in kinds and controller.seat == 0
    assert controller.remaining() == pytest.approx(-15)
    controller.act(0, place(state, "8G", "CAT"))  # goes out: the game ends
    end = controller.state.end
    assert end is not None and end.time_penalties == (10, 0)
    assert end.scores[0] == end.before_adjustment[0] + end.adjustments[0] - 10
    assert GAME.view(controller.state, None)["result"]["time_penalties"] == [10, 0]


def test_a_move_the_engine_refuses_still_uses_the_time_it_took():
    clock = FakeClock()
    state = position(["CAT", "DOGS"], config=CLOCK)
    controller = TurnController(GAME, state, clock=clock)
    clock.advance(20)
    with pytest.raises(Exception):
        controller.act(0, place(state, "1A", "CAT"))  # not on the centre
    assert controller.state.clock_used == (20_000, 0) and controller.remaining() == 40
    clock.advance(5)
    controller.act(0, Pass())
    assert controller.state.clock_used == (25_000, 0)


def test_the_time_used_is_journaled_so_a_resumed_game_has_exactly_what_was_left(tmp_path):
    clock = FakeClock()
    path = tmp_path / "game.jsonl"
    config = ScrabbleConfig(game_clock_minutes=25)
    session = LocalSession.start(GAME, config, ("Ann", "Bora"), 7, path=path, clock=clock)
    first = session.current_seat
    clock.advance(100)
    session.act(first, Pass())
    clock.advance(42.5)
    session.tick()
    session.close()
    clock.advance(600)  # time away from the game is not charged
    again = LocalSession.resume(path, clock=clock)
    assert again.controller.state.clock_used[first] == 100_000  # replayed from the journal
    assert again.remaining() == pytest.approx(25 * 60 - 42.5, abs=1.0)  # checkpoints every second
    again.close()


def test_a_whole_game_over_the_clock_exports_its_time_penalty_lines_and_they_verify(tmp_path):
    clock = FakeClock()
    path = tmp_path / "game.jsonl"
    config = ScrabbleConfig(game_clock_minutes=1)
    session = LocalSession.start(GAME, config, ("Ann", "Bora"), 5, path=path, clock=clock)
    players = [agent_for("scrabble", "normal"), agent_for("scrabble", "normal")]
    while not session.controller.is_over:
        asked = seats_asked(GAME, session.controller.state)
        for seat in asked:
            action = players[seat].choose(seat_view(GAME, session.controller.state, seat), 1.0)
            if action is not None:
                clock.advance(7 if seat == asked[-1] else 0)
                session.act(seat, action)
                break
    end = session.controller.state.end
    assert end is not None and any(end.time_penalties)
    session.close()
    text = export_gcg(load_journal(path))
    lines = [line for line in text.splitlines() if "(time)" in line]
    assert len(lines) == sum(1 for p in end.time_penalties if p)
    report = verify(parse_gcg(text))
    assert report.mismatches == () and [total for _, total in report.totals] == list(end.scores)


def test_a_game_left_in_overtime_resumes_in_overtime_with_the_same_time_over(tmp_path):
    clock = FakeClock()
    path = tmp_path / "game.jsonl"
    session = LocalSession.start(GAME, CLOCK, ("Ann", "Bora"), 7, path=path, clock=clock)
    for _ in range(75):  # a second at a time, as the app ticks: checkpoints in overtime too
        clock.advance(1)
        session.tick()
    session.close()
    again = LocalSession.resume(path, clock=clock)
    assert again.remaining() == pytest.approx(-15, abs=1.0)
    seat = again.current_seat
    again.restart_clock()
    again.act(seat, Pass())
    assert again.controller.state.clock_used[seat] == pytest.approx(75_000, abs=1000)
    again.close()
