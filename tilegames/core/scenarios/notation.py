"""What a game provides so that scenarios (docs/scenarios.md) can be written in its own notation.

A scenario file states a starting position and moves the way players write them ("R10 R11 R12",
"8D STRAINER"), never as tile ids or engine dataclasses: a demo must read like the rule it
shows, and must keep working when the engine's internals change. So each game supplies an
object implementing `ScenarioNotation` (in `games/<id>/scenario.py`, set as the `scenario`
class attribute of its `Game`), and the generic loader and runner (core/scenarios/load.py,
core/scenarios/run.py) never know a game's notation.

Two optional hooks refine it: `EditNotation.edit` lets a step's edits name tiles by face instead
of by id, and `ValueNotation.normalize` puts an expected value and the described one in the same
canonical form before they are compared (a rack in any order, a table whose row order does not
matter). A notation without them gets the engine's edit JSON and plain equality.
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol, runtime_checkable

from tilegames.core.errors import BadRecord
from tilegames.core.text.inputs import shown
from tilegames.core.kernel.protocol import Action, Edit

# What a game's notation, or the engine under it, may raise when a value of a scenario file is
# not what it expected: a file that parsed can still hold a number where text belongs, a list
# where a table does, a row number far past the table. Each is the file's fault, so the loader
# and the runner turn it into a ScenarioError sentence (`failure`), never a traceback.
NOTATION_FAILURES: tuple[type[Exception], ...] = (BadRecord, ValueError, TypeError, LookupError, AttributeError,
                                                  ArithmeticError, RecursionError)


class ScenarioError(ValueError):
    """A scenario that cannot be read, built or played as written: one sentence for its author.

    `key` is the dotted place in the file it is about ("position.racks.Ann", "step.3.move"),
    when the raiser knows it; the loader turns it into `line`, the file's line number, and the
    message then starts with "line N: ". A game's notation may instead start its sentence with
    the key and a colon ("position.racks.Ann: 'Q5' is not a tile"); the loader reads that too.
    """

    def __init__(self, sentence: str, *, key: str | None = None, line: int | None = None) -> None:
        self.sentence = sentence
        self.key = key
        self.line = line
        super().__init__(f"line {line}: {sentence}" if line is not None else sentence)

    def at(self, line: int | None) -> "ScenarioError":
        """The same error placed at `line` of the file (kept when it has one already)."""
        if self.line is not None or line is None:
            return self
        return ScenarioError(self.sentence, key=self.key, line=line)


def failure(exc: Exception) -> str:
    """What went wrong, for a sentence: a BadRecord's or ValueError's own message (they are
    sentences), otherwise the kind of error with its message, as a scenario's author can look
    for it."""
    if isinstance(exc, ValueError):  # BadRecord is one
        return shown(str(exc), 300)
    detail = shown(str(exc), 200)
    return f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__


class ScenarioNotation(Protocol):
    """A game's side of scenarios: positions, moves and descriptions in its own notation."""

    def position(self, config: Any, seats: tuple[str, ...], position: Mapping[str, Any], seed: int) -> Any:
        """The game state for a `[position]` table. Raises ScenarioError(sentence) naming the key
        (e.g. "position.racks.Ann: 'Q5' is not a tile") when it cannot be built; the state must
        be one the engine accepts (tiles conserved: unnamed tiles go to the pool/bag in seed
        order)."""
        ...

    def move(self, state: Any, seat: int, text: str) -> Action:
        """The action a move in the game's notation stands for (e.g. Scrabble "8D STRAINER",
        "exchange AEI", "pass", "challenge"; Rummikub "draw", or "play" + the table's new sets).
        ScenarioError(sentence) for text that is not a move in this notation (not for an illegal
        move: that is the engine's IllegalMove, which a step may expect)."""
        ...

    def describe(self, state: Any) -> dict[str, Any]:
        """The position now, in the same notation and keys `position` takes (racks, table/board,
        bag size, scores…), so that an expectation compares like with like."""
        ...


@runtime_checkable
class EditNotation(Protocol):
    """Optional: a step's edits written in the game's notation (a tile named by its face).

    Without it an edit is the game's edit JSON as `Game.decode_edit` reads it."""

    def edit(self, state: Any, draft: Any, seat: int, data: Mapping[str, Any]) -> Edit:
        """The edit `data` stands for, on `seat`'s `draft` of the turn that began at `state`.
        ScenarioError(sentence) when it names no tile there or is not an edit of this game;
        an edit the rules refuse is left to the engine (IllegalMove)."""
        ...


@runtime_checkable
class ValueNotation(Protocol):
    """Optional: the canonical form in which a described value and an expected one compare."""

    def normalize(self, key: str, value: Any) -> Any:
        """`value` (as written in the file, or as `describe` gave it) in the form compared for
        the dotted `key` ("racks.Ann", "table"); ScenarioError for a value that cannot be in
        that key. Return `value` unchanged for keys that need nothing."""
        ...
