"""Tables isolated from each other (issue 21, item 2): journal writes and fsyncs happen off the
event loop, a move still being acknowledged only once it is on the disk; one connection's
moves, edits and replays are rate-limited (`slow_down`, which it recovers from); a flood of
edits grows its table's journal by a bounded amount."""

from __future__ import annotations

import os
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from net_harness import FAST, ServerThread
from tilegames.core.records.journal import load_journal
from wire_client import WireClient


def rummikub_table(server: ServerThread, seed: int = 5):
    """A Rummikub table of two, both joined, no clock; (codes, current player's client, seat, other)."""
    codes = server.create("rummikub", ("Ann", "Bob"), seed, turn_seconds=None, allow_doubles_redeal=False)
    clients = [WireClient(server.port) for _ in range(2)]
    for client, code in zip(clients, codes.seats):
        client.hello(code)
    for client in clients:
        client.drain()
    seat = clients[0].state["current"]
    return codes, clients[seat], seat, clients[1 - seat]


def a_rack_tile(client: WireClient, seat: int) -> int:
    return client.state["views"][str(seat)]["rack"][0]["id"]


class SlowDisk:
    """os.fsync made slow for the journals whose names are in `slow` (as a busy disk), and a
    note of which threads called it."""

    def __init__(self, monkeypatch, slow: set[str], seconds: float) -> None:
        self.real = os.fsync
        self.slow, self.seconds = slow, seconds
        self.threads: list[str] = []
        monkeypatch.setattr(os, "fsync", self)

    def __call__(self, fd: int) -> None:
        self.threads.append(threading.current_thread().name)
        try:
            name = Path(os.readlink(f"/proc/self/fd/{fd}")).name
        except OSError:
            name = ""
        if name in self.slow:
            time.sleep(self.seconds)
        self.real(fd)


def test_journal_fsyncs_never_run_on_the_servers_event_loop(data, monkeypatch):
    with ServerThread(data) as server:
        codes, player, seat, _other = rummikub_table(server)
        disk = SlowDisk(monkeypatch, set(), 0)
        assert player.request("edit", seat=seat, edit={"type": "move", "tile_id": a_rack_tile(player, seat),
                                                       "to_row": None})["ok"]
        assert player.request("act", seat=seat, action={"type": "draw"})["ok"]
        assert disk.threads and "test-server" not in disk.threads  # the loop's thread is "test-server"


def test_a_move_is_acknowledged_only_once_its_journal_line_is_on_the_disk(data, monkeypatch):
    with ServerThread(data) as server:
        codes, player, seat, _other = rummikub_table(server)
        SlowDisk(monkeypatch, {f"{codes.table}.jsonl"}, 0.3)
        started = time.monotonic()
        reply = player.request("act", seat=seat, action={"type": "draw"})
        assert reply["ok"] and time.monotonic() - started >= 0.3  # it waited for the disk
        assert len(load_journal(data / f"{codes.table}.jsonl").records) == 1


def test_a_slow_disk_at_one_table_does_not_hold_up_another(data, monkeypatch):
    """Before, every fsync ran on the loop: one table's slow disk stalled every table."""
    with ServerThread(data) as server:
        slow_codes, slow_player, slow_seat, _ = rummikub_table(server, 5)
        codes, player, seat, _ = rummikub_table(server, 6)
        SlowDisk(monkeypatch, {f"{slow_codes.table}.jsonl"}, 1.0)
        slow_player.send({"type": "request", "id": 900, "op": "act", "seat": slow_seat,
                          "action": {"type": "draw"}})
        time.sleep(0.1)  # the slow table's flush is under way
        started = time.monotonic()
        reply = player.request("act", seat=seat, action={"type": "draw"})
        assert reply["ok"] and time.monotonic() - started < 0.5
        assert slow_player.answer(900)["ok"]


def test_edits_beyond_the_rate_are_refused_with_slow_down_and_the_game_is_unchanged(data):
    settings = replace(FAST, move_burst=5, move_rate=2)
    with ServerThread(data, settings=settings) as server:
        codes, player, seat, _other = rummikub_table(server)
        tile = a_rack_tile(player, seat)
        answers = []
        for n in range(12):
            answers.append(player.request("edit", seat=seat, edit={"type": "move", "tile_id": tile,
                                                                   "to_row": None if n % 2 else 0}))
        refused = [a for a in answers if not a["ok"]]
        assert len([a for a in answers if a["ok"]]) >= 5 and refused
        assert all(a["error"] == "slow_down" and "Slow down" in a["reasons"][0] for a in refused)
        draft = lambda: server.call(lambda: server.table(codes.table).session.controller.draft)  # noqa: E731
        before = draft()
        where = 0 if any(t.id == tile for t in before.rack) else None
        time.sleep(0.6)  # a token again
        assert player.request("edit", seat=seat, edit={"type": "move", "tile_id": tile, "to_row": where})["ok"]
        assert draft() != before  # it recovers: the next edit is made


def test_a_flooding_connection_is_read_no_faster_than_its_rate(data):
    settings = replace(FAST, move_burst=2, move_rate=5)
    with ServerThread(data, settings=settings) as server:
        codes, player, seat, _other = rummikub_table(server)
        for n in range(40):  # sent at once, as fast as the socket takes them
            player.send({"type": "request", "id": 100 + n, "op": "undo", "seat": seat})
        time.sleep(1.0)
        answered = player.drain(0.05)
        # Two at once, then five a second, each refusal followed by a pause: about a dozen in a
        # second, not forty.
        assert 2 < len([m for m in answered if m.get("type") == "reply"]) <= 16


def test_replays_are_rate_limited_per_connection(data):
    settings = replace(FAST, replay_burst=2, replay_rate=0.5)
    with ServerThread(data, settings=settings) as server:
        codes, player, seat, _other = rummikub_table(server)
        answers = [player.request("past_views") for _ in range(4)]
        assert [a["ok"] for a in answers[:2]] == [True, True]
        assert not answers[2]["ok"] and answers[2]["error"] == "slow_down"


def test_a_flood_of_edits_grows_its_tables_journal_by_a_bounded_amount(data, monkeypatch):
    monkeypatch.setattr("tilegames.core.kernel.controller.TURN_BUDGET", 16 * 1024)
    with ServerThread(data) as server:
        codes, player, seat, _other = rummikub_table(server)
        path = data / f"{codes.table}.jsonl"
        before = path.stat().st_size
        tile = a_rack_tile(player, seat)
        for n in range(1500):
            player.send({"type": "request", "id": 100 + n, "op": "edit" if n % 2 == 0 else "undo", "seat": seat,
                         **({"edit": {"type": "move", "tile_id": tile, "to_row": 0}} if n % 2 == 0 else {})})
        assert player.answer(100 + 1499, timeout=60)["ok"]
        assert path.stat().st_size - before < 16 * 1024 + 2000  # unfolded, some 200 kB
