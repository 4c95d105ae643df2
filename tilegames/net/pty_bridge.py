"""A child process on a pseudo-terminal of its own, for the SSH front door (ssh_door.py).

The app a player reaches over SSH is the ordinary `tilegames join`, which believes it runs in a
terminal: so it gets a real one. The PTY's slave is the child's stdin, stdout and stderr (Textual
draws on stderr) *and* its controlling terminal (the child leads a new session), which is what
makes the kernel do the terminal's work: a window size set on the master sends the child
SIGWINCH, and closing the master hangs it up. The master stays here, non-blocking, read and
written on the event loop.

POSIX only (openpty, TIOCSCTTY), as is the SSH door.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import resource
import signal
import struct
import termios
from pathlib import Path
from typing import Callable, Mapping, Sequence

READ_SIZE = 65536
# A session's app may map this much memory (RLIMIT_AS). `tilegames join` playing any of the
# games in a 300x100 window peaks near 400 MB of address space (5 threads; 50-70 MB resident):
# a child that goes wild gets MemoryError instead of taking the server's machine with it.
MEMORY_LIMIT = 1 << 30
# A window past this is a client's mistake (or malice), not a screen: the app draws, and keeps,
# every cell of its window, and 300 x 100 is more than a wall-sized terminal shows.
MOST_COLUMNS = 300
MOST_ROWS = 100


def clamp_size(columns: int, rows: int) -> tuple[int, int]:
    """A window size a terminal can have: 0 (a client that gave none) reads as 80x24."""
    columns = columns if columns > 0 else 80
    rows = rows if rows > 0 else 24
    return min(columns, MOST_COLUMNS), min(rows, MOST_ROWS)


def set_window_size(fd: int, columns: int, rows: int) -> None:
    """Set a terminal's size (either end of a PTY); its foreground processes get SIGWINCH."""
    columns, rows = clamp_size(columns, rows)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _lowered(which: int, most: int) -> tuple[int, int]:
    """Soft and hard limit `most` for resource `which`, or lower where this process's own hard
    limit is lower already (a limit can only be lowered)."""
    _soft, hard = resource.getrlimit(which)
    most = most if hard == resource.RLIM_INFINITY else min(most, hard)
    return most, most


def _child_setup(limits: Sequence[tuple[int, tuple[int, int]]]) -> Callable[[], None]:
    """What runs in the child between fork and exec, after setsid: its stdin (the PTY's slave)
    becomes its controlling terminal, and its limits are set (the child cannot raise them).
    Only system calls, so it is safe in a forked child of a process that has threads."""
    def setup() -> None:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        for which, limit in limits:
            resource.setrlimit(which, limit)

    return setup


class PtyChild:
    """A running child on its PTY: `read` its output, `write` its input, `resize`, `hang_up`."""

    def __init__(self, process: asyncio.subprocess.Process, master: int, grace: float) -> None:
        self.process = process
        self._master = master
        self._grace = grace
        self._hung_up = False
        self._waiting: set[asyncio.Future[None]] = set()

    @classmethod
    async def spawn(cls, argv: Sequence[str], env: Mapping[str, str], columns: int, rows: int, *,
                    grace: float = 2.0, memory: int = MEMORY_LIMIT, cwd: Path | None = None) -> "PtyChild":
        """Start `argv` in `cwd` on a new PTY of `columns` x `rows`, with at most `memory`
        bytes of address space and no core dumps. `grace`: the seconds `hang_up` gives it to
        end before it is killed. OSError when it cannot be started."""
        limits = [(resource.RLIMIT_AS, _lowered(resource.RLIMIT_AS, memory)),
                  (resource.RLIMIT_CORE, (0, 0))]
        master, slave = os.openpty()
        try:
            set_window_size(slave, columns, rows)
            process = await asyncio.create_subprocess_exec(
                *argv, stdin=slave, stdout=slave, stderr=slave, env=dict(env), cwd=cwd, start_new_session=True,
                preexec_fn=_child_setup(limits))
        except BaseException:
            os.close(master)
            raise
        finally:
            # The child has its own copies: with none left here, the master reads EIO (end of
            # output) as soon as the child and whatever it started have gone.
            os.close(slave)
        os.set_blocking(master, False)
        return cls(process, master, grace)

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def running(self) -> bool:
        return self.process.returncode is None

    async def read(self) -> bytes:
        """The child's next output; b"" once nothing holds the terminal's other end any more
        (the child has exited) or after `hang_up`."""
        while not self._hung_up:
            try:
                return os.read(self._master, READ_SIZE)
            except BlockingIOError:
                await self._ready(writing=False)
            except OSError:  # EIO: the slave side is closed
                return b""
        return b""

    async def write(self, data: bytes) -> None:
        """Type `data` into the child's terminal, waiting while its input buffer is full.
        Input for a child that has gone is dropped: it has nobody to go to."""
        view = memoryview(data)
        while view and not self._hung_up:
            try:
                view = view[os.write(self._master, view):]
            except BlockingIOError:
                await self._ready(writing=True)
            except OSError:
                return

    def resize(self, columns: int, rows: int) -> None:
        """The client's window changed size: so does the child's terminal (the kernel tells it)."""
        if not self._hung_up:
            try:
                set_window_size(self._master, columns, rows)
            except OSError:
                pass

    async def wait(self) -> int:
        """The child's exit status (negative: the signal that ended it)."""
        return await self.process.wait()

    def hang_up(self) -> None:
        """The player's window is gone: SIGHUP to the child's process group now, SIGKILL after
        the grace period if it is still there. Synchronous, so that it also runs in the cleanup
        of a cancelled task; calling it again does nothing."""
        if self._hung_up:
            return
        self._hung_up = True
        loop = asyncio.get_running_loop()
        loop.remove_reader(self._master)
        loop.remove_writer(self._master)
        os.close(self._master)
        for waiting in self._waiting:  # a read or write waiting on the master ends now
            if not waiting.done():
                waiting.set_result(None)
        self._signal(signal.SIGHUP)
        if self.running:
            loop.call_later(self._grace, self._signal, signal.SIGKILL)

    def _signal(self, signum: int) -> None:
        if self.running:
            try:
                os.killpg(self.process.pid, signum)
            except (ProcessLookupError, PermissionError):
                pass

    async def _ready(self, *, writing: bool) -> None:
        """Until the master can be read (or written) without blocking."""
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        if writing:
            loop.add_writer(self._master, wake)
        else:
            loop.add_reader(self._master, wake)
        self._waiting.add(ready)
        try:
            await ready
        finally:
            self._waiting.discard(ready)
            if not self._hung_up:
                (loop.remove_writer if writing else loop.remove_reader)(self._master)
