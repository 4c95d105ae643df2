"""Seats named cpu are played by the server, with the game's computer player thinking in a
worker thread; an answer that comes too late (the clock moved the game on) is dropped."""

from __future__ import annotations

import threading

import pytest
from fake_time import FakeTimer
from net_games import play_to_end
from net_harness import ServerThread
from pilegame import Draw, PileConfig
from tilegames.core.agents import register_agent, unregister_agent
from tilegames.core.records.journal import load_journal
from wire_client import WireClient


def test_a_person_plays_a_whole_game_against_the_servers_computer(data):
    with ServerThread(data) as server:
        codes = server.create("nabit", ("Ann", "cpu"), 271828181)
        assert codes.seats[1] is None  # nobody may take the computer's seat
        ann = WireClient(server.port)
        assert ann.hello(codes.seats[0])["you"] == [0]
        final = play_to_end({0: ann}, "nabit")
        assert final["result"] is not None
    seats = {record.seat for record in load_journal(data / f"{codes.table}.jsonl").records}
    assert seats == {0, 1}


def test_a_table_of_computers_plays_itself_out_while_someone_watches(data):
    with ServerThread(data) as server:
        codes = server.create("nabit", ("CPU 1", "CPU 2"), 271828181)
        watcher = WireClient(server.port)
        watcher.hello(codes.spectator)
        last = watcher.read_until(lambda m: (m.get("state") or {}).get("result") is not None, 20)
        assert last["type"] == "update" and last["state"]["views"] == {}


class SlowAgent:
    """Draws, but only when told to (the test tells it once the turn's clock has run out)."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.answer = threading.Event()

    def choose(self, view, time_budget):
        self.asked.set()
        assert self.answer.wait(20)
        return Draw()


def test_a_computers_answer_after_its_turn_timed_out_is_dropped(data):
    agent = SlowAgent()
    register_agent("pile", lambda: agent)
    try:
        with ServerThread(data, timer=FakeTimer()) as server:
            codes = server.create("pile", ("cpu", "Ann"), 3, PileConfig(turn_seconds=1))
            ann = WireClient(server.port)
            ann.hello(codes.seats[1])
            assert agent.asked.wait(10)  # the computer thinks about its turn
            server.advance(1)
            timed_out = ann.read_until(lambda m: any(e["kind"] == "clock.timeout" for e in m.get("events", [])))
            assert timed_out["state"]["current"] == 1
            agent.answer.set()
            robots = server.server._robots[codes.table]
            server.until(lambda: robots._thinking is None)  # the late answer is back on the loop, looked at
            assert ann.request("act", seat=1, action={"type": "draw"})["ok"]  # Ann's turn was still hers
    finally:
        unregister_agent("pile")
    records = load_journal(data / f"{codes.table}.jsonl").records
    assert [(r.seat, r.action["type"], r.by) for r in records[:2]] == [(0, "timeout", "clock"), (1, "draw", "player")]


def test_a_table_asking_for_a_level_its_game_lacks_is_refused_and_nothing_is_dealt(data):
    with ServerThread(data) as server:
        with pytest.raises(ValueError, match="no computer level 'hard'"):
            server.create("rummikub", ("Ann", "CPU (hard)"), 271828181)
        with pytest.raises(ValueError, match="one level"):
            server.create("pile", ("Ann", "CPU (strong)"), 271828181)  # the test game: one level
        codes = server.create("rummikub", ("Ann", "CPU (strong)"), 271828181)
        assert codes.seats[1] is None
    assert sorted(p.name for p in data.glob("*.jsonl")) == [f"{codes.table}.jsonl"]
