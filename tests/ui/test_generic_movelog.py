"""The move log keeps every line whole at any width (it rewraps on resize) and keeps the place
the player scrolled to through a resize or a theme change."""

from __future__ import annotations

import sys
from pathlib import Path

from rich.cells import cell_len

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scrabble"))
from scrabble_builder import position  # noqa: E402

from tilegames.core.kernel.controller import TurnController  # noqa: E402
from tilegames.core.records.journal import JournalHeader  # noqa: E402
from tilegames.core.kernel.session import LocalSession  # noqa: E402
from tilegames.games.scrabble.game import GAME  # noqa: E402
from tilegames.ui.widgets.movelog import MoveLog  # noqa: E402

WIDE, NARROW = (120, 40), (80, 24)  # the Scrabble log is as wide as the terminal allows


def show(app, state) -> LocalSession:
    """A Scrabble game on a prepared position, open hands, not saved."""
    header = JournalHeader(GAME.id, GAME.config_to_json(state.config), 1, state.seats)
    session = LocalSession(GAME, TurnController(GAME, state, clock=app.clock), header, None)
    app.show_in_series(session, header, open_hands=True)
    return session


def entry(n: int) -> str:
    return f"Move {n}: 김민준 played QUIZ across from 8D for 44 points, a bingo with every tile of the rack"


def log_text(log: MoveLog) -> str:
    return " ".join(" ".join(strip.text for strip in log.lines).split())


def top_line(log: MoveLog) -> str:
    return log.lines[round(log.scroll_y)].text


async def open_log(app, pilot, size, entries: int = 30) -> MoveLog:
    await pilot.resize_terminal(*size)
    show(app, position(["QUIZERS", "AEIOULN"]))
    await pilot.pause()
    log = app.screen.query_one(MoveLog)
    log.clear()
    for n in range(1, entries + 1):
        log.write(entry(n))
    await pilot.pause()
    return log


async def test_lines_are_rewrapped_to_the_new_width(app):
    async with app.run_test(size=WIDE) as pilot:
        log = await open_log(app, pilot, WIDE)
        wide_lines = len(log.lines)
        for size in (NARROW, WIDE):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            width = log.scrollable_content_region.width
            assert all(cell_len(strip.text.rstrip()) <= width for strip in log.lines)
            assert log_text(log) == " ".join(entry(n) for n in range(1, 31))
            if size == NARROW:
                assert len(log.lines) > wide_lines
        assert len(log.lines) == wide_lines


async def test_the_place_scrolled_to_is_kept_through_a_resize(app):
    async with app.run_test(size=WIDE) as pilot:
        log = await open_log(app, pilot, WIDE)
        first_of_move_12 = next(i for i, strip in enumerate(log.lines) if strip.text.startswith("Move 12:"))
        log.scroll_to(y=first_of_move_12, animate=False)
        await pilot.pause()
        for size in (NARROW, WIDE):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert top_line(log).startswith("Move 12:")


async def test_the_end_of_the_log_stays_in_sight_through_a_resize(app):
    async with app.run_test(size=WIDE) as pilot:
        log = await open_log(app, pilot, WIDE)
        assert log.scroll_y == log.max_scroll_y > 0
        await pilot.resize_terminal(*NARROW)
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y and log.lines[-1].text.rstrip().endswith("the rack")
        log.write("Ann passed.")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y and log.lines[-1].text.startswith("Ann passed.")


async def test_the_place_scrolled_to_is_kept_through_a_theme_change(app):
    async with app.run_test(size=NARROW) as pilot:
        log = await open_log(app, pilot, NARROW)
        log.scroll_to(y=7, animate=False)
        await pilot.pause()
        before = top_line(log)
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        assert top_line(log) == before and log.scroll_y == 7
