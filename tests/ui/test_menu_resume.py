"""The menu's Resume (issue 11, item 13): it lists the unfinished games by game, players and
date, newest first, and Enter resumes the one chosen; `r` without a saved game says so."""

from __future__ import annotations

import os
import time

from app_helpers import config, screen_text
from textual.widgets import OptionList

from tilegames.core.records.saves import new_journal_path
from tilegames.core.kernel.session import LocalSession
from tilegames.games.rummikub.actions import Draw
from tilegames.games.rummikub.game import GAME as RUMMIKUB
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME as SCRABBLE
from tilegames.ui.screens.menu import MenuScreen, ResumeScreen


def notes(app) -> str:
    return " | ".join(str(n.message) for n in app._notifications)


def saved_rummikub(seats, when: int, moves: int = 0, name: str = ""):
    path = new_journal_path("rummikub") if not name else new_journal_path("rummikub").with_name(name)
    session = LocalSession.start(RUMMIKUB, config(turn_seconds=None), seats, 42, path=path,
                                 meta={"match": {"seed": 42, "games": [], "open_hands": False}})
    for _ in range(moves):
        session.act(session.current_seat, Draw())
    session.close()
    os.utime(path, (when, when))
    return path


def saved_scrabble(seats, when: int, name: str):
    path = new_journal_path("scrabble").with_name(name)
    session = LocalSession.start(SCRABBLE, ScrabbleConfig(), seats, 7, path=path, meta={"open_hands": False})
    session.close()
    os.utime(path, (when, when))
    return path


def stamp(when: int) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(when))


async def open_resume(pilot) -> ResumeScreen:
    menu = pilot.app.screen
    assert isinstance(menu, MenuScreen)
    options = menu.query_one(OptionList)
    options.highlighted = options.get_option_index("resume")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ResumeScreen), type(pilot.app.screen).__name__
    return pilot.app.screen


async def test_r_without_a_saved_game_says_so(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert "No unfinished game to resume." in notes(app)
        assert "Resume  (no unfinished game)" in screen_text(app)


async def test_r_resumes_the_newest_game(app):
    saved_rummikub(("Ann", "Bora"), 1_700_000_000, name="a.jsonl")
    newest = saved_rummikub(("Chul", "Dee"), 1_700_000_500, name="b.jsonl")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert app.playing is not None and app.playing.path == newest


async def test_resume_lists_the_unfinished_games_newest_first(app):
    saved_rummikub(("Ann", "Bora"), 1_700_000_000, moves=3, name="old.jsonl")
    saved_scrabble(("Eun", "Fay", "Gil"), 1_700_090_000, name="mid.jsonl")
    saved_rummikub(("Chul", "Dee"), 1_700_200_000, moves=1, name="new.jsonl")
    async with app.run_test(size=(100, 30)) as pilot:
        assert "Resume  (3 unfinished games)" in screen_text(app)
        picker = await open_resume(pilot)
        options = picker.query_one(OptionList)
        rows = [str(options.get_option_at_index(n).prompt) for n in range(options.option_count)]
        assert len(rows) == 3
        assert "Rummikub" in rows[0] and "Chul, Dee" in rows[0] and stamp(1_700_200_000) in rows[0]
        assert "1 move" in rows[0]
        assert "Scrabble" in rows[1] and "Eun, Fay, Gil" in rows[1] and stamp(1_700_090_000) in rows[1]
        assert "Rummikub" in rows[2] and "Ann, Bora" in rows[2] and "3 moves" in rows[2]
        assert options.highlighted == 0


async def test_enter_resumes_the_game_chosen(app, saves_home):
    saved_rummikub(("Ann", "Bora"), 1_700_000_000, moves=2, name="old.jsonl")
    saved_rummikub(("Chul", "Dee"), 1_700_200_000, name="new.jsonl")
    async with app.run_test(size=(100, 30)) as pilot:
        await open_resume(pilot)
        await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert app.playing is not None and app.playing.path.name == "old.jsonl"


async def test_escape_goes_back_to_the_menu(app):
    saved_rummikub(("Ann", "Bora"), 1_700_000_000)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_resume(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.playing is None


async def test_names_are_shown_as_written_never_as_markup(app):
    saved_rummikub(("[bold]Ann[/bold]", "Bora\x1b[2J"), 1_700_000_000)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_resume(pilot)
        text = screen_text(app)
        assert "[bold]Ann[/bold]" in text
        assert "\x1b" not in text and "Bora\\x1b[2J" in text


async def test_the_menu_counts_again_after_a_game(app):
    async with app.run_test(size=(100, 30)) as pilot:
        assert "Resume  (no unfinished game)" in screen_text(app)
        app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=None), open_hands=True, seed=3)
        await pilot.pause()
        app.back_to_menu()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.screen.can_resume
        assert "Resume  (1 unfinished game)" in screen_text(app)


async def test_a_game_that_ended_since_the_menu_was_drawn_is_not_offered(app):
    path = saved_rummikub(("Ann", "Bora"), 1_700_000_000)
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.screen.can_resume
        path.unlink()  # gone meanwhile (another copy of tilegames, a tidy player)
        await pilot.press("r")
        await pilot.pause()
        assert "No unfinished game to resume." in notes(app)
        assert "Resume  (no unfinished game)" in screen_text(app)
        options = app.screen.query_one(OptionList)
        assert options.get_option("resume").disabled
