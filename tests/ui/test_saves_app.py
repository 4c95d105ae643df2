"""Saving problems in the app (issue 10, items 16 and 17): a message, never a traceback."""

from __future__ import annotations

import errno
import os

from app_helpers import config, play_screen

from tilegames.core import journal
from tilegames.core.journal import load_journal
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.ui.screens.menu import MenuScreen


def full_disk(real):
    def write(fd: int, data: bytes) -> None:
        real(fd, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    return write


def notes(app) -> str:
    """The messages the app has shown (toasts) so far."""
    return " | ".join(n.message for n in app._notifications)


async def test_starting_a_game_with_a_saves_path_that_is_a_file_is_a_message(app, saves_home):
    saves_home.mkdir()
    (saves_home / "games").write_text("a file")
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_rummikub(("Ann", "Bora"), config(), open_hands=False)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert "is not a folder" in notes(app)
        app.start_scrabble(("Ann", "Bora"), ScrabbleConfig(), open_hands=False)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_a_full_disk_mid_game_is_a_message_and_the_game_goes_on(app, monkeypatch):
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_rummikub(("Ann", "Bora"), config(turn_seconds=None), open_hands=True, seed=3)
        await pilot.pause()
        session = play_screen(app).session
        turn = session.turn_number()
        monkeypatch.setattr(journal, "_write_durably", full_disk(journal._write_durably))
        await pilot.press("d")
        await pilot.pause()
        assert session.turn_number() == turn + 1  # Ann drew; it is Bora's turn
        assert "Saving stopped" in notes(app) and "disk is full" in notes(app)
        await pilot.press("d")
        await pilot.pause()
        assert session.turn_number() == turn + 2
    assert load_journal(session.path).records == []  # what was saved is whole
