"""The turn clock runs on the server: every new turn's clock starts there, warnings and timeouts
are pushed as they happen, `remaining` is sent about once a second, and a dropped player's turn
times out as anyone's."""

from __future__ import annotations

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
    with ServerThread(data) as server:
        _, ann, bob = started_table(server, 30)
        bob.read()  # the table started
        updates = [bob.read(1.6) for _ in range(2)]
        assert all(u["type"] == "update" and u["events"] == [] and u["state"]["clock_running"] for u in updates)
        first, second = (u["state"]["remaining"] for u in updates)
        assert 0.7 < first - second < 1.4


def test_each_new_turn_starts_its_clock_on_the_server(data):
    with ServerThread(data) as server:
        _, ann, bob = started_table(server, 30)
        ann.read_until(lambda m: m["type"] == "update" and m["state"]["remaining"] < 29, 5)
        reply = ann.request("act", seat=0, action={"type": "draw"})
        state = reply["state"]
        assert state["current"] == 1 and state["clock_running"] and state["remaining"] > 29.5
        assert kinds(reply)[-1] == "turn"  # the new turn is told as an event, as in hot-seat play
        moved = bob.read_until(lambda m: "draw" in kinds(m))
        assert moved["state"]["clock_running"] and moved["state"]["remaining"] > 29.5


def test_the_warning_and_the_timeout_reach_everyone_even_when_the_player_has_gone(data):
    with ServerThread(data) as server:
        _, ann, bob = started_table(server, 2)
        ann.close()  # Ann, whose turn it is, drops
        warned = bob.read_until(lambda m: "clock.warning" in kinds(m), 5)
        assert warned["events"][0]["seat"] == 0
        timed_out = bob.read_until(lambda m: "clock.timeout" in kinds(m), 5)
        assert timed_out["state"]["current"] == 1 and timed_out["state"]["clock_running"]
        assert timed_out["state"]["spectator"]["rack_sizes"][0] == 4  # the timeout's draw
        draw = next(e for e in timed_out["events"] if e["seat"] == 0 and e["kind"] != "clock.timeout")
        assert draw["private"] == {}  # what Ann drew is not Bob's to see
