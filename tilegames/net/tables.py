"""A table: one game on the server (a journaled LocalSession), its codes, and who is at it.

The session is the same `LocalSession` hot-seat play uses, so every rule, the draft of the turn
in progress, the clock and the journal behave exactly as in the app; the table adds what a
server needs around it: the codes that open its seats, the connections watching it, the events
so far (a newcomer's history), and the STATE each connection is sent, built from views of its
own seats only.

A table's clock waits until every seat played by a person has joined once (after a new table,
or a server restart): a turn must not time out while its player is still typing the join
command. From then on it never stops for anyone; a dropped player's turn times out as usual.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from tilegames.core.protocol import TURN_EVENT, Event, Game
from tilegames.core.session import LocalSession
from tilegames.net.wire import events_json, result_json

# A seat named `cpu` (or `CPU 2`…) is played by the computer: the app's rule (ui/screens/turns.py),
# repeated here because the server cannot import the UI.
_COMPUTER_NAME = re.compile(r"cpu( [0-9]+)?", re.IGNORECASE)


def is_computer(name: str) -> bool:
    return _COMPUTER_NAME.fullmatch(name.strip()) is not None


class Client(Protocol):
    """What a table knows of a connection: the seats it plays."""

    seats: tuple[int, ...]


@dataclass(eq=False)
class Table:
    id: str
    session: LocalSession
    seat_codes: tuple[str | None, ...]  # None: a computer seat
    spectator_code: str
    clients: list[Client] = field(default_factory=list)
    # What happened so far, for a newcomer's history (the `turn` events are for screens to react
    # to at the moment, not for a log, so they are left out, as a resumed session leaves them).
    events: list[Event] = field(default_factory=list)
    started: bool = False
    joined: set[int] = field(default_factory=set)  # seats a person has joined since the table was loaded
    _news: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.events = list(self.session.history)
        self.session.subscribe(self._news.append)
        self.session.pause_clock()  # until the players are here (`join`)
        if not self.human_seats:
            self.start()

    # --- what it is -------------------------------------------------------------------------
    @property
    def game(self) -> Game[Any, Any, Any]:
        return self.session.game

    @property
    def seats(self) -> tuple[str, ...]:
        return self.session.seats

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(s for s, code in enumerate(self.seat_codes) if code is not None)

    @property
    def computer_seats(self) -> tuple[int, ...]:
        return tuple(s for s, code in enumerate(self.seat_codes) if code is None)

    @property
    def over(self) -> bool:
        return self.session.result() is not None

    @property
    def clock_running(self) -> bool:
        return self.session.controller.clock_running

    # --- the players arriving ---------------------------------------------------------------
    def join(self, client: Client) -> None:
        """`client` sits down; the table starts once every person's seat has been joined."""
        self.clients.append(client)
        self.joined.update(client.seats)
        if not self.started and set(self.human_seats) <= self.joined:
            self.start()

    def leave(self, client: Client) -> None:
        if client in self.clients:
            self.clients.remove(client)

    def start(self) -> None:
        self.started = True
        self.keep_clock_running()

    def keep_clock_running(self) -> None:
        """Every turn's clock runs on the server (there is no hand-off screen to wait for): the
        controller starts each new turn's clock; a resumed turn's waits paused until this."""
        if self.started and not self.over:
            self.session.restart_clock()

    # --- what happened ----------------------------------------------------------------------
    def take_news(self) -> list[Event]:
        """The events since the last call (what the last request or tick caused), kept in the
        history too."""
        news, self._news[:] = list(self._news), []
        self.events.extend(e for e in news if e.kind != TURN_EVENT)
        return news

    def history_for(self, seats: tuple[int, ...]) -> list[dict[str, Any]]:
        return events_json(self.events, seats)

    # --- what a connection is sent ----------------------------------------------------------
    def state_for(self, seats: tuple[int, ...], spectator: dict[str, Any] | None = None) -> dict[str, Any]:
        """The STATE of docs/protocol.md for a connection playing `seats` (`spectator`: the
        public view, when already made for another connection of the same moment)."""
        session = self.session
        current = session.current_seat
        mine = current is not None and current in seats
        return {
            "views": {str(seat): session.view(seat) for seat in seats},
            "spectator": session.view(None) if spectator is None else spectator,
            "current": current,
            "who_may_act": list(session.who_may_act()),
            "turn": session.turn_number(),
            "remaining": session.remaining(),
            "turn_seconds": session.turn_seconds(),
            "clock_running": self.clock_running,
            "draft_changed": mine and session.draft_changed(),
            "can_undo": mine and session.can_undo(),
            "can_redo": mine and session.can_redo(),
            "result": result_json(session.result()),
        }
