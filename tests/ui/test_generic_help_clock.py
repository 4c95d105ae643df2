"""Help and rules, opened over a timed turn, keep the turn clock in sight."""

from __future__ import annotations

from app_helpers import config, play_screen, screen_text, show_position, started, until
from rk_builder import position

from tilegames.ui.screens.help import HelpScreen
from tilegames.ui.screens.rules import RulesScreen
from tilegames.ui.widgets.timer import TurnTimer, clock_text, time_left


def compact(app) -> str:
    return "".join(screen_text(app).split())


def game(**changes):
    return position(["R6 B6 K6 O1", "K2 K3 J"], table=["R3 R4 R5"], config=config(**changes))


async def test_help_shows_the_running_turn_clock(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, game())
        await started(pilot)
        screen = play_screen(app)
        app.push_screen(HelpScreen(screen.BINDINGS, clock=lambda: (session.remaining(), session.turn_seconds())))
        await pilot.pause()
        assert "60s" in compact(app)
        app.clock.advance(20)
        await until(pilot, lambda: "40s" in compact(app))
        assert "Keys" in screen_text(app)


async def test_rules_show_the_running_turn_clock(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, game())
        await started(pilot)
        app.push_screen(RulesScreen("rummikub", clock=lambda: (session.remaining(), session.turn_seconds())))
        await pilot.pause()
        app.clock.advance(15)
        await until(pilot, lambda: "45s" in compact(app))
        assert app.screen.query_one(TurnTimer).display


async def test_no_clock_is_shown_for_an_untimed_turn_or_without_one(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, game(turn_seconds=None))
        await started(pilot)
        app.push_screen(HelpScreen(play_screen(app).BINDINGS,
                                   clock=lambda: (session.remaining(), session.turn_seconds())))
        await pilot.pause()
        assert not app.screen.query_one(TurnTimer).display and "timelimit" not in compact(app)
        app.pop_screen()
        app.push_screen(RulesScreen("rummikub"))
        await pilot.pause()
        assert not app.screen.query(TurnTimer)


def test_the_time_left_line_for_the_too_small_notice():
    assert clock_text(42.0) == "0:42" and clock_text(41.2) == "0:42" and clock_text(125) == "2:05"
    assert time_left("Ann", 42.0) == "Ann: 0:42 left"
    assert time_left("Ann", None) == ""


async def test_the_turn_clock_is_repainted_only_when_what_it_shows_changes(app, monkeypatch):
    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, game())
        await started(pilot)
        timer = play_screen(app).query_one(TurnTimer)
        repaints: list[int] = []
        monkeypatch.setattr(timer, "refresh", lambda *a, **k: repaints.append(1))
        timer.show(60.0, 60.0)
        timer.show(60.0, 60.0)
        timer.show(59.9, 60.0)  # the same bar and the same "60s"
        assert repaints == []
        timer.show(30.0, 60.0)
        assert repaints == [1]
        timer.show(30.0, 60.0, waiting=True)
        assert repaints == [1, 1]
