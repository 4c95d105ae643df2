"""A server run with `tilegames --debug` (issue 22, item 13): its log tells what happened
(connections opened and closed, the table created and joined, requests refused by a limit)
and never holds a join code, a rack, the bag or a seed. `host` still prints `Serving ...` on
stderr once it accepts connections; the debug log's place is said before."""

from __future__ import annotations

import json
import logging
import os
import queue
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from net_games import nabit_lay_out, play_to_end, secret_numbers
from net_harness import ServerThread
from pilegame import Play
from wire_client import WireClient

from tilegames.core.agents import register_agent, unregister_agent
from tilegames.core.records.journal import load_journal, replay
from tilegames.net import robots

ROOT = Path(__file__).resolve().parents[2]
SEED = 271828188


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_host(home: Path, data: Path, codes: Path, port: int) -> tuple[subprocess.Popen, list[str]]:
    """`tilegames --debug host nabit` in a process; the stderr lines up to `Serving ...`."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TILEGAMES_HOME": str(home), "LANGUAGE": "en"}
    process = subprocess.Popen(
        [sys.executable, "-m", "tilegames", "--lang", "en", "--debug", "host", "nabit", "--players", "Ann,Bob,cpu",
         "--seed", str(SEED), "--port", str(port), "--data", str(data), "--codes-json", str(codes)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stderr or ()], daemon=True).start()
    said: list[str] = []
    try:
        while not (said and said[-1].startswith("Serving ")):
            said.append(lines.get(timeout=30).rstrip("\n"))
    except queue.Empty:
        process.kill()
        raise AssertionError(f"the server did not start: {said}") from None
    return process, said


def hands_seen(client: WireClient) -> set[str]:
    """Every rack this client was shown: its letters in order, and its tiles' faces."""
    hands = set()
    for message in client.messages:
        state = message.get("state")
        if isinstance(state, dict):
            for view in (state.get("views") or {}).values():
                hands.add("".join(tile["letter"] or "?" for tile in view["hand"]))
                hands.add(" ".join(tile["face"] for tile in view["hand"]))
    return {hand for hand in hands if len(hand) >= 3}


def test_a_debug_log_of_a_served_game_tells_what_happened_and_no_secret(tmp_path):
    home, data, codes_file = tmp_path / "home", tmp_path / "server", tmp_path / "codes.json"
    process, said = start_host(home, data, codes_file, free_port())
    log = home / "tilegames.log"
    try:
        assert said[0] == f"Debug log: {log}"
        port = int(said[-1].split(" port ")[1].split()[0])
        deadline = time.monotonic() + 20
        while not codes_file.exists() and time.monotonic() < deadline:  # written once it listens
            time.sleep(0.05)
        codes = json.loads(codes_file.read_text())
        ann, bob = WireClient(port), WireClient(port)
        ann.hello(codes["seats"]["Ann"])
        bob.hello(codes["seats"]["Bob"])
        play_to_end({0: ann, 1: bob}, "nabit", lay_out=nabit_lay_out, stop=lambda moves, state: moves >= 6)
        stranger = WireClient(port)
        assert stranger.hello("ZZZZ-ZZZZ-ZZZZ")["error"] == "bad_code"
        stranger.close()
        flood = [ann.request("undo", seat=0) for _ in range(60)]  # past the rate of moves
        assert any(answer.get("error") == "slow_down" for answer in flood)
        ann.close()
    finally:
        process.send_signal(signal.SIGTERM)
        _, rest = process.communicate(timeout=20)
    assert process.returncode == 0, rest
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    text = log.read_text(encoding="utf-8")
    table = codes["table"]
    for record in (f"Table {table} created: nabit, 3 seats (1 played by the computer)",
                   f"joined table {table} (seats [0])", "opened", "closed",
                   "hello refused (a code no table has)", "request refused (too many too fast)", "The server stopped"):
        assert record in text, record
    secrets = {*codes["seats"].values(), codes["spectator"]}
    secrets |= {code.replace("-", "") for code in secrets}
    journal = load_journal(data / f"{table}.jsonl")
    state = replay(journal)
    secrets |= {number.decode() for number in secret_numbers(SEED, state)}
    secrets |= hands_seen(ann) | hands_seen(bob)
    secrets |= {"".join(t.face[1:] for t in bag.tiles) for bag in state.bags if len(bag.tiles) >= 3}
    secrets |= {" ".join(t.face for t in bag.tiles) for bag in state.bags if len(bag.tiles) >= 3}
    assert secrets and not [secret for secret in secrets if secret in text]
    assert '"hand"' not in text and "'letter'" not in text and "seed" not in text.lower()


def test_a_table_warning_is_a_log_record(caplog):
    with caplog.at_level(logging.WARNING):
        robots._say(SimpleNamespace(id="t7"), "Bob's computer player failed: RuntimeError")
    (record,) = caplog.records
    assert record.name == "tilegames.net.robots" and record.levelno == logging.WARNING
    assert record.getMessage() == "Table t7: Bob's computer player failed: RuntimeError"


class RackTellingAgent:
    """A computer player whose failure would tell its rack: it raises with the rack in the
    error's text, or plays the rack as a row that breaks the rules (whose reasons name it)."""

    def __init__(self, fail: bool) -> None:
        self.fail = fail

    def choose(self, view, time_budget):
        rack = sorted(view["rack"], key=lambda tile: -int(tile["face"]))
        if self.fail:
            raise RuntimeError("rack " + " ".join(tile["face"] for tile in rack))
        return Play(((rack[0]["id"], rack[-1]["id"]),))


@pytest.mark.parametrize("fail, said", [(True, "Table t1: cpu's computer player failed: RuntimeError"),
                                        (False, "Table t1: cpu's move was refused by the rules")])
def test_a_computer_players_trouble_is_logged_without_its_rack(data, caplog, fail, said):
    register_agent("pile", lambda: RackTellingAgent(fail))
    try:
        with caplog.at_level(logging.WARNING), ServerThread(data) as server:
            codes = server.create("pile", ("cpu", "Ann"), 3)
            WireClient(server.port).hello(codes.seats[1])  # the table starts: the computer is asked
            deadline = time.monotonic() + 10
            while not any(r.name == "tilegames.net.robots" for r in caplog.records) and time.monotonic() < deadline:
                time.sleep(0.05)
            rack = server.call(lambda: server.table("t1").session.controller.state.racks[0])
    finally:
        unregister_agent("pile")
    (record,) = [r for r in caplog.records if r.name == "tilegames.net.robots"]
    assert record.levelno == logging.WARNING and record.getMessage().startswith(said)
    faces = sorted((t.face for t in rack), key=int, reverse=True)
    assert " ".join(faces) not in record.getMessage() and f"Row {faces[0]} {faces[-1]}" not in record.getMessage()
