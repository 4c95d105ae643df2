"""RemoteSession against a real server on 127.0.0.1: joining, every Session method, refusals,
and news pushed by the server reaching a client through tick()."""

from __future__ import annotations

import socket
import threading

import pytest
from remote_helpers import LOCALHOST, edit_of, join, new_table, serving, until

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.protocol import TURN_EVENT
from tilegames.core.kernel.session_protocol import Session
from tilegames.games.scrabble.actions import Pass
from tilegames.net.client_messages import JoinFailed, SessionLost
from tilegames.net.remote_session import RemoteSession

SEATS = ("Ann", "Bob")


@pytest.fixture
def server(data):
    with serving(data) as running:
        yield running


@pytest.fixture
def scrabble(server):
    """A Scrabble table (no clock) with both seats joined, each from its own terminal."""
    table = new_table(server, "scrabble", SEATS, 11)
    ann, bob = join(server, table.codes[0]), join(server, table.codes[1])
    yield table, ann, bob
    ann.close()
    bob.close()


def players(ann: RemoteSession, bob: RemoteSession) -> tuple[RemoteSession, RemoteSession]:
    """(the client whose turn it is, the other)."""
    return (ann, bob) if ann.current_seat == 0 else (bob, ann)


def test_a_remote_session_is_a_session(scrabble):
    _, ann, _ = scrabble
    assert isinstance(ann, Session)


def test_joining_tells_the_game_the_seats_and_the_history(scrabble):
    table, ann, bob = scrabble
    assert (ann.game_id, ann.seats, ann.seats_here, bob.seats_here) == ("scrabble", SEATS, (0,), (1,))
    assert ann.table == table.id and ann.history == [] and ann.warnings == []
    assert ann.current_seat in (0, 1) and ann.who_may_act() == (ann.current_seat,)
    assert ann.turn_number() == bob.turn_number() and ann.turn_seconds() is None and ann.remaining() is None
    assert ann.result() is None


def test_views_are_the_seats_own_and_never_another_seats_rack(scrabble):
    _, ann, bob = scrabble
    mine, theirs = ann.view(0), ann.view(1)
    assert len(mine["rack"]) == 7
    assert theirs == ann.view(None) and not theirs.get("rack")  # seat 1 is played elsewhere: the public view
    assert {t["id"] for t in mine["rack"]}.isdisjoint({t["id"] for t in bob.view(1)["rack"]})


def test_two_codes_play_two_seats_at_one_terminal(server):
    table = new_table(server, "scrabble", SEATS, 3)
    both = join(server, *table.codes)
    try:
        assert both.seats_here == (0, 1) and len(both.view(0)["rack"]) == len(both.view(1)["rack"]) == 7
    finally:
        both.close()


def test_edits_undo_redo_and_undo_all_are_round_trips_that_keep_the_draft_on_the_server(scrabble):
    _, ann, bob = scrabble
    me, _ = players(ann, bob)
    seat = me.current_seat
    assert seat is not None
    tile = me.view(seat)["rack"][0]
    assert not me.draft_changed() and not me.can_undo() and not me.can_redo()
    me.edit(seat, edit_of("scrabble", "put", tile=tile["id"], row=7, col=7, letter="A" if tile["face"] == "?" else None))
    assert me.draft_changed() and me.can_undo() and [p["row"] for p in me.view(seat)["draft"]] == [7]
    assert me.undo(seat) is True and not me.draft_changed() and me.can_redo()
    assert me.redo(seat) is True and me.draft_changed()
    assert me.undo(seat) is True and me.undo(seat) is False  # nothing more to take back
    me.redo(seat)
    me.undo_all(seat)
    assert not me.draft_changed() and me.can_redo() and me.view(seat)["draft"] == []


def test_an_illegal_commit_raises_illegal_move_with_the_servers_sentences_and_changes_nothing(scrabble):
    _, ann, bob = scrabble
    me, _ = players(ann, bob)
    seat = me.current_seat
    assert seat is not None
    tile = me.view(seat)["rack"][0]
    me.edit(seat, edit_of("scrabble", "put", tile=tile["id"], row=0, col=0, letter="A" if tile["face"] == "?" else None))  # far from the centre
    turn = me.turn_number()
    with pytest.raises(IllegalMove) as refused:
        me.commit(seat)
    assert refused.value.reasons and all(r.endswith(".") for r in refused.value.reasons)
    assert not isinstance(refused.value, SessionLost)
    assert me.turn_number() == turn and me.draft_changed()  # the draft is kept for more editing


def test_a_seat_played_elsewhere_is_refused_with_a_sentence(scrabble):
    _, ann, bob = scrabble
    me, other = players(ann, bob)
    seat = me.current_seat
    assert seat is not None
    with pytest.raises(IllegalMove, match="not played at this terminal"):
        other.act(seat, Pass())


def test_an_action_tells_its_events_to_the_listeners_and_the_other_terminal_hears_them_at_its_tick(scrabble):
    _, ann, bob = scrabble
    me, other = players(ann, bob)
    seat = me.current_seat
    assert seat is not None
    heard_here, heard_there = [], []
    me.subscribe(heard_here.append)
    other.subscribe(heard_there.append)
    returned = me.act(seat, Pass())
    assert [e.kind for e in returned][0] == "pass"
    assert [e.kind for e in heard_here] == ["pass", TURN_EVENT]  # a new turn is told as the controller tells it
    assert me.current_seat == 1 - seat and me.who_may_act() == (1 - seat,)
    assert heard_there == []  # nothing changes on the other terminal outside its tick
    told = until(other, lambda: other.current_seat == 1 - seat)
    assert [e.kind for e in told] == ["pass", TURN_EVENT] and heard_there == told


def test_the_clock_counts_down_locally_between_the_servers_messages(server):
    table = new_table(server, "scrabble", SEATS, 5, turn_seconds=60)
    clock = FakeClock(100.0)
    ann = RemoteSession.connect(LOCALHOST, server.port, (table.codes[0],), clock=clock)
    bob = join(server, table.codes[1])
    try:
        assert ann.turn_seconds() == 60 and ann.remaining() == pytest.approx(60, abs=0.5)
        clock.advance(5)
        assert ann.remaining() == pytest.approx(60, abs=0.5)  # the table waits for its players: no countdown
        until(ann, lambda: ann._state.clock_running)
        left = ann.remaining()
        assert left is not None
        clock.advance(7)
        after = ann.remaining()
        assert after is not None and left - after == pytest.approx(7, abs=0.01)  # no round trip
    finally:
        ann.close()
        bob.close()


def test_past_views_and_an_export_are_asked_of_the_server(scrabble, private_home):
    _, ann, bob = scrabble
    with pytest.raises(ValueError, match="once the game is over"):  # the server's sentence
        ann.save_export("gcg")
    for _ in range(4):  # everyone passes twice: the game ends
        me, other = players(ann, bob)
        seat = me.current_seat
        assert seat is not None
        me.act(seat, Pass())
        until(other, lambda: other.turn_number() == me.turn_number())
    assert ann.result() is not None and bob.result() == ann.result() and ann.who_may_act() == ()
    views = ann.past_views()
    assert len(views) == 4 and all("board" in v for v in views)
    said = ann.save_export("gcg")
    assert said.startswith("Saved as ")
    path = said.removeprefix("Saved as ")
    assert path.endswith(".gcg") and str(private_home) in path
    assert "#player1" in open(path, encoding="utf-8").read()
    with pytest.raises(ValueError):
        ann.save_export("pdf")


def test_a_wrong_code_a_closed_port_and_another_version_are_sentences(server):
    with pytest.raises(JoinFailed) as wrong:
        join(server, "ZZZZ-ZZZZ")
    assert wrong.value.error == "bad_code" and "ZZZZ-ZZZZ" in str(wrong.value)
    closed = socket.socket()
    closed.bind((LOCALHOST, 0))
    port = closed.getsockname()[1]
    closed.close()
    with pytest.raises(JoinFailed, match="No tilegames server is listening") as refused:
        RemoteSession.connect(LOCALHOST, port, ("K7PQ-3MZD",))
    assert refused.value.error == "unreachable"
    with pytest.raises(JoinFailed, match="another version") as version:
        RemoteSession.connect(LOCALHOST, one_answer_server('{"type":"error","id":1,"error":"version",'
                                                           '"message":"No.","fatal":true}'), ("K7PQ-3MZD",))
    assert version.value.error == "version"
    with pytest.raises(JoinFailed, match="version 3"):
        RemoteSession.connect(LOCALHOST, one_answer_server('{"type":"welcome","id":1,"v":3}'), ("K7PQ-3MZD",))
    with pytest.raises(JoinFailed, match="cannot read"):
        RemoteSession.connect(LOCALHOST, one_answer_server('{"type":"welcome","id":1,"v":2,"seats":"Ann"}'),
                              ("K7PQ-3MZD",))


def one_answer_server(line: str) -> int:
    """A port where something answers any hello with `line`, then hangs up."""
    listener = socket.create_server((LOCALHOST, 0))

    def answer() -> None:
        conn, _ = listener.accept()
        with conn:
            conn.makefile("rb").readline()
            conn.sendall(line.encode() + b"\n")
        listener.close()

    threading.Thread(target=answer, daemon=True).start()
    return int(listener.getsockname()[1])


def test_after_close_every_request_says_the_connection_is_gone(scrabble):
    _, ann, _ = scrabble
    seat = 0
    ann.close()
    with pytest.raises(SessionLost) as lost:
        ann.act(seat, Pass())
    assert lost.value.reasons[0].endswith(".")
    assert ann.past_views() == [ann.view(None)]  # a summary still has something to draw


def test_a_game_record_is_not_saved_on_the_server_by_an_app_it_serves_over_ssh(scrabble, private_home, monkeypatch):
    _, ann, bob = scrabble
    for _ in range(4):  # everyone passes twice: the game ends
        me, other = players(ann, bob)
        me.act(me.current_seat, Pass())
        until(other, lambda: other.turn_number() == me.turn_number())
    before = sorted(private_home.rglob("*"))
    monkeypatch.setenv("TILEGAMES_SSH_SESSION", "1")
    with pytest.raises(ValueError, match="served by the game server: nothing is saved"):
        ann.save_export("gcg")
    assert sorted(private_home.rglob("*")) == before
