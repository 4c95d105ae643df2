"""What a Scrabble player can do (RULES.md §3.4, §3.8). Frozen, JSON round-trippable."""

from __future__ import annotations

from dataclasses import dataclass

from tilegames.core.kernel.hints import Hint as Hint  # every game's hint, in its actions
from tilegames.core.kernel.protocol import Action


@dataclass(frozen=True)
class Placement:
    """One tile put on the board: `letter` is the letter shown (a blank's chosen letter)."""

    tile: int
    row: int
    col: int
    letter: str


@dataclass(frozen=True)
class Place(Action):
    kind = "place"
    tiles: tuple[Placement, ...]


@dataclass(frozen=True)
class Exchange(Action):
    kind = "exchange"
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class Pass(Action):
    kind = "pass"


@dataclass(frozen=True)
class Challenge(Action):
    """Challenge the last play, before the next player begins (any other player)."""

    kind = "challenge"


@dataclass(frozen=True)
class AcceptPlay(Action):
    """Let the last play of the game stand (closes the challenge window after a play-out)."""

    kind = "accept"


@dataclass(frozen=True)
class Timeout(Action):
    """The clock ran out: the placed tiles go back and the turn is lost. Controller only."""

    kind = "timeout"
    controller_only = True


@dataclass(frozen=True)
class TimeUsed(Action):
    """With the game clock on: the time the player's turn took so far, charged to their clock
    just before their move (clock.py). Controller only."""

    kind = "time_used"
    controller_only = True
    ms: int


ACTION_TYPES = (Place, Exchange, Pass, Challenge, AcceptPlay, Hint, Timeout, TimeUsed)
