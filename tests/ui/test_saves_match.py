"""Resuming a finished game of a match (issue 10, item 17): the next game is dealt once, and
resuming the finished game again finds it instead of dealing another."""

from __future__ import annotations

from app_helpers import config, play_screen

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.records.journal import load_journal, read_header
from tilegames.core.records.saves import saves_dir
from tilegames.core.kernel.session import LocalSession
from tilegames.games.rummikub.bot import choose_action
from tilegames.ui.app import TilegamesApp
from tilegames.ui.screens.menu import MenuScreen
from tilegames.ui.games.rummikub.summary import SummaryScreen


def journals() -> list:
    return sorted(saves_dir().glob("*.jsonl"))


async def test_resuming_a_finished_match_game_twice_deals_the_next_game_once(app):
    async with app.run_test(size=(100, 30)) as pilot:
        app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=None), open_hands=True, seed=3)
        await pilot.pause()
        first = play_screen(app).session.path
        app.back_to_menu()
        await pilot.pause()
    session = LocalSession.resume(first)  # the first game is played to its end elsewhere
    while session.result() is None:
        seat = session.current_seat
        session.act(seat, choose_action(session.controller.state, seat))
    session.close()
    assert journals() == [first]

    app = TilegamesApp(clock=FakeClock())  # a new run of tilegames
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(2):
            app.resume(first)
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            assert len(journals()) == 2  # the second game, dealt once
            app.back_to_menu()
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
        app.resume(first)
        await pilot.pause()
        await pilot.press("enter")  # play the next game
        await pilot.pause()
        second = play_screen(app).session.path
        assert second in journals() and second != first
        assert read_header(second).meta["match"]["game"] == 2
        assert read_header(second).meta["match"]["id"] == read_header(first).meta["match"]["id"]
        assert len(load_journal(second).records) == 0


async def test_the_next_games_clock_waits_while_the_summary_is_read(app):
    # The next game is dealt when a game ends, under the summary: its first turn's minute
    # must not run out while the players read it.
    async with app.run_test(size=(100, 30)) as pilot:
        app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=60), open_hands=True, seed=3)
        await pilot.pause()
        first = play_screen(app).session.path
        app.back_to_menu()
        await pilot.pause()
    session = LocalSession.resume(first)
    while session.result() is None:
        seat = session.current_seat
        session.act(seat, choose_action(session.controller.state, seat))
    session.close()

    clock = FakeClock()
    app = TilegamesApp(clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        app.resume(first)
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        clock.advance(100)  # longer than a turn
        await pilot.press("enter")
        await pilot.pause()
        session = play_screen(app).session
        assert session.remaining() == 60
        clock.advance(10)  # and once the game is shown, the minute runs
        assert session.remaining() == 50
