"""Private files from the first byte (issue 21, item 5): everything a server creates in its data
folder, and the codes file, is made 0600 by `os.open` with that mode (never chmod afterwards, a
moment in which others could read it); a data folder others can read is tightened to 0700; and
`host` prints the codes only to a terminal: to a pipe or a file (a log) it says where they are."""

from __future__ import annotations

import json
import os
import pty
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from net_harness import ServerThread
from tilegames.core.records.journal_writer import JournalWriter
from tilegames.core.records.journal import JournalHeader
from tilegames.net.store import StoreError, TableStore
from wire_client import WireClient

ROOT = Path(__file__).resolve().parents[2]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


class Creations:
    """Every file os.open creates, with the mode it was asked for, and every chmod."""

    def __init__(self, monkeypatch) -> None:
        self.created: dict[str, int] = {}
        self.chmods: list[str] = []
        real_open, real_chmod = os.open, os.chmod

        def opening(path, flags, mode=0o777, *args, **kwargs):
            if flags & os.O_CREAT and not os.path.exists(path):
                self.created[Path(path).name] = mode
            return real_open(path, flags, mode, *args, **kwargs)

        def chmodding(path, mode, *args, **kwargs):
            self.chmods.append(Path(path).name)
            return real_chmod(path, mode, *args, **kwargs)

        monkeypatch.setattr(os, "open", opening)
        monkeypatch.setattr(os, "chmod", chmodding)


def test_every_file_the_server_makes_is_created_private(data, monkeypatch):
    files = Creations(monkeypatch)
    with ServerThread(data) as server:
        codes = server.create("rummikub", ("Ann", "Bob"), 5)
        ann = WireClient(server.port)
        ann.hello(codes.seats[0])
    made = set(files.created)
    assert {f"{codes.table}.jsonl", f"{codes.table}.jsonl.lock", "server.lock"} <= made
    assert "tables.json.new" in files.created  # written aside, then renamed into place
    assert all(files.created[name] & 0o077 == 0 for name in files.created), files.created
    assert not [name for name in files.chmods if name.endswith((".jsonl", ".lock", ".json"))]
    for path in data.iterdir():
        assert mode(path) & 0o077 == 0, path


def test_a_hot_seat_journal_and_its_lock_note_are_private_too(tmp_path):
    writer = JournalWriter.create(tmp_path / "g.jsonl", JournalHeader("pile", {}, 5, ("Ann", "Bob")))
    try:
        assert mode(tmp_path / "g.jsonl") == 0o600
        assert mode(tmp_path / "g.jsonl.lock") == 0o600
    finally:
        writer.close()


def test_a_data_folder_others_can_read_is_tightened_to_0700(tmp_path):
    folder = tmp_path / "server"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    store = TableStore.open(folder)
    store.close()
    assert mode(folder) == 0o700


def test_a_data_folder_that_cannot_be_tightened_is_refused_with_a_sentence(tmp_path, monkeypatch):
    folder = tmp_path / "server"
    folder.mkdir()
    folder.chmod(0o755)

    def refuse(path, mode, *args, **kwargs):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "chmod", refuse)
    with pytest.raises(StoreError, match="can be read by other users"):
        TableStore.open(folder)


HOST = """
import sys
from pathlib import Path
from tilegames.core.registry import get_game
from tilegames.net.commands import host
config = get_game("nabit").config_for({}, 2)
codes = Path(sys.argv[2]) if len(sys.argv) > 2 else None
def ready(info):
    print("READY", flush=True)
    raise KeyboardInterrupt
try:
    host("nabit", ("Ann", "Bob"), config, None, "127.0.0.1", 0, Path(sys.argv[1]), codes, ready=ready)
except KeyboardInterrupt:
    pass
"""


def run_host(*args: Path, terminal: bool) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if not terminal:
        done = subprocess.run([sys.executable, "-c", HOST, *map(str, args)], capture_output=True, text=True,
                              env=env, cwd=ROOT, timeout=60)
        return done.stdout
    main, child = pty.openpty()
    process = subprocess.Popen([sys.executable, "-c", HOST, *map(str, args)], stdout=child, stderr=subprocess.DEVNULL,
                               env=env, cwd=ROOT)
    os.close(child)
    out = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    process.wait(60)
    os.close(main)
    return out.decode()


def test_host_prints_the_codes_on_a_terminal(data):
    printed = run_host(data, terminal=True)
    tables = json.loads((data / "tables.json").read_text())["tables"]
    assert all(code in printed for code in tables[0]["seats"])


def test_host_writing_to_a_pipe_says_where_the_codes_are_instead(data, tmp_path):
    codes_file = tmp_path / "codes.json"
    printed = run_host(data, codes_file, terminal=False)
    tables = json.loads((data / "tables.json").read_text())["tables"]
    assert not any(code in printed for code in [*tables[0]["seats"], tables[0]["spectator"]])
    assert str(codes_file) in printed and "READY" in printed


def test_host_to_a_pipe_without_a_codes_file_writes_one_privately_in_the_data_folder(data):
    printed = run_host(data, terminal=False)
    table = json.loads((data / "tables.json").read_text())["tables"][0]
    written = data / f"{table['id']}.codes.json"
    assert str(written) in printed and not any(code in printed for code in table["seats"])
    assert mode(written) == 0o600
    assert json.loads(written.read_text())["seats"]["Ann"] == table["seats"][0]
