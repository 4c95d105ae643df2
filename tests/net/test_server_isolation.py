"""Tables isolated from each other (issue 21, item 2): journal writes and fsyncs happen off the
event loop, a move still being acknowledged only once it is on the disk; one connection's
moves, edits and replays are rate-limited (`slow_down`, which it recovers from); a flood of
edits grows its table's journal by a bounded amount. A busy disk is one the test holds, and the
rate limits run on a fake timer: nothing waits for the wall clock."""

from __future__ import annotations

import os
import threading
from dataclasses import replace
from pathlib import Path

from fake_time import FakeTimer
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
        client.so_far()
    seat = clients[0].state["current"]
    return codes, clients[seat], seat, clients[1 - seat]


def a_rack_tile(client: WireClient, seat: int) -> int:
    return client.state["views"][str(seat)]["rack"][0]["id"]


class Disk:
    """os.fsync watched: a note of which threads call it, and for the journals whose names are
    in `held`, a disk that is busy until the test says (`release`): `holding` is set once
    such an fsync has begun."""

    def __init__(self, monkeypatch, held: set[str]) -> None:
        self.real = os.fsync
        self.held = held
        self.threads: list[str] = []
        self.holding = threading.Event()
        self._released = threading.Event()
        monkeypatch.setattr(os, "fsync", self)

    def release(self) -> None:
        self._released.set()

    def __call__(self, fd: int) -> None:
        self.threads.append(threading.current_thread().name)
        try:
            name = Path(os.readlink(f"/proc/self/fd/{fd}")).name
        except OSError:
            name = ""
        if name in self.held:
            self.holding.set()
            assert self._released.wait(20), "the test never let the disk finish"
        self.real(fd)


def test_journal_fsyncs_never_run_on_the_servers_event_loop(data, monkeypatch):
    with ServerThread(data) as server:
        codes, player, seat, _other = rummikub_table(server)
        disk = Disk(monkeypatch, set())
        assert player.request("edit", seat=seat, edit={"type": "move", "tile_id": a_rack_tile(player, seat),
                                                       "to_row": None})["ok"]
        assert player.request("act", seat=seat, action={"type": "draw"})["ok"]
        assert disk.threads and "test-server" not in disk.threads  # the loop's thread is "test-server"


def test_a_move_is_acknowledged_only_once_its_journal_line_is_on_the_disk(data, monkeypatch):
    with ServerThread(data) as server:
        codes, player, seat, other = rummikub_table(server)
        disk = Disk(monkeypatch, {f"{codes.table}.jsonl"})
        try:
            player.send({"type": "request", "id": 900, "op": "act", "seat": seat, "action": {"type": "draw"}})
            assert disk.holding.wait(10)  # its line is being written
            assert other.so_far() == [] and not player.has_unread()  # nobody is told of the move yet
        finally:
            disk.release()
        assert player.answer(900)["ok"]
        assert len(load_journal(data / f"{codes.table}.jsonl").records) == 1


def test_a_slow_disk_at_one_table_does_not_hold_up_another(data, monkeypatch):
    """Before, every fsync ran on the loop: one table's slow disk stalled every table."""
    with ServerThread(data) as server:
        slow_codes, slow_player, slow_seat, _ = rummikub_table(server, 5)
        codes, player, seat, _ = rummikub_table(server, 6)
        disk = Disk(monkeypatch, {f"{slow_codes.table}.jsonl"})
        try:
            slow_player.send({"type": "request", "id": 900, "op": "act", "seat": slow_seat,
                              "action": {"type": "draw"}})
            assert disk.holding.wait(10)  # the slow table's flush is under way, and stays so
            reply = player.request("act", seat=seat, action={"type": "draw"})
            assert reply["ok"] and not slow_player.has_unread()  # answered while the slow one still waits
        finally:
            disk.release()
        assert slow_player.answer(900)["ok"]


def test_edits_beyond_the_rate_are_refused_with_slow_down_and_the_game_is_unchanged(data):
    settings = replace(FAST, move_burst=5, move_rate=2)
    with ServerThread(data, settings=settings, timer=FakeTimer()) as server:
        codes, player, seat, _other = rummikub_table(server)
        tile = a_rack_tile(player, seat)

        def edit(n: int):
            return player.request("edit", seat=seat, edit={"type": "move", "tile_id": tile,
                                                           "to_row": None if n % 2 else 0})

        draft = lambda: server.call(lambda: server.table(codes.table).session.controller.draft)  # noqa: E731
        assert all(edit(n)["ok"] for n in range(5))  # the burst
        before = draft()
        refused = edit(5)  # with no time passing, no token comes back
        assert not refused["ok"] and refused["error"] == "slow_down" and "Slow down" in refused["reasons"][0]
        assert draft() == before
        server.advance(0.5)  # a token again
        assert edit(5)["ok"]
        assert draft() != before  # it recovers: the next edit is made


def test_a_flooding_connection_is_read_no_faster_than_its_rate(data):
    settings = replace(FAST, move_burst=2, move_rate=4)
    timer = FakeTimer()
    with ServerThread(data, settings=settings, timer=timer, record=True) as server:
        codes, player, seat, _other = rummikub_table(server)
        for n in range(40):  # sent at once, as fast as the socket takes them
            player.send({"type": "request", "id": 100 + n, "op": "undo", "seat": seat})
        for _ in range(4):  # a second
            server.until(lambda: 0.25 in timer.pending())  # refused, and read no further until a token is back
            server.advance(0.25)
        server.until(lambda: 0.25 in timer.pending())
        answered = [m for m in server.sent_to(player.local_port) if m["type"] == "reply" and m["id"] >= 100]
        # Two at once, then four a second, each refusal followed by a pause: about a dozen in a
        # second, not forty.
        assert 2 < len(answered) <= 16


def test_replays_are_rate_limited_per_connection(data):
    settings = replace(FAST, replay_burst=2, replay_rate=0.5)
    with ServerThread(data, settings=settings, timer=FakeTimer()) as server:
        codes, player, seat, _other = rummikub_table(server)
        answers = [player.request("past_views") for _ in range(3)]
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
