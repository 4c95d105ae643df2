"""A RemoteSession whose requests are waited for off the app's thread: the reply changes the
session only on its home thread (`settle_on`), in the order the server's lines came; news from
the server wakes whoever listens (`wake_with`) without changing anything; a `slow_down` refusal
is a refusal of its own that leaves the connection up."""

from __future__ import annotations

import queue
import threading
from concurrent.futures import Future
from typing import Any, Callable

import pytest
from remote_helpers import edit_of, join, new_table, serving, until
from server_gate import ServerGate

from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.session_protocol import BlockingSession, NotNow
from tilegames.games.scrabble.actions import Pass
from tilegames.net.client_messages import SlowDown, refusal
from tilegames.net.remote_session import RemoteSession


class Home:
    """The app's thread as a test plays it: what a worker hands over waits in `waiting` until
    the test runs it (`take`, then `run`); what the home thread asks itself runs at once."""

    def __init__(self) -> None:
        self.thread = threading.get_ident()
        self.waiting: queue.Queue[tuple[Callable[[], Any], Future[Any]]] = queue.Queue()

    def __call__(self, fn: Callable[[], Any]) -> Any:
        if threading.get_ident() == self.thread:
            return fn()
        done: Future[Any] = Future()
        self.waiting.put((fn, done))
        return done.result(10)

    def take(self) -> tuple[Callable[[], Any], Future[Any]]:
        """What a worker handed over (waiting for the server's answer to come first)."""
        return self.waiting.get(timeout=10)

    @staticmethod
    def run(handed: tuple[Callable[[], Any], Future[Any]]) -> None:
        fn, done = handed
        try:
            done.set_result(fn())
        except BaseException as exc:  # handed back to the worker, as the app's thread does
            done.set_exception(exc)


def in_a_worker(call: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    """`call()` on a thread of its own, as a screen's worker makes it; what it returned or raised."""
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append(call())
        except Exception as exc:
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


def put(session: RemoteSession, index: int, col: int) -> Any:
    tile = session.view(0)["rack"][index]
    return edit_of("scrabble", "put", tile=tile["id"], row=7, col=col, letter="E" if tile["face"] == "?" else None)


@pytest.fixture
def ann_first(data):
    """A Scrabble table (seed 4: Ann plays first, no clock) with Ann joined."""
    with serving(data) as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), 4)
        ann = join(server, table.codes[0])
        assert ann.current_seat == 0
        yield server, table, ann
        ann.close()


def test_a_remote_session_says_its_calls_block():
    assert issubclass(RemoteSession, BlockingSession)


def test_a_reply_waited_for_in_a_worker_changes_the_session_only_when_its_home_thread_applies_it(ann_first):
    _, _, ann = ann_first
    home = Home()
    ann.settle_on(home)
    edit = put(ann, 0, 7)
    worker, outcome = in_a_worker(lambda: ann.edit(0, edit))
    handed = home.take()  # the server has answered; the worker hands the reply over
    assert not ann.draft_changed() and ann.view(0)["draft"] == []  # nothing changed on the worker's thread
    home.run(handed)
    worker.join(10)
    assert outcome == [None] and ann.draft_changed() and len(ann.view(0)["draft"]) == 1
    assert ann.undo(0) is True and not ann.draft_changed()  # asked on the home thread: at once


def test_news_that_came_after_a_reply_is_never_undone_by_the_reply(ann_first):
    server, table, ann = ann_first
    other = join(server, table.codes[0])  # Ann's second terminal: its edits are news to this one
    try:
        home = Home()
        ann.settle_on(home)
        woken = threading.Event()
        ann.wake_with(woken.set)
        first = put(ann, 0, 7)
        worker, outcome = in_a_worker(lambda: ann.edit(0, first))
        handed = home.take()  # the reply: one tile in the draft
        until(other, lambda: other.draft_changed())
        other.edit(0, put(other, 1, 8))  # then the news: two tiles
        assert woken.wait(10)
        ann.tick()  # the app's timer looks first: the reply and the news, in the order they came
        assert len(ann.view(0)["draft"]) == 2
        home.run(handed)  # the worker's reply is applied already: the draft stays as the news left it
        worker.join(10)
        assert outcome == [None] and len(ann.view(0)["draft"]) == 2
    finally:
        other.close()


def test_the_reader_thread_wakes_the_listener_on_news_and_the_session_changes_only_at_its_tick(data):
    with serving(data) as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), 3)  # Bob plays first
        bob = join(server, table.codes[1])
        ann = join(server, table.codes[0])  # the last to join: the table's start is news to Bob only
        try:
            woken = threading.Event()
            ann.wake_with(woken.set)
            bob.act(1, Pass())
            assert woken.wait(10)
            assert ann.turn_number() == 0 and ann.current_seat == 1  # woken, not changed
            ann.tick()
            assert ann.turn_number() == 1 and ann.current_seat == 0
        finally:
            ann.close()
            bob.close()


def test_a_slow_down_refusal_is_a_refusal_of_its_own_and_the_connection_stays_up(ann_first, monkeypatch):
    gate = ServerGate(monkeypatch)
    _, _, ann = ann_first
    gate.refuse("slow_down", "Too many edits at once: wait a moment.")
    with pytest.raises(SlowDown) as refused:
        ann.edit(0, put(ann, 0, 7))
    assert isinstance(refused.value, NotNow) and isinstance(refused.value, IllegalMove)
    assert refused.value.reasons == ("Too many edits at once: wait a moment.",)
    assert ann.connected and not ann.draft_changed()
    ann.edit(0, put(ann, 0, 7))  # the player goes on
    assert ann.draft_changed()


def test_a_slow_down_without_a_sentence_is_given_one_and_other_refusals_stay_illegal_moves():
    slow = refusal({"type": "reply", "id": 4, "ok": False, "error": "slow_down"})
    assert isinstance(slow, SlowDown) and "slow down" in slow.reasons[0]
    illegal = refusal({"type": "reply", "id": 5, "ok": False, "error": "illegal", "reasons": ["Not your turn."]})
    assert type(illegal) is IllegalMove and illegal.reasons == ("Not your turn.",)
