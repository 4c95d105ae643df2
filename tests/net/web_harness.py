"""What the browser door's tests share (test_web_door_pages.py, test_web_door_tabs.py): a door on
127.0.0.1 with a tiny injected policy (a few seats' codes, a spectator code, a throttle delay the
test sets), a real aiohttp client, and for each tab a fake app (web_child.py) that speaks the web
driver's packets: it tells what it was started with, then echoes what it is sent."""

from __future__ import annotations

import asyncio
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable

import aiohttp
import pytest
from aiohttp import WSMsgType
from yarl import URL

if sys.platform == "win32":
    pytest.skip("the browser door's apps run on POSIX systems", allow_module_level=True)

from fake_time import FakeTimer
from tilegames.net.admission import Admission
from ssh_harness import gone, until  # noqa: F401  (for the tests: shared with the SSH door's)
from tilegames.net.ssh_caps import Caps
from tilegames.net.web_door import WebDoor, start_web_door

CHILD = str(Path(__file__).with_name("web_child.py"))
GOOD = "K7PQ-3MZD-XW4R"
WATCH = "WACH-TEST-ABCD"  # the spectator code
SEATS = ("SEAT-2222-AAAA", "SEAT-3333-BBBB", "SEAT-4444-CCCC", "SEAT-5555-DDDD")  # more seats' codes
WRONG = "ABCD-EFGH-JKMN"  # written as a code, but no seat's
GRACE = 0.5
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"


class Policy:
    """check_code, failed and command_for, remembering what they were asked. A wrong code is
    held `delay` seconds; each code's app runs in `modes[code]` (web_child.py), else "echo"."""

    def __init__(self) -> None:
        self.failures: list[str] = []
        self.started: list[tuple[str, ...]] = []
        self.commands: list[list[str]] = []
        self.delay = 0.0
        self.modes: dict[str, str] = {}
        self.report: Path | None = None  # a file each app writes what it was started with to, as well

    def check_code(self, name: str, code: str) -> Admission | None:
        if code == WATCH:
            return Admission((code,), watching=True)
        return Admission((code,)) if code == GOOD or code in SEATS else None

    def failed(self, address: str) -> float:
        self.failures.append(address)
        return self.delay

    def command_for(self, codes: tuple[str, ...]) -> list[str]:
        self.started.append(codes)
        told = [str(self.report)] if self.report is not None else []
        self.commands.append([sys.executable, CHILD, self.modes.get(codes[0] if codes else "", "echo"), *told])
        return list(self.commands[-1])


@pytest.fixture
def policy() -> Policy:
    return Policy()


class Doors:
    """Doors a test starts (a seats' door on a loopback address unless told), closed at its end."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.open: list[WebDoor] = []

    async def start(self, **options: Any) -> WebDoor:
        options.setdefault("whole_app", False)
        options.setdefault("check_code", self.policy.check_code)
        options.setdefault("loopback", True)
        options.setdefault("grace", GRACE)
        door = await start_web_door("127.0.0.1", 0, self.policy.command_for, failed=self.policy.failed, **options)
        self.open.append(door)
        return door

    async def close(self, door: WebDoor) -> None:
        self.open.remove(door)
        door.close()
        await asyncio.wait_for(door.wait_closed(), 10)  # a door that cannot close fails, it does not hang


@pytest.fixture
async def doors(policy: Policy) -> AsyncIterator[Doors]:
    opened = Doors(policy)
    yield opened
    for door in list(opened.open):
        await opened.close(door)


@pytest.fixture
async def door(doors: Doors) -> WebDoor:
    """A seats' door whose wrong codes' delays are waited on a fake timer (`door.timer`)."""
    return await doors.start(timer=FakeTimer(), caps=Caps(per_address=100))


@pytest.fixture
async def client() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def url(door: WebDoor, path: str, host: str = "127.0.0.1") -> str:
    return f"http://{host}:{door.port}{path}"


@dataclass
class Tab:
    """A tab's WebSocket, and what its app said it was started with."""

    ws: aiohttp.ClientWebSocketResponse
    hello: dict[str, Any]

    @property
    def pid(self) -> int:
        return int(self.hello["pid"])

    @property
    def home(self) -> Path:
        return Path(self.hello["home"])

    async def send(self, message: object) -> None:
        await self.ws.send_str(json.dumps(message))

    async def next(self, timeout: float = 5.0) -> aiohttp.WSMessage:
        return await asyncio.wait_for(self.ws.receive(), timeout)

    async def next_bytes(self) -> bytes:
        message = await self.next()
        assert message.type == WSMsgType.BINARY, message
        return bytes(message.data)

    async def closed(self, timeout: float = 5.0) -> aiohttp.WSMessage:
        """The message that ends the tab (its app's output before it is skipped)."""
        async def go() -> aiohttp.WSMessage:
            while True:
                message = await self.ws.receive()
                if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING, WSMsgType.ERROR):
                    return message

        return await asyncio.wait_for(go(), timeout)


async def open_tab(client: aiohttp.ClientSession, door: WebDoor, path: str = f"/ws/seat/{GOOD}",
                   query: str = "width=100&height=30", **options: Any) -> Tab:
    ws = await client.ws_connect(URL(url(door, path) + "?" + query, encoded=True), **options)
    message = await asyncio.wait_for(ws.receive(), 5)
    assert message.type == WSMsgType.BINARY, message
    return Tab(ws, json.loads(message.data))


async def refusal(call: Awaitable[object]) -> int:
    """The HTTP status that refused a WebSocket's handshake."""
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await asyncio.wait_for(call, 5)
    return refused.value.status


async def page(client: aiohttp.ClientSession, door: WebDoor, path: str, **options: Any) -> tuple[int, str]:
    async with client.get(URL(url(door, path), encoded=True), **options) as response:
        return response.status, await response.text()


async def until_let_in(client: aiohttp.ClientSession, door: WebDoor, code: str, timeout: float = 3.0) -> None:
    """Until the seat's page says a tab would be let in (a place has been given back)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while (await page(client, door, f"/seat/{code}"))[0] != 200:
        assert asyncio.get_running_loop().time() < deadline, "no place was given back"
        await asyncio.sleep(0.02)


# --- the pages ------------------------------------------------------------------------------
