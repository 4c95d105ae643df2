"""`RemoteSession`: the Session protocol (core/kernel/session_protocol.py) over one TCP connection to a
tilegames server (docs/protocol.md), so that the ordinary play screens play a seat served
elsewhere.

* **Reading is free.** The latest STATE the server sent is kept, and everything a screen reads
  between moves (views, whose turn, the clock, undo and redo, the result) answers from it with
  no round trip; the turn clock counts down locally from the server's `remaining`.
* **Acting is a round trip.** `edit`, `undo`, `commit`, `act`… send a request and wait for its
  reply (at most `timeout` seconds): the reply's state is adopted, its events go to the
  listeners, and an illegal move raises `IllegalMove` with the server's sentences (`SlowDown`
  when the server's rate limit refused it: nothing done, the connection kept). The calls block,
  so a screen makes them in a worker (the session is a `BlockingSession`); only the waiting
  happens there: what changes the session is handed to its home thread (`settle_on`).
* **Pushed news waits for the app's thread.** The connection's reader thread only queues the
  server's updates and wakes the screen (`wake_with`); `tick()` applies them, so the session
  only ever changes on the app's thread. A reply is queued with the updates, in the order they
  came: updates that arrived before it are applied before it, and whoever looks first (a
  tick, or the request's own settling) applies it, so the state never goes back in time.
* **Connections drop.** `tick()` notices, tells the listeners (an event of kind
  `connection.lost`), and reconnects with the same codes in the background, a few times with
  growing pauses; once back, the server's fresh state (the draft of a turn in progress
  included) is adopted (`connection.back`). Meanwhile requests raise `SessionLost`, a sentence
  saying the move was not made and that joining again with the code resumes.
* **A table plays a series** (a Rummikub match): the next game is held while the finished one
  is shown, until the app moves on (net/remote_series.py).
"""

from __future__ import annotations

import copy
import itertools
import threading
from collections import deque
from typing import Any, Callable, TypeVar

from tilegames.core.kernel.clock import Clock, MonotonicClock
from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import _
from tilegames.core.kernel.protocol import TURN_EVENT, Action, Edit, Event, Result
from tilegames.core.kernel.session_protocol import Home
from tilegames.net.client_connection import Connection, Incoming
from tilegames.net.client_join import join, rejoin
from tilegames.net.client_messages import (REJOIN, JoinFailed, NoAnswer, RemoteState, SessionLost, Welcome,
                                           missed_events, read_events, read_state, refusal)
from tilegames.net.remote_records import AskedRecords
from tilegames.net.remote_series import RECENT, HeldSeries

T = TypeVar("T")

REQUEST_TIMEOUT = 10.0
# Pauses before each reconnect attempt, in seconds: about half a minute in all.
RECONNECT_DELAYS: tuple[float, ...] = (0.2, 0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0)
PING_SECONDS = 5.0  # a connection quiet this long is pinged, so that a dead one is noticed

LOST_EVENT = "connection.lost"
BACK_EVENT = "connection.back"
GONE_EVENT = "connection.gone"


class RemoteSession(HeldSeries, AskedRecords):
    """The seats `seats_here` of a table served at `host:port`, played through `codes`."""

    def __init__(self, host: str, port: int, codes: tuple[str, ...], connection: Connection, welcome: Welcome, *,
                 ids: "itertools.count[int]", timeout: float = REQUEST_TIMEOUT, clock: Clock | None = None) -> None:
        self.host, self.port, self.codes = host, port, codes
        self.timeout = timeout
        self.clock: Clock = clock or MonotonicClock()
        self.table = welcome.table
        self._game_id = welcome.game
        self._seats = welcome.seats
        self._here = welcome.you
        self._state = welcome.state
        self._connection = connection
        self._ids = ids
        self._listeners: list[Callable[[Event], None]] = []
        # The reconnect thread's results, taken by tick() on the app's thread.
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._reconnecting = False
        self._rejoined: tuple[Connection, Welcome] | None = None
        self.gone: str | None = None  # why the session cannot go on (reconnecting gave up)
        self._gone_told = False
        # The Session protocol's plain attributes.
        self.history: list[Event] = list(welcome.history)
        # The server's events told so far, counted and the last few kept, to find what was
        # missed while the connection was down in a reconnect's history (`missed_events`).
        self._told = len(welcome.history)
        self._recent: deque[Event] = deque(welcome.history[-RECENT:], maxlen=RECENT)
        self.warnings: list[str] = []
        self.on_save_failed: Callable[[str], None] | None = None
        # The next game of the series, arrived while the finished one is still shown: its
        # latest state and its events so far, taken up by `next_game`.
        self._held: RemoteState | None = None
        self._held_history: list[Event] = []
        # Where what a worker's request changes is applied, and whom news wakes (settle_on,
        # wake_with); an id and its line go out together, so that ids reach the server in order.
        self._home: Home | None = None
        self._wake: Callable[[], None] | None = None
        self._asking = threading.Lock()
        connection.on_news = self._woken
        self._past: tuple[int, list[dict[str, Any]]] | None = None  # a finished game's (AskedRecords)

    @classmethod
    def connect(cls, host: str, port: int, codes: tuple[str, ...], timeout: float = REQUEST_TIMEOUT, *,
                clock: Clock | None = None) -> "RemoteSession":
        """Join the seats of `codes` at `host:port`; JoinFailed (one sentence) when the server
        cannot be reached, refuses the code or speaks another protocol version."""
        if not codes:
            raise JoinFailed("bad_code", _("Give the code of at least one seat to join."))
        clock = clock or MonotonicClock()
        ids = itertools.count(1)
        connection, welcome = join(host, port, tuple(codes), timeout, ids, clock.now)
        return cls(host, port, tuple(codes), connection, welcome, ids=ids, timeout=timeout, clock=clock)

    # --- what the game is -----------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self._game_id

    @property
    def seats(self) -> tuple[str, ...]:
        return self._seats

    @property
    def seats_here(self) -> tuple[int, ...]:
        """The seats this connection's codes hold (none for a spectator)."""
        return self._here

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    @property
    def connected(self) -> bool:
        return self._connection.lost is None and self.gone is None

    # --- seeing: all from the last state the server sent -------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """`seat`'s view (with its draft on its turn); the public view for a spectator or a
        seat played elsewhere, which this terminal never receives."""
        state = self._state
        view = state.views.get(seat) if seat is not None else None
        return copy.deepcopy(view if view is not None else state.spectator)

    @property
    def current_seat(self) -> int | None:
        return self._state.current

    def who_may_act(self) -> tuple[int, ...]:
        return self._state.who_may_act

    def turn_number(self) -> int:
        return self._state.turn

    def remaining(self) -> float | None:
        """Counted down here from what the server said and when."""
        return self._state.left(self.clock.now())

    def turn_seconds(self) -> float | None:
        return self._state.turn_seconds

    def game_clock(self) -> bool:
        return self._state.game_clock

    def clock_waiting(self) -> bool:
        """The server holds the clock until every person has joined (or moved on to the next
        game of a match)."""
        state = self._state
        return not state.clock_running and state.result is None and state.remaining is not None

    def draft_changed(self) -> bool:
        return self._state.draft_changed

    def can_undo(self) -> bool:
        return self._state.can_undo

    def can_redo(self) -> bool:
        return self._state.can_redo

    def result(self) -> Result | None:
        return self._state.result

    def subscribe(self, listener: Callable[[Event], None]) -> None:
        self._listeners.append(listener)

    # --- acting: each a round trip --------------------------------------------------------
    def edit(self, seat: int, edit: Edit) -> None:
        self._request("edit", seat=seat, edit=edit.to_json())

    def undo(self, seat: int) -> bool:
        return self._request("undo", seat=seat)[0] is True

    def redo(self, seat: int) -> bool:
        return self._request("redo", seat=seat)[0] is True

    def undo_all(self, seat: int) -> None:
        self._request("undo_all", seat=seat)

    def commit(self, seat: int) -> tuple[Event, ...]:
        return self._request("commit", seat=seat)[1]

    def act(self, seat: int, action: Action) -> tuple[Event, ...]:
        return self._request("act", seat=seat, action=action.to_json())[1]

    def _request(self, op: str, **fields: Any) -> tuple[Any, tuple[Event, ...]]:
        """One request and its reply: (the reply's value, the events the request caused).
        IllegalMove with the server's sentences when refused (SlowDown for the rate limit);
        SessionLost without a connection or an answer. Waits on the calling thread; the reply
        is applied on the home thread (`_settle`)."""
        connection = self._live()
        with self._asking:
            pending = connection.ask({"type": "request", "id": next(self._ids), "op": op, **fields}, in_order=True)
        try:
            answer = connection.answer(pending, self.timeout)
        except NoAnswer:
            raise SessionLost(_("The server at {address} did not answer within {seconds:g} seconds, so the move was not "
                                "made here; reconnecting to go on from the game as the server has it.").format(
                address=self.address, seconds=self.timeout)) from None
        settled: tuple[Any, tuple[Event, ...]] = self._at_home(lambda: self._settle(connection, answer))
        return settled

    def _settle(self, connection: Connection, answer: Incoming) -> tuple[Any, tuple[Event, ...]]:
        """On the home thread: what came up to the reply applied (the reply too, unless a tick
        applied it first, or a reconnection's state superseded it), then its value and events."""
        if connection is self._connection:
            self._apply_updates(connection, connection.take_updates(through=answer.seq))
        message = answer.message
        if message["type"] != "reply" or message.get("ok") is not True:
            raise refusal(message)
        if self.gone is not None:  # the reply could not be read
            raise SessionLost(self.gone)
        try:
            events = read_events(message.get("events"), len(self._seats))
        except BadRecord as exc:
            raise self._unreadable(connection, exc) from None
        return message.get("value"), events

    def _at_home(self, fn: Callable[[], T]) -> T:
        """`fn()` on the home thread (`settle_on`), or here when none was given."""
        home = self._home
        result: T = fn() if home is None else home(fn)
        return result

    # --- the screen's thread ----------------------------------------------------------------
    def settle_on(self, home: Home | None) -> None:
        """What a request waited for on another thread changes is applied through `home`."""
        self._home = home

    def wake_with(self, wake: Callable[[], None] | None) -> None:
        """`wake()` (from the connection's thread) when news comes, the connection ends, or a
        reconnection is ready or given up: `tick()` then takes it up."""
        self._wake = wake

    def _woken(self) -> None:
        wake = self._wake
        if wake is not None:
            wake()

    def _live(self) -> Connection:
        """The connection, or SessionLost saying why there is none now."""
        if self.gone is not None:
            raise SessionLost(self.gone)
        connection = self._connection
        if connection.lost is not None:
            raise SessionLost(_("Not connected to the server at {address}: reconnecting. The move was not made.").format(
                address=self.address))
        return connection

    def _unreadable(self, connection: Connection, exc: BadRecord) -> SessionLost:
        connection.close()
        self.gone = _("The server at {address} sent something this version cannot read ({problem}) {rejoin}").format(
            address=self.address, problem=exc, rejoin=_(REJOIN))  # i18n: marked
        return SessionLost(self.gone)

    # --- news -----------------------------------------------------------------------------
    def tick(self) -> tuple[Event, ...]:
        """Apply what the server pushed since the last look, and look after the connection:
        notice a drop, take up a reconnection, ping a quiet line. Returns the events delivered."""
        delivered: list[Event] = []
        delivered += self._take_rejoin()
        connection = self._connection
        delivered += self._apply_updates(connection, connection.take_updates())
        if connection.lost is None:
            connection.keep_alive(lambda: next(self._ids), PING_SECONDS, self.timeout)
        if connection.lost is not None:
            delivered += self._lost(connection.lost)
        return tuple(delivered)

    def restart_clock(self) -> None:
        """Nothing to do: the turn clock runs on the server."""

    def pause_clock(self) -> None:
        """Nothing to do: the turn clock runs on the server, for everyone at the table."""

    def close(self) -> None:
        """Leave: the socket closes; the game goes on on the server, and the codes join it again."""
        self._stop.set()
        self._wake = None
        self._connection.close()
        with self._lock:
            rejoined, self._rejoined = self._rejoined, None
        if rejoined is not None:
            rejoined[0].close()

    def _apply_updates(self, connection: Connection, updates: list[Incoming]) -> list[Event]:
        """The server's pushed updates and the replies queued with them, in the order they came:
        each state adopted, each event told (a refused reply changed nothing)."""
        delivered: list[Event] = []
        for update in updates:
            message = update.message
            pushed = message["type"] == "update"
            if not pushed and (message["type"] != "reply" or message.get("ok") is not True):
                continue
            try:
                events = read_events(message.get("events"), len(self._seats))
                state = read_state(message.get("state"), len(self._seats), update.at) \
                    if pushed or "state" in message else None
            except BadRecord as exc:
                self._unreadable(connection, exc)
                return delivered
            if state is not None:
                delivered += self._adopt(state, events)
            elif events:
                self._deliver(events)
                delivered += events
        return delivered

    def _adopt(self, state: RemoteState, events: tuple[Event, ...] | list[Event]) -> list[Event]:
        """Make `state` the one screens read, then tell the listeners `events`. A new turn (or
        the end) is told as the turn controller tells it (TURN_EVENT), whether or not the
        server's events say so, so that a screen moves on as in a local game. The state of
        another game of the series is held instead (`_hold`)."""
        if state.game != self._state.game or self._held is not None:
            return self._hold(state, events)
        before, self._state = self._state, state
        told = list(events)
        for event in told:
            if event.kind != TURN_EVENT and not event.kind.startswith("connection."):
                self._told += 1
                self._recent.append(event)
        over = state.result is not None
        if (state.turn != before.turn or over != (before.result is not None)) \
                and not any(event.kind == TURN_EVENT for event in told):
            told.append(Event(TURN_EVENT, "", state.current, {"turn": state.turn, "over": over}))
        self._deliver(told)
        return told

    def _deliver(self, events: tuple[Event, ...] | list[Event]) -> None:
        for event in events:
            for listener in list(self._listeners):
                listener(event)

    # --- reconnecting ---------------------------------------------------------------------
    def _lost(self, why: str) -> list[Event]:
        """The connection is down: start reconnecting (once), and say so once; say it again,
        for good, if reconnecting gave up."""
        told: list[Event] = []
        if self.gone is not None:
            if not self._gone_told:
                self._gone_told = True
                told.append(Event(GONE_EVENT, self.gone))
        elif not self._reconnecting and not self._stop.is_set():
            self._reconnecting = True
            told.append(Event(LOST_EVENT, _("The connection to the server at {address} was lost: reconnecting…").format(
                address=self.address)))
            threading.Thread(target=self._reconnect, name="tilegames-reconnect", daemon=True).start()
        self._deliver(told)
        return told

    def _reconnect(self) -> None:
        """In the background: hello again with the same codes, pausing longer each time
        (`rejoin`); the connection made is adopted by `tick`, or the sentence saying why not."""
        outcome = rejoin(self.host, self.port, self.codes, self.timeout, self._ids, self.clock.now,
                         RECONNECT_DELAYS, self._stop, self.address)
        if outcome is None:
            return
        with self._lock:
            if isinstance(outcome, str):
                self.gone = outcome
            elif self._stop.is_set():
                outcome[0].close()
                return
            else:
                outcome[0].on_news = self._woken
                self._rejoined = outcome
        self._woken()

    def _take_rejoin(self) -> list[Event]:
        """Adopt a connection the reconnect thread made: its welcome's state, the draft too."""
        with self._lock:
            rejoined, self._rejoined = self._rejoined, None
        if rejoined is None:
            return []
        connection, welcome = rejoined
        self._connection.close()
        self._connection, self._reconnecting = connection, False
        back = Event(BACK_EVENT, _("Connected to the server at {address} again: the game goes on.").format(
            address=self.address))
        if welcome.state.game != self._state.game or self._held is not None:  # a game of the series began
            return self._hold(welcome.state, [back], welcome.history)
        missed = missed_events(self._told, list(self._recent), welcome.history)
        return self._adopt(welcome.state, [back, *missed])

