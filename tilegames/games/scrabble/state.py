"""The state of one Scrabble game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tilegames.core.parts.grid import Pos
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.games.scrabble.config import ScrabbleConfig


@dataclass(frozen=True)
class Square:
    """A covered square: the tile and the letter it shows (lower case for a blank)."""

    pos: Pos
    tile: Tile
    letter: str


@dataclass(frozen=True)
class PendingPlay:
    """The last play, which may be challenged until the next player begins (RULES.md §3.8).

    `before` is the state just before it (with no pending play of its own), so a successful
    challenge restores the board, the racks, the bag and the scores exactly.
    """

    seat: int
    words: tuple[str, ...]
    score: int
    squares: tuple[Pos, ...]
    before: "ScrabbleState"


@dataclass(frozen=True)
class ScrabbleEnd:
    reason: Literal["out", "stalled"]
    before_adjustment: tuple[int, ...]
    adjustments: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]  # several on a draw
    out_seat: int | None = None
    time_penalties: tuple[int, ...] = ()  # overtime points taken off each seat (clock.py); empty: none


@dataclass(frozen=True)
class ScrabbleState:
    config: ScrabbleConfig
    seats: tuple[str, ...]
    bag: Bag
    racks: tuple[tuple[Tile, ...], ...]
    board: tuple[Square, ...]
    scores: tuple[int, ...]
    order: SeatOrder
    first_draw: tuple[tuple[int, str], ...]
    turn: int = 0
    passes: int = 0  # consecutive passes (stall_rule all_pass_twice)
    scoreless: int = 0  # consecutive scoreless turns (stall_rule six_scoreless)
    pending: PendingPlay | None = None
    awaiting_final_challenge: bool = False  # a play-out waits for a challenge or acceptance
    last_play: tuple[Pos, ...] = ()
    end: ScrabbleEnd | None = None
    first_seat: int = 0  # who won the draw for the first turn (the log says so, even on resume)
    hints: tuple[int, ...] = ()  # hints each seat asked for (empty: none yet, as in older saves)
    clock_used: tuple[int, ...] = ()  # ms each seat's game clock has run (empty: none yet, or no clock)

    def cells(self) -> dict[Pos, str]:
        return {sq.pos: sq.letter for sq in self.board}
