"""What a Nab-It! player can do on a turn (RULES.md §4.3). All are frozen and JSON round-trippable.

JSON forms (the "type" is the action's kind):

* `{"type": "build", "tiles": [{"tile": 12, "row": 0, "col": -1, "letter": "F"}], "announce": false}`:
  put hand tiles on cells, empty ones or on top of stacks. `letter` is the letter the tile shows:
  a blank's chosen letter (required), or a lettered tile's own letter (or "" for it).
  `announce`: the player says they are down to their last tile (matters only with
  `require_last_tile_announce`, §4.7);
* `{"type": "exchange", "tiles": [3, 7]}`: return 1 to 5 hand tiles for as many from the own
  bag (drawn first, then the returned ones are shuffled in);
* `{"type": "pass"}`;
* `{"type": "timeout", "touched": true}` (the turn clock only): the turn passes as a turn with
  no tile placed; `touched` says the player had put tiles down (only the message differs).
"""

from __future__ import annotations

from dataclasses import dataclass

from tilegames.core.kernel.hints import Hint as Hint  # every game's hint, in its actions
from tilegames.core.kernel.protocol import Action


@dataclass(frozen=True)
class Placement:
    """One hand tile put on a cell this turn."""

    tile: int
    row: int
    col: int
    letter: str = ""  # the letter shown: required for a blank, optional for a lettered tile


@dataclass(frozen=True)
class Build(Action):
    """Place tiles crossword-style (§4.4), stacking or extending; then the hand is refilled."""

    kind = "build"
    tiles: tuple[Placement, ...]
    announce: bool = False


@dataclass(frozen=True)
class Exchange(Action):
    """Swap hand tiles for tiles of the own bag; the turn ends (§4.3)."""

    kind = "exchange"
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class Pass(Action):
    """Nothing this turn; it counts towards the end by 2 × players turns with no tile (§4.7(b))."""

    kind = "pass"


@dataclass(frozen=True)
class Timeout(Action):
    """The clock ran out. Taken by the turn controller, never by a player: applied to the turn's
    snapshot, which is the exact rollback, it passes the turn as one with no tile placed."""

    kind = "timeout"
    controller_only = True
    touched: bool = False


ACTION_TYPES = (Build, Exchange, Pass, Hint, Timeout)
