"""Leaving a game while the disk is full (issue 23, item 5): the question says how many moves
are not saved and that leaving loses them, and says "It is saved, this turn too" only once
saving works again; the hand-off screen's question is as true; a game not saved at all says
leaving ends it; a match's next game that cannot be saved yet is tried again at Enter."""

from __future__ import annotations

import errno
import os

import pytest
from app_helpers import config, play_screen, until

from tilegames.core.records import journal_writer
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.records.journal import load_journal, read_header
from tilegames.core.kernel.session import LocalSession
from tilegames.core.parts.table_rows import MoveTile
from tilegames.games.rummikub.bot import choose_action
from tilegames.ui.app import TilegamesApp, crash_sentence
from tilegames.ui.screens import turns
from tilegames.ui.screens.dialogs import Confirm, HandOff
from tilegames.ui.screens.menu import MenuScreen
from tilegames.ui.games.rummikub.summary import SummaryScreen

SAVED = "It is saved, this turn too"


class Disk:
    """`write_durably` on a disk that fills up (half a write goes down, then ENOSPC)."""

    def __init__(self, real) -> None:
        self.real = real
        self.full = False

    def __call__(self, fd: int, data: bytes) -> None:
        if self.full:
            self.real(fd, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.real(fd, data)


@pytest.fixture
def disk(monkeypatch) -> Disk:
    full = Disk(journal_writer.write_durably)
    monkeypatch.setattr(journal_writer, "write_durably", full)
    return full


def notes(app) -> str:
    return " | ".join(n.message for n in app._notifications)


async def asked(pilot, key: str = "q") -> str:
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(pilot.app.screen, Confirm)
    return pilot.app.screen.question


async def test_the_leave_question_says_how_many_moves_are_not_saved_until_saving_works_again(app, disk):
    async with app.run_test(size=(100, 30)) as pilot:
        app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=None), open_hands=True, seed=3)
        await pilot.pause()
        session = play_screen(app).session
        turn = session.turn_number()
        disk.full = True
        await pilot.press("d", "d", "d")
        await pilot.pause()
        assert session.turn_number() == turn + 3
        question = await asked(pilot)
        assert "3 moves are not saved" in question and "leaving loses them" in question
        assert SAVED not in question and "n" in question
        await pilot.press("n")  # stay
        await pilot.pause()
        disk.full = False
        question = await asked(pilot)  # asking tries again first
        assert SAVED in question
        assert "Saving works again: every move is saved." in notes(app)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
    assert len(load_journal(session.path).records) == 3


async def test_leaving_anyway_keeps_the_moves_that_were_saved_whole(app, disk):
    async with app.run_test(size=(100, 30)) as pilot:
        app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=None), open_hands=True, seed=3)
        await pilot.pause()
        session = play_screen(app).session
        await pilot.press("d")
        await pilot.pause()
        disk.full = True
        await pilot.press("d")
        await pilot.pause()
        assert "1 move is not saved" in await asked(pilot)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
    disk.full = False
    assert len(load_journal(session.path).records) == 1  # the lost move is the only one lost


async def test_a_turn_whose_changes_wait_for_the_disk_says_so(app, disk):
    async with app.run_test(size=(100, 30)) as pilot:
        app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=None), open_hands=True, seed=3)
        await pilot.pause()
        session = play_screen(app).session
        disk.full = True
        seat = session.current_seat
        session.edit(seat, MoveTile(session.controller.state.racks[seat][0].id, 0))
        question = await asked(pilot)
        assert "this turn's changes are not saved" in question and SAVED not in question
        await pilot.press("n")
        await pilot.pause()


async def test_the_hand_off_screens_leave_question_says_what_is_not_saved(app, disk):
    async with app.run_test(size=(100, 30)) as pilot:
        app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=None), open_hands=False, seed=3)
        await pilot.pause()
        await pilot.press("enter")  # Ann's turn
        await pilot.pause()
        disk.full = True
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, HandOff)
        question = await asked(pilot)
        assert "1 move is not saved" in question and SAVED not in question
        await pilot.press("n")
        await pilot.pause()
        disk.full = False
        assert SAVED in await asked(pilot)


async def test_saving_is_tried_again_on_a_timer_and_said_once_it_works(app, disk, monkeypatch):
    monkeypatch.setattr(turns, "RETRY_SECONDS", 0.1)
    async with app.run_test(size=(100, 30)) as pilot:
        app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=None), open_hands=True, seed=3)
        await pilot.pause()
        session = play_screen(app).session
        disk.full = True
        await pilot.press("d")
        await pilot.pause()
        assert session.unsaved_moves == 1
        disk.full = False  # space is freed while nobody touches a key
        await until(pilot, lambda: session.unsaved_moves == 0)
        await until(pilot, lambda: "Saving works again" in notes(app))


async def test_a_game_not_saved_at_all_says_leaving_ends_it():
    app = TilegamesApp(clock=FakeClock(), save=False)
    async with app.run_test(size=(100, 30)) as pilot:
        app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=None), open_hands=True, seed=3)
        await pilot.pause()
        question = await asked(pilot)
        assert "not saved" in question and SAVED not in question


def finished_first_game(app, pilot):
    """A match's first game, started in the app and played to its end elsewhere."""
    session = play_screen(app).session
    first = session.path
    app.back_to_menu()
    session = LocalSession.resume(first)
    while session.result() is None:
        seat = session.current_seat
        session.act(seat, choose_action(session.controller.state, seat))
    session.close()
    return first


async def summary_of_a_first_game_on_a_full_disk(app, pilot, disk) -> None:
    """A match's first game played to its end, then its summary shown with the disk full
    (so its next game, dealt ahead, cannot be saved yet)."""
    app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=None), open_hands=True, seed=3)
    await pilot.pause()
    first = finished_first_game(app, pilot)
    await pilot.pause()
    disk.full = True
    app.resume(first)
    await pilot.pause()


async def test_a_next_game_that_cannot_be_saved_yet_is_tried_again_at_enter(app, disk):
    async with app.run_test(size=(100, 30)) as pilot:
        await summary_of_a_first_game_on_a_full_disk(app, pilot, disk)
        assert isinstance(app.screen, SummaryScreen)
        assert "The next game cannot be saved yet" in notes(app) and "disk is full" in notes(app)
        disk.full = False
        await pilot.press("enter")
        await pilot.pause()
        second = play_screen(app).session
        assert second.path is not None and read_header(second.path).meta["match"]["game"] == 2


async def test_a_next_game_still_unsaved_at_enter_is_played_and_says_leaving_loses_it(app, disk):
    async with app.run_test(size=(100, 30)) as pilot:
        await summary_of_a_first_game_on_a_full_disk(app, pilot, disk)
        await pilot.press("enter")
        await pilot.pause()
        second = play_screen(app).session
        assert second.path is None and "played without saving" in notes(app)
        question = await asked(pilot)
        assert "not saved" in question and SAVED not in question


async def test_a_game_whose_end_could_not_be_written_says_so_at_its_end(app, disk):
    async with app.run_test(size=(100, 30)) as pilot:
        app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=None), open_hands=True, seed=3)
        await pilot.pause()
        session = play_screen(app).session
        disk.full = True
        moves = 0
        while session.result() is None:  # played to its end, as the computer would
            seat = session.current_seat
            session.act(seat, choose_action(session.controller.state, seat))
            moves += 1
        await until(pilot, lambda: isinstance(app.screen, SummaryScreen))
        assert f"its last {moves} moves could not be written" in notes(app)
        await until(pilot, lambda: "The next game cannot be saved yet" in notes(app))  # dealt after the summary


async def two_draws_on_a_full_disk(app, pilot, disk) -> None:
    """A Rummikub game on screen whose first two moves (two draws) the full disk did not take."""
    app.start("rummikub", ("Ann", "Bora"), config(turn_seconds=None), open_hands=True, seed=3)
    await pilot.pause()
    disk.full = True
    await pilot.press("d", "d")
    await pilot.pause()


async def test_quitting_with_moves_not_saved_asks_first_and_quits_at_once_once_they_are(app, disk):
    async with app.run_test(size=(100, 30)) as pilot:
        await two_draws_on_a_full_disk(app, pilot, disk)
        question = await asked(pilot, "ctrl+q")
        assert "2 moves are not saved" in question
        await pilot.press("n")  # stay: the app goes on
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, Confirm)
        assert "could not be saved" not in notes(app)
        disk.full = False
        await pilot.press("ctrl+q")  # saved now: no question
        await pilot.pause()
        assert not app.is_running


async def test_a_crash_with_moves_not_saved_says_how_many(app, disk):
    async with app.run_test(size=(100, 30)) as pilot:
        await two_draws_on_a_full_disk(app, pilot, disk)
        assert "The last 2 moves of your game could not be saved" in crash_sentence(app.playing)
        disk.full = False
        app.playing.retry_saving()
        assert "Your game is saved up to its last move" in crash_sentence(app.playing)
