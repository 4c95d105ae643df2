"""A RemoteSession whose connection drops: tick() notices and reconnects with the same codes,
the server's state comes back (the draft of the turn in progress too), what happened meanwhile
is told once, and requests made while disconnected raise SessionLost with a sentence."""

from __future__ import annotations

import json
import socket
import threading

import pytest
from remote_helpers import LOCALHOST, edit_of, join, new_table, serving, until

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.protocol import Event
from tilegames.games.scrabble.actions import Pass
from tilegames.net import remote_session
from tilegames.net.client_messages import SessionLost, missed_events
from tilegames.net.remote_session import BACK_EVENT, GONE_EVENT, LOST_EVENT, RemoteSession


@pytest.fixture(autouse=True)
def quick_reconnects(monkeypatch):
    monkeypatch.setattr(remote_session, "RECONNECT_DELAYS", (0.05,) * 100)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOCALHOST, 0))
        return int(probe.getsockname()[1])


def cut(session: RemoteSession) -> None:
    """The network goes: the connection's socket is shut under it."""
    session._connection._sock.shutdown(socket.SHUT_RDWR)


def put_first_tile(session: RemoteSession, seat: int) -> dict:
    tile = session.view(seat)["rack"][0]
    session.edit(seat, edit_of("scrabble", "put", tile=tile["id"], row=7, col=7, letter="E" if tile["face"] == "?" else None))
    return tile


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def test_a_cut_connection_comes_back_with_the_draft_of_the_turn_in_progress(data):
    with serving(data) as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), 4)
        ann, bob = join(server, table.codes[0]), join(server, table.codes[1])
        me = ann if ann.current_seat == 0 else bob
        seat = me.current_seat
        assert seat is not None
        tile = put_first_tile(me, seat)
        heard = told_so_far(me)
        cut(me)
        until(me, lambda: LOST_EVENT in kinds(heard))
        with pytest.raises(SessionLost, match="reconnecting"):
            me.undo(seat)
        until(me, lambda: me.connected)
        assert kinds(heard) == [LOST_EVENT, BACK_EVENT]  # nothing happened meanwhile: nothing else is told
        assert me.draft_changed() and [p["tile"] for p in me.view(seat)["draft"]] == [tile["id"]]
        assert me.undo(seat) is True and not me.draft_changed()  # requests go through again
        ann.close()
        bob.close()


def test_what_happened_while_a_terminal_was_away_is_told_once_it_is_back(data):
    with serving(data) as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), 4)
        ann, bob = join(server, table.codes[0]), join(server, table.codes[1])
        me, away = (ann, bob) if ann.current_seat == 0 else (bob, ann)
        seat = me.current_seat
        assert seat is not None
        heard: list[Event] = []
        away.subscribe(heard.append)
        cut(away)
        until(away, lambda: not away._reconnecting and away._rejoined is None and not away.connected)
        me.act(seat, Pass())
        until(away, lambda: away.connected and away.current_seat == 1 - seat)
        assert kinds(heard) == [LOST_EVENT, BACK_EVENT, "pass", "turn"]
        me.close()
        away.close()


def test_play_goes_on_after_the_server_restarts_mid_game(data):
    port = free_port()
    with serving(data, port) as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), 9)
        ann, bob = join(server, table.codes[0]), join(server, table.codes[1])
        first, second = (ann, bob) if ann.current_seat == 0 else (bob, ann)
        seat = first.current_seat
        assert seat is not None
        first.act(seat, Pass())
        until(second, lambda: second.current_seat == 1 - seat)
        tile = put_first_tile(second, 1 - seat)
        turn = second.turn_number()
    # The server is down: both notice, and try again.
    until([ann, bob], lambda: not ann.connected and not bob.connected)
    with pytest.raises(SessionLost):
        second.commit(1 - seat)
    with serving(data, port):
        told = until([ann, bob], lambda: ann.connected and bob.connected)
        assert kinds(told).count(BACK_EVENT) == 2 and "pass" not in kinds(told)  # told before: not again
        assert second.turn_number() == turn and second.current_seat == 1 - seat
        assert [p["tile"] for p in second.view(1 - seat)["draft"]] == [tile["id"]]  # the draft survived
        second.undo_all(1 - seat)
        second.act(1 - seat, Pass())
        until(first, lambda: first.current_seat == seat)
    ann.close()
    bob.close()


def test_reconnecting_gives_up_after_a_few_tries_and_says_to_join_again(data, monkeypatch):
    monkeypatch.setattr(remote_session, "RECONNECT_DELAYS", (0.05, 0.05, 0.05))
    with serving(data) as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), 4)
        ann = join(server, table.codes[0])
    told = until(ann, lambda: ann.gone is not None and GONE_EVENT in kinds(told_so_far(ann)))
    assert kinds(told)[0] == LOST_EVENT
    with pytest.raises(SessionLost, match="Join again with your code") as lost:
        ann.act(0, Pass())
    assert isinstance(lost.value, IllegalMove)  # screens show it as they show a refused move
    assert ann.tick() == ()  # said once
    ann.close()


def told_so_far(session: RemoteSession) -> list[Event]:
    """The events the session's listeners were told (kept on the session by the test)."""
    if not hasattr(session, "_test_told"):
        session._test_told = []  # type: ignore[attr-defined]
        session.subscribe(session._test_told.append)  # type: ignore[attr-defined]
    return session._test_told  # type: ignore[attr-defined, no-any-return]


def silent_server() -> int:
    """A port where a server welcomes one terminal to a Scrabble table, then never says a word."""
    listener = socket.create_server((LOCALHOST, 0))
    welcome = {"type": "welcome", "id": 1, "v": 2, "table": "t1", "game": "scrabble", "seats": ["Ann", "Bob"],
               "you": [0], "history": [],
               "state": {"views": {"0": {}}, "spectator": {}, "current": 0, "who_may_act": [0], "turn": 0,
                         "remaining": None, "turn_seconds": None, "result": None}}

    def welcome_then_silence() -> None:
        conn, _ = listener.accept()
        listener.close()
        conn.makefile("rb").readline()
        conn.sendall(json.dumps(welcome).encode() + b"\n")
        threading.Event().wait(5)
        conn.close()

    threading.Thread(target=welcome_then_silence, daemon=True).start()
    return int(listener.getsockname()[1])


def test_a_server_that_stops_answering_a_request_is_given_up_after_the_timeout():
    session = RemoteSession.connect(LOCALHOST, silent_server(), ("K7PQ-3MZD",), timeout=0.3)
    with pytest.raises(SessionLost, match="did not answer within"):
        session.act(0, Pass())
    assert not session.connected
    session.close()


def test_a_quiet_line_is_pinged_and_given_up_when_nothing_comes_back(monkeypatch):
    monkeypatch.setattr(remote_session, "RECONNECT_DELAYS", ())
    clock = FakeClock(0.0)
    session = RemoteSession.connect(LOCALHOST, silent_server(), ("K7PQ-3MZD",), timeout=10, clock=clock)
    heard = told_so_far(session)
    assert session.tick() == () and session.connected
    clock.advance(remote_session.PING_SECONDS)
    session.tick()  # pings
    clock.advance(9)
    session.tick()
    assert session.connected  # still within its patience
    clock.advance(2)
    session.tick()  # no answer in 10 s: given up, and told
    assert not session.connected and kinds(heard) == [LOST_EVENT]
    until(session, lambda: GONE_EVENT in kinds(heard))  # no tries left: join again
    session.close()


def test_missed_events_are_found_after_those_told_even_when_a_restarted_server_forgot_the_clocks_news():
    a, b, c = Event("draw", "Ann drew a tile.", 0), Event("draw", "Bob drew a tile.", 1), Event("play", "Ann played.", 0)
    warning = Event("clock.warning", "10 seconds left.", 1)
    assert missed_events(2, [a, b], (a, b, c)) == (c,)
    assert missed_events(3, [a, warning, b], (a, b, c)) == (c,)  # the warning is not in a restarted server's history
    assert missed_events(2, [a, b], (a, b)) == ()
    assert missed_events(2, [c, c], (a, b)) == ()  # the place is not found: nothing is told twice
    assert missed_events(0, [], (a,)) == (a,)
