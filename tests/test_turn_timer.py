"""The stand-alone turn timer's countdown (core/kernel/turn_timer.py), on a fake clock."""

from __future__ import annotations

import pytest

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.turn_timer import TurnCountdown

NAMES = ("김민수", "이지영", "박서준")


def countdown(seconds: int = 60, players: tuple[str, ...] = NAMES) -> tuple[FakeClock, TurnCountdown]:
    clock = FakeClock(100.0)
    return clock, TurnCountdown(clock, seconds, players)


def test_the_first_player_s_turn_counts_down_from_the_moment_the_timer_starts():
    clock, timer = countdown()
    assert timer.current_name == "김민수" and timer.next_name == "이지영"
    assert not timer.paused and timer.remaining() == 60
    clock.advance(12.5)
    assert timer.remaining() == pytest.approx(47.5)


def test_the_warning_sounds_once_when_ten_seconds_are_left():
    clock, timer = countdown()
    clock.advance(49.9)
    assert timer.tick() == [] and not timer.in_warning
    clock.advance(0.1)
    assert timer.tick() == ["warning"] and timer.in_warning
    clock.advance(3)
    assert timer.tick() == []


def test_the_alert_sounds_once_at_zero_and_the_turn_stays_at_zero():
    clock, timer = countdown()
    clock.advance(50)
    timer.tick()
    clock.advance(10)
    assert timer.tick() == ["alert"]
    clock.advance(30)
    assert timer.tick() == [] and timer.remaining() == 0 and timer.time_up
    assert timer.current_name == "김민수"  # the players move on, not the timer


def test_a_late_tick_past_zero_gives_the_alert_without_the_warning():
    clock, timer = countdown()
    clock.advance(75)
    assert timer.tick() == ["alert"]
    assert timer.tick() == []


def test_a_turn_no_longer_than_the_warning_gets_no_warning():
    clock, timer = countdown(seconds=10)
    assert timer.tick() == []
    clock.advance(10)
    assert timer.tick() == ["alert"]


def test_the_next_player_gets_a_fresh_turn_with_its_own_warning_and_alert():
    clock, timer = countdown()
    clock.advance(60)
    assert timer.tick() == ["alert"]
    timer.next_turn()
    assert timer.current_name == "이지영" and timer.next_name == "박서준" and timer.turn == 2
    assert timer.remaining() == 60 and not timer.warned and not timer.alerted
    clock.advance(50)
    assert timer.tick() == ["warning"]


def test_after_the_last_player_comes_the_first_again():
    _, timer = countdown()
    for _ in range(3):
        timer.next_turn()
    assert timer.current_name == "김민수" and timer.turn == 4


def test_a_paused_turn_keeps_its_time_until_resumed():
    clock, timer = countdown()
    clock.advance(20)
    assert timer.toggle_pause() is True
    clock.advance(500)
    assert timer.paused and timer.remaining() == 40 and timer.tick() == []
    assert timer.toggle_pause() is False
    clock.advance(5)
    assert timer.remaining() == 35


def test_the_next_turn_counts_even_when_the_timer_was_paused():
    clock, timer = countdown()
    timer.pause()
    timer.next_turn()
    clock.advance(1)
    assert not timer.paused and timer.remaining() == 59


def test_restarting_the_turn_gives_the_same_player_the_whole_time_again():
    clock, timer = countdown()
    clock.advance(55)
    timer.tick()
    timer.restart_turn()
    assert timer.current_name == "김민수" and timer.remaining() == 60 and not timer.warned
    assert timer.turn == 1


def test_without_names_the_timer_only_numbers_the_turns():
    _, timer = countdown(players=())
    assert timer.current_name is None and timer.next_name is None
    timer.next_turn()
    assert timer.turn == 2


def test_one_player_has_no_next_player():
    _, timer = countdown(players=("Ann",))
    timer.next_turn()
    assert timer.current_name == "Ann" and timer.next_name is None


def test_a_turn_of_no_time_is_refused():
    with pytest.raises(ValueError, match="at least one second"):
        TurnCountdown(FakeClock(), 0)
