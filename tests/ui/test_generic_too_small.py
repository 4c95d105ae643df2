"""The "terminal too small" notice: nothing behind it takes a key or a click, and it can show
a line from its screen (a running turn clock) that stays current."""

from __future__ import annotations

import sys
from pathlib import Path

from app_helpers import config, play_screen, screen_text, show_position, started, until
from rk_builder import position
from textual.widgets import Input

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scrabble"))
from scrabble_builder import position as scrabble_position  # noqa: E402

from tilegames.core.kernel.controller import TurnController  # noqa: E402
from tilegames.core.records.journal import JournalHeader  # noqa: E402
from tilegames.core.kernel.session import LocalSession  # noqa: E402
from tilegames.games.scrabble.game import GAME  # noqa: E402
from tilegames.ui.screens.base import BaseScreen, TooSmall  # noqa: E402
from tilegames.ui.games.scrabble.screen import ScrabbleScreen  # noqa: E402
from tilegames.ui.widgets.rack import Rack  # noqa: E402

SMALL, BIG = (60, 20), (80, 24)


def show_scrabble(app, state) -> LocalSession:
    """A Scrabble game on a prepared position, open hands, not saved."""
    header = JournalHeader(GAME.id, GAME.config_to_json(state.config), 1, state.seats)
    session = LocalSession(GAME, TurnController(GAME, state, clock=app.clock), header, None)
    app.show_in_series(session, header, open_hands=True)
    return session


def compact(app) -> str:
    """The screen's text without spaces (the SVG export splits lines into pieces)."""
    return "".join(screen_text(app).split())


async def test_scrabble_letters_typed_behind_the_notice_never_reach_the_board(app):
    async with app.run_test(size=SMALL) as pilot:
        session = show_scrabble(app, scrabble_position(["QUIZERS", "AEIOULN"]))
        await started(pilot)
        screen = app.screen
        assert isinstance(screen, ScrabbleScreen) and screen.query_one(TooSmall).display
        await pilot.press("q", "u", "i", "z", "enter", "2")
        await pilot.resize_terminal(*BIG)
        await pilot.pause()
        assert not screen.query_one(TooSmall).display
        assert session.controller.state.board == () and session.current_seat == 0
        assert screen.view["draft"] == [] and len(screen.view["rack"]) == 7


async def test_rummikub_keys_and_clicks_behind_the_notice_do_nothing(app):
    state = position(["R6 B6 K6 O1", "K2 K3 J"], table=["R3 R4 R5"], config=config())
    async with app.run_test(size=SMALL) as pilot:
        session = show_position(app, state)
        await started(pilot)
        screen = play_screen(app)
        await pilot.press("space", "tab", "space", "d", "c")
        await pilot.click(Rack)
        await pilot.pause()
        assert screen.held is None and screen.zone == "rack"
        assert session.current_seat == 0 and len(session.controller.state.racks[0]) == 4
        await pilot.resize_terminal(*BIG)
        await pilot.pause()
        await pilot.press("space")  # the same key works once the notice is gone
        await pilot.pause()
        assert screen.held is not None


async def test_typing_into_the_setup_form_behind_the_notice_does_nothing(app):
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("enter")  # Rummikub's setup
        await pilot.pause()
        players = app.screen.query_one("#players", Input)
        before = players.value
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        await pilot.press("x", "y", "backspace", "tab", "enter")
        await pilot.pause()
        assert players.value == before and app.screen.query_one(TooSmall).display
        await pilot.resize_terminal(*BIG)
        await pilot.pause()
        assert app.focused is players  # the form is as it was left
        await pilot.press("end", "z")
        await pilot.pause()
        assert players.value == before + "z"


async def test_the_notice_shows_its_screens_status_line_and_keeps_it_current(app):
    state = position(["R6 B6 K6 O1", "K2 K3 J"], table=["R3 R4 R5"], config=config())
    async with app.run_test(size=SMALL) as pilot:
        show_position(app, state)
        await started(pilot)
        screen = play_screen(app)
        line = ["Ann: 0:42 left"]
        screen.too_small_status = lambda: line[0]  # type: ignore[method-assign]
        screen.refresh_notice()
        await pilot.pause()
        assert "Ann:0:42left" in compact(app)
        line[0] = "Ann: 0:41 left"
        await until(pilot, lambda: "Ann:0:41left" in compact(app))  # the notice asks again every second, unprompted


async def test_a_screen_says_nothing_more_by_default(app):
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BaseScreen) and screen.too_small_status() == ""
        assert screen.is_too_small
        text = compact(app)
        assert "needsatleast80x24" in text and "keysandclicksareignored" in text
