"""Driving the app headless: positions, keys, and reading the screen."""

from __future__ import annotations

from dataclasses import replace

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.records.journal import JournalHeader
from tilegames.core.kernel.session import LocalSession
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.game import GAME
from tilegames.ui.app import TilegamesApp
from tilegames.ui.screens.rows_play import RowsPlayScreen
from tilegames.ui.screens.turns import TurnScreen


def session_for(state, clock: FakeClock) -> LocalSession:
    """A session on a prepared position (not saved)."""
    header = JournalHeader(GAME.id, GAME.config_to_json(state.config), 1, state.seats)
    return LocalSession(GAME, TurnController(GAME, state, clock=clock), header, None)


def show_position(app: TilegamesApp, state, *, open_hands: bool = True) -> LocalSession:
    session = session_for(state, app.clock)
    app.show_in_series(session, session.header, open_hands=open_hands)
    return session


def play_screen(app: TilegamesApp) -> RowsPlayScreen:
    screen = app.screen
    assert isinstance(screen, RowsPlayScreen), type(screen).__name__  # Rummikub's, or Rummikub Word's
    return screen


async def pick_from_rack(pilot, face: str) -> None:
    """Move the rack cursor to a tile showing `face` and pick it up."""
    await started(pilot)
    screen = play_screen(pilot.app)
    if screen.zone != "rack":
        await pilot.press("tab")
    faces = [t["face"] for t in screen._rack_tiles()]
    assert face in faces, f"{face} is not on the rack: {faces}"
    target = faces.index(face)
    while screen.rack_cursor != target:
        await pilot.press("right" if screen.rack_cursor < target else "left")
    await pilot.press("space")
    assert screen.held is not None


async def lay_new_set(pilot, *faces: str) -> None:
    """Lay `faces` from the rack as a new set, left to right, with the keyboard only."""
    await pick_from_rack(pilot, faces[0])
    await pilot.press("n")
    for face in faces[1:]:
        await pick_from_rack(pilot, face)
        await pilot.press("tab")  # back to the table, where the cursor waits after the last tile
        await pilot.press("space")


def config(**changes) -> RummikubConfig:
    return replace(RummikubConfig(allow_doubles_redeal=False), **changes)


def screen_text(app: TilegamesApp) -> str:
    """Everything on the screen as plain text (via the SVG export)."""
    import html
    import re

    svg = app.export_screenshot()
    return html.unescape(" ".join(re.findall(r">([^<>]+)</text>", svg))).replace("\xa0", " ")


async def until(pilot, done, seconds: float = 10.0) -> None:
    """Pause the app (0.05 s at a time) until `done()`, at most `seconds`; then assert it."""
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        await pilot.pause(0.05)
    assert done()


async def started(pilot) -> None:
    """Until the game screen pushed last has begun its turns (a hand-off may be over it), and
    what its first turn showed (its redraw, or a hand-off pushed over it) is on the screen. A
    screen pushed is mounted, laid out, then starts its first turn after that refresh: one pause
    is enough on a quiet machine only."""

    def begun() -> bool:
        games = [s for s in pilot.app.screen_stack if isinstance(s, TurnScreen)]
        return bool(games) and games[-1].last_turn >= 0

    await until(pilot, begun)
    await pilot.pause()


async def help_text(pilot) -> str:
    """F1 pressed on the screen shown: the help's text."""
    from textual.widgets import Static

    await pilot.press("f1")
    await pilot.pause()
    return "\n".join(str(w.render()) for w in pilot.app.screen.query(Static))
