"""Writing a journal (its format and reading are in `journal.py`): one line per action or turn
step, on the disk before anyone is told.

Two ways to be durable:

* **At once** (hot-seat play): each line is written and fsynced before `append` returns, so
  what a player sees is always on disk.
* **In groups** (`deferred`, the game server): lines wait in memory and `flush()`, which the
  server runs on a thread of its own, never on its event loop, writes everything waiting with
  one fsync. The server tells nobody of a change before the flush holding its lines has
  returned, so a move is still acknowledged only once it is durable; but many edits arriving
  together cost one fsync, and a slow disk holds up only the table whose journal it is.

A failed write is cut back to the last whole line. Without `on_failure` (nobody to tell) it
raises SaveFailed (at once; the record is not counted, so it may be tried again) or is
returned by `flush` (deferred). With `on_failure` set (a session that lets the game go on in
memory), saving does not stop at a full disk: the lines that could not be written are kept in
memory, in order (the file ends at its last whole line, so they are exactly its missing tail),
and every later write (the next line, `retry`, a flush, closing) writes them first, then the
new ones. `on_failure` is told when saving starts failing, `on_resumed` when every kept line
is on the disk again, each once. A turn's steps that a later action or fold stands for are
dropped from what is kept (a reader never reads them), so a long outage keeps little more than
its moves. Saving stops for good only when it must: the lock was taken by a newer opener,
whose journal it is now, or more than KEEP_LIMIT bytes wait; then a line written after a lost
one would make the journal lie, so nothing more is written, and `on_failure` is told again.
A writer holds the journal's OS lock (`filelock`) from create/reopen to close, so two sessions
never write one journal.

A turn in progress stays small on disk: its steps (every edit, undo, the clock each second)
pile up between two actions, so once they pass `TURN_BUDGET` bytes the controller replaces
them all with one line that stands for the whole turn (`rewrite_turn`). The file is cut back
to the end of the last action and that line written; a crash between the two loses the draft
of the turn in progress, never a committed move.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Literal

from tilegames.core.errors import SaveFailed, why_not_saved
from tilegames.core.records.filelock import JournalLock
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.kernel.protocol import Action
from tilegames.core.kernel.turn_steps import TurnStep

if TYPE_CHECKING:
    from tilegames.core.records.journal import JournalHeader, LoadedJournal

# The turn steps one turn may leave in a journal before they are folded into one line.
TURN_BUDGET = 64 * 1024
# The most a writer keeps in memory while the disk takes nothing (past it, saving stops for good).
KEEP_LIMIT = 8 * 1024 * 1024

_Kind = Literal["action", "step", "turn"]  # "turn": the line replaces the turn's steps so far
_Line = tuple[_Kind, bytes]
_Saving = Literal["ok", "failing", "stopped"]


def encode_line(obj: dict[str, Any]) -> bytes:
    return (json.dumps(obj, separators=(",", ":"), sort_keys=True) + "\n").encode("utf-8")


def write_durably(fd: int, data: bytes) -> None:
    """Write all of `data` and wait until it is on the disk (the one place bytes are saved)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)


class LockTaken(SaveFailed):
    """The journal was opened again for play: the newer writer saves it, this one never writes."""


def fsync_folder(folder: Path) -> None:
    """Make a new or renamed file's entry in `folder` durable (where the system allows: a
    folder that cannot be opened or synced is left as it is)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class JournalWriter:
    """Appends records to a journal file (see the module docstring)."""

    def __init__(self, path: Path, next_seq: int, lock: JournalLock | None = None, *, actions_end: int = 0,
                 size: int = 0, deferred: bool = False) -> None:
        self.path = Path(path)
        self._next_seq = next_seq
        self.lock = lock  # held from create/reopen until close (None: a caller-managed file)
        # Told when saving starts failing (lines are kept) or stops for good; and when every
        # kept line is on the disk again. On the owner's thread, once per change.
        self.on_failure: Callable[[SaveFailed], None] | None = None
        self.on_resumed: Callable[[], None] | None = None
        self.deferred = deferred
        # Where the last action's line ends, and the file's length, once every line handed over
        # is written; and the same on the disk as it is (the writing thread's).
        self._actions_end = actions_end
        self._size = size
        self._disk_actions_end = actions_end
        self._disk_size = size
        self._folded = 0  # the length of the turn's line standing for its earlier steps
        self._waiting: list[_Line] = []  # handed over, not on the disk yet, in order
        self._writing: list[_Line] = []  # taken from `_waiting` by the write under way
        self._failure: SaveFailed | None = None  # why the last write failed (None: it worked)
        self._given_up: SaveFailed | None = None  # why saving stopped for good
        self._closed: SaveFailed | None = None
        self._told: _Saving = "ok"  # what the listeners were last told
        self._guard = threading.Lock()  # the lines waiting and the counters, between the two threads
        self._io = threading.Lock()  # one write (a flush, a retry, close) at a time
        self.appended = 0  # lines handed over so far
        self.durable = 0  # of which on the disk (or stood for by a later line that is)
        self._actions_handed = 0  # actions handed over, and of them on the disk
        self._actions_written = 0

    @classmethod
    def create(cls, path: Path | str, header: "JournalHeader", *, deferred: bool = False) -> "JournalWriter":
        """Start a new journal, readable by its owner only from its first byte (it holds the
        seed, so the bag's order); refuses to overwrite an existing file (FileExistsError)."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            if path.parent.is_dir():
                raise
            raise SaveFailed(_("Cannot save in {parent}: it is not a folder.").format(parent=shown(path.parent))) from None
        except OSError as exc:
            raise SaveFailed(_("Cannot save {path}: {reason}.").format(path=shown(path), reason=why_not_saved(exc))) from None
        line = encode_line(header.to_json())
        try:
            write_durably(fd, line)
        except OSError as exc:
            os.close(fd)
            path.unlink(missing_ok=True)
            raise SaveFailed(_("Cannot save {path}: {reason}.").format(path=shown(path), reason=why_not_saved(exc))) from None
        os.close(fd)
        fsync_folder(path.parent)
        return cls(path, 0, JournalLock.acquire(path), actions_end=len(line), size=len(line), deferred=deferred)

    @classmethod
    def reopen(cls, path: Path | str, *, deferred: bool = False) -> tuple["JournalWriter", "LoadedJournal"]:
        """Open an existing journal to continue it, cutting off a torn last line first.

        The lock comes first: a journal another session is writing is neither read half-way
        nor cut (GameInUse says who has it)."""
        from tilegames.core.records.journal import load_journal

        path = Path(path)
        lock = JournalLock.acquire(path)
        try:
            loaded = load_journal(path)
            assert lock.fd is not None
            if os.fstat(lock.fd).st_size != loaded.good_length:
                os.ftruncate(lock.fd, loaded.good_length)
                os.fsync(lock.fd)
        except OSError as exc:
            lock.release()
            raise SaveFailed(_("Cannot repair {path}: {reason}.").format(path=shown(path), reason=why_not_saved(exc))) from None
        except BaseException:
            lock.release()
            raise
        writer = cls(path, len(loaded.records), lock, actions_end=loaded.actions_length, size=loaded.good_length,
                     deferred=deferred)
        return writer, loaded

    @property
    def next_seq(self) -> int:
        return self._next_seq

    @property
    def turn_bytes(self) -> int:
        """How much the turn in progress has written (or handed over) since the last action."""
        return self._size - self._actions_end

    @property
    def unfolded_bytes(self) -> int:
        """How much of that came after the line standing for the turn's earlier steps, if any
        (so a turn is folded again once per TURN_BUDGET of new steps, never at every step)."""
        return self.turn_bytes - self._folded

    @property
    def stopped(self) -> SaveFailed | None:
        """Why nothing more is written: saving stopped for good, or the writer was closed."""
        return self._given_up or self._closed

    @property
    def failure(self) -> SaveFailed | None:
        """Why saving does not work now: the last write's failure (lines wait), or why it
        stopped for good; None while it works."""
        return self._given_up or self._failure

    @property
    def pending(self) -> bool:
        """Lines handed over and not yet on the disk, that a write may still put there."""
        return self.durable < self.appended and self.stopped is None

    @property
    def unsaved_actions(self) -> int:
        """Actions handed over that are not on the disk: waiting, or lost when saving stopped."""
        with self._guard:
            return self._actions_handed - self._actions_written

    @property
    def turn_saved(self) -> bool:
        """Whether the turn in progress is on the disk as it stands (its last step written)."""
        with self._guard:
            return self._given_up is None and all(kind == "action" for kind, _line in self._waiting + self._writing)

    @property
    def kept_bytes(self) -> int:
        """What waits in memory for the disk."""
        with self._guard:
            return sum(len(line) for _kind, line in self._waiting + self._writing)

    def append(self, seat: int, action: Action, by: Literal["player", "clock"] = "player") -> None:
        if self.stopped is not None:
            with self._guard:
                self._actions_handed += 1  # a move that is not saved, and will not be
            return
        record: dict[str, Any] = {"seq": self._next_seq, "seat": seat, "action": action.to_json()}
        if by != "player":
            record["by"] = by
        self._hand_over("action", encode_line(record))
        self._next_seq += 1

    def append_step(self, step: TurnStep) -> None:
        """A step of the turn in progress (an edit, an undo, the clock); see `turn_steps`."""
        if self.stopped is None:
            self._hand_over("step", encode_line(step.to_json()))

    def rewrite_turn(self, step: TurnStep) -> None:
        """Replace every step of the turn in progress with `step`, which stands for them all."""
        if self.stopped is None:
            self._hand_over("turn", encode_line(step.to_json()))

    def flush(self) -> SaveFailed | None:
        """Write every line waiting, with one fsync (deferred; safe on any thread, one write at
        a time). Returns the failure, if it failed: the caller reports it on its own thread
        (`fail`); the lines stay, and the next flush writes them first."""
        return self._write_waiting()

    def fail(self, exc: SaveFailed) -> None:
        """A flush failed (reported on the owner's thread): tell `on_failure` (once while saving
        keeps failing), or raise when there is none. A flush that worked since says nothing."""
        if self.on_failure is None:
            if self.failure is not None:
                raise exc
            return
        self._report()

    def retry(self) -> None:
        """Write what waits now, and tell what changed (the owner's thread: the app's timer, or
        leaving; a deferred writer's owner only where it may wait for the disk)."""
        if self.stopped is None:
            self._write_waiting()
        self._report()

    def close(self) -> None:
        """What waits is tried once more and what changed told, then no more appends (they are
        ignored from now on); the lock is let go."""
        if self.stopped is None:
            self._write_waiting()
            self._report()
        if self._closed is None:
            self._closed = SaveFailed(_("The game was closed."))
        if self.lock is not None:
            self.lock.release()

    # --- internals ------------------------------------------------------------------------
    def _hand_over(self, kind: _Kind, line: bytes) -> None:
        """`line` to the lines waiting, and at once to the disk unless deferred. With nobody to
        tell (no `on_failure`), a failure at once is raised and nothing counted."""
        if not self.deferred and self.on_failure is None and not self._waiting:
            with self._io:
                failure = self._write([(kind, line)])[1]
            if failure is not None:
                raise failure
            with self._guard:
                self._count(kind, line)
                self._actions_written += kind == "action"
                self.durable = self.appended
            return
        with self._guard:
            self._count(kind, line)
            self._waiting = _kept(self._waiting, [(kind, line)])
        if not self.deferred:
            self._write_waiting()
        self._report()  # a deferred flush that worked is told here, on the owner's thread

    def _count(self, kind: _Kind, line: bytes) -> None:
        if kind == "turn":
            self._size = self._actions_end
        self._size += len(line)
        if kind == "action":
            self._actions_end = self._size
            self._actions_handed += 1
        self._folded = len(line) if kind == "turn" else 0 if kind == "action" else self._folded
        self.appended += 1

    def _write_waiting(self) -> SaveFailed | None:
        """Write every line waiting, in order; what could not be written waits again, before
        any handed over meanwhile. Past KEEP_LIMIT, or once the lock is taken, saving stops."""
        with self._io:
            with self._guard:
                if self.stopped is not None or not self._waiting:
                    return None
                lines, self._waiting, self._writing = self._waiting, [], self._waiting
                upto = self.appended
            written, failure = self._write(lines)
            with self._guard:
                self._writing = []
                self._actions_written += sum(kind == "action" for kind, _line in lines[:written])
                self._failure = failure
                if failure is None:
                    self.durable = max(self.durable, upto)
                    return None
                self._waiting = _kept(lines[written:], self._waiting)
                if isinstance(failure, LockTaken):
                    self._give_up(failure)
                elif sum(len(line) for _kind, line in self._waiting) > KEEP_LIMIT:
                    self._give_up(SaveFailed(_("{reason} Too much waited for space on the disk to keep it in "
                                               "memory.").format(reason=failure)))
            return failure

    def _give_up(self, why: SaveFailed) -> None:
        """Saving stops for good (under `_guard`): what waits is let go, nothing more written."""
        self._given_up = why
        self._waiting = []

    def _report(self) -> None:
        """Tell the listeners what changed since they were last told (the owner's thread)."""
        with self._guard:
            now: _Saving = "stopped" if self._given_up else "failing" if self._failure else "ok"
            told, self._told = self._told, now
            why = self._given_up or self._failure
        if now == told:
            return
        if why is not None:
            if self.on_failure is not None:
                self.on_failure(why)
        elif self.on_resumed is not None:
            self.on_resumed()

    def _write(self, lines: list[_Line]) -> tuple[int, SaveFailed | None]:
        """Write `lines` in order (a "turn" line first cuts the file back to the end of the
        last action), an fsync per run; on failure, cut back to the last whole line. Returns how
        many lines are on the disk, and the failure. Runs on one thread at a time (`_io`)."""
        if self.lock is not None and not self.lock.held:
            return 0, LockTaken(_("{name} was opened again for play, and the newer game saves it.").format(
                name=shown(self.path.name)))
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            return 0, SaveFailed(_("Cannot write {name}: {reason}.").format(name=shown(self.path.name),
                                                                          reason=why_not_saved(exc)))
        written = 0
        try:
            if os.fstat(fd).st_size > self._disk_size:
                os.ftruncate(fd, self._disk_size)  # a torn line an earlier failure could not cut
            for cut, segment in _segments(lines):
                if cut:
                    os.ftruncate(fd, self._disk_actions_end)
                    self._disk_size = self._disk_actions_end
                write_durably(fd, b"".join(line for _kind, line in segment))
                for kind, line in segment:
                    self._disk_size += len(line)
                    if kind == "action":
                        self._disk_actions_end = self._disk_size
                written += len(segment)
        except OSError as exc:
            try:
                os.ftruncate(fd, self._disk_size)
                os.fsync(fd)
            except OSError:
                pass  # the next write cuts it first (and reopen repairs a torn last line)
            return written, SaveFailed(_("Cannot write {name}: {reason}.").format(name=shown(self.path.name),
                                                                                reason=why_not_saved(exc)))
        finally:
            os.close(fd)
        return written, None


def _kept(waiting: list[_Line], more: list[_Line]) -> list[_Line]:
    """`waiting` followed by `more`, less the turn steps a later action or fold stands for: a
    reader skips every step before an action, and a fold cuts the steps before it."""
    kept = list(waiting)
    for kind, line in more:
        if kind != "step":
            kept = [(k, saved) for k, saved in kept if k == "action"]
        kept.append((kind, line))
    return kept


def _segments(lines: list[tuple[_Kind, bytes]]) -> list[tuple[bool, list[tuple[_Kind, bytes]]]]:
    """`lines` in runs written with one fsync each, a new run at each "turn" line, which cuts
    the file back first (True). Mostly one run: a turn is folded once per TURN_BUDGET bytes."""
    runs: list[tuple[bool, list[tuple[_Kind, bytes]]]] = []
    for kind, line in lines:
        if kind == "turn" or not runs:
            runs.append((kind == "turn", []))
        runs[-1][1].append((kind, line))
    return runs
