"""What a careless or hostile client sends: garbage, oversized lines, malformed requests, moves
out of turn, the clock's own move, replayed ids, another seat's requests. Each is answered
with a sentence, the game is exactly as it was, and ten bad messages close the connection."""

from __future__ import annotations

import json

import pytest

from net_harness import ServerThread
from wire_client import WireClient

BAD_LINES = [
    b"garbage",
    b"\xff\xfe not UTF-8",
    b"[1, 2, 3]",
    b'{"type": "dance", "id": 3}',
    b'{"type": "request", "op": "commit", "seat": 0}',  # no id
    b'{"type": "request", "id": true, "op": "commit", "seat": 0}',
    b'{"type": "request", "id": 1e400, "op": "commit", "seat": 0}',
    b'{"type": "request", "id": ' + b"9" * 5000 + b', "op": "commit", "seat": 0}',
    b'{"type": "request", "id": 1, "op": "commit", "seat": 0, "x": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    b'{"type": "request", "id": 1, "op": "commit", "seat": 0, "name": "\\udcff"}',
    b'{"type": "ping"}',
]


@pytest.fixture
def table(data):
    """A Nab-It! table: Ann (seat 0, to play) and Bob joined; (server, codes, ann, bob)."""
    with ServerThread(data) as server:
        codes = server.create("nabit", ("Ann", "Bob"), 271828188)
        ann, bob = WireClient(server.port), WireClient(server.port)
        ann.hello(codes.seats[0])
        bob.hello(codes.seats[1])
        ann.drain()  # the update saying the table started
        assert ann.state["current"] == 0
        yield server, codes, ann, bob


def fingerprint(server, codes) -> tuple:
    """The game and its journal, to show a refused message changed neither."""
    def read():
        table = server.table(codes.table)
        session = table.session
        return session.controller.state, session.view(0), session.can_undo()
    journal = (server.data / f"{codes.table}.jsonl").read_bytes()
    return (*server.call(read), journal)


@pytest.mark.parametrize("line", BAD_LINES, ids=range(len(BAD_LINES)))
def test_a_line_that_is_not_a_message_is_answered_and_changes_nothing(table, line):
    server, codes, ann, _ = table
    before = fingerprint(server, codes)
    ann.send_raw(line + b"\n")
    answer = ann.read()
    assert answer["type"] == "error" and answer["error"] == "bad_message"
    assert answer["message"].endswith(".") and "fatal" not in answer
    assert fingerprint(server, codes) == before
    assert ann.request("undo", seat=0)["ok"]  # and the connection goes on


def test_an_oversized_line_is_skipped_and_the_next_line_is_read(table):
    server, codes, ann, _ = table
    before = fingerprint(server, codes)
    huge = json.dumps({"type": "request", "id": 5, "op": "edit", "seat": 0,
                       "edit": {"type": "put", "pad": "x" * 200_000}}).encode()
    ann.send_raw(huge + b"\n" + json.dumps({"type": "ping", "id": 6}).encode() + b"\n")
    answer = ann.read()
    assert answer["error"] == "bad_message" and "65,536 bytes" in answer["message"]
    assert ann.read() == {"type": "pong", "id": 6}
    assert fingerprint(server, codes) == before


BAD_REQUESTS = [
    ({"op": "fly", "seat": 0}, "Unknown request"),
    ({"op": "commit"}, "needs \"seat\""),
    ({"op": "commit", "seat": "0"}, "needs \"seat\""),
    ({"op": "edit", "seat": 0}, "needs \"edit\""),
    ({"op": "edit", "seat": 0, "edit": {"type": "teleport"}}, "Unknown edit type"),
    ({"op": "edit", "seat": 0, "edit": {"type": "put", "tile": "six", "row": 0, "col": 0, "letter": "A"}},
     "could not use"),
    ({"op": "act", "seat": 0, "action": {"type": "pass", "extra": 1}}, "could not use"),
    ({"op": "act", "seat": 0, "action": {"type": "timeout"}}, "only the turn clock"),
    ({"op": "act", "seat": 0, "action": ["pass"]}, "needs \"action\""),
    ({"op": "export"}, "needs \"fmt\""),
]


@pytest.mark.parametrize("fields, said", BAD_REQUESTS, ids=[f["op"] for f, _ in BAD_REQUESTS])
def test_a_malformed_request_is_refused_with_a_sentence_and_changes_nothing(table, fields, said):
    server, codes, ann, bob = table
    before = fingerprint(server, codes)
    answer = ann.request(**fields)
    assert answer["type"] == "reply" and answer["ok"] is False and answer["error"] == "bad_message"
    assert len(answer["reasons"]) == 1 and said in answer["reasons"][0], answer
    assert fingerprint(server, codes) == before
    assert bob.drain() == []  # nothing happened, so nobody is told anything


def test_another_seats_request_is_not_your_seat(table):
    server, codes, ann, bob = table
    before = fingerprint(server, codes)
    for op, fields in (("commit", {}), ("undo_all", {}), ("act", {"action": {"type": "pass"}})):
        answer = bob.request(op, seat=0, **fields)
        assert answer["error"] == "not_your_seat"
    assert bob.request("act", seat=7, action={"type": "pass"})["error"] == "not_your_seat"
    assert fingerprint(server, codes) == before


def test_a_move_out_of_turn_is_illegal_but_not_a_bad_message(table):
    server, codes, ann, bob = table
    before = fingerprint(server, codes)
    for _ in range(12):
        answer = bob.request("act", seat=1, action={"type": "pass"})
        assert answer["ok"] is False and answer["error"] == "illegal" and answer["reasons"]
    assert fingerprint(server, codes) == before
    assert bob.request("undo", seat=1)["error"] == "illegal"  # still connected after twelve


def test_a_refused_commit_keeps_the_draft(table):
    server, codes, ann, _ = table
    tile = ann.state["views"]["0"]["hand"][0]
    assert ann.request("edit", seat=0, edit={"type": "put", "tile": tile["id"], "row": 0, "col": 0,
                                             "letter": tile["letter"]})["ok"]
    answer = ann.request("commit", seat=0)
    assert answer["error"] == "illegal" and answer["reasons"]
    assert ann.request("undo", seat=0)["value"] is True  # the tile was still in the draft


def test_a_replayed_id_is_stale_and_changes_nothing(table):
    server, codes, ann, bob = table
    ann.send({"type": "request", "id": 50, "op": "act", "seat": 0, "action": {"type": "pass"}})
    assert ann.answer(50)["ok"]
    bob.sync(ann.state)
    before = fingerprint(server, codes)
    ann.send({"type": "request", "id": 50, "op": "act", "seat": 0, "action": {"type": "pass"}})
    assert ann.answer(50)["error"] == "stale"
    ann.send({"type": "request", "id": 2, "op": "undo", "seat": 0})
    assert ann.answer(2)["error"] == "stale"
    assert fingerprint(server, codes) == before


def test_ten_bad_messages_close_the_connection_and_the_game_goes_on(table):
    server, codes, ann, bob = table
    before = fingerprint(server, codes)
    for n in range(9):
        ann.send_raw(b"nonsense\n")
        assert ann.read()["error"] == "bad_message"
    bob.request("undo", seat=0)  # bad messages of another connection do not count here
    ann.send({"type": "request", "id": 1, "op": "undo", "seat": 0})  # stale: the tenth
    assert ann.answer(1)["error"] == "stale"
    fatal = ann.read()
    assert fatal["type"] == "error" and fatal["fatal"] is True and "10 messages" in fatal["message"]
    assert ann.closed_by_server()
    assert fingerprint(server, codes) == before
    again = WireClient(server.port)
    assert again.hello(codes.seats[0])["you"] == [0]
    assert again.request("act", seat=0, action={"type": "pass"})["ok"]
