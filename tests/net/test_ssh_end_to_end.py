"""A seat played through the SSH door: a real game server (tests/net/net_harness.py) with a
Rummikub table, the door with the production command (`tilegames join` back to the server), and
an asyncssh client with an 80x24 terminal typing keys into the real app."""

from __future__ import annotations

import asyncio
import re
import sys
import time
from pathlib import Path
from typing import Any, AsyncIterator, Iterator

import asyncssh
import pytest

if sys.platform == "win32":
    pytest.skip("the SSH door runs on POSIX systems (a PTY per session)", allow_module_level=True)

from net_harness import Codes, ServerThread
from ssh_harness import until_drawn
from tilegames.net.lobby import WrongCodes
from tilegames.net.ssh_door import Admission, SshDoor, join_command, start_ssh_door


@pytest.fixture
def server(data: Path) -> Iterator[ServerThread]:
    with ServerThread(data) as running:
        yield running


@pytest.fixture
async def door(server: ServerThread, data: Path) -> AsyncIterator[SshDoor]:
    assert server.server is not None
    lobby = server.server.lobby

    def check_code(name: str, code: str) -> Admission | None:
        try:
            server.call(lobby.find, (code,))
        except WrongCodes:
            return None
        return Admission((code,))

    door = await start_ssh_door("127.0.0.1", 0, data, check_code, join_command("127.0.0.1", server.port),
                                grace=1.0, log=lambda text: None)
    yield door
    door.close()
    await door.wait_closed()


async def play_screen(door: SshDoor, code: str, *needles: str) -> tuple[Any, Any, bytearray]:
    conn = await asyncssh.connect("127.0.0.1", door.port, username="ann", password=code, known_hosts=None,
                                  client_keys=None, agent_path=None, connect_timeout=5)
    process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    seen = bytearray()
    await until_drawn(process, seen, "Your rack", "Moves", *needles)
    return conn, process, seen


async def test_ann_draws_a_tile_through_the_door_and_rejoins_after_closing_it(server: ServerThread,
                                                                             door: SshDoor) -> None:
    codes: Codes = server.create("rummikub", ("Ann", "Bob"), seed=2)
    before = server.state_of(codes.table)
    assert before.first_seat == 0 and len(before.racks[0]) == 14  # Ann plays first in game 1 of this seed's match
    code = codes.seats[0]
    assert code is not None

    started = time.monotonic()
    conn, process, seen = await play_screen(door, code, "Ann's turn")
    print(f"the play screen was drawn {time.monotonic() - started:.2f} s after connecting")
    process.stdin.write(b"d")
    await until_drawn(process, seen, "Ann drew a tile")
    after = server.state_of(codes.table)
    assert len(after.racks[0]) == 15 and after.turn == before.turn + 1

    conn.close()  # the window closes: a disconnect, not a resignation
    await conn.wait_closed()
    deadline = time.monotonic() + 5
    while door.session_count and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert door.session_count == 0
    assert server.call(lambda: server.table(codes.table).seats) == ("Ann", "Bob")  # the table goes on

    conn, process, seen = await play_screen(door, code, "Ann drew a tile", "Bob's turn")  # the same seat
    conn.close()
    await conn.wait_closed()
