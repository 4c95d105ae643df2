"""Reading a file from outside with a limit: one place for every kind of file tilegames reads.

A save, a word list, a letter tiles file, a scenario, a GCG record, a translation catalog and
the settings are all data that someone else may have written, named by a path that someone
else chose. Reading one whole with `Path.read_bytes()` trusted both: a save whose letters file
was `/dev/zero` filled the memory, and a word list named with 300 characters raised an OSError
that no caller expected. Here every such read

* opens the path without blocking (a pipe or a FIFO would wait for a writer for ever), and
  refuses what is not a regular file (a device, a pipe, a socket, a folder);
* refuses a file larger than its kind's limit, before reading it, and stops reading at the
  limit if the file grows meanwhile;
* turns every OSError (a name too long, a loop of links, no permission) into one sentence
  beginning with the caller's name for the file, raised as the caller's error class.

The limits are far above any real file of the kind, so only damage or mischief meets them.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import N_, _

KB, MB = 1 << 10, 1 << 20


@dataclass(frozen=True)
class FileKind:
    """A kind of file and the most bytes one may hold. `what` is marked for translation."""

    what: str
    max_bytes: int

    @property
    def limit_text(self) -> str:
        return size_text(self.max_bytes)


# A long Nab-It! game journals a few hundred kB; a turn's steps are folded at 64 kB.
JOURNAL = FileKind(N_("a saved game"), 64 * MB)
# The shipped list is 2.6 MB; the largest tournament lists are under 4 MB.
WORD_LIST = FileKind(N_("a word list"), 32 * MB)
LETTERS = FileKind(N_("a letter tiles file"), 64 * KB)  # 27 lines
SCENARIO = FileKind(N_("a scenario"), 1 * MB)
GCG = FileKind(N_("a GCG game record"), 1 * MB)  # a game is about 3 kB
CATALOG = FileKind(N_("a translation catalog"), 4 * MB)  # the largest is 52 kB
SETTINGS = FileKind(N_("a settings file"), 64 * KB)
# Files a game server writes for itself; read bounded all the same, as anything on a disk.
SERVER_TABLES = FileKind(N_("a server's tables file"), 16 * MB)  # about 300 bytes a table
AUTHORIZED_KEYS = FileKind(N_("an authorized keys file"), 1 * MB)
LOCK_INFO = FileKind(N_("a lock's note"), 4 * KB)


def size_text(n: int) -> str:
    """A size as people say it: 64 kB, 32 MB (powers of two, as the limits are)."""
    if n >= MB and n % MB == 0:
        return _("{n} MB").format(n=n // MB)
    if n >= KB and n % KB == 0:
        return _("{n} kB").format(n=n // KB)
    return _("{n} bytes").format(n=n)


def open_limited(path: Path | str, name: str, kind: FileKind,
                 error: type[BadRecord] = BadRecord) -> BinaryIO:
    """The regular file at `path`, open for reading; `error` with one sentence beginning with
    `name` when it cannot be opened, is not a regular file or is larger than `kind` allows."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise error(_("{name} does not exist.").format(name=name)) from None
    except IsADirectoryError:
        raise error(_("{name} is a folder, not a file.").format(name=name)) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else _("the name is not a file name")
        raise error(_("{name} cannot be read: {reason}.").format(name=name, reason=reason)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(_("{name} is a folder, not a file.").format(name=name))
        if not stat.S_ISREG(info.st_mode):
            raise error(_("{name} is not a file (it is a device, a pipe or a socket); tilegames reads only files.").format(name=name))
        if info.st_size > kind.max_bytes:
            raise error(too_big(name, kind))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def too_big(name: str, kind: FileKind) -> str:
    return _("{name} is larger than {limit}, more than {kind} ever holds; it was not read.").format(
        name=name, limit=kind.limit_text, kind=_(kind.what))  # i18n: marked


def read_limited(path: Path | str, name: str, kind: FileKind, error: type[BadRecord] = BadRecord) -> bytes:
    """The bytes of the regular file at `path`, at most `kind.max_bytes` of them (see
    `open_limited` for what is refused, and how)."""
    with open_limited(path, name, kind, error) as file:
        try:
            data = file.read(kind.max_bytes + 1)
        except OSError as exc:
            raise error(_("{name} cannot be read: {reason}.").format(name=name, reason=exc.strerror or exc)) from None
    if len(data) > kind.max_bytes:  # it grew after it was measured
        raise error(too_big(name, kind))
    return data
