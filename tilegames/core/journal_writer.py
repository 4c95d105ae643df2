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

A failed write is cut back to the last whole line and raises SaveFailed (at once) or is
returned by `flush` (deferred); with `on_failure` set (a session that lets the game go on in
memory), a failure is reported to it once instead, and saving stops: a later record written
after a lost one would make the journal lie. A writer holds the journal's OS lock (`filelock`)
from create/reopen to close, so two sessions never write one journal.

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
from tilegames.core.filelock import JournalLock
from tilegames.core.i18n import _
from tilegames.core.inputs import shown
from tilegames.core.protocol import Action
from tilegames.core.turn_steps import TurnStep

if TYPE_CHECKING:
    from tilegames.core.journal import JournalHeader, LoadedJournal

# The turn steps one turn may leave in a journal before they are folded into one line.
TURN_BUDGET = 64 * 1024

_Kind = Literal["action", "step", "turn"]  # "turn": the line replaces the turn's steps so far


def encode_line(obj: dict[str, Any]) -> bytes:
    return (json.dumps(obj, separators=(",", ":"), sort_keys=True) + "\n").encode("utf-8")


def write_durably(fd: int, data: bytes) -> None:
    """Write all of `data` and wait until it is on the disk (the one place bytes are saved)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)


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
        self.on_failure: Callable[[SaveFailed], None] | None = None
        self.stopped: SaveFailed | None = None
        self.deferred = deferred
        # Where the last action's line ends, and the file's length, once every line handed over
        # is written; and where the last action written so far ends (the flushing thread's).
        self._actions_end = actions_end
        self._size = size
        self._disk_actions_end = actions_end
        self._folded = 0  # the length of the turn's line standing for its earlier steps
        self._pending: list[tuple[_Kind, bytes]] = []
        self._guard = threading.Lock()  # `_pending` and the counters, between the two threads
        self._io = threading.Lock()  # one flush (or close) writes at a time
        self.appended = 0  # lines handed over so far
        self.durable = 0  # of which on the disk

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
        from tilegames.core.journal import load_journal

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
    def pending(self) -> bool:
        """Lines handed over and not yet on the disk (deferred only)."""
        return self.durable < self.appended and self.stopped is None

    def append(self, seat: int, action: Action, by: Literal["player", "clock"] = "player") -> None:
        if self.stopped is not None:
            return
        record: dict[str, Any] = {"seq": self._next_seq, "seat": seat, "action": action.to_json()}
        if by != "player":
            record["by"] = by
        if self._hand_over("action", encode_line(record)):
            self._next_seq += 1

    def append_step(self, step: TurnStep) -> None:
        """A step of the turn in progress (an edit, an undo, the clock); see `turn_steps`.
        A failure stops saving like a failed action would."""
        if self.stopped is not None:
            return
        self._hand_over("step", encode_line(step.to_json()))

    def rewrite_turn(self, step: TurnStep) -> None:
        """Replace every step of the turn in progress with `step`, which stands for them all."""
        if self.stopped is not None:
            return
        self._hand_over("turn", encode_line(step.to_json()))

    def flush(self) -> SaveFailed | None:
        """Write every line waiting, with one fsync (deferred; safe on any thread, one flush at a
        time). Returns the failure, if it failed: the caller reports it on its own thread
        (`fail`), and nothing more is written."""
        with self._io:
            with self._guard:
                lines, self._pending = self._pending, []
                upto = self.appended
            if not lines or self.stopped is not None:
                return None
            try:
                self._write(lines)
            except SaveFailed as exc:
                with self._guard:
                    self._pending.clear()
                return exc
            with self._guard:
                self.durable = max(self.durable, upto)
            return None

    def fail(self, exc: SaveFailed) -> None:
        """Saving failed (a flush's failure, reported on the caller's thread): stop, and tell
        `on_failure`, or raise when there is none."""
        if self.stopped is not None:
            return
        self.stopped = exc
        if self.on_failure is None:
            raise exc
        self.on_failure(exc)

    def close(self) -> None:
        """What is waiting is written, then no more appends (they are ignored from now on); the
        lock is let go."""
        if self.deferred and self.stopped is None:
            failed = self.flush()
            if failed is not None and self.on_failure is not None:
                self.stopped = failed
                self.on_failure(failed)
        if self.stopped is None:
            self.stopped = SaveFailed(_("The game was closed."))
        if self.lock is not None:
            self.lock.release()

    def _hand_over(self, kind: _Kind, line: bytes) -> bool:
        """`line` to the disk now, or to the lines waiting for the next flush. False when the
        write failed and `on_failure` was told (saving stops); without `on_failure` the
        failure is raised and nothing is counted, so the same record may be tried again."""
        if self.deferred:
            with self._guard:
                self._count(kind, line)
                self._pending.append((kind, line))
            return True
        try:
            self._write([(kind, line)])
        except SaveFailed as exc:
            if self.on_failure is None:
                raise
            self.stopped = exc
            self.on_failure(exc)
            return False
        self._count(kind, line)
        self.durable = self.appended
        return True

    def _count(self, kind: _Kind, line: bytes) -> None:
        if kind == "turn":
            self._size = self._actions_end
        self._size += len(line)
        if kind == "action":
            self._actions_end = self._size
        self._folded = len(line) if kind == "turn" else 0 if kind == "action" else self._folded
        self.appended += 1

    def _write(self, lines: list[tuple[_Kind, bytes]]) -> None:
        """Write `lines` in order (a "turn" line first cuts the file back to the end of the
        last action), then fsync; on failure, cut back to the last whole line and raise
        SaveFailed. Runs on one thread at a time (`_io`, or the only thread when not deferred)."""
        if self.lock is not None and not self.lock.held:
            raise SaveFailed(_("{name} was opened again for play, and the newer game saves it.").format(name=shown(self.path.name)))
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            raise SaveFailed(_("Cannot write {name}: {reason}.").format(name=shown(self.path.name), reason=why_not_saved(exc))) from None
        try:
            whole = os.fstat(fd).st_size  # the last whole line ends here
            for cut, segment in _segments(lines):
                if cut:
                    os.ftruncate(fd, self._disk_actions_end)
                    whole = self._disk_actions_end
                write_durably(fd, b"".join(line for _kind, line in segment))
                for kind, line in segment:
                    whole += len(line)
                    if kind == "action":
                        self._disk_actions_end = whole
        except OSError as exc:
            try:
                os.ftruncate(fd, whole)
                os.fsync(fd)
            except OSError:
                pass  # a torn last line is what reopen repairs
            raise SaveFailed(_("Cannot write {name}: {reason}.").format(name=shown(self.path.name), reason=why_not_saved(exc))) from None
        finally:
            os.close(fd)


def _segments(lines: list[tuple[_Kind, bytes]]) -> list[tuple[bool, list[tuple[_Kind, bytes]]]]:
    """`lines` in runs written with one fsync each, a new run at each "turn" line, which cuts
    the file back first (True). Mostly one run: a turn is folded once per TURN_BUDGET bytes."""
    runs: list[tuple[bool, list[tuple[_Kind, bytes]]]] = []
    for kind, line in lines:
        if kind == "turn" or not runs:
            runs.append((kind == "turn", []))
        runs[-1][1].append((kind, line))
    return runs
