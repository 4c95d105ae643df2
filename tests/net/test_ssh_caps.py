"""The SSH door's caps on sessions (tilegames/net/ssh_caps.py), each abused: one session more
than the cap is refused with a sentence and starts no process; once one closes, the next is let
in. The children here are `cat` on the session's terminal: cheap, and gone when hung up."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any, AsyncIterator

import pytest

if sys.platform == "win32":
    pytest.skip("the SSH door runs on POSIX systems (a PTY per session)", allow_module_level=True)

from ssh_harness import GOOD, SEATS, WATCH, Policy, connect, open_door, policy, read_until, until  # noqa: F401
from tilegames.net.ssh_caps import Caps
from tilegames.net.ssh_door import SshDoor

CAT = ["sh", "-c", "echo ready; exec cat"]


@pytest.fixture
async def door(tmp_path: Path, policy: Policy) -> AsyncIterator[SshDoor]:
    door = await open_door(tmp_path, policy, command_for=lambda codes: CAT)
    yield door
    door.close()
    await door.wait_closed()


class Sessions:
    """Sessions opened by a test, closed at its end."""

    def __init__(self, door: SshDoor) -> None:
        self.door = door
        self.open: list[Any] = []

    async def start(self, code: str) -> str:
        """A session with `code`: "ready" when its child runs, else the sentence it was told."""
        conn = await connect(self.door, password=code, preferred_auth="password")
        self.open.append(conn)
        process = await conn.create_process(term_type="xterm", encoding=None)
        text = await read_until(process, "\n", bytearray())
        return text.strip()

    async def close_one(self) -> None:
        conn = self.open.pop(0)
        conn.close()
        await conn.wait_closed()

    async def close_all(self) -> None:
        while self.open:
            await self.close_one()


@pytest.fixture
async def sessions(door: SshDoor) -> AsyncIterator[Sessions]:
    opened = Sessions(door)
    yield opened
    await opened.close_all()


async def test_a_seat_code_opens_at_most_three_sessions_at_once(door: SshDoor, sessions: Sessions) -> None:
    assert Caps().per_seat_code == 3
    told = await asyncio.gather(*(sessions.start(GOOD) for _ in range(4)))  # at the same moment
    assert sorted(told) == ["This seat is open in 3 remote sessions already: close one to open another.",
                            "ready", "ready", "ready"]
    assert door.session_count == 3  # the refused one started nothing
    await sessions.close_all()
    await until(lambda: door.session_count == 0)
    assert [await sessions.start(GOOD) for _ in range(3)] == ["ready"] * 3
    assert await sessions.start(GOOD) != "ready"
    await sessions.close_one()
    await until(lambda: door.session_count == 2)
    assert await sessions.start(GOOD) == "ready"


async def test_the_spectator_code_opens_at_most_sixteen_sessions(door: SshDoor, sessions: Sessions) -> None:
    assert Caps().per_spectator_code == 16
    # from four "addresses" worth of sessions: the address cap is lifted for this one
    door.counts.caps = Caps(per_address=100)
    assert [await sessions.start(WATCH) for _ in range(16)] == ["ready"] * 16
    assert await sessions.start(WATCH) == "This table has 16 remote spectators already: try again later."
    assert door.session_count == 16
    await sessions.close_one()
    await until(lambda: door.session_count == 15)
    assert await sessions.start(WATCH) == "ready"


async def test_one_address_opens_at_most_eight_sessions(door: SshDoor, sessions: Sessions) -> None:
    assert Caps().per_address == 8
    codes = [GOOD, *SEATS]
    assert [await sessions.start(codes[i // 2]) for i in range(8)] == ["ready"] * 8  # two a seat
    assert await sessions.start(SEATS[3]) == ("Your address has 8 sessions open here already: close one to "
                                               "open another.")
    assert door.session_count == 8
    await sessions.close_one()
    await until(lambda: door.session_count == 7)
    assert await sessions.start(SEATS[3]) == "ready"


async def test_the_door_runs_at_most_its_number_of_sessions_in_all(door: SshDoor, sessions: Sessions) -> None:
    door.counts.caps = Caps(sessions=2)
    assert [await sessions.start(code) for code in (GOOD, SEATS[0])] == ["ready", "ready"]
    assert await sessions.start(SEATS[1]) == ("The server has as many remote players as it can take: try again in a "
                                              "few minutes.")
    await sessions.close_one()
    await until(lambda: door.session_count == 1)
    assert await sessions.start(SEATS[1]) == "ready"
