"""The state of one Rummikub game: everything needed to continue or replay it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.games.rummikub.config import RummikubConfig

Phase = Literal["redeal", "play", "over"]


@dataclass(frozen=True)
class GameEnd:
    """How a game ended (RULES.md §1.7-1.8)."""

    reason: Literal["out", "stuck"]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    rack_values: tuple[int, ...]


@dataclass(frozen=True)
class FirstDraw:
    """One round of the first-player draw: the face each drawing seat turned up, in order.
    A seat that turned up a joker draws again, so it may appear more than once."""

    draws: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class RummikubState:
    config: RummikubConfig
    seats: tuple[str, ...]
    edition: Literal["standard", "xp"]
    bag: Bag
    racks: tuple[tuple[Tile, ...], ...]
    table: tuple[tuple[Tile, ...], ...]  # every set is an ordered row of tiles
    melded: tuple[bool, ...]
    order: SeatOrder
    first_seat: int
    first_draw: tuple[FirstDraw, ...]
    phase: Phase
    redeal_asking: tuple[int, ...] = ()  # seats still to be offered a redeal, in turn order
    deals: int = 1
    turn: int = 0
    passes: int = 0  # consecutive "cannot play" turns with an empty pool (all_stuck)
    end: GameEnd | None = None
    hints: tuple[int, ...] = ()  # hints each seat asked for (empty: none yet, as in older saves)

    @property
    def current(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "redeal":
            return self.redeal_asking[0]
        return self.order.current

    def table_ids(self) -> frozenset[int]:
        return frozenset(t.id for row in self.table for t in row)
