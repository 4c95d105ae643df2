"""A scenario as the pictures a demonstration shows, one after another.

A demo is watched forwards and backwards, so every picture is made once, up front, by playing
the whole scenario through the real engine (core/scenarios/run.py): the starting position with
the scenario's intro, then two pictures a step: the position the step starts from with its
caption (what is about to happen), and the position after it with the verdict (accepted, and
what the game said; or refused, and why). Each picture is the view of the seat the step is
about, as the play screen would show that player: their own rack, the table or board with the
turn in progress on it.

Nothing here draws: the demo screen (ui/screens/demo.py) shows the frames on the games' own
widgets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tilegames.core.text.i18n import _
from tilegames.core.scenarios.run import ScenarioPlay, StepOutcome
from tilegames.core.scenarios.load import Scenario, Step, Text


@dataclass(frozen=True)
class Frame:
    """One picture of a demonstration."""

    seat: int  # whose view this is
    view: dict[str, Any]
    caption: Text  # the intro, or the step's caption (empty when the step has none)
    step: Step | None = None  # None: the starting position
    outcome: StepOutcome | None = None  # set on the picture after a step

    @property
    def verdict(self) -> str:
        """What the game made of the step, in a sentence or two ("" before it is played)."""
        outcome = self.outcome
        if outcome is None:
            return ""
        if outcome.refused is not None:
            return _("Refused: {reasons}").format(reasons=" ".join(outcome.refused))
        # The clock's own "Time's up." comes before the timeout's sentence, which says it again.
        told = [e for e in outcome.events if e.text]
        if any(not e.kind.startswith("clock.") for e in told):
            told = [e for e in told if not e.kind.startswith("clock.")]
        said = " ".join(e.text for e in told)
        if said:
            return said
        if outcome.edits and not outcome.step.commit and not outcome.step.timeout:
            return _("The turn goes on: nothing is committed yet.")
        return _("Accepted.")


def demo_frames(scenario: Scenario) -> list[Frame]:
    """Every picture of `scenario`, in order. ScenarioError (with its line) when a step cannot
    be read; shipped demos are checked by `tilegames demo check`, so they never do."""
    play = ScenarioPlay(scenario)
    session = play.session
    first = session.current_seat if session.current_seat is not None else 0
    frames = [Frame(first, session.view(first), scenario.intro)]
    for step in scenario.steps:
        seat = scenario.seat_index(step.seat) if step.seat is not None else session.current_seat
        if seat is None:  # the game ended: the step names no seat, so the last one is kept
            seat = frames[-1].seat
        caption = step.caption or Text("")
        frames.append(Frame(seat, session.view(seat), caption, step))
        outcome = play.play_step()
        frames.append(Frame(outcome.seat, session.view(outcome.seat), caption, step, outcome))
    return frames
