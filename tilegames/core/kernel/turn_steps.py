"""The turn in progress, as journal lines: its edits, undos and the time it has left.

A turn is part of the game (DESIGN.md §6): quitting or crashing mid-turn must neither reset the
clock nor escape a timeout penalty, so the journal keeps, between two actions, a line for every
step of the turn in progress and a line for the clock at least once a second while it runs.
These lines are not actions: replaying the journal ignores them; resuming the game replays the
ones after the last action into the new turn controller (`TurnController.restore_turn`).

A line reads `{"at": TURN, "seat": SEAT, "step": STEP, "edit": {...}, "left": SECONDS}`:
`at` is the game's turn number the step belongs to, `step` one of `edit`, `undo`, `redo`,
`reset` (undo all) or `clock`, `edit` the edit's JSON form (only for `edit`), `left` the
seconds on the turn's clock when the step was taken (absent without a time limit).

A `draft` step stands for every step of its turn before it: `edits` are the turn's edits so
far (the draft is the snapshot plus these) and `redo` the ones taken back, the next to redo
last. The controller writes one in place of the turn's steps once they grow past the journal's
budget (journal_writer.TURN_BUDGET), so however many edits a turn sees, its lines stay few.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from tilegames.core.codec import from_jsonable

StepKind = Literal["edit", "undo", "redo", "reset", "clock", "draft"]

# The most seconds a turn can have: a game clock's 180 minutes (the turn-time settings stop at
# 3600 s). A game clock in overtime has less than none, down to as far below; a `left` outside
# these in a file is damage, and is not believed.
MAX_LEFT = 3 * 3600.0
MIN_LEFT = -MAX_LEFT


@dataclass(frozen=True)
class TurnStep:
    at: int
    seat: int
    step: StepKind
    edit: dict[str, Any] | None = None
    left: float | None = None
    edits: tuple[dict[str, Any], ...] | None = None  # a draft step's
    redo: tuple[dict[str, Any], ...] | None = None

    def __post_init__(self) -> None:
        if self.left is not None and not MIN_LEFT <= self.left <= MAX_LEFT:
            raise ValueError(f"a turn cannot have {self.left:.0f} seconds left")
        if (self.step == "edit") != (self.edit is not None):
            raise ValueError("only an edit step carries an edit")
        if (self.step == "draft") != (self.edits is not None and self.redo is not None):
            raise ValueError("only a draft step carries the turn's edits and those taken back")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"at": self.at, "seat": self.seat, "step": self.step}
        if self.edit is not None:
            data["edit"] = self.edit
        if self.edits is not None and self.redo is not None:
            data["edits"], data["redo"] = list(self.edits), list(self.redo)
        if self.left is not None:
            data["left"] = round(self.left, 2)
        return data


def is_turn_step(obj: Any) -> bool:
    """Whether a journal line (parsed JSON) is a turn step rather than an action record."""
    return isinstance(obj, dict) and "step" in obj and "seq" not in obj


def parse_turn_step(obj: Any) -> TurnStep:
    """A turn step from its JSON form (BadRecord with a sentence otherwise)."""
    return from_jsonable(TurnStep, obj, where="turn step")
