"""The session protocol: everything a UI may ask of a game in progress (DESIGN.md §4).

A play screen talks to a `Session` and reads views; it never touches engine state. The same
screen therefore works whatever drives the game behind the session: `LocalSession` (a turn
controller in this process, hot-seat), a session that carries every message over a wire (a
networked seat), or the tests' JSON round-tripping session that proves the screens need nothing
else. Everything that crosses the protocol is a view (a JSON-able dict), an `Edit` or an
`Action` (with their JSON forms), an `Event`, or a plain number.

Events reach a listener with their private part only for the seats this session plays
(`seats_here`): a hot-seat session plays every seat, a networked client only its own.

Acting answers at once in this process (`LocalSession`). A session whose game is played
elsewhere says that its calls block, by being a `BlockingSession` too: each act waits for a
server's answer, so a screen makes those calls in a worker thread and goes on answering keys
(ui/screens/asking.py), and the session changes only on the screen's thread all the same.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, TypeGuard, runtime_checkable

from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.protocol import Action, Edit, Event, Result


@runtime_checkable
class Session(Protocol):
    # --- what the game is -----------------------------------------------------------------
    @property
    def game_id(self) -> str: ...

    @property
    def seats(self) -> tuple[str, ...]: ...

    @property
    def seats_here(self) -> tuple[int, ...]:
        """The seats played at this terminal (whose private news this session may show)."""
        ...

    # Told (with a sentence) when saving starts failing mid-game (the moves wait in memory and
    # are tried again), when it works again, and if it stops for good.
    on_save_failed: Callable[[str], None] | None
    warnings: list[str]  # notes for the move log (a repaired save, a turn not fully restored)
    history: list[Event]  # what happened before this session joined (a resumed game's moves)

    # --- seeing ---------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator); on its own turn, with its draft."""
        ...

    def past_views(self) -> list[dict[str, Any]]:
        """A spectator's view after each action so far (a summary's chart), oldest first."""
        ...

    @property
    def current_seat(self) -> int | None: ...

    def who_may_act(self) -> tuple[int, ...]:
        """The seats that may act now: the current seat, and during a challenge window the
        players invited to challenge. Empty once the game is over."""
        ...

    def turn_number(self) -> int: ...

    def remaining(self) -> float | None: ...

    def clock_waiting(self) -> bool:
        """The turn clock stands still until people arrive: a served table some of whose players
        have not joined yet, or a match's next game some have not moved on to. A screen says so
        rather than show a clock that stopped for no reason it can see."""
        ...

    def turn_seconds(self) -> float | None: ...

    def game_clock(self) -> bool:
        """The turn clock is the current player's clock for the whole game (it may run over)."""
        ...

    def draft_changed(self) -> bool: ...

    def can_undo(self) -> bool: ...

    def can_redo(self) -> bool: ...

    def result(self) -> Result | None: ...

    def subscribe(self, listener: Callable[[Event], None]) -> None: ...

    # --- acting ---------------------------------------------------------------------------
    def edit(self, seat: int, edit: Edit) -> None: ...

    def undo(self, seat: int) -> bool: ...

    def redo(self, seat: int) -> bool: ...

    def undo_all(self, seat: int) -> None: ...

    def commit(self, seat: int) -> tuple[Event, ...]: ...

    def act(self, seat: int, action: Action) -> tuple[Event, ...]: ...

    def tick(self) -> tuple[Event, ...]: ...

    def restart_clock(self) -> None: ...

    def pause_clock(self) -> None: ...

    def close(self) -> None: ...

    def save_export(self, fmt: str) -> str:
        """Write the game as a record in format `fmt` (e.g. "gcg"); says where, or raises
        ValueError with a sentence when it cannot."""
        ...


# Runs a function on the UI's thread and hands back what it returned or raised (from that
# thread itself: at once).
Home = Callable[[Callable[[], Any]], Any]


@runtime_checkable
class BlockingSession(Protocol):
    """What a session adds whose calls wait on something outside this process (a server):
    acting, `past_views`, `save_export` and moving on to a series' next game may be called from
    a worker thread, and the session still changes only on its home thread. A protocol of its
    own rather than members of `Session`, so that a session answering at once (LocalSession, a
    test's session) needs to say nothing."""

    def settle_on(self, home: Home | None) -> None:
        """A call made on another thread hands whatever changes the session (the answer's
        state and events, the news that came before it) to `home`; None: the calling thread."""
        ...

    def wake_with(self, wake: Callable[[], None] | None) -> None:
        """`wake()` is called, from any thread, as soon as news comes (a move made elsewhere,
        the connection lost or back), so that a screen looks (`tick()`) at once rather than at
        its next timer; the session itself does not change until then."""
        ...


def calls_block(session: object) -> TypeGuard[BlockingSession]:
    """Whether `session`'s acting calls may wait on something outside this process."""
    return isinstance(session, BlockingSession)


class NotNow(IllegalMove):
    """A call the session could not make now, through no fault of the move (a server asking
    this terminal to slow down): nothing was done, and the same move may be tried again in a
    moment. A screen says it in passing, not as a refused move."""
