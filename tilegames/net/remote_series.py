"""A served table plays a series (a Rummikub match; docs/protocol.md, "Series"), and the client
shows one game of it at a time: `HeldSeries`, the part of `RemoteSession` that holds the next
game while the finished one is still shown.

When the game shown ends, the server deals the next at once and sends its state; the session
holds it (`_held`) and goes on answering with the finished game's final state, so the summary
reads the game it shows, until the app moves on (`next_game`, which also tells the server this
terminal is ready for it). A session that missed the end of its game (a reconnect between
games) says so (`NEXT_EVENT`) and holds the new game the same way; the records of the
finished games come with every state (`series`).
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, TypeVar

from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.kernel.protocol import TURN_EVENT, Event
from tilegames.core.kernel.series import GameRecord, Series
from tilegames.net.client_messages import RemoteState, SessionLost

T = TypeVar("T")

RECENT = 6  # the last events told, kept to find the place in a reconnect's history
NEXT_EVENT = "series.next"  # the game shown ended while this terminal was away: the next has begun


class HeldSeries:
    """The series' next game, held by a RemoteSession until the app moves on to it."""

    # The session's, which this part reads and changes.
    _state: RemoteState
    _seats: tuple[str, ...]
    _held: RemoteState | None
    _held_history: list[Event]
    history: list[Event]
    _told: int
    _recent: deque[Event]
    _listeners: list[Callable[[Event], None]]
    _request: Callable[..., tuple[Any, tuple[Event, ...]]]
    _deliver: Callable[[tuple[Event, ...] | list[Event]], None]
    _at_home: Callable[[Callable[[], T]], T]

    def series(self) -> Series[GameRecord]:
        """The table's series as the server says: as many games as it has, the finished ones
        before the game shown, and the rule that picks its winner."""
        state = self._state
        return Series(self._seats, 0, state.games, state.winner_rule, state.records)

    def next_game(self) -> None:
        """Move on from the finished game shown to the series' next: the server is told this
        terminal is ready for it (its clock waits for that), and the next game's state, held
        until now, becomes the one read. Its history is what happened in it so far; the
        listeners of the finished game's screens are let go (the next game's screens
        subscribe). IllegalMove with a sentence when there is no next game to move on to."""
        number = self._held.game if self._held is not None else self._state.game + 1
        try:
            self._request("next_game", game=number)
        except SessionLost:
            if self._held is None:  # the server's next state comes with the reconnection
                raise
        self._at_home(self._take_held)

    def _take_held(self) -> None:
        held = self._held
        if held is None:
            raise IllegalMove(_("The next game has not begun on the server yet."))
        self._state, self._held = held, None
        self.history, self._held_history = self._held_history, []
        self._told = len(self.history)
        self._recent = deque(self.history[-RECENT:], maxlen=RECENT)
        self._listeners = []

    def _hold(self, state: RemoteState, events: tuple[Event, ...] | list[Event],
              history: tuple[Event, ...] | None = None) -> list[Event]:
        """Keep the state of the series' next game (and its events, or a welcome's whole
        `history`) for `next_game`; the game shown stays as it is. When the game shown had
        not ended here (its end was missed while away), the listeners are told once that
        the next game has begun."""
        before, held = self._state, self._held
        if history is not None or held is None or held.game != state.game:
            self._held_history = []
        self._held = state
        if history is not None:
            self._held_history = list(history)
        else:
            self._held_history += [e for e in events if e.kind != TURN_EVENT and not e.kind.startswith("connection.")]
        told = [e for e in events if e.kind.startswith("connection.")]
        if held is None and before.result is None:
            told.append(Event(NEXT_EVENT, _("Game {ended} of the series ended while this terminal was away; "
                                            "game {number} has begun.").format(ended=before.game, number=state.game)))
        self._deliver(told)
        return told

