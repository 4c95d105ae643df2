"""The turn controller: one game-agnostic loop that runs every turn of every game.

Per turn (DESIGN.md §3): take a **snapshot** of the committed state and open a **draft** the
current seat edits freely (only ownership is checked while editing). **Commit** turns the draft
into one action and lets the game validate it against the snapshot; a rejected commit keeps the
draft and reports every reason. The **clock** warns once at 10 s left and at 0 runs the game's
timeout policy: its action is applied to the snapshot, so the rollback is exact by construction,
and carries the penalty. Draw, pass, exchange and challenge are plain actions on the same path.

Every applied action is appended to the journal (fsynced) before the new state is adopted, so
what a player sees is always on disk. So is the turn in progress: each edit, undo and redo, and
the clock at least every `CHECKPOINT_SECONDS` while it runs, as turn steps (`turn_steps.py`);
`restore_turn` replays them into a resumed game, which goes on with the same draft and the time
it had left. Edits keep a history for the turn: `undo` takes back one step, `redo` puts it
back, `undo_all` returns to the snapshot (and can be redone step by step too). Once a turn's
steps pass the journal's budget they are folded into one `draft` step (the history and what was
taken back), so a turn's lines stay bounded however many edits it sees.
"""

from __future__ import annotations

from typing import Any, Callable, Generic

from tilegames.core.kernel.clock import Clock, MonotonicClock, TurnClock
from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.records.journal_writer import TURN_BUDGET, JournalWriter
from tilegames.core.kernel.protocol import TURN_EVENT, Action, DraftT, Edit, Event, Game, StateT
from tilegames.core.kernel.turn_steps import StepKind, TurnStep

WARNING_SECONDS = 10.0
# How often a running clock is written to the journal: a crash loses at most this much time.
CHECKPOINT_SECONDS = 1.0
# The most edits a turn's draft may stand on (its history; an undo takes one off). Far more than
# the largest rearrangement, it bounds what an undo replays and what the journal keeps of a
# turn (see `_record`), whatever a client sends.
MAX_TURN_EDITS = 1000

Listener = Callable[[Event], None]


class TurnController(Generic[StateT, DraftT]):
    # Set by _begin_turn, which __init__ calls.
    _draft: DraftT | None
    _turn: int
    _timer: TurnClock
    _warned: bool
    _overtime_said: bool  # a game clock has said that overtime began this turn
    _history: list[Edit]  # the turn's edits, in order: the draft is the snapshot plus these
    _redo: list[Edit]  # edits taken back, the next one to redo last
    _saved_left: float | None  # the clock as the journal last had it

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
        """Seconds left in this turn (what it has while paused), or None without a limit."""
        return None if self.is_over else self._timer.left()

    @property
    def clock_running(self) -> bool:
        return self._timer.running

    def can_undo(self) -> bool:
        return bool(self._history)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def draft_changed(self) -> bool:
        seat = self.seat
        if seat is None or self._draft is None:
            return False
        return self.game.draft_changed(self._state, self._draft, seat)

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    # --- the turn -------------------------------------------------------------------------
    def edit(self, seat: int, edit: Edit) -> None:
        """One editing step on the draft; IllegalMove if it is not `seat`'s turn or not theirs."""
        self._check_turn(seat)
        assert self._draft is not None
        self._check_room()
        self._draft = self.game.edit(self._draft, seat, edit)
        self._history.append(edit)
        self._redo.clear()
        self._record(seat, "edit", edit)

    def undo(self, seat: int) -> bool:
        """Take back the last edit of the turn (False: nothing to take back)."""
        self._check_turn(seat)
        if not self._history:
            return False
        self._redo.append(self._history.pop())
        self._rebuild(seat)
        self._record(seat, "undo")
        return True

    def redo(self, seat: int) -> bool:
        """Put back the last edit taken back (False: nothing to put back)."""
        self._check_turn(seat)
        if not self._redo:
            return False
        assert self._draft is not None
        self._check_room()
        edit = self._redo.pop()
        self._draft = self.game.edit(self._draft, seat, edit)
        self._history.append(edit)
        self._record(seat, "redo")
        return True

    def undo_all(self, seat: int) -> None:
        """Back to the turn's snapshot; redo brings the edits back one by one."""
        self._check_turn(seat)
        self._redo.extend(reversed(self._history))
        self._history.clear()
        self._draft = self.game.new_draft(self._state, seat)
        self._record(seat, "reset")

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
            raise IllegalMove(_("The game is over."))
        return self._apply(seat, action)

    def tick(self) -> tuple[Event, ...]:
        """Look at the clock: warn at 10 s left, and at 0 run the timeout policy."""
        seat = self.seat
        left = self._timer.signed_left()
        if left is None or seat is None:
            return ()
        overtime = self.game.game_clock(self._state)
        if self._saved_left is not None and self._saved_left - left >= CHECKPOINT_SECONDS and (left > 0 or overtime):
            self._record(seat, "clock")
        if overtime:
            return self._tick_game_clock(seat, left)
        events: list[Event] = []
        if left <= WARNING_SECONDS and not self._warned and left > 0:
            self._warned = True
            events.append(Event("clock.warning", _("{seconds} seconds left.").format(seconds=f"{WARNING_SECONDS:.0f}"), seat,
                                {"seconds_left": max(0, round(left))}))
        if left <= 0:
            assert self._draft is not None
            action = self.game.timeout_action(self._state, self._draft, seat)
            events.append(Event("clock.timeout", _("Time's up."), seat))
            self._emit(events)
            return tuple(events) + self._apply(seat, action, by_controller=True)
        self._emit(events)
        return tuple(events)

    def _tick_game_clock(self, seat: int, left: float) -> tuple[Event, ...]:
        """A game clock warns at 10 s left and says once when overtime begins; it never times
        a turn out (the game scores overtime)."""
        events: list[Event] = []
        if left <= WARNING_SECONDS and not self._warned:
            self._warned = True
            if left > 0:
                events.append(Event("clock.warning", _("{seconds} seconds left.").format(
                    seconds=f"{WARNING_SECONDS:.0f}"), seat, {"seconds_left": max(0, round(left))}))
        if left <= 0 and not self._overtime_said:
            self._overtime_said = True
            events.append(Event("clock.overtime", _("Overtime: the game counts the minutes over."), seat))
        self._emit(events)
        return tuple(events)

    def _charge_time(self, seat: int) -> None:
        """With a game clock, charge the turn's time so far to the current player before their
        move (journaled like any action), and count on from what they have left."""
        action = self.game.time_used_action(self._state, seat, round(self._timer.used() * 1000))
        if action is None:
            return
        outcome = self.game.apply(self._state, seat, action, by_controller=True)
        if self.journal is not None:
            self.journal.append(seat, action, by="clock")
        self._state = outcome.state
        running = self._timer.running
        self._timer = TurnClock(self.clock, self.game.turn_seconds(self._state), overtime=True)
        self._saved_left = self._timer.left()
        if running:
            self._timer.start()

    def restart_clock(self) -> None:
        """Start the turn's clock (again) from what it has left: after a hand-off screen, the
        full turn on a new turn, what was left on a resumed one."""
        if not self.is_over:
            self._timer.start()

    def pause_clock(self) -> None:
        """Stop the clock, keeping what is left (a hand-off screen; the game left for the menu),
        and write it to the journal."""
        self._timer.pause()
        seat = self.seat
        if seat is not None and self._timer.seconds is not None:
            self._record(seat, "clock")

    def restore_turn(self, steps: "list[TurnStep]") -> list[str]:
        """Replay a resumed game's turn in progress (its journal's steps after the last action):
        the same draft, history and time left, the clock paused. Steps of another turn are
        ignored; a step that no longer applies stops the replay. Returns warnings to show."""
        seat = self.seat
        mine = [s for s in steps if seat is not None and s.at == self._turn and s.seat == seat]
        warnings: list[str] = []
        journal, self.journal = self.journal, None  # these steps are on disk already
        try:
            for step in mine:
                try:
                    self._replay_step(step)
                except IllegalMove as exc:
                    warnings.append(_("The turn in progress could not be restored past one step: {reasons}").format(
                        reasons=" ".join(exc.reasons)))
                    break
        finally:
            self.journal = journal
        lefts = [s.left for s in mine if s.left is not None]
        if lefts:
            self._timer.set_left(lefts[-1])
            self._saved_left = self._timer.left()
        return warnings

    # --- internals ------------------------------------------------------------------------
    def _check_turn(self, seat: int) -> None:
        if self.is_over:
            raise IllegalMove(_("The game is over."))
        if seat != self.seat:
            raise IllegalMove(_("It is not your turn."))

    def _check_room(self) -> None:
        if len(self._history) >= MAX_TURN_EDITS:
            raise IllegalMove(_("This turn has had {count} changes, the most one turn keeps: commit it, or take "
                                "some back.").format(count=MAX_TURN_EDITS))

    def _begin_turn(self) -> None:
        seat = self.seat
        self._draft = None if seat is None else self.game.new_draft(self._state, seat)
        self._history, self._redo = [], []
        self._turn = self.game.turn_number(self._state)
        self._timer = TurnClock(self.clock, None if self.is_over else self.game.turn_seconds(self._state),
                                overtime=self.game.game_clock(self._state))
        self._saved_left = self._timer.left()
        self._warned = False
        self._overtime_said = False
        self._timer.start()

    def _rebuild(self, seat: int) -> None:
        """The draft as the snapshot plus the history (each edit applied before, so again)."""
        draft = self.game.new_draft(self._state, seat)
        for edit in self._history:
            draft = self.game.edit(draft, seat, edit)
        self._draft = draft

    def _replay_step(self, step: TurnStep) -> None:
        if step.step == "draft":
            assert step.edits is not None and step.redo is not None
            self._history = [self.game.decode_edit(e) for e in step.edits][:MAX_TURN_EDITS]
            self._redo = [self.game.decode_edit(e) for e in step.redo][:MAX_TURN_EDITS]
            self._rebuild(step.seat)
        elif step.step == "edit":
            self.edit(step.seat, self.game.decode_edit(step.edit))
        elif step.step == "undo":
            self.undo(step.seat)
        elif step.step == "redo":
            self.redo(step.seat)
        elif step.step == "reset":
            self.undo_all(step.seat)

    def _record(self, seat: int, kind: StepKind, edit: Edit | None = None) -> None:
        """Journal a step of the turn in progress, with the time left; past the journal's
        budget for a turn, one draft step takes the place of all of them."""
        left = self._timer.left()
        self._saved_left = left
        journal = self.journal
        if journal is None:
            return
        if journal.unfolded_bytes < TURN_BUDGET:
            journal.append_step(TurnStep(self._turn, seat, kind, edit.to_json() if edit else None, left))
            return
        journal.rewrite_turn(TurnStep(self._turn, seat, "draft", left=left,
                                      edits=tuple(e.to_json() for e in self._history),
                                      redo=tuple(e.to_json() for e in self._redo)))

    def _apply(self, seat: int, action: Action, *, by_controller: bool = False) -> tuple[Event, ...]:
        if not by_controller and seat == self.seat and self.game.game_clock(self._state):
            self._charge_time(seat)
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
            self._history, self._redo = [], []
        self._emit(outcome.events)
        if new_turn or self.is_over:
            # Listeners learn of a new turn (or the end) as an event, instead of polling.
            self._emit((Event(TURN_EVENT, "", self.seat, {"turn": self._turn, "over": self.is_over}),))
        return outcome.events

    def _emit(self, events: "list[Event] | tuple[Event, ...]") -> None:
        for event in events:
            for listener in self._listeners:
                listener(event)
