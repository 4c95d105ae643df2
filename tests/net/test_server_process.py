"""The server as a process, through its entry points (`net.commands.host` and `serve`): codes
printed and written once it listens, `kill -9` in the middle of a turn, started again on the
same folder, and the game played on with the same codes; SIGTERM stops it cleanly."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

from net_games import nabit_lay_out, play_to_end
from tilegames.core.records.journal import load_journal, replay
from wire_client import WireClient, same_position

ROOT = Path(__file__).resolve().parents[2]

HOST = """
import json, sys
from pathlib import Path
from tilegames.core.registry import get_game
from tilegames.net.commands import host
config = get_game("nabit").config_for({}, 2)
sys.exit(host("nabit", ("Ann", "Bob", "cpu"), config, 271828188, "127.0.0.1", 0, Path(sys.argv[1]),
              Path(sys.argv[2]), ready=lambda info: print("READY", json.dumps(info), flush=True)))
"""

SERVE = """
import json, sys
from pathlib import Path
from tilegames.net.commands import serve
sys.exit(serve("127.0.0.1", 0, Path(sys.argv[1]), ready=lambda info: print("READY", json.dumps(info), flush=True)))
"""


def start(script: str, *args: Path) -> tuple[subprocess.Popen, dict, list[str]]:
    """The process, what it told `ready`, and what it printed before."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-c", script, *map(str, args)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout or ()], daemon=True).start()
    printed: list[str] = []
    try:
        while True:
            line = lines.get(timeout=20)
            if line.startswith("READY "):
                return process, json.loads(line[6:]), printed
            printed.append(line.rstrip("\n"))
    except queue.Empty:
        process.kill()
        raise AssertionError(f"the server did not start: {process.communicate()[1]}") from None


def test_a_hosted_table_survives_kill_9_and_plays_on_with_the_same_codes(data, tmp_path):
    codes_file = tmp_path / "codes.json"
    process, info, printed = start(HOST, data, codes_file)
    try:
        codes = json.loads(codes_file.read_text())
        assert codes["table"] == info["table"] and set(codes["seats"]) == {"Ann", "Bob"}
        assert oct(codes_file.stat().st_mode & 0o777) == "0o600"
        port = info["port"]
        # Its output is a pipe here, as a log would be: it says where the codes are, not them.
        assert not any(code in line for code in [*codes["seats"].values(), codes["spectator"]] for line in printed)
        assert any(str(codes_file) in line for line in printed)
        assert f"Join with: tilegames join 127.0.0.1:{port} --code CODE" in printed

        ann, bob = WireClient(port), WireClient(port)
        ann.hello(codes["seats"]["Ann"])
        bob.hello(codes["seats"]["Bob"])
        play_to_end({0: ann, 1: bob}, "nabit", lay_out=nabit_lay_out, stop=lambda moves, state: moves >= 4)
        seat = ann.state["current"]
        if seat == 2:  # the computer's turn: wait for it
            ann.read_until(lambda m: ann.state["current"] != 2)
            seat = ann.state["current"]
        mover = ann if seat == 0 else bob
        tile = mover.state["views"][str(seat)]["hand"][0]
        before = mover.request("edit", seat=seat, edit={"type": "put", "tile": tile["id"], "row": 0, "col": 0,
                                                         "letter": tile["letter"]})["state"]
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    assert process.returncode == -signal.SIGKILL

    process, info, _ = start(SERVE, data)
    try:
        assert info["tables"] == [codes["table"]]
        ann, bob = WireClient(info["port"]), WireClient(info["port"])
        ann.hello(codes["seats"]["Ann"])
        bob.hello(codes["seats"]["Bob"])
        mover = ann if seat == 0 else bob
        assert same_position(mover.state, before) and mover.state["views"] == before["views"]
        assert mover.request("undo_all", seat=seat)["ok"]
        final = play_to_end({0: ann, 1: bob}, "nabit", lay_out=nabit_lay_out)
        assert final["result"] is not None
    finally:
        process.send_signal(signal.SIGTERM)
        _, errors = process.communicate(timeout=10)
    assert process.returncode == 0 and "The server stopped" in errors
    journal = load_journal(data / f"{codes['table']}.jsonl")
    assert not journal.warnings or "cut off" in journal.warnings[0]
    assert replay(journal) is not None and {r.seat for r in journal.records} == {0, 1, 2}


def test_a_second_server_on_the_same_folder_is_refused(data):
    process, info, _ = start(SERVE, data)
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        second = subprocess.run([sys.executable, "-c", SERVE, str(data)], capture_output=True, text=True,
                                env=env, cwd=ROOT, timeout=20)
        assert second.returncode == 1 and "Another tilegames server is using" in second.stderr
    finally:
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=10)
