"""Checking a scenario's expectations against what the real engine does (`tilegames demo check`).

Each expectation gives one `CheckLine`: ok, or what differed, named by its step and line, so a
demo that drifted from the rules says exactly where. A step accepted when it should have been
refused (or the reverse) ends the check of that scenario: the steps after it were written for a
position the game never reached.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from tilegames.core.text import i18n
from tilegames.core.text.inputs import shown
from tilegames.core.scenarios.notation import (
    NOTATION_FAILURES,
    ScenarioError,
    ValueNotation,
    failure,
)
from tilegames.core.scenarios.run import ScenarioPlay, StepOutcome
from tilegames.core.scenarios.load import Expect, Scenario


@dataclass(frozen=True)
class CheckLine:
    where: str  # "step 2 (line 18)"
    what: str  # the expectation: "accepted", "refused", "racks", "result"…
    problem: str | None  # None: it holds

    @property
    def ok(self) -> bool:
        return self.problem is None

    def __str__(self) -> str:
        return f"{self.where} {self.what}: {'ok' if self.problem is None else self.problem}"


def check_scenario(scenario: Scenario) -> list[CheckLine]:
    """Play every step and check every expectation. ScenarioError (with its line) for a step
    that cannot be read where it is reached."""
    play = ScenarioPlay(scenario)
    report: list[CheckLine] = []
    while not play.done:
        with i18n.speaking(i18n.ENGLISH):  # expectations quote the rules' English sentences
            outcome = play.play_step()
        try:
            lines = check_step(scenario, outcome)
        except ScenarioError as exc:  # an expectation written wrong (a rack that is no rack)
            step = outcome.step
            line = step.expect.line if step.expect is not None else step.line
            sentence = exc.sentence if exc.sentence.startswith("step ") else f"step {step.number}: {exc.sentence}"
            raise ScenarioError(sentence, line=exc.line or line) from None
        except NOTATION_FAILURES as exc:  # an expected value the notation cannot even compare
            step = outcome.step
            line = step.expect.line if step.expect is not None else step.line
            raise ScenarioError(f"step {step.number}: its expectations could not be compared with the position "
                                f"({failure(exc)}).", line=line) from None
        report += lines
        if not lines[0].ok:  # the step went the other way than written: the rest means nothing
            left = len(scenario.steps) - play.played
            if left:
                report.append(CheckLine(outcome.step.where, "the rest",
                                        f"not played: {left} step{'s' if left != 1 else ''} after this one"))
            break
    return report


def check_step(scenario: Scenario, outcome: StepOutcome) -> list[CheckLine]:
    """The lines of one step: accepted or refused first, then each other expectation."""
    step = outcome.step
    expect = step.expect or Expect(step.line)
    where = step.where
    lines = [_accepted_or_refused(where, expect, outcome)]
    if not lines[0].ok or not outcome.accepted:
        return lines
    game = scenario.game
    state = outcome.after
    if expect.says is not None:
        texts = [e.text for e in outcome.events if e.text]
        found = any(expect.says.casefold() in t.casefold() for t in texts)
        said = " / ".join(texts) or "nothing"
        lines.append(CheckLine(where, "says", None if found else
                               f"expected a sentence containing {expect.says!r}; the game said: {shown(said, 300)}"))
    if expect.turn is not None:
        seat = game.current_seat(state)
        now = "nobody's (the game is over)" if seat is None else scenario.seats[seat] + "'s"
        lines.append(CheckLine(where, "turn", None if seat is not None and scenario.seats[seat] == expect.turn
                               else f"expected {expect.turn}'s turn, but it is {now}"))
    if expect.result is not None:
        lines.append(CheckLine(where, "result", _result_problem(scenario, state, expect.result)))
    wanted: dict[str, Any] = dict(expect.position)
    if expect.score is not None:
        wanted["scores"] = expect.score
    if wanted:
        described = scenario.notation.describe(state)
        for key, value in wanted.items():
            what = "score" if key == "scores" and expect.score is not None else key
            if key not in described:
                known = ", ".join(sorted(described))
                raise ScenarioError(f"step {step.number}: expect.{what}: {game.title} positions have no "
                                    f"{key!r} here (they describe: {known}).", line=expect.line)
            problems = compare(scenario, key, value, described[key])
            lines.append(CheckLine(where, what, "; ".join(problems) if problems else None))
    return lines


def _accepted_or_refused(where: str, expect: Expect, outcome: StepOutcome) -> CheckLine:
    reasons = " ".join(outcome.refused or ())
    if expect.refused is not None:
        if outcome.refused is None:
            return CheckLine(where, "refused", f"expected a refusal containing {expect.refused!r}, but it was accepted")
        if expect.refused.casefold() not in reasons.casefold():
            return CheckLine(where, "refused", f"refused, but not with {expect.refused!r}: {shown(reasons, 300)}")
        return CheckLine(where, "refused", None)
    if outcome.refused is not None:
        return CheckLine(where, "accepted", f"refused: {shown(reasons, 300)}")
    return CheckLine(where, "accepted", None)


def _result_problem(scenario: Scenario, state: Any, wanted: Mapping[str, Any]) -> str | None:
    result = scenario.game.result(state)
    if result is None:
        return "expected the game to be over, but it goes on"
    seats = scenario.seats
    problems = []
    if "winners" in wanted:
        won = sorted(seats[w] for w in result.winners)
        if won != sorted(wanted["winners"]):
            problems.append(f"winners: expected {', '.join(sorted(wanted['winners'])) or 'none'}, "
                            f"got {', '.join(won) or 'none'}")
    for name, points in wanted.get("scores", {}).items():
        got = result.scores[seats.index(name)]
        if got != points:
            problems.append(f"scores.{name}: expected {points}, got {got}")
    reason = wanted.get("reason")
    if reason is not None and reason.casefold() not in result.reason.casefold():
        problems.append(f"reason: expected {reason!r}, got {result.reason!r}")
    return "; ".join(problems) or None


def compare(scenario: Scenario, key: str, expected: Any, actual: Any) -> list[str]:
    """What differs between an expected value and the described one, key by key (a table
    compares only the keys it gives); each value in the notation's canonical form."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{key}: expected a table, the position has {_show(actual)}"]
        problems = []
        for sub, value in expected.items():
            if sub not in actual:
                problems.append(f"{key}.{sub}: not in the position (it has {', '.join(map(str, actual)) or 'nothing'})")
            else:
                problems += compare(scenario, f"{key}.{sub}", value, actual[sub])
        return problems
    notation = scenario.notation
    if isinstance(notation, ValueNotation):
        expected, actual = notation.normalize(key, expected), notation.normalize(key, actual)
    if expected == actual:
        return []
    return [f"{key}: expected {_show(expected)}, got {_show(actual)}"]


def _show(value: Any) -> str:
    if isinstance(value, str):
        return f'"{shown(value, 200)}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return shown(repr(value), 200)
