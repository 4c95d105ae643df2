"""A tab and its app (tilegames/net/web_session.py, web_door.py): keys and output both ways,
window sizes clamped, garbage of every kind ignored, a message over the limit, and every way a tab
or its app ends (closed, killed after the grace, the app saying exit, the door closing)."""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
import time
from pathlib import Path

import aiohttp
import pytest
from aiohttp import WSMsgType

if sys.platform == "win32":
    pytest.skip("the browser door's apps run on POSIX systems", allow_module_level=True)

from tilegames.net.ssh_caps import Caps
from tilegames.net.web_door import MOST_MESSAGE, WebDoor

from web_harness import client, door, doors, policy  # noqa: F401  (the fixtures)
from web_harness import (
    GOOD, SEATS, GRACE, Policy, Doors, url, Tab, open_tab, page, gone, until, until_let_in,
)


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
