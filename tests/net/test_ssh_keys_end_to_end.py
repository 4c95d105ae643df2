"""Public-key login through the SSH door, end to end: a real game server and the door as
`tilegames serve --ssh` wires them (net/ssh_policy.py's `open_door`, in the server's own loop),
a players' keys file in its data folder, and an asyncssh client with a key made for the test.

A key listed for NAME signs in to NAME's seat when exactly one seat of a table in play is
NAME's (a person's seat, the name compared without case); otherwise ssh asks for the
password, as if no key had been offered."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, AsyncIterator

import asyncssh
import pytest

if sys.platform == "win32":
    pytest.skip("the SSH door runs on POSIX systems (a PTY per session)", allow_module_level=True)

from net_harness import FAST
from ssh_harness import until_drawn
from tilegames.core.registry import get_game
from tilegames.net.lobby import Lobby
from tilegames.net.server import Server
from tilegames.net.ssh_door import SshDoor
from tilegames.net.ssh_keys import KEYS_FILE
from tilegames.net.ssh_policy import open_door
from tilegames.net.store import TableStore
from tilegames.net.tables import Table

KEY = asyncssh.generate_private_key("ssh-ed25519")
OTHER = asyncssh.generate_private_key("ssh-ed25519")


class Served:
    def __init__(self, server: Server, door: SshDoor, data: Path) -> None:
        self.server, self.door, self.data = server, door, data

    def table(self, *seats: str) -> Table:
        game = get_game("rummikub")
        return self.server.create_table("rummikub", seats, game.config_for({}, len(seats)), 2)

    def list_key(self, name: str, key: asyncssh.SSHKey = KEY) -> None:
        with (self.data / KEYS_FILE).open("a", encoding="utf-8") as keys:
            keys.write(f"{name} {key.export_public_key().decode().strip()}\n")


@pytest.fixture
async def served(data: Path) -> AsyncIterator[Served]:
    lobby = Lobby(TableStore.open(data))
    lobby.load()
    server = Server(lobby, FAST)
    _host, port = await server.start("127.0.0.1", 0)
    door = await open_door(server, "127.0.0.1", port, 0)
    yield Served(server, door, data)
    door.close()
    await door.wait_closed()
    await server.close()


class Client(asyncssh.SSHClient):
    """Counts the times ssh would ask its user for the password, and gives none."""

    asked = 0

    def password_auth_requested(self) -> str | None:
        Client.asked += 1
        return None


async def sign_in(served: Served, name: str, key: asyncssh.SSHKey) -> Any:
    Client.asked = 0
    return await asyncssh.connect("127.0.0.1", served.door.port, username=name, known_hosts=None,
                                  agent_path=None, client_keys=[key], client_factory=Client,
                                  preferred_auth="publickey,password", connect_timeout=5)


async def test_a_listed_key_signs_in_to_the_seat_of_its_name(served: Served) -> None:
    table = served.table("Ann", "Bob", "cpu")
    served.list_key("Bob")
    conn = await sign_in(served, "bob", KEY)  # the name as typed, without its capital
    try:
        assert Client.asked == 0
        process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        await until_drawn(process, bytearray(), "Your rack")
        assert [client.seats for client in table.clients] == [(1,)]  # Bob's seat, joined with its code
    finally:
        conn.close()
        await conn.wait_closed()


@pytest.mark.parametrize("case", ["an unlisted key", "no seat of that name", "two seats of that name",
                                  "a computer's seat"])
async def test_without_exactly_one_seat_for_a_listed_key_ssh_asks_for_the_password(served: Served,
                                                                                  case: str) -> None:
    served.table("Ann", "Bob")
    served.list_key("Bob", OTHER)
    served.list_key("Cy")
    served.list_key("Ann")
    served.list_key("cpu")
    if case == "two seats of that name":
        served.table("Ann", "Dee")
    name = {"an unlisted key": "Bob", "no seat of that name": "Cy", "two seats of that name": "Ann",
            "a computer's seat": "cpu"}[case]
    served.table("Eve", "cpu")
    with pytest.raises(asyncssh.PermissionDenied):
        await sign_in(served, name, KEY)
    assert Client.asked == 1
