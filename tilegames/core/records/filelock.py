"""One session at a time per journal (DESIGN.md §6): an OS lock on the journal file.

Two copies of the app appending to one journal would interleave records and ruin the save for
good, so a writer holds `flock(LOCK_EX)` on the journal itself for as long as its session
lasts. The OS drops the lock when the process ends, even on `kill -9`, so a crash never leaves
a game locked. Beside the journal, `<journal>.lock` says who holds it (pid, host, user, since
when) so that a second opener can be told; it is only information: the flock decides.

Within one process the newer opener takes the lock over from the older one (the app left
that game; a test reopens a game it just played), and the older writer stops writing.

Where `fcntl` is missing (Windows) or the file system refuses locks, journals open unlocked:
play and saving work, but nothing stops two copies from sharing a game.
"""

from __future__ import annotations

import getpass
import json
import os
import time
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tilegames.core.errors import BadRecord, GameInUse, SaveFailed, why_not_saved
from tilegames.core.records.file_limits import LOCK_INFO, read_limited
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.records.jsonlines import json_line

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class _Handle:
    """The locked file descriptor. Closing it drops the OS lock, so a lock whose writer is
    forgotten without `close()` is let go when it is garbage-collected."""

    def __init__(self, fd: int) -> None:
        self.fd: int | None = fd

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def __del__(self) -> None:
        self.close()


# Locks this process holds, by file identity (device, inode).
_HELD: "weakref.WeakValueDictionary[tuple[int, int], JournalLock]" = weakref.WeakValueDictionary()


def info_path(journal: Path) -> Path:
    return journal.with_name(journal.name + ".lock")


@dataclass(eq=False)
class JournalLock:
    path: Path
    handle: _Handle | None
    exclusive: bool  # False: opened without an OS lock (degraded)
    key: tuple[int, int]

    @property
    def fd(self) -> int | None:
        return None if self.handle is None else self.handle.fd

    @property
    def held(self) -> bool:
        """Still this writer's: not released and not taken over by a newer opener."""
        return self.fd is not None and _HELD.get(self.key) is self

    @classmethod
    def acquire(cls, path: Path) -> "JournalLock":
        """Lock the journal at `path` for writing; GameInUse when another process holds it."""
        try:
            fd = os.open(path, os.O_RDWR)
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError) as exc:
            raise BadRecord(_("Cannot read {path}: {reason}.").format(path=shown(path), reason=exc.strerror or 'no such file')) from None
        except OSError as exc:
            raise SaveFailed(_("Cannot continue {path}: {reason}.").format(path=shown(path), reason=why_not_saved(exc))) from None
        stat = os.fstat(fd)
        key = (stat.st_dev, stat.st_ino)
        previous = _HELD.get(key)
        if previous is not None and previous.fd is not None:
            os.close(fd)  # ours already: take it over
            lock = cls(path, previous.handle, previous.exclusive, key)
            previous.handle = None
            _HELD[key] = lock
            _write_info(path)
            return lock
        exclusive = _try_lock(fd, path)
        lock = cls(path, _Handle(fd), exclusive, key)
        _HELD[key] = lock
        _write_info(path)
        return lock

    def release(self) -> None:
        """Let go (the session ended); a lock taken over by a newer opener is left to it."""
        if not self.held or self.handle is None:
            self.handle = None
            return
        try:
            info_path(self.path).unlink(missing_ok=True)
        except OSError:
            pass
        del _HELD[self.key]
        self.handle.close()  # closing the descriptor drops the OS lock
        self.handle = None


def _try_lock(fd: int, path: Path) -> bool:
    """Take the OS lock (True), or go on unlocked where there is none (False)."""
    if fcntl is None:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise GameInUse(holder_sentence(path)) from None
    except OSError:
        return False  # a file system without locks: degraded, not refused
    return True


def _write_info(path: Path) -> None:
    """The note of who holds the lock, readable by its owner only from the first byte (a
    server's journals and their notes sit in a folder of secrets)."""
    info = {"pid": os.getpid(), "host": _host(), "user": _user(), "since": time.time()}
    try:
        fd = os.open(info_path(path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(json.dumps(info) + "\n")
    except OSError:
        pass  # only information; the lock itself is what counts


def _host() -> str:
    try:
        return os.uname().nodename
    except AttributeError:  # pragma: no cover - Windows
        import platform

        return platform.node()


def _user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no user name in the environment or the password database
        return "?"


def holder_sentence(path: Path) -> str:
    """'g.jsonl: this game is open in another tilegames (pid 1234 on host, user ann, since 10:02).'"""
    where = _("{name}: this game is open in another tilegames").format(name=shown(path.name))
    holder = _read_info(path)
    if holder is None:
        return f"{where}."
    pid, host, user, since = holder
    return _("{where} (pid {pid} on {host}, user {user}, since {since}).").format(where=where, pid=pid, host=host, user=user, since=since)


def _read_info(path: Path) -> tuple[int, str, str, str] | None:
    try:
        raw = read_limited(info_path(path), "lock", LOCK_INFO)
        info: Any = json_line(raw.strip())
    except BadRecord:
        return None
    if not isinstance(info, dict):
        return None
    pid, host, user, since = (info.get(k) for k in ("pid", "host", "user", "since"))
    if not isinstance(pid, int) or not isinstance(host, str) or not isinstance(user, str):
        return None
    if not isinstance(since, (int, float)) or not 0 <= since < 1e11:
        return None
    moment = time.localtime(since)
    today = time.localtime()
    when = time.strftime("%H:%M" if moment[:3] == today[:3] else "%Y-%m-%d %H:%M", moment)
    return pid, shown(host, 40), shown(user, 30), when
