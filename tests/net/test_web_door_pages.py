"""The browser door's pages and who gets in (tilegames/net/web_door.py): everything loaded from the
door itself, DNS rebinding refused, codes checked against the throttle, each cap abused one tab
over, and what each tab's app is started with."""

from __future__ import annotations

import asyncio
import re
import sys
import tempfile
from pathlib import Path

import aiohttp
import pytest
from yarl import URL

if sys.platform == "win32":
    pytest.skip("the browser door's apps run on POSIX systems", allow_module_level=True)

from fake_time import FakeTimer
from tilegames.net.ssh_caps import Caps
from tilegames.net.web_door import WebDoor

from web_harness import client, door, doors, policy  # noqa: F401  (the fixtures)
from web_harness import (
    CHILD, GOOD, WATCH, SEATS, WRONG, WEB_DRIVER, Policy, Doors, url, open_tab, refusal, page, until, until_let_in,
)


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
