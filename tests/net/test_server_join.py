"""Joining a table: the hello and its welcome, wrong codes, the rate limit, the version, and a
table's clock waiting for its players. What the server does by the clock is tested with a fake
timer (fake_time.py) moved by hand, not by waiting for the wall clock."""

from __future__ import annotations

import json
import time
from dataclasses import replace

import pytest

from fake_time import FakeTimer
from pilegame import PileConfig
from net_harness import FAST, ServerThread
from tilegames.net.codes import SignInThrottle
from wire_client import Closed, WireClient


def held(timer: FakeTimer) -> list[float]:
    """The server's waits that hold a wrong code's answer: all but the clock loop's pace and the
    connections' join deadlines."""
    return [s for s in timer.pending() if s not in (FAST.tick_seconds, FAST.join_seconds)]


@pytest.fixture
def server(data):
    with ServerThread(data) as running:
        yield running


def test_a_seat_code_opens_that_seat_and_the_welcome_shows_only_its_rack(server):
    codes = server.create("scrabble", ("Ann", "Bob"), 5)
    ann = WireClient(server.port)
    welcome = ann.hello(codes.seats[0])
    assert welcome["type"] == "welcome" and welcome["id"] == 1 and welcome["v"] == 2
    assert (welcome["table"], welcome["game"], welcome["seats"], welcome["you"]) == (codes.table, "scrabble",
                                                                                     ["Ann", "Bob"], [0])
    state = welcome["state"]
    assert list(state["views"]) == ["0"] and len(state["views"]["0"]["rack"]) == 7
    assert state["spectator"]["rack"] is None and state["result"] is None
    assert set(state) >= {"current", "who_may_act", "turn", "remaining", "turn_seconds", "draft_changed",
                          "can_undo", "can_redo", "clock_running"}


def test_a_code_is_read_as_people_type_it(server):
    codes = server.create("nabit", ("Ann", "Bob"), 5)
    typed = codes.seats[1].lower().replace("-", " ")
    assert WireClient(server.port).hello(f"  {typed} ")["you"] == [1]


def test_the_spectator_code_shows_the_public_view_only(server):
    codes = server.create("rummikub", ("Ann", "Bob"), 5)
    welcome = WireClient(server.port).hello(codes.spectator)
    assert welcome["you"] == [] and welcome["state"]["views"] == {}
    assert welcome["state"]["spectator"]["rack"] is None


def test_two_players_at_one_terminal_send_both_codes(server):
    codes = server.create("word-rummikub", ("Ann", "Bob"), 5)
    welcome = WireClient(server.port).hello(codes.seats[1], codes.seats[0])
    assert welcome["you"] == [0, 1] and set(welcome["state"]["views"]) == {"0", "1"}


def test_a_wrong_code_is_refused_and_the_connection_may_try_again(server):
    codes = server.create("nabit", ("Ann", "Bob"), 5)
    ann = WireClient(server.port)
    wrong = ann.hello("AAAA-AAAA")
    assert wrong["type"] == "error" and wrong["error"] == "bad_code" and wrong["id"] == 1
    assert "AAAA-AAAA" in wrong["message"]
    assert ann.hello("not a code at all")["error"] == "bad_code"
    assert ann.hello(codes.seats[0])["type"] == "welcome"


def test_codes_of_two_tables_are_refused_together(server):
    one = server.create("nabit", ("Ann", "Bob"), 5)
    two = server.create("nabit", ("Cy", "Di"), 6)
    answer = WireClient(server.port).hello(one.seats[0], two.seats[0])
    assert answer["error"] == "bad_code" and "different tables" in answer["message"]


def test_a_right_code_is_accepted_at_once_right_after_wrong_ones_from_the_same_address(data):
    # Before: five wrong codes from one address shut it out, right codes included, for as long
    # as the guesser kept trying (every SSH player comes from 127.0.0.1 through the door).
    timer = FakeTimer()
    throttle = SignInThrottle(clock=timer.now, free=0, first_delay=0.5, most_delay=0.5)
    with ServerThread(data, throttle=throttle, timer=timer) as server:
        codes = server.create("nabit", ("Ann", "Bob"), 5)
        guesser = WireClient(server.port)
        for n in range(6):
            id = guesser.next_id()
            guesser.send({"type": "hello", "v": 2, "id": id, "code": f"AAAA-AAAA-AAA{n + 2}"})
            server.until(lambda: held(timer) == [0.5])
            server.advance(0.5)
            assert guesser.answer(id)["error"] == "bad_code"
        # Neither waits out a failure's delay: the server's time stands still while they join.
        assert WireClient(server.port).hello(codes.seats[0])["type"] == "welcome"
        assert guesser.hello(codes.seats[1])["type"] == "welcome"


def test_a_wrong_code_is_answered_only_after_its_delay_and_the_connection_waits_for_it(data):
    timer = FakeTimer()
    throttle = SignInThrottle(clock=timer.now, free=1, first_delay=0.4)
    with ServerThread(data, throttle=throttle, timer=timer, record=True) as server:
        codes = server.create("nabit", ("Ann", "Bob"), 5)
        client = WireClient(server.port)
        assert client.hello("AAAA-AAAA-AAAA")["error"] == "bad_code"  # the free one: at once
        # Two hellos sent together: the second is read only once the first's wait is over.
        first, second = client.next_id(), client.next_id()
        client.send({"type": "hello", "v": 2, "id": first, "code": "AAAA-AAAA-AAAB"})
        client.send({"type": "hello", "v": 2, "id": second, "code": codes.seats[0]})
        server.until(lambda: held(timer) == [0.4])
        server.advance(0.3)
        assert len(server.sent_to(client.local_port)) == 1  # neither answered yet
        server.advance(0.1)
        refused = client.read()
        assert (refused["id"], refused["error"]) == (first, "bad_code")
        welcome = client.read()
        assert (welcome["id"], welcome["type"]) == (second, "welcome")


def test_a_guesser_on_many_connections_is_held_to_one_guess_at_a_time_each(data):
    """Abuse: 40 connections from one address guessing at once. Each waits out its own failure
    before its next guess is read, and the waits grow, so the guesses checked stay few."""
    timer = FakeTimer()
    throttle = SignInThrottle(clock=timer.now, free=2, first_delay=0.2, most_delay=1.0)
    with ServerThread(data, throttle=throttle, timer=timer, record=True) as server:
        codes = server.create("nabit", ("Ann", "Bob"), 5)
        guessers = [WireClient(server.port) for _ in range(40)]
        for n, guesser in enumerate(guessers):
            for k in range(5):
                guesser.send({"type": "hello", "v": 2, "id": guesser.next_id(), "code": f"AAAA-AAAA-A{n:02}{k}"})
        server.until(lambda: len(held(timer)) == 40)  # each connection waits out a wrong code
        server.advance(1.0)
        server.until(lambda: len(held(timer)) == 40)  # and then its next one
        ann = WireClient(server.port)
        assert ann.hello(codes.seats[0])["type"] == "welcome"  # a player walks straight in
        answered = sum(len(server.sent_to(guesser.local_port)) for guesser in guessers)
        # In a second, 200 guesses were sent: only the free ones and a few held ones were
        # answered (each connection's next one is not even read before that).
        assert answered < 120


def test_wrong_codes_far_apart_are_forgotten_and_never_slowed(data):
    timer = FakeTimer()
    settings = replace(FAST, join_seconds=3600.0)
    with ServerThread(data, settings=settings, throttle=SignInThrottle(clock=timer.now, free=2, forget=60),
                      timer=timer) as server:
        server.create("nabit", ("Ann", "Bob"), 5)
        client = WireClient(server.port)
        for _ in range(8):
            assert client.hello("AAAA-AAAA-AAAA")["error"] == "bad_code"  # answered with no time passing
            server.advance(61)


def test_another_protocol_version_is_told_and_closed(server):
    codes = server.create("nabit", ("Ann", "Bob"), 5)
    client = WireClient(server.port)
    answer = client.hello(codes.seats[0], v=3)
    assert answer["error"] == "version" and answer["fatal"] is True and "version 2" in answer["message"]
    assert client.closed_by_server()


def test_a_version_1_client_joins_a_single_game_but_not_a_match(server):
    single = server.create("nabit", ("Ann", "Bob"), 5)
    assert WireClient(server.port).hello(single.seats[0], v=1)["type"] == "welcome"
    match = server.create("rummikub", ("Ann", "Bob"), 5)
    client = WireClient(server.port)
    answer = client.hello(match.seats[0], v=1)
    assert answer["error"] == "version" and answer["fatal"] is True and "series of 2 games" in answer["message"]
    assert client.closed_by_server()


def test_requests_before_joining_are_bad_and_pings_are_answered(server):
    server.create("nabit", ("Ann", "Bob"), 5)
    client = WireClient(server.port)
    client.send({"type": "ping", "id": 7})
    assert client.read() == {"type": "pong", "id": 7}
    answer = client.request("undo", seat=0)
    assert answer["type"] == "reply" and answer["error"] == "bad_message" and "hello" in answer["reasons"][0]


def test_a_second_hello_on_a_joined_connection_is_a_bad_message(server):
    codes = server.create("nabit", ("Ann", "Bob"), 5)
    client = WireClient(server.port)
    client.hello(codes.seats[0])
    answer = client.hello(codes.seats[1])
    assert answer["error"] == "bad_message" and "already" in answer["message"]


def test_a_connection_that_never_says_hello_is_closed(data):
    timer = FakeTimer()
    with ServerThread(data, timer=timer) as server:
        client = WireClient(server.port)
        server.until(lambda: FAST.join_seconds in timer.pending())  # its deadline runs
        server.advance(FAST.join_seconds - 1)
        assert client.so_far() == []  # a ping is no hello: still open, and told nothing else
        server.advance(1)
        message = client.read()
        assert message["error"] == "timeout" and message["fatal"] is True
        assert client.closed_by_server()


def test_the_history_shows_each_newcomer_only_what_its_seats_may_know(server):
    codes = server.create("rummikub", ("Ann", "Bob"), 271828183, turn_seconds=None)
    ann, bob = WireClient(server.port), WireClient(server.port)
    ann.hello(codes.seats[0])
    bob.hello(codes.seats[1])
    from net_games import play_to_end

    play_to_end({0: ann, 1: bob}, "rummikub", stop=lambda moves, state: moves >= 8)
    watcher = WireClient(server.port).hello(codes.spectator)
    again = WireClient(server.port).hello(codes.seats[0])
    assert len(watcher["history"]) == len(again["history"]) >= 8
    assert all(event["private"] == {} for event in watcher["history"])
    assert all(event["kind"] != "turn" for event in watcher["history"])
    draws = [e for e in again["history"] if e["kind"] == "draw" and e["seat"] == 0]
    assert draws and all(e["private"].get("tiles") for e in draws)


def test_a_new_tables_clock_waits_until_every_player_has_joined(data):
    with ServerThread(data, timer=FakeTimer()) as server:
        codes = server.create("pile", ("Ann", "Bob"), 5, PileConfig(turn_seconds=1))
        ann = WireClient(server.port)
        first = ann.hello(codes.seats[0])["state"]
        assert first["clock_running"] is False and first["remaining"] == 1
        server.advance(5)
        assert ann.so_far() == []  # no timeout, no keep-alive: the clock is waiting
        WireClient(server.port).hello(codes.seats[1])
        started = ann.read()
        assert started["type"] == "update" and started["state"]["clock_running"] is True
        server.advance(1)
        timed_out = ann.read_until(lambda m: any(e["kind"] == "clock.timeout" for e in m.get("events", [])))
        assert timed_out["state"]["turn"] == first["turn"] + 1 and timed_out["state"]["clock_running"]


def test_a_welcome_too_long_to_send_keeps_the_latest_history_and_a_long_answer_is_refused(server, monkeypatch):
    import tilegames.net.server as server_module
    from net_games import play_to_end

    codes = server.create("rummikub", ("Ann", "Bob"), 271828183, turn_seconds=None)
    ann, bob = WireClient(server.port), WireClient(server.port)
    ann.hello(codes.seats[0])
    bob.hello(codes.seats[1])
    play_to_end({0: ann, 1: bob}, "rummikub", stop=lambda moves, state: moves >= 30)
    full = WireClient(server.port).hello(codes.spectator)
    size = len(json.dumps(full, separators=(",", ":")))
    monkeypatch.setattr(server_module, "MAX_SERVER_LINE", size - 500)
    cut = WireClient(server.port).hello(codes.spectator)
    assert 0 < len(cut["history"]) < len(full["history"]) and cut["history"][-1] == full["history"][-1]
    assert cut["state"] == full["state"]
    refused = ann.request("past_views")
    assert refused["ok"] is False and refused["error"] == "too_big"


def test_too_many_connections_from_one_address_are_turned_away(server, monkeypatch):
    import tilegames.net.server as server_module

    monkeypatch.setattr(server_module, "MAX_PER_ADDRESS", 2)
    codes = server.create("nabit", ("Ann", "Bob"), 5)
    first, second = WireClient(server.port), WireClient(server.port)
    assert first.hello(codes.seats[0])["type"] == "welcome"
    third = WireClient(server.port)
    busy = third.read()
    assert busy["error"] == "busy" and busy["fatal"] is True and third.closed_by_server()
    second.close()
    for _ in range(100):  # once the server has noticed that one went
        try:
            assert WireClient(server.port).hello(codes.seats[1])["type"] == "welcome"
            break
        except Closed:
            time.sleep(0.02)
    else:
        raise AssertionError("a connection was still turned away")
