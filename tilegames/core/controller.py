"""The turn controller: one game-agnostic loop that runs every turn of every game.

Per turn (DESIGN.md §3): take a **snapshot** of the committed state and open a **draft** the
current seat edits freely (only ownership is checked while editing). **Commit** turns the draft
into one action and lets the game validate it against the snapshot; a rejected commit keeps the
draft and reports every reason. The **clock** warns once at 10 s left and at 0 runs the game's
timeout policy: its action is applied to the snapshot, so the rollback is exact by construction,
and carries the penalty. Draw, pass, exchange and challenge are plain actions on the same path.

Every applied action is appended to the journal (fsynced) before the new state is adopted, so
what a player sees is always on disk.
"""

from __future__ import annotations

from typing import Any, Callable, Generic

from tilegames.core.clock import Clock, MonotonicClock
from tilegames.core.errors import IllegalMove
from tilegames.core.journal import JournalWriter
from tilegames.core.protocol import Action, DraftT, Event, Game, StateT

WARNING_SECONDS = 10.0

Listener = Callable[[Event], None]


class TurnController(Generic[StateT, DraftT]):
    # Set by _begin_turn and restart_clock, which __init__ calls.
    _draft: DraftT | None
    _turn: int
    _deadline: float | None
    _warned: bool

    def __init__(
        self,
        game: Game[Any, StateT, DraftT],
        state: StateT,
        *,
        clock: Clock | None = None,
        journal: JournalWriter | None = None,
    ) -> None:
        self.game = game
        self.clock: Clock = clock or MonotonicClock()
        self.journal = journal
        self._listeners: list[Listener] = []
        self._state = state
        self._begin_turn()

    # --- what there is to see -------------------------------------------------------------
    @property
    def state(self) -> StateT:
        """The committed state (equal to the snapshot of the turn in progress)."""
        return self._state

    @property
    def snapshot(self) -> StateT:
        return self._state

    @property
    def draft(self) -> DraftT | None:
        return self._draft

    @property
    def seat(self) -> int | None:
        """Whose turn it is; None once the game is over."""
        return self.game.current_seat(self._state)

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self._state)

    def remaining(self) -> float | None:
        """Seconds left in this turn, or None when there is no time limit."""
        if self._deadline is None:
            return None
        return max(0.0, self._deadline - self.clock.now())

    def draft_changed(self) -> bool:
        seat = self.seat
        if seat is None or self._draft is None:
            return False
        return self.game.draft_changed(self._state, self._draft, seat)

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    # --- the turn -------------------------------------------------------------------------
    def edit(self, seat: int, edit: Any) -> None:
        """One editing step on the draft; IllegalMove if it is not `seat`'s turn or not theirs."""
        self._check_turn(seat)
        assert self._draft is not None
        self._draft = self.game.edit(self._draft, seat, edit)

    def undo_all(self, seat: int) -> None:
        """Back to the turn's snapshot."""
        self._check_turn(seat)
        self._draft = self.game.new_draft(self._state, seat)

    def commit(self, seat: int) -> tuple[Event, ...]:
        """Validate and commit the draft. On IllegalMove the draft is kept for more editing."""
        self._check_turn(seat)
        assert self._draft is not None
        return self._apply(seat, self.game.commit_action(self._state, self._draft, seat))

    def act(self, seat: int, action: Action) -> tuple[Event, ...]:
        """A plain action (draw, pass, exchange, challenge…) on the committed state.

        Anything in the draft is discarded when the action succeeds; the game decides who
        may take which action (a challenge can come from a seat whose turn it is not).
        """
        if self.is_over:
            raise IllegalMove("The game is over.")
        return self._apply(seat, action)

    def tick(self) -> tuple[Event, ...]:
        """Look at the clock: warn at 10 s left, and at 0 run the timeout policy."""
        seat = self.seat
        if self._deadline is None or seat is None:
            return ()
        left = self._deadline - self.clock.now()
        events: list[Event] = []
        if left <= WARNING_SECONDS and not self._warned and left > 0:
            self._warned = True
            events.append(Event("clock.warning", f"{WARNING_SECONDS:.0f} seconds left.", seat,
                                {"seconds_left": max(0, round(left))}))
        if left <= 0:
            assert self._draft is not None
            action = self.game.timeout_action(self._state, self._draft, seat)
            events.append(Event("clock.timeout", "Time's up.", seat))
            self._emit(events)
            return tuple(events) + self._apply(seat, action, by_controller=True)
        self._emit(events)
        return tuple(events)

    def restart_clock(self) -> None:
        """Start the turn's clock afresh (after a hand-off screen, say)."""
        seconds = self.game.turn_seconds(self._state)
        self._deadline = None if seconds is None or self.is_over else self.clock.now() + seconds
        self._warned = False

    # --- internals ------------------------------------------------------------------------
    def _check_turn(self, seat: int) -> None:
        if self.is_over:
            raise IllegalMove("The game is over.")
        if seat != self.seat:
            raise IllegalMove("It is not your turn.")

    def _begin_turn(self) -> None:
        seat = self.seat
        self._draft = None if seat is None else self.game.new_draft(self._state, seat)
        self._turn = self.game.turn_number(self._state)
        self.restart_clock()

    def _apply(self, seat: int, action: Action, *, by_controller: bool = False) -> tuple[Event, ...]:
        outcome = self.game.apply(self._state, seat, action, by_controller=by_controller)  # raises, changing nothing
        if self.journal is not None:
            self.journal.append(seat, action, by="clock" if by_controller else "player")
        new_turn = self.game.turn_number(outcome.state) != self._turn
        self._state = outcome.state
        if new_turn or self.is_over:
            self._begin_turn()
        else:
            seat_now = self.seat
            self._draft = None if seat_now is None else self.game.new_draft(self._state, seat_now)
        self._emit(outcome.events)
        return outcome.events

    def _emit(self, events: "list[Event] | tuple[Event, ...]") -> None:
        for event in events:
            for listener in self._listeners:
                listener(event)
