"""The state of one Nab-It! game: everything needed to continue or replay it.

Each player has a bag of their own colour (RULES.md §4.1: a player draws only from their own
bag), a hand, and a bank of tiles earned by nabbing (§4.5). `control` says who controls each
word on the grid, a word being identified by its cells; it always names exactly the words on the
grid (`board.words_on`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tilegames.core.parts.grid import Pos
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.games.nabit.board import Cells, CellTop, Stack, surface
from tilegames.games.nabit.config import NabItConfig

TurnKind = Literal["build", "exchange", "pass", "timeout"]


@dataclass(frozen=True)
class Control:
    """A word on the grid, by its cells, and the seat that controls it."""

    cells: Cells
    seat: int


@dataclass(frozen=True)
class LastTurn:
    """What the previous turn did, for the screens (the events say it in words)."""

    seat: int
    kind: TurnKind
    cells: tuple[Pos, ...] = ()  # the cells a build put tiles on
    words: tuple[str, ...] = ()  # the words it formed or changed
    caps: tuple[Pos, ...] = ()  # the stacks it capped
    bank: bool = False  # it earned a bank tile
    count: int = 0  # the tiles an exchange returned


@dataclass(frozen=True)
class NabEnd:
    """How a game ended (RULES.md §4.7, §4.8)."""

    reason: Literal["out", "stalled"]
    out_seat: int | None  # who played their last tile (reason "out"): +1
    words: tuple[int, ...]  # words each seat controls
    banks: tuple[int, ...]  # bank tiles each seat holds
    scores: tuple[int, ...]  # words + banks + the last-tile point
    top_tiles: tuple[int, ...]  # cells whose top tile is each seat's colour (the tie-break)
    winners: tuple[int, ...]  # several when they share the win
    decided_by: Literal["points", "top_tiles", "shared"]


@dataclass(frozen=True)
class NabState:
    config: NabItConfig
    seats: tuple[str, ...]
    bags: tuple[Bag, ...]  # seat -> its own bag; never shown, only counted
    hands: tuple[tuple[Tile, ...], ...]
    banks: tuple[tuple[Tile, ...], ...]
    grid: tuple[Stack, ...]  # the occupied cells, sorted by cell
    control: tuple[Control, ...]  # sorted by cells
    order: SeatOrder
    first_seat: int
    first_random: bool  # the first player was drawn from the seed (not chosen at setup)
    turn: int = 0
    idle: int = 0  # consecutive turns in which no tile was placed (§4.7(b))
    last: LastTurn | None = None
    end: NabEnd | None = None
    hints: tuple[int, ...] = ()  # hints each seat asked for (empty: none yet, as in older saves)

    @property
    def current(self) -> int | None:
        return None if self.end is not None else self.order.current

    def cells(self) -> dict[Pos, CellTop]:
        """What every occupied cell shows."""
        return surface(self.grid)

    def controllers(self) -> dict[Cells, int]:
        return {c.cells: c.seat for c in self.control}
