"""Playing a scenario through the real engine, one step at a time.

The steps go through a real `LocalSession` and its `TurnController`, exactly as a player's
keys do: edits on the turn's draft, commits judged against the snapshot, plain actions, and a
timeout by running the (fake) turn clock to 0 and letting the controller's tick apply the game's
timeout policy. So a demo shows what the game really does, and a scenario whose rule changed
fails its check. Nothing is journaled.

Each step gives a `StepOutcome` with the state before and after, the step's edits as the
engine's `Edit` objects, its action and its events: what `demo check` compares and what a demo
player shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.errors import BadRecord, IllegalMove
from tilegames.core.records.journal import JournalHeader
from tilegames.core.kernel.protocol import Action, Edit, Event
from tilegames.core.scenarios.notation import (
    NOTATION_FAILURES,
    EditNotation,
    ScenarioError,
    failure,
)
from tilegames.core.scenarios.load import Scenario, Step
from tilegames.core.kernel.session import LocalSession

# How far past 0 the clock is run on a timeout: any positive amount does.
OVERRUN_SECONDS = 0.5


@dataclass(frozen=True)
class StepOutcome:
    step: Step
    seat: int
    before: Any  # the committed state before the step
    after: Any  # the committed state after it (equal to `before` when refused or only edited)
    edits: tuple[Edit, ...]  # this step's edits, as applied to the turn in progress
    action: Action | None  # the action of a `move` step (commits and timeouts: see events)
    events: tuple[Event, ...]
    refused: tuple[str, ...] | None  # the engine's reasons, when it refused the step

    @property
    def accepted(self) -> bool:
        return self.refused is None


def scenario_session(scenario: Scenario) -> LocalSession:
    """A session on the scenario's starting state: the real controller, a fake clock, no
    journal."""
    game = scenario.game
    header = JournalHeader(game.id, game.config_to_json(scenario.config), scenario.seed, scenario.seats)
    controller = TurnController(game, scenario.start, clock=FakeClock())
    return LocalSession(game, controller, header, None)


class ScenarioPlay:
    """A scenario being played: `play_step()` plays the next step on `session`."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.session = scenario_session(scenario)
        self.played = 0

    @property
    def done(self) -> bool:
        return self.played >= len(self.scenario.steps)

    @property
    def state(self) -> Any:
        return self.session.controller.state

    def play_step(self) -> StepOutcome:
        """Play the next step. ScenarioError (with the step's line) for a step that cannot be
        read here (a move not in the game's notation, a timeout without a clock, a value the
        notation or the engine fails on); a step the rules refuse is an outcome with its
        reasons."""
        step = self.scenario.steps[self.played]
        self.played += 1
        try:
            return self._play(step)
        except ScenarioError as exc:
            sentence = exc.sentence if exc.sentence.startswith("step ") else f"step {step.number}: {exc.sentence}"
            raise ScenarioError(sentence, line=step.line) from None
        except NOTATION_FAILURES as exc:  # a scenario that read but means nothing to the game
            raise ScenarioError(f"step {step.number}: the game could not play this step as written "
                                f"({failure(exc)}).", line=step.line) from None

    def _play(self, step: Step) -> StepOutcome:
        session = self.session
        before = session.controller.state
        seat = self._seat(step)
        events: list[Event] = []
        edits: list[Edit] = []
        action: Action | None = None
        try:
            if step.move is not None:
                action = self.scenario.notation.move(before, seat, step.move)
                events += session.act(seat, action)
            for data in step.edits:
                edit = self._edit(seat, data)
                session.edit(seat, edit)
                edits.append(edit)
            if step.commit:
                events += session.commit(seat)
            if step.timeout:
                events += self._run_out(seat)
        except IllegalMove as exc:
            return StepOutcome(step, seat, before, session.controller.state, tuple(edits), action,
                               tuple(events), exc.reasons)
        return StepOutcome(step, seat, before, session.controller.state, tuple(edits), action, tuple(events), None)

    def _seat(self, step: Step) -> int:
        if step.seat is not None:
            return self.scenario.seat_index(step.seat)
        seat = self.session.current_seat
        if seat is None:
            raise ScenarioError("the game is over, so no seat has a turn: name the step's seat.")
        return seat

    def _edit(self, seat: int, data: Mapping[str, Any]) -> Edit:
        notation = self.scenario.notation
        controller = self.session.controller
        if controller.is_over:
            raise IllegalMove("The game is over.")
        if seat != controller.seat or controller.draft is None:
            raise IllegalMove("It is not your turn.")
        try:
            if isinstance(notation, EditNotation):
                return notation.edit(controller.state, controller.draft, seat, data)
            return self.scenario.game.decode_edit(dict(data))
        except BadRecord as exc:
            raise ScenarioError(f"edits: {exc}") from None

    def _run_out(self, seat: int) -> tuple[Event, ...]:
        """The turn clock runs to 0 and the controller applies the timeout policy."""
        session = self.session
        if session.current_seat != seat:
            raise IllegalMove("It is not your turn.")
        left = session.remaining()
        if left is None:
            raise ScenarioError("timeout = true needs a turn clock, and this turn has none "
                                "(set config.turn_seconds).")
        clock = session.controller.clock
        assert isinstance(clock, FakeClock)
        session.restart_clock()
        clock.advance(left + OVERRUN_SECONDS)
        return session.tick()
