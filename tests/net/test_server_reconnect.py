"""Connections drop and servers stop: a player who reconnects finds the turn as they left it,
draft and all, and a server started again on the same data folder resumes every table with
the same codes."""

from __future__ import annotations

from fake_time import FakeTimer
from net_games import nabit_lay_out, play_to_end
from net_harness import ServerThread
from pilegame import PileConfig
from tilegames.core.records.journal import load_journal, replay
from wire_client import WireClient, same_position


def join(server, codes):
    ann, bob = WireClient(server.port), WireClient(server.port)
    ann.hello(codes.seats[0])
    bob.hello(codes.seats[1])
    return ann, bob


def put_first_tile(client, seat):
    tile = client.state["views"][str(seat)]["hand"][0]
    reply = client.request("edit", seat=seat, edit={"type": "put", "tile": tile["id"], "row": 0, "col": 0,
                                                    "letter": tile["letter"]})
    assert reply["ok"] and reply["state"]["draft_changed"] and reply["state"]["can_undo"]
    return reply["state"]


def test_a_player_who_reconnects_mid_turn_finds_the_draft_and_plays_on(data):
    with ServerThread(data) as server:
        codes = server.create("nabit", ("Ann", "Bob"), 271828188)
        ann, bob = join(server, codes)
        assert ann.state["current"] == 0
        drafted = put_first_tile(ann, 0)
        ann.close()
        ann = WireClient(server.port)
        welcome = ann.hello(codes.seats[0])
        state = welcome["state"]
        assert state["views"] == drafted["views"] and state["draft_changed"] and state["can_undo"]
        assert ann.request("undo_all", seat=0)["state"]["draft_changed"] is False
        assert ann.request("redo", seat=0)["value"] is True
        assert ann.request("undo_all", seat=0)["ok"]
        final = play_to_end({0: ann, 1: bob}, "nabit", lay_out=nabit_lay_out)
        assert final["result"] is not None


def test_a_seat_open_at_two_terminals_sees_its_draft_at_both_and_no_one_else_does(data):
    with ServerThread(data) as server:
        codes = server.create("nabit", ("Ann", "Bob"), 271828188)
        ann, bob = join(server, codes)
        ann_too = WireClient(server.port)
        ann_too.hello(codes.seats[0])
        for client in (ann, bob, ann_too):
            client.drain()
        drafted = put_first_tile(ann, 0)
        update = ann_too.read()
        assert update["type"] == "update" and update["events"] == [] and update["state"] == drafted
        assert bob.drain() == []
        assert ann_too.request("commit", seat=0)["error"] == "illegal"  # a lone tile is no word, from either


def test_a_server_started_again_resumes_the_table_with_its_codes_and_the_draft(data):
    with ServerThread(data) as server:
        codes = server.create("nabit", ("Ann", "Bob"), 271828188)
        ann, bob = join(server, codes)
        play_to_end({0: ann, 1: bob}, "nabit", lay_out=nabit_lay_out, stop=lambda moves, state: moves >= 4)
        seat = ann.state["current"]
        mover = ann if seat == 0 else bob
        before = put_first_tile(mover, seat)
        engine = server.state_of(codes.table)
    assert ann.closed_by_server() and bob.closed_by_server()

    with ServerThread(data) as server:
        assert server.warnings == []
        assert server.state_of(codes.table) == engine
        ann, bob = join(server, codes)
        mover = ann if seat == 0 else bob
        assert same_position(mover.state, before) and mover.state["views"] == before["views"]
        assert mover.state["can_undo"] and mover.request("undo_all", seat=seat)["ok"]
        final = play_to_end({0: ann, 1: bob}, "nabit", lay_out=nabit_lay_out)
        assert final["result"] is not None
        engine = server.state_of(codes.table)
    assert replay(load_journal(data / f"{codes.table}.jsonl")) == engine


def test_a_resumed_turn_keeps_its_time_and_waits_for_the_players(data):
    with ServerThread(data, timer=FakeTimer()) as server:
        codes = server.create("pile", ("Ann", "Bob"), 3, PileConfig(turn_seconds=30))
        ann, bob = join(server, codes)
        server.advance(1.5)
        assert ann.so_far()[-1]["state"]["remaining"] == 28.5
    with ServerThread(data, timer=FakeTimer()) as server:
        ann = WireClient(server.port)
        state = ann.hello(codes.seats[0])["state"]
        assert state["clock_running"] is False and state["remaining"] == 28.5
        server.advance(5)
        assert ann.so_far() == []  # Bob is not back: the clock waits
        WireClient(server.port).hello(codes.seats[1])
        started = ann.read()["state"]
        assert started["clock_running"] and started["remaining"] == 28.5


def test_finished_tables_are_not_resumed(data):
    with ServerThread(data) as server:
        codes = server.create("nabit", ("Ann", "Bob"), 271828188)
        ann, bob = join(server, codes)
        play_to_end({0: ann, 1: bob}, "nabit")
    with ServerThread(data) as server:
        assert codes.table not in server.call(lambda: set(server.server.lobby.tables))
        assert WireClient(server.port).hello(codes.seats[0])["error"] == "bad_code"
