"""`tilegames web` and `--web PORT` as a user runs them (no browser needed): the warning on an
open address, the links of a hosted table, and whose address the door counts behind a proxy."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import aiohttp

from test_browser import _free_port, _start, _stop
from tilegames.net.web_door import start_web_door


def test_web_on_an_open_address_says_the_traffic_is_plain_http_and_where_tls_is_explained(tmp_path):
    server = subprocess.Popen([sys.executable, "-m", "tilegames", "web", "--bind", "0.0.0.0", "--port", str(_free_port())],
                              env={**os.environ, "TILEGAMES_HOME": str(tmp_path), "LANGUAGE": "en"},
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    said = []
    assert server.stderr is not None
    for line in server.stderr:
        said.append(line)
        if "Serving tilegames" in line:
            break
    _stop(server)  # type: ignore[arg-type]
    text = "".join(said)
    assert "plain HTTP" in text and "docs/web.md" in text and "--public-url" in text


def test_a_public_url_that_is_not_http_is_refused_in_one_line(tmp_path):
    run = subprocess.run([sys.executable, "-m", "tilegames", "web", "--public-url", "ftp://example.org"],
                         env={**os.environ, "TILEGAMES_HOME": str(tmp_path), "LANGUAGE": "en"},
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert "is not an http:// or https:// address" in run.stderr and "Traceback" not in run.stderr


def test_host_with_web_writes_a_link_per_seat_and_prints_none_to_a_pipe(tmp_path):
    port, web = _free_port(), _free_port()
    codes = tmp_path / "codes.json"
    server = _start(["host", "scrabble", "--players", "Ann,Bo,cpu", "--port", str(port), "--web", str(web),
                     "--codes-json", str(codes), "--data", str(tmp_path / "tables")], tmp_path, "Serving 1 table")
    _stop(server)
    out = server.stdout.read() if server.stdout else ""
    document = json.loads(codes.read_text())
    assert document["links"] == {name: f"http://127.0.0.1:{web}/seat/{code}" for name, code in document["seats"].items()}
    assert set(document["links"]) == {"Ann", "Bo"}  # the computer's seat has none
    assert out and not any(code in out for code in document["seats"].values())


async def test_behind_a_proxy_the_door_counts_the_forwarded_address_and_otherwise_the_real_one():
    failures: list[str] = []

    def failed(address: str) -> float:
        failures.append(address)
        return 0.0

    for public_url, expected in (("https://games.example.org", "203.0.113.7"), (None, "127.0.0.1")):
        door = await start_web_door("127.0.0.1", 0, lambda codes: ["true"], whole_app=False,
                                    check_code=lambda name, code: None, failed=failed, loopback=True,
                                    public_url=public_url)
        try:
            async with aiohttp.ClientSession() as client:
                headers = {"X-Forwarded-For": "198.51.100.1, 203.0.113.7"}
                async with client.get(f"http://127.0.0.1:{door.port}/seat/K7PQ-3MZD-XW4R", headers=headers) as reply:
                    assert reply.status == 403
        finally:
            door.close()
            await door.wait_closed()
        assert failures.pop() == expected
