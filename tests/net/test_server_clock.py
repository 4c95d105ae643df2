"""The turn clock runs on the server: every new turn's clock starts there, warnings and timeouts
are pushed as they happen, `remaining` is sent about once a second, and a dropped player's turn
times out as anyone's. The server's timer is a fake one the tests move: nothing waits for the
wall clock."""

from __future__ import annotations

from fake_time import FakeTimer
from net_harness import ServerThread
from pilegame import PileConfig
from wire_client import WireClient


def started_table(server, seconds: int):
    codes = server.create("pile", ("Ann", "Bob"), 3, PileConfig(turn_seconds=seconds))
    ann, bob = WireClient(server.port), WireClient(server.port)
    ann.hello(codes.seats[0])
    bob.hello(codes.seats[1])
    return codes, ann, bob


def kinds(message) -> list[str]:
    return [event["kind"] for event in message.get("events", [])]


def test_remaining_is_pushed_about_once_a_second_and_counts_down(data):
    with ServerThread(data, timer=FakeTimer()) as server:
        _, ann, bob = started_table(server, 30)
        bob.so_far()
        updates = []
        for _ in range(8):  # two seconds, looked at four times a second
            server.advance(0.25)
            updates += bob.so_far()
        assert all(u["type"] == "update" and u["events"] == [] and u["state"]["clock_running"] for u in updates)
        assert [u["state"]["remaining"] for u in updates] == [29.0, 28.0]


def test_each_new_turn_starts_its_clock_on_the_server(data):
    with ServerThread(data, timer=FakeTimer()) as server:
        _, ann, bob = started_table(server, 30)
        server.advance(1.5)
        assert ann.so_far()[-1]["state"]["remaining"] == 28.5  # Ann's turn has used some of its time
        reply = ann.request("act", seat=0, action={"type": "draw"})
        state = reply["state"]
        assert state["current"] == 1 and state["clock_running"] and state["remaining"] == 30
        assert kinds(reply)[-1] == "turn"  # the new turn is told as an event, as in hot-seat play
        moved = bob.read_until(lambda m: "draw" in kinds(m))
        assert moved["state"]["clock_running"] and moved["state"]["remaining"] == 30


def test_the_warning_and_the_timeout_reach_everyone_even_when_the_player_has_gone(data):
    with ServerThread(data, timer=FakeTimer()) as server:
        codes, ann, bob = started_table(server, 2)
        ann.close()  # Ann, whose turn it is, drops
        server.until(lambda: len(server.table(codes.table).clients) == 1)  # and the server has seen her go
        server.advance(0)
        warned = bob.read_until(lambda m: "clock.warning" in kinds(m))
        assert warned["events"][0]["seat"] == 0
        server.advance(1.75)
        assert not any("clock.timeout" in kinds(m) for m in bob.so_far())  # not before its time
        server.advance(0.25)
        timed_out = bob.read_until(lambda m: "clock.timeout" in kinds(m))
        assert timed_out["state"]["current"] == 1 and timed_out["state"]["clock_running"]
        assert timed_out["state"]["spectator"]["rack_sizes"][0] == 4  # the timeout's draw
        draw = next(e for e in timed_out["events"] if e["seat"] == 0 and e["kind"] != "clock.timeout")
        assert draw["private"] == {}  # what Ann drew is not Bob's to see


def test_a_game_clock_in_overtime_crosses_the_wire_below_zero_and_counts_on_at_the_client(data):
    from tilegames.core.errors import BadRecord
    from tilegames.games.scrabble.config import ScrabbleConfig
    from tilegames.net.client_messages import read_state

    with ServerThread(data, timer=FakeTimer()) as server:
        codes = server.create("scrabble", ("Ann", "Bob"), 3, ScrabbleConfig(game_clock_minutes=1))
        ann, bob = WireClient(server.port), WireClient(server.port)
        ann.hello(codes.seats[0])
        bob.hello(codes.seats[1])
        server.advance(65)
        state = bob.so_far()[-1]["state"]
        assert state["game_clock"] is True and state["remaining"] == -5.0
        remote = read_state(state, 2, received=100.0)
        assert remote.left(102.0) == -7.0  # counted on below zero, as the server does
        state["game_clock"] = False  # a turn timer never goes below zero: damage, refused
        try:
            read_state(state, 2, received=100.0)
        except BadRecord as exc:
            assert "state.remaining" in str(exc)
        else:
            raise AssertionError("a negative turn time was believed")
