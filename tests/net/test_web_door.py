"""The browser door (tilegames/net/web_door.py, web_session.py) with a real aiohttp client on
127.0.0.1.

The door's policy is injected, so these tests give it a tiny one (a few seats' codes, a
spectator code, a throttle delay the test sets) and, for each tab, a fake app (web_child.py)
that speaks the web driver's packets: it tells what it was started with, then echoes what it
is sent. Each limit is abused: one tab more than a cap, one byte more than the largest
message, a window larger than a terminal, garbage, an app that will not quit.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable

import aiohttp
import pytest
from aiohttp import WSMsgType
from yarl import URL

if sys.platform == "win32":
    pytest.skip("the browser door's apps run on POSIX systems", allow_module_level=True)

from fake_time import FakeTimer
from tilegames.net.admission import Admission
from tilegames.net.ssh_caps import Caps
from tilegames.net.web_door import MOST_MESSAGE, WebDoor, start_web_door

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


async def until(condition: Callable[[], bool], timeout: float = 3.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.02)


async def until_let_in(client: aiohttp.ClientSession, door: WebDoor, code: str, timeout: float = 3.0) -> None:
    """Until the seat's page says a tab would be let in (a place has been given back)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while (await page(client, door, f"/seat/{code}"))[0] != 200:
        assert asyncio.get_running_loop().time() < deadline, "no place was given back"
        await asyncio.sleep(0.02)


# --- the pages ------------------------------------------------------------------------------
ADDRESSES = re.compile(r'(?:src|href|data-session-websocket-url)="([^"]*)"|url\("([^"]*)"\)')


async def test_the_whole_app_page_loads_everything_from_the_door_itself(doors: Doors, client: aiohttp.ClientSession,
                                                                        policy: Policy) -> None:
    door = await doors.start(whole_app=True)
    status, text = await page(client, door, "/")
    assert status == 200
    here = f"127.0.0.1:{door.port}"
    found = [a or b for a, b in ADDRESSES.findall(text)]
    assert f"ws://{here}/ws" in found
    assert {f"http://{here}/static/js/textual.js", f"http://{here}/static/css/xterm.css",
            f"http://{here}/static/fonts/RobotoMono-VariableFont_wght.ttf"} <= set(found)
    assert all(address.startswith((f"http://{here}/static/", f"ws://{here}/")) for address in found), found
    assert set(re.findall(r"[a-z]+://[^/\"'\s]+", text)) == {f"http://{here}", f"ws://{here}"}
    assert "https://" not in text and "googleapis" not in text
    for address in found:
        if address.startswith("http"):
            async with client.get(address) as response:
                assert response.status == 200, address
                assert len(await response.read()) > 0
    assert policy.started == [] and door.session_count == 0  # a page starts no app


async def test_the_terminals_script_and_stylesheet_are_served(door: WebDoor, client: aiohttp.ClientSession) -> None:
    for path, kind in (("/static/js/textual.js", "javascript"), ("/static/css/xterm.css", "text/css")):
        async with client.get(url(door, path)) as response:
            assert response.status == 200 and kind in response.content_type
            assert len(await response.read()) > 1000
    status, text = await page(client, door, "/static/..%2F..%2F..%2F..%2Fetc%2Fpasswd")
    assert status in (403, 404) and "root:" not in text


async def test_a_page_is_neither_cached_nor_told_where_it_came_from(doors: Doors,
                                                                   client: aiohttp.ClientSession) -> None:
    door = await doors.start(whole_app=True)
    async with client.get(url(door, "/")) as response:
        assert response.headers["Cache-Control"] == "no-store"
        assert response.headers["Referrer-Policy"] == "no-referrer"


async def test_a_seats_door_has_no_whole_app(door: WebDoor, client: aiohttp.ClientSession, policy: Policy) -> None:
    status, text = await page(client, door, "/")
    assert status == 404 and "Open your seat" in text and "textual.js" not in text
    assert await refusal(client.ws_connect(url(door, "/ws"))) == 404
    assert policy.started == [] and door.session_count == 0
    assert policy.failures == []  # no code was tried


async def test_a_request_for_another_host_name_is_refused_against_dns_rebinding(
        door: WebDoor, client: aiohttp.ClientSession, policy: Policy) -> None:
    evil = {"Host": "evil.example"}
    for path in ("/", f"/seat/{GOOD}", "/static/js/textual.js"):
        status, text = await page(client, door, path, headers=evil)
        assert status == 421 and "127.0.0.1 or localhost" in text and "websocket" not in text.lower(), path
    assert await refusal(client.ws_connect(url(door, f"/ws/seat/{GOOD}"), headers=evil)) == 421
    assert await refusal(client.ws_connect(url(door, f"/ws/seat/{GOOD}"),
                                           headers={"Host": f"evil.example:{door.port}"})) == 421
    assert policy.started == [] and policy.failures == []


async def test_the_door_answers_to_this_machines_names(door: WebDoor, client: aiohttp.ClientSession) -> None:
    for name in (f"localhost:{door.port}", f"LOCALHOST:{door.port}", f"127.0.0.1:{door.port}", f"[::1]:{door.port}"):
        status, text = await page(client, door, f"/seat/{GOOD}", headers={"Host": name})
        assert status == 200, name
        assert f'data-session-websocket-url="ws://{name}/ws/seat/{GOOD}"' in text


# --- seats' codes ---------------------------------------------------------------------------
async def test_a_right_code_opens_its_seats_page_at_once(door: WebDoor, client: aiohttp.ClientSession,
                                                         policy: Policy) -> None:
    policy.delay = 60.0
    status, text = await page(client, door, f"/seat/{GOOD}")
    assert status == 200
    assert f'data-session-websocket-url="ws://127.0.0.1:{door.port}/ws/seat/{GOOD}"' in text
    assert policy.failures == [] and policy.started == []  # the page starts no app


@pytest.mark.parametrize("code", [WRONG, "..%2F..%2Fetc", "K7PQ-3MZD-XW4", "K7PQ-3MZD-XW4R-K7PQ", "%00",
                                  pytest.param("A" * 2000, id="A*2000")])
async def test_a_wrong_code_is_refused_only_after_the_throttles_delay(
        door: WebDoor, client: aiohttp.ClientSession, policy: Policy, code: str) -> None:
    assert isinstance(door.timer, FakeTimer)
    policy.delay = 60.0
    guess = asyncio.ensure_future(client.get(URL(url(door, f"/seat/{code}"), encoded=True)))
    await until(lambda: policy.failures == ["127.0.0.1"])
    await asyncio.sleep(0.05)
    assert door.timer.pending() == [60.0] and not guess.done()  # held: the guesser has no answer yet
    assert (await page(client, door, f"/seat/{GOOD}"))[0] == 200  # a player is never shut out meanwhile
    door.timer.advance(60.0)
    async with await asyncio.wait_for(guess, 5) as response:
        assert response.status == 403
        text = await response.text()
    assert "does not open a seat" in text and "websocket" not in text.lower()
    assert policy.failures == ["127.0.0.1"] and door.timer.pending() == []


async def test_a_wrong_code_on_the_seat_socket_is_refused_after_the_delay_and_starts_nothing(
        door: WebDoor, client: aiohttp.ClientSession, policy: Policy) -> None:
    assert isinstance(door.timer, FakeTimer)
    policy.delay = 30.0
    for code in (WRONG, "..%2F..%2Fetc"):
        guess = asyncio.ensure_future(refusal(client.ws_connect(URL(url(door, f"/ws/seat/{code}"), encoded=True))))
        await until(lambda: len(policy.failures) == 1)
        await asyncio.sleep(0.05)
        assert door.timer.pending() == [30.0] and not guess.done()
        door.timer.advance(30.0)
        assert await guess == 403
        assert policy.failures == ["127.0.0.1"]
        policy.failures.clear()
    assert policy.started == [] and door.session_count == 0


async def test_a_door_without_seats_refuses_every_code(doors: Doors, client: aiohttp.ClientSession,
                                                       policy: Policy) -> None:
    door = await doors.start(whole_app=True, check_code=None)
    assert (await page(client, door, f"/seat/{GOOD}"))[0] == 403
    assert await refusal(client.ws_connect(url(door, f"/ws/seat/{GOOD}"))) == 403
    assert policy.failures == ["127.0.0.1"] * 2 and policy.started == []


# --- caps -----------------------------------------------------------------------------------
async def test_a_seat_code_opens_at_most_its_cap_of_tabs(doors: Doors, client: aiohttp.ClientSession,
                                                         policy: Policy) -> None:
    door = await doors.start(caps=Caps(sessions=100, per_seat_code=2, per_address=100))
    tabs = [await open_tab(client, door) for _ in range(2)]
    assert await refusal(client.ws_connect(url(door, f"/ws/seat/{GOOD}"))) == 429
    status, text = await page(client, door, f"/seat/{GOOD}")
    assert status == 429
    assert "This seat is open in 2 remote sessions already: close one to open another." in text
    assert policy.started == [(GOOD,)] * 2 and door.session_count == 2  # the refused one started nothing
    await open_tab(client, door, f"/ws/seat/{SEATS[0]}")  # another seat's code has places of its own
    await tabs[0].ws.close()
    await until_let_in(client, door, GOOD)
    await open_tab(client, door)
    assert await refusal(client.ws_connect(url(door, f"/ws/seat/{GOOD}"))) == 429


async def test_the_spectator_code_opens_at_most_its_cap_of_tabs(doors: Doors, client: aiohttp.ClientSession,
                                                                policy: Policy) -> None:
    door = await doors.start(caps=Caps(sessions=100, per_seat_code=1, per_spectator_code=3, per_address=100))
    tabs = [await open_tab(client, door, f"/ws/seat/{WATCH}") for _ in range(3)]
    assert await refusal(client.ws_connect(url(door, f"/ws/seat/{WATCH}"))) == 429
    status, text = await page(client, door, f"/seat/{WATCH}")
    assert status == 429 and "This table has 3 remote spectators already: try again later." in text
    await tabs[1].ws.close()
    await until_let_in(client, door, WATCH)
    await open_tab(client, door, f"/ws/seat/{WATCH}")
    assert door.session_count == 3


async def test_one_address_opens_at_most_its_cap_of_tabs(doors: Doors, client: aiohttp.ClientSession,
                                                         policy: Policy) -> None:
    door = await doors.start(caps=Caps(sessions=100, per_seat_code=10, per_address=2))
    tabs = [await open_tab(client, door, f"/ws/seat/{code}") for code in (GOOD, SEATS[0])]
    assert await refusal(client.ws_connect(url(door, f"/ws/seat/{SEATS[1]}"))) == 429
    status, text = await page(client, door, f"/seat/{SEATS[1]}")
    assert status == 429
    assert "Your address has 2 sessions open here already: close one to open another." in text
    assert len(policy.started) == 2 and door.session_count == 2
    await tabs[0].ws.close()
    await until_let_in(client, door, SEATS[1])
    await open_tab(client, door, f"/ws/seat/{SEATS[1]}")
    assert await refusal(client.ws_connect(url(door, f"/ws/seat/{SEATS[2]}"))) == 429


async def test_the_door_runs_at_most_its_number_of_tabs_in_all(doors: Doors, client: aiohttp.ClientSession,
                                                               policy: Policy) -> None:
    door = await doors.start(whole_app=True, caps=Caps(sessions=2, per_seat_code=10, per_address=100))
    tabs = [await open_tab(client, door, "/ws"), await open_tab(client, door, f"/ws/seat/{GOOD}")]
    for path in ("/ws", f"/ws/seat/{SEATS[0]}"):
        assert await refusal(client.ws_connect(url(door, path))) == 429, path
    status, text = await page(client, door, f"/seat/{SEATS[0]}")
    assert status == 429
    assert "The server has as many remote players as it can take: try again in a few minutes." in text
    assert policy.started == [(), (GOOD,)] and door.session_count == 2
    await tabs[0].ws.close()
    await until_let_in(client, door, SEATS[0])
    await open_tab(client, door, f"/ws/seat/{SEATS[0]}")
    assert await refusal(client.ws_connect(url(door, "/ws"))) == 429


# --- what goes between a tab and its app ----------------------------------------------------
async def test_a_seats_app_gets_its_codes_in_its_environment_and_a_home_of_its_own(
        door: WebDoor, client: aiohttp.ClientSession, policy: Policy, private_home: Path) -> None:
    tab = await open_tab(client, door, query="width=100&height=30")
    hello = tab.hello
    assert [sys.executable, *hello["argv"]] == policy.commands[0] == [sys.executable, CHILD, "echo"]
    assert policy.started == [(GOOD,)]
    assert hello["codes"] == GOOD and not any(GOOD in arg for arg in hello["argv"])
    home = tab.home
    assert home.is_dir() and home.name.startswith("tilegames-web-")
    assert home.parent == Path(tempfile.gettempdir()) and home != private_home
    assert hello["cwd"] == str(home)
    assert (hello["columns"], hello["rows"]) == ("100", "30")
    assert hello["driver"] == WEB_DRIVER
    other = await open_tab(client, door, f"/ws/seat/{SEATS[0]}")
    assert other.home != home and other.hello["codes"] == SEATS[0]  # a home for each tab


async def test_the_whole_app_on_this_machine_uses_the_accounts_home(doors: Doors, client: aiohttp.ClientSession,
                                                                   private_home: Path) -> None:
    door = await doors.start(whole_app=True)
    tab = await open_tab(client, door, "/ws")
    assert tab.hello["codes"] is None and tab.hello["home"] == str(private_home)
    assert tab.hello["driver"] == WEB_DRIVER


async def test_the_whole_app_served_beyond_this_machine_gets_a_home_thrown_away(
        doors: Doors, client: aiohttp.ClientSession, private_home: Path) -> None:
    door = await doors.start(whole_app=True, loopback=False)
    tab = await open_tab(client, door, "/ws")
    assert tab.hello["codes"] is None
    assert tab.home != private_home and tab.home.name.startswith("tilegames-web-") and tab.home.is_dir()
    await tab.ws.close()
    await until(lambda: not tab.home.exists())


async def test_keys_reach_the_app_and_its_output_reaches_the_tab(door: WebDoor, client: aiohttp.ClientSession) -> None:
    tab = await open_tab(client, door)
    await tab.send(["stdin", "x"])
    assert await tab.next_bytes() == b"echo:Dx"
    await tab.send(["stdin", "가나\x1b[A"])
    assert await tab.next_bytes() == "echo:D가나\x1b[A".encode()
    await tab.send(["focus"])
    assert await tab.next_bytes() == b'echo:M{"type": "focus"}'
    await tab.send(["blur"])
    assert await tab.next_bytes() == b'echo:M{"type": "blur"}'


async def test_a_window_size_is_clamped_before_it_reaches_the_app(door: WebDoor, client: aiohttp.ClientSession) -> None:
    tab = await open_tab(client, door)
    await tab.send(["resize", {"width": 5000, "height": 5000}])
    assert json.loads((await tab.next_bytes()).removeprefix(b"echo:M")) == {"type": "resize", "width": 300,
                                                                             "height": 100}
    await tab.send(["resize", {"width": 0, "height": -3}])  # no size: a terminal's usual one
    assert json.loads((await tab.next_bytes()).removeprefix(b"echo:M")) == {"type": "resize", "width": 80,
                                                                             "height": 24}
    await tab.send(["resize", {"width": 120, "height": 40}])
    assert json.loads((await tab.next_bytes()).removeprefix(b"echo:M")) == {"type": "resize", "width": 120,
                                                                             "height": 40}


@pytest.mark.parametrize("query, size", [("width=5000&height=5000", ("300", "100")),
                                         ("width=99999&height=0", ("300", "24")),
                                         ("width=123456&height=-4", ("80", "24")), ("", ("80", "24")),
                                         ("width=x&height=1e3", ("80", "24"))])
async def test_the_first_window_size_is_clamped_too(door: WebDoor, client: aiohttp.ClientSession, query: str,
                                                    size: tuple[str, str]) -> None:
    tab = await open_tab(client, door, query=query)
    assert (tab.hello["columns"], tab.hello["rows"]) == size


async def test_a_ping_is_answered_with_a_pong_as_text(door: WebDoor, client: aiohttp.ClientSession) -> None:
    tab = await open_tab(client, door)
    await tab.send(["ping", "123"])
    answer = await tab.next()
    assert answer.type == WSMsgType.TEXT and json.loads(answer.data) == ["pong", "123"]


GARBAGE: list[str | bytes] = [
    "not json", "{", "", "{}", "[]", "[5]", "null", "5", '"stdin"', '{"stdin": "z"}', '["stdin"]', '["stdin", 5]',
    '["stdin", ["z"]]', '["stdin", null]', '["resize", "big"]', '["resize", {"width": "x"}]',
    '["resize", {"width": 10}]', '["resize", {"width": 1.5, "height": 2.5}]', '["resize", [80, 24]]',
    '["quit"]', '["meta", {"type": "quit"}]', '["exit"]', '["open_url", "https://evil.example"]', '["STDIN", "z"]',
    '["ping", 5]', '["ping", "' + "p" * 33 + '"]', '["ping"]', '["\\ud800"]',
    "[" + "9" * 5000 + "]", b"\x00\x01binary", b'["stdin", "z"]',
]


async def test_garbage_from_a_tab_never_reaches_its_app_and_the_tab_plays_on(
        door: WebDoor, client: aiohttp.ClientSession) -> None:
    tab = await open_tab(client, door)
    for message in GARBAGE:
        if isinstance(message, bytes):
            await tab.ws.send_bytes(message)
        else:
            await tab.ws.send_str(message)
    await tab.send(["stdin", "y"])
    # The app echoes in order, and a pong would come at once: the first answer is to "y".
    answer = await tab.next()
    assert (answer.type, answer.data) == (WSMsgType.BINARY, b"echo:Dy")
    assert door.session_count == 1 and not gone(tab.pid)


async def test_a_window_size_of_true_or_false_never_reaches_the_app(door: WebDoor,
                                                                   client: aiohttp.ClientSession) -> None:
    tab = await open_tab(client, door)
    await tab.send(["resize", {"width": True, "height": False}])
    await tab.send(["stdin", "y"])
    assert await tab.next_bytes() == b"echo:Dy"


async def test_deeply_nested_json_is_garbage_like_any_other(door: WebDoor, client: aiohttp.ClientSession) -> None:
    tab = await open_tab(client, door)
    await tab.ws.send_str("[" * 50000)
    await tab.send(["stdin", "y"])
    assert await tab.next_bytes() == b"echo:Dy"


async def test_a_message_just_under_the_most_bytes_reaches_the_app(door: WebDoor,
                                                                  client: aiohttp.ClientSession) -> None:
    # aiohttp (3.14) refuses a message of max_msg_size bytes itself: the most that passes is one less
    tab = await open_tab(client, door)
    message = json.dumps(["stdin", ""])
    keys = "k" * (MOST_MESSAGE - 1 - len(message))
    await tab.send(["stdin", keys])
    assert await tab.next_bytes() == b"echo:D" + keys.encode()


async def test_a_message_bigger_than_the_most_closes_the_tab_and_stops_its_app(
        door: WebDoor, client: aiohttp.ClientSession) -> None:
    tab = await open_tab(client, door)
    message = json.dumps(["stdin", ""])
    await tab.send(["stdin", "k" * (MOST_MESSAGE + 1 - len(message))])
    ended = await tab.closed()
    assert ended.type == WSMsgType.CLOSE and tab.ws.close_code == 1009
    await until(lambda: gone(tab.pid) and door.session_count == 0)
    await until(lambda: not tab.home.exists())
    again = await open_tab(client, door)  # the door serves on
    await again.send(["stdin", "y"])
    assert await again.next_bytes() == b"echo:Dy"


# --- a tab's app, from start to end ---------------------------------------------------------
async def test_a_closed_tab_ends_its_app_throws_its_home_away_and_gives_its_place_back(
        doors: Doors, client: aiohttp.ClientSession, policy: Policy) -> None:
    door = await doors.start(caps=Caps(per_seat_code=1))
    tab = await open_tab(client, door)
    assert not gone(tab.pid) and tab.home.is_dir() and door.session_count == 1
    assert (await page(client, door, f"/seat/{GOOD}"))[0] == 429
    await tab.ws.close()
    await until(lambda: gone(tab.pid))
    await until(lambda: door.session_count == 0 and not tab.home.exists())
    await until_let_in(client, door, GOOD)
    again = await open_tab(client, door)
    assert again.pid != tab.pid and not gone(again.pid)


async def test_an_app_that_ignores_quit_is_killed_after_the_grace(doors: Doors, client: aiohttp.ClientSession,
                                                                 policy: Policy) -> None:
    policy.modes[GOOD] = "stubborn"
    door = await doors.start(caps=Caps(per_seat_code=1))
    tab = await open_tab(client, door)
    closed = time.monotonic()
    await tab.ws.close()
    await asyncio.sleep(GRACE / 2)
    assert not gone(tab.pid)  # it was asked to quit, and did not
    await until(lambda: gone(tab.pid))
    assert time.monotonic() - closed >= GRACE * 0.9  # killed only once its grace was over
    await until(lambda: door.session_count == 0 and not tab.home.exists())
    await until_let_in(client, door, GOOD)


async def test_an_app_that_says_exit_closes_its_tab(doors: Doors, client: aiohttp.ClientSession,
                                                    policy: Policy) -> None:
    policy.modes[GOOD] = "exit"
    door = await doors.start(caps=Caps(per_seat_code=1))
    tab = await open_tab(client, door)
    ended = await tab.closed()
    assert ended.type == WSMsgType.CLOSE
    await until(lambda: gone(tab.pid) and door.session_count == 0 and not tab.home.exists())
    await until_let_in(client, door, GOOD)


async def test_an_app_that_is_not_a_textual_app_is_stopped(doors: Doors, client: aiohttp.ClientSession,
                                                           policy: Policy) -> None:
    policy.modes[GOOD] = "junk"
    door = await doors.start(caps=Caps(per_seat_code=1))
    ws = await client.ws_connect(url(door, f"/ws/seat/{GOOD}"))
    ended = await asyncio.wait_for(ws.receive(), 5)  # its lines never reach the tab
    assert ended.type == WSMsgType.CLOSE
    await until(lambda: door.session_count == 0)
    await until_let_in(client, door, GOOD)


async def test_an_app_that_prints_a_long_line_first_gives_its_place_back(
        doors: Doors, client: aiohttp.ClientSession, policy: Policy, tmp_path: Path) -> None:
    policy.modes[GOOD] = "long"
    policy.report = tmp_path / "hello.json"
    door = await doors.start(caps=Caps(per_seat_code=1))
    ws = await client.ws_connect(url(door, f"/ws/seat/{GOOD}"))
    home: Path | None = None
    try:
        ended = await asyncio.wait_for(ws.receive(), 5)  # its long line never reaches the tab
        assert ended.type == WSMsgType.CLOSE
        await until(policy.report.exists)
        hello = json.loads(policy.report.read_text(encoding="utf-8"))
        home = Path(hello["home"])
        await until(lambda: gone(hello["pid"]) and door.session_count == 0)
        await until_let_in(client, door, GOOD, timeout=1.0)
        await until(lambda: not home.exists(), timeout=1.0)
    finally:
        if home is not None and home.name.startswith("tilegames-web-"):
            shutil.rmtree(home, ignore_errors=True)  # what the door should have done


async def test_a_width_that_is_no_plain_number_reads_as_the_usual_one(door: WebDoor,
                                                                     client: aiohttp.ClientSession) -> None:
    tab = await open_tab(client, door, query="width=%C2%B2&height=30")
    assert (tab.hello["columns"], tab.hello["rows"]) == ("80", "30")


# --- closing the door -----------------------------------------------------------------------
async def test_closing_the_door_ends_every_tabs_app(doors: Doors, client: aiohttp.ClientSession,
                                                    policy: Policy) -> None:
    policy.modes[SEATS[0]] = "stubborn"
    door = await doors.start(whole_app=True)
    tabs = [await open_tab(client, door, path) for path in ("/ws", f"/ws/seat/{GOOD}", f"/ws/seat/{GOOD}",
                                                            f"/ws/seat/{SEATS[0]}")]
    assert door.session_count == 4
    homes = [tab.home for tab in tabs[1:]]
    started = time.monotonic()
    await asyncio.wait_for(doors.close(door), 5)
    assert time.monotonic() - started < GRACE + 2
    assert all(gone(tab.pid) for tab in tabs)
    assert door.session_count == 0
    assert not any(home.exists() for home in homes)
    for tab in tabs:
        assert (await tab.closed()).type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.ERROR)
    with pytest.raises(aiohttp.ClientError):
        await client.get(url(door, "/"))


async def test_a_tab_opened_while_the_door_closes_is_ended_too(doors: Doors, client: aiohttp.ClientSession,
                                                               policy: Policy) -> None:
    policy.modes[GOOD] = "stubborn"  # its grace keeps wait_closed busy while the late tab comes
    door = await doors.start(grace=1.0)
    await open_tab(client, door)
    doors.open.remove(door)
    door.close()
    closing = asyncio.ensure_future(door.wait_closed())
    await asyncio.sleep(0.05)
    late: Tab | None = None
    try:
        try:  # (a door being closed does not answer a tab's close: this one gives up at once)
            late = await open_tab(client, door, f"/ws/seat/{SEATS[0]}", timeout=aiohttp.ClientWSTimeout(ws_close=0.1))
        except (aiohttp.ClientError, AssertionError):
            pass  # refused: as good as ended
        await asyncio.wait_for(asyncio.shield(closing), 2.0)
        assert late is None or gone(late.pid)
    finally:
        if late is not None:
            await late.ws.close()
        await asyncio.wait_for(closing, 5)
        if late is not None:
            await until(lambda: gone(late.pid))
