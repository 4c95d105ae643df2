"""A full disk mid-game (issue 23, item 5): saving does not stop for good. The lines that could
not be written are kept in memory, in order, and written before the next line once space
returns (at the next move or change, at `retry`, when the game is left), so no move is lost;
meanwhile the file holds only whole lines, and the session says how many moves are not saved.
A turn folded while the disk is full still cuts its earlier steps; what is kept is bounded
(past the limit saving stops for good, and says so); a writer whose lock was taken never
writes; the server's deferred writer keeps its lines across a failed flush too."""

from __future__ import annotations

import errno
import os
import random
import tempfile

import pytest

from tilegames.core.kernel import controller

from tilegames.core.records import journal_writer
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.records.journal import load_journal, replay
from tilegames.core.records.journal_writer import JournalWriter
from tilegames.core.kernel.session import LocalSession
from tilegames.core.parts.table_rows import MoveTile
from tilegames.games.rummikub.actions import Draw
from tilegames.games.rummikub.bot import choose_action
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.game import GAME

SEATS = ("Ann", "Bora")
UNTIMED = RummikubConfig(allow_doubles_redeal=False, turn_seconds=None)
RESUMED = "Saving works again: every move is saved."


class Disk:
    """`write_durably` on a disk that fills up: while full, a write puts some of its bytes
    down (half, unless told otherwise), then fails as a full disk does."""

    def __init__(self, real) -> None:
        self.real = real
        self.full = False
        self.part = 0.5
        self.refused = 0

    def __call__(self, fd: int, data: bytes) -> None:
        if not self.full:
            self.real(fd, data)
            return
        self.refused += 1
        self.real(fd, data[: int(len(data) * self.part)])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture
def disk(monkeypatch) -> Disk:
    full = Disk(journal_writer.write_durably)
    monkeypatch.setattr(journal_writer, "write_durably", full)
    return full


def started(path, config=UNTIMED, clock=None, seed=3) -> tuple[LocalSession, list[str]]:
    session = LocalSession.start(GAME, config, SEATS, seed, path=path, clock=clock or FakeClock())
    told: list[str] = []
    session.on_save_failed = told.append
    return session, told


def bot_moves(session: LocalSession, count: int) -> None:
    for _ in range(count):
        seat = session.current_seat
        session.act(seat, choose_action(session.controller.state, seat))


def saved_moves(path) -> int:
    loaded = load_journal(path)
    assert loaded.warnings == []  # whole lines only, whatever failed
    return len(loaded.records)


def resumed_state(path):
    again = LocalSession.resume(path)
    try:
        return again.controller.state, again.controller.draft
    finally:
        again.close()


def test_moves_made_while_the_disk_is_full_are_written_at_the_next_move_once_space_returns(tmp_path, disk):
    path = tmp_path / "g.jsonl"
    session, told = started(path)
    bot_moves(session, 18)
    disk.full = True
    bot_moves(session, 10)
    assert session.unsaved_moves == 10 and not session.saved
    assert saved_moves(path) == 18  # the file is whole, up to the last move it could hold
    disk.full = False
    bot_moves(session, 1)  # the kept lines first, in order, then this move's
    assert session.unsaved_moves == 0 and session.saved
    assert saved_moves(path) == 29
    assert replay(load_journal(path)) == session.controller.state
    assert len(told) == 2 and told[0].startswith("Saving stopped") and told[1] == RESUMED
    session.close()
    assert resumed_state(path)[0] == session.controller.state


def test_the_first_notice_says_how_many_moves_wait_and_that_saving_is_tried_again(tmp_path, disk):
    session, told = started(tmp_path / "g.jsonl")
    bot_moves(session, 2)
    disk.full = True
    bot_moves(session, 5)
    assert len(told) == 1  # told once, not at every move
    assert "disk is full" in told[0] and "1 move is not saved yet" in told[0]
    assert "tries again" in told[0] and "Free some space" in told[0]
    assert session.saving_stopped == told[0]
    assert disk.refused == 5  # each move tried to write the kept ones again
    session.close()


def test_retry_writes_the_kept_moves_without_a_move_and_says_so_once(tmp_path, disk):
    path = tmp_path / "g.jsonl"
    session, told = started(path)
    disk.full = True
    bot_moves(session, 3)
    session.retry_saving()  # still full: nothing more said
    assert len(told) == 1 and session.unsaved_moves == 3
    disk.full = False
    session.retry_saving()
    session.retry_saving()
    assert told[1:] == [RESUMED] and session.saving_stopped is None
    assert saved_moves(path) == 3
    session.close()


def test_leaving_once_space_returned_writes_every_kept_move(tmp_path, disk):
    path = tmp_path / "g.jsonl"
    session, _told = started(path)
    bot_moves(session, 4)
    disk.full = True
    bot_moves(session, 6)
    disk.full = False
    session.close()
    assert resumed_state(path)[0] == session.controller.state


def test_leaving_while_the_disk_is_still_full_leaves_the_saved_moves_whole(tmp_path, disk):
    path = tmp_path / "g.jsonl"
    session, _told = started(path)
    bot_moves(session, 4)
    disk.full = True
    bot_moves(session, 6)
    assert session.unsaved_moves == 6
    session.close()
    disk.full = False
    assert saved_moves(path) == 4
    LocalSession.resume(path).close()


def test_a_turn_in_progress_is_said_unsaved_while_its_steps_wait(tmp_path, disk):
    path = tmp_path / "g.jsonl"
    session, told = started(path)
    disk.full = True
    seat = session.current_seat
    session.edit(seat, MoveTile(session.controller.state.racks[seat][0].id, 0))
    assert session.unsaved_moves == 0 and not session.turn_saved and not session.saved
    assert "not saved yet" in told[0]
    disk.full = False
    session.retry_saving()
    assert session.turn_saved and session.saved
    draft = session.controller.draft
    session.controller.journal.lock.release()  # kill -9
    assert resumed_state(path)[1] == draft


def test_a_turn_folded_while_the_disk_is_full_cuts_the_steps_saved_before_it(tmp_path, disk, monkeypatch):
    monkeypatch.setattr("tilegames.core.kernel.controller.TURN_BUDGET", 4 * 1024)
    path = tmp_path / "g.jsonl"
    session, _told = started(path)
    bot_moves(session, 2)
    seat = session.current_seat
    tiles = [t.id for t in session.controller.state.racks[seat][:2]]
    for n in range(20):  # some steps of this turn reach the disk
        session.edit(seat, MoveTile(tiles[n % 2], 0 if n % 4 < 2 else None))
    disk.full = True
    for n in range(200):  # folded several times while nothing can be written
        session.edit(seat, MoveTile(tiles[n % 2], 0 if n % 4 < 2 else None))
        if n % 9 == 0:
            session.undo(seat)
    draft, history = session.controller.draft, list(session.controller._history)
    disk.full = False
    session.retry_saving()
    loaded = load_journal(path)
    assert loaded.turn_steps[0].step == "draft"  # the fold stands for the steps before it
    assert path.stat().st_size < 40 * 1024
    session.controller.journal.lock.release()
    again = LocalSession.resume(path)
    assert again.controller.draft == draft and again.controller._history == history
    again.close()


def test_kept_steps_of_a_finished_turn_give_way_to_its_move(tmp_path, disk):
    """Steps before a move are never read again: the move alone stays in memory."""
    path = tmp_path / "g.jsonl"
    session, _told = started(path)
    disk.full = True
    for _ in range(3):
        seat = session.current_seat
        tile = session.controller.state.racks[seat][0].id
        for _n in range(50):
            session.edit(seat, MoveTile(tile, 0))
            session.undo(seat)
        session.act(seat, Draw())
    kept = session.controller.journal.kept_bytes
    assert kept < 3 * 1000  # three moves, not three hundred steps
    disk.full = False
    session.close()
    assert resumed_state(path)[0] == session.controller.state


def test_past_the_limit_of_what_is_kept_saving_stops_for_good_and_says_so(tmp_path, disk, monkeypatch):
    monkeypatch.setattr(journal_writer, "KEEP_LIMIT", 600)
    path = tmp_path / "g.jsonl"
    session, told = started(path)
    bot_moves(session, 3)
    disk.full = True
    bot_moves(session, 20)
    assert len(told) == 2 and "for good" in told[1] and "not saved" in told[1]
    assert session.unsaved_moves == 20 and session.controller.journal.kept_bytes == 0
    disk.full = False
    bot_moves(session, 2)  # nothing more is written: a move after a lost one would lie
    assert saved_moves(path) == 3 and session.unsaved_moves == 22 and not session.saved
    session.close()


def test_a_writer_whose_lock_was_taken_never_writes_what_it_kept(tmp_path, disk):
    path = tmp_path / "g.jsonl"
    old, told = started(path)
    disk.full = True
    bot_moves(old, 2)  # kept, waiting for space
    new, _loaded = JournalWriter.reopen(path)  # the same game opened again for play
    disk.full = False
    bot_moves(old, 1)
    old.retry_saving()
    assert saved_moves(path) == 0 and old.unsaved_moves == 3
    assert "opened again" in told[-1]
    new.close()
    old.close()


def test_a_deferred_flush_that_fails_keeps_its_lines_for_the_next_flush(tmp_path, disk):
    path = tmp_path / "g.jsonl"
    session = LocalSession.start(GAME, UNTIMED, SEATS, 3, path=path, clock=FakeClock(), deferred=True)
    told: list[str] = []
    session.on_save_failed = told.append
    journal = session.controller.journal
    bot_moves(session, 2)
    assert journal.flush() is None
    disk.full = True
    bot_moves(session, 3)
    failed = journal.flush()
    assert failed is not None and "disk is full" in str(failed)
    journal.fail(failed)  # the server reports it on its own thread
    assert journal.pending and journal.durable < journal.appended and session.unsaved_moves == 3
    bot_moves(session, 1)
    assert journal.flush() is not None  # still full
    disk.full = False
    assert journal.flush() is None
    assert journal.durable == journal.appended and not journal.pending
    assert saved_moves(path) == 6
    bot_moves(session, 1)  # the next line on the owner's thread brings the news
    assert told[0].startswith("Saving stopped") and told[1:] == [RESUMED]
    session.close()
    assert resumed_state(path)[0] == session.controller.state


def test_a_fragment_the_failed_write_could_not_cut_is_cut_before_the_next_write(tmp_path, disk, monkeypatch):
    path = tmp_path / "g.jsonl"
    session, _told = started(path)
    bot_moves(session, 2)
    real = os.ftruncate

    def cannot_cut(fd: int, length: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    disk.full = True
    monkeypatch.setattr(os, "ftruncate", cannot_cut)
    bot_moves(session, 1)  # half a line stays on the disk
    monkeypatch.setattr(os, "ftruncate", real)
    disk.full = False
    bot_moves(session, 1)
    assert saved_moves(path) == 4
    session.close()


def test_the_clock_of_a_timed_turn_tries_again_every_second(tmp_path, disk):
    clock = FakeClock()
    session, told = started(tmp_path / "g.jsonl", RummikubConfig(allow_doubles_redeal=False), clock)
    disk.full = True
    bot_moves(session, 1)
    disk.full = False
    clock.advance(1.5)
    session.tick()  # the clock's checkpoint writes the kept move first
    assert session.saved and told[-1] == RESUMED
    session.close()


def fuzz_disk_full(seed: int, count: int) -> tuple[int, int]:
    """`count` games of random edits, undos and moves under a disk that fills and empties at
    random (cutting writes at random places, with a small fold budget): after space returns and
    a retry, the journal must hold every move and the turn in progress. Returns (games tried,
    games that crashed or lost something)."""
    real_write, real_budget, real_fsync = journal_writer.write_durably, controller.TURN_BUDGET, os.fsync
    full = Disk(written_unsynced)  # what is tested is which lines reach the file: fsync only costs time
    journal_writer.write_durably, controller.TURN_BUDGET, os.fsync = full, 1024, lambda fd: None
    bad = 0
    try:
        for n in range(count):
            rng = random.Random(f"{seed}/{n}")
            with tempfile.TemporaryDirectory() as folder:
                try:
                    _one_fuzz_game(rng, full, os.path.join(folder, "g.jsonl"))
                except Exception:  # noqa: BLE001 - counted: the caller reports the seed
                    bad += 1
    finally:
        journal_writer.write_durably, controller.TURN_BUDGET, os.fsync = real_write, real_budget, real_fsync
    return count, bad


def written_unsynced(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _one_fuzz_game(rng: random.Random, full: Disk, path: str) -> None:
    full.full = False
    session = LocalSession.start(GAME, UNTIMED, SEATS, rng.randrange(1, 10**6), path=path, clock=FakeClock())
    session.on_save_failed = lambda sentence: None
    moves = 0
    for _ in range(rng.randint(5, 60)):
        if rng.random() < 0.15:
            full.full = not full.full
            full.part = rng.random()
        seat = session.current_seat
        if seat is None:
            break
        roll = rng.random()
        rack = session.controller.state.racks[seat]
        if roll < 0.5 and rack:  # a burst of edits, so that turns are folded now and then
            for _edit in range(rng.randint(1, 12)):
                session.edit(seat, MoveTile(rng.choice(rack).id, rng.choice([0, None])))
        elif roll < 0.65:
            session.undo(seat)
        elif roll < 0.7:
            session.redo(seat)
        else:  # mostly a draw (quick to choose), now and then the computer's move
            bot = roll > 0.95 or len(session.controller.state.bag) == 0
            session.act(seat, choose_action(session.controller.state, seat) if bot else Draw())
            moves += 1
        if rng.random() < 0.2:
            assert saved_moves(path) == moves - session.unsaved_moves
    full.full = False
    session.retry_saving()
    assert session.saved and saved_moves(path) == moves
    state, draft = session.controller.state, session.controller.draft
    session.controller.journal.lock.release()  # kill -9
    assert resumed_state(path) == (state, draft)


def test_no_move_or_change_is_lost_whatever_the_disk_does():
    tried, bad = fuzz_disk_full(23, 150)  # tests/fuzz_long.py runs thousands
    assert (tried, bad) == (150, 0)
