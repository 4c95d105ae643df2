"""What the SSH door's tests share: a tiny injected policy (a few good codes, a spectator
code, a throttle delay the test sets), a child that reports its terminal, and a real asyncssh
client on 127.0.0.1."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path
from typing import Any, AsyncIterator, Callable

import asyncssh
import pytest

from fake_time import FakeTimer
from tilegames.net.ssh_door import Admission, SshDoor, start_ssh_door

GOOD = "K7PQ-3MZD-XW4R"
WRONG = "WRNG-CODE-XXXX"
WATCH = "WACH-TEST-ABCD"  # the spectator code
SEATS = ("SEAT-2222-AAAA", "SEAT-3333-BBBB", "SEAT-4444-CCCC", "SEAT-5555-DDDD")  # more seats' codes

# The child: says its pid, its working and home folders, TERM, size and arguments (the codes), reports each resize, echoes one
# line, then exits 3. With HANG=1 it ignores SIGHUP and SIGTERM and sleeps on without its
# terminal (only SIGKILL ends it). It waits for its line in select() with a wake-up pipe: a
# SIGWINCH that came just before a blocking read() would wait, unhandled, until the line came
# (Python runs a signal's handler between bytecodes), and the resize would never be reported.
CHILD = r"""
import os, select, signal, sys
if os.environ.get("HANG") == "1":
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
def told(*_):
    c, r = os.get_terminal_size(0)
    os.write(1, f"resized {c}x{r}.\r\n".encode())
wake, woken = os.pipe()
os.set_blocking(woken, False)
signal.set_wakeup_fd(woken)
signal.signal(signal.SIGWINCH, told)
c, r = os.get_terminal_size(0)
tty = os.ttyname(0) == os.ttyname(1) == os.ttyname(2)
os.write(1, f"pid {os.getpid()} cwd {os.getcwd()} home {os.environ['TILEGAMES_HOME']} term {os.environ['TERM']} size {c}x{r} tty {tty} codes {sys.argv[1:]}.\r\n".encode())
while os.environ.get("HANG") == "1":
    signal.pause()
line = b""
while not line.endswith(b"\n"):
    ready = select.select([0, wake], [], [])[0]
    if wake in ready:
        os.read(wake, 64)
    if 0 in ready:
        got = os.read(0, 1024)
        line += got if got else b"\n"
os.write(1, f"got {line.decode().strip()}.\r\n".encode())
sys.exit(3)
"""


def child_command(codes: tuple[str, ...]) -> list[str]:
    return [sys.executable, "-c", CHILD, *codes]


class Policy:
    """check_code and failed, remembering what they were asked; a wrong code is held `delay`
    seconds. GOOD and SEATS are seats' codes, WATCH the spectator code."""

    def __init__(self) -> None:
        self.failures: list[str] = []
        self.names: list[str] = []
        self.delay = 0.0

    def check_code(self, name: str, code: str) -> Admission | None:
        self.names.append(name)
        if code == WATCH:
            return Admission((code,), watching=True)
        return Admission((code,)) if code == GOOD or code in SEATS else None

    def failed(self, ip: str) -> float:
        self.failures.append(ip)
        return self.delay


@pytest.fixture
def policy() -> Policy:
    return Policy()


@pytest.fixture
async def door(tmp_path: Path, policy: Policy) -> AsyncIterator[SshDoor]:
    """A door whose wrong codes' delays are waited out on a fake timer (`door.timer`), which
    the test moves."""
    door = await open_door(tmp_path, policy, timer=FakeTimer())
    yield door
    door.close()
    await door.wait_closed()


async def open_door(data: Path, policy: Policy, **options: Any) -> SshDoor:
    options.setdefault("command_for", child_command)
    options.setdefault("log", lambda text: None)
    return await start_ssh_door("127.0.0.1", 0, data, policy.check_code, failed=policy.failed, grace=0.5,
                                **options)


def connect(door: SshDoor, username: str = "ann", **options: Any) -> Any:
    options.setdefault("password", GOOD)
    options.setdefault("client_keys", None)
    return asyncssh.connect("127.0.0.1", door.port, username=username, known_hosts=None, agent_path=None,
                            connect_timeout=5, **options)


async def read_until(process: Any, needle: str, seen: bytearray, timeout: float = 5.0) -> str:
    """Read the session's output until `needle` appears in it; all of it, as text."""
    async def go() -> str:
        while needle not in seen.decode("utf-8", "replace"):
            data = await process.stdout.read(4096)
            if not data:
                raise AssertionError(f"the session ended before {needle!r}: {bytes(seen)!r}")
            seen.extend(data)
        return seen.decode("utf-8", "replace")

    return await asyncio.wait_for(go(), timeout)


def gone(pid: int) -> bool:
    """The process has ended (reaped, or a zombie waiting to be)."""
    try:
        with open(f"/proc/{pid}/stat") as status:
            return status.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False


async def until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.02)


# Escape sequences (CSI, OSC, charset and keypad modes): what is left is the text drawn.
ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


def drawn(seen: bytes) -> str:
    """The text in a stream of screen updates, each run of spaces and escapes one space."""
    return re.sub(r"\s+", " ", ESCAPES.sub(b" ", seen).decode("utf-8", "replace"))


async def until_drawn(process: Any, seen: bytearray, *needles: str, timeout: float = 15.0) -> str:
    async def go() -> str:
        while not all(needle in drawn(bytes(seen)) for needle in needles):
            data = await process.stdout.read(65536)
            if not data:
                break
            seen.extend(data)
        return drawn(bytes(seen))

    text = await asyncio.wait_for(go(), timeout)
    assert all(needle in text for needle in needles), text[-2000:]
    return text
