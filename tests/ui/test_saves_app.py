"""Saving problems in the app (issue 10, items 16 and 17): a message, never a traceback."""

from __future__ import annotations

import errno
import os

from app_helpers import config, play_screen

from tilegames.core.records import journal_writer
from tilegames.core.records.journal import load_journal
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
        app.start("rummikub", ("Ann", "Bora"), config(), open_hands=False)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert "is not a folder" in notes(app)
        app.start("scrabble", ("Ann", "Bora"), ScrabbleConfig(), open_hands=False)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_a_full_disk_mid_game_is_a_message_and_the_game_goes_on_its_moves_kept(app, monkeypatch):
    async with app.run_test(size=(100, 30)) as pilot:
        app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=None), open_hands=True, seed=3)
        await pilot.pause()
        session = play_screen(app).session
        turn = session.turn_number()
        real = journal_writer.write_durably
        monkeypatch.setattr(journal_writer, "write_durably", full_disk(real))
        await pilot.press("d")
        await pilot.pause()
        assert session.turn_number() == turn + 1  # Ann drew; it is Bora's turn
        assert "Saving stopped" in notes(app) and "disk is full" in notes(app)
        assert "1 move is not saved yet" in notes(app) and "tries again" in notes(app)
        await pilot.press("d")
        await pilot.pause()
        assert session.turn_number() == turn + 2
        assert load_journal(session.path).records == []  # what was saved is whole
        monkeypatch.setattr(journal_writer, "write_durably", real)
        await pilot.press("d")  # space again: the two moves kept are written first
        await pilot.pause()
        assert "Saving works again: every move is saved." in notes(app)
    assert len(load_journal(session.path).records) == 3


HOLD = "import sys; from tilegames.core.records.journal_writer import JournalWriter; w = JournalWriter.reopen(sys.argv[1]); " \
       "print('holding', flush=True); sys.stdin.readline()"


async def test_a_game_open_in_another_copy_is_offered_read_only(app, saves_home):
    import subprocess
    import sys

    from tilegames.core.records.saves import new_journal_path
    from tilegames.core.kernel.session import LocalSession
    from tilegames.games.rummikub.actions import Draw
    from tilegames.games.rummikub.game import GAME
    from tilegames.ui.screens.dialogs import Confirm
    from tilegames.ui.screens.spectator import SpectatorScreen
    from app_helpers import screen_text

    path = new_journal_path("rummikub")
    session = LocalSession.start(GAME, config(), ("Ann", "Bora"), 42, path=path,
                                 meta={"match": {"seed": 42, "games": [], "open_hands": False}})
    session.act(0, Draw())
    racks = session.controller.state.racks
    session.close()
    other = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)
    try:
        assert other.stdout.readline() == "holding\n"
        async with app.run_test(size=(100, 30)) as pilot:
            app.resume(path)
            await pilot.pause()
            assert isinstance(app.screen, Confirm)
            assert f"open in another tilegames (pid {other.pid}" in app.screen.question
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, SpectatorScreen)
            text = screen_text(app)
            assert "Read-only" in text and "Ann drew a tile." in text
            for tile in racks[0] + racks[1]:
                assert f" {tile.face} " not in text
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
            app.resume(path)
            await pilot.pause()
            await pilot.press("n")  # nothing: back to the menu
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
    finally:
        other.kill()
        other.wait(10)


async def test_quitting_lets_go_of_the_game(app):
    from tilegames.core.records import filelock

    async with app.run_test(size=(100, 30)) as pilot:
        app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=None), open_hands=True, seed=3)
        await pilot.pause()
        path = play_screen(app).session.path
        assert filelock.info_path(path).exists()
        await app.action_quit()
        await pilot.pause()
    assert not filelock.info_path(path).exists()
