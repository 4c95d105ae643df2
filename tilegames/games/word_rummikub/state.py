"""The state of one Rummikub Word game: everything needed to continue or replay it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tilegames.core.kernel.game_setup import DrawRound
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.games.word_rummikub.config import WordRummikubConfig

Rows = tuple[tuple[Tile, ...], ...]
# The letter each joker on the table stands for, as (joker id, letter) pairs sorted by id.
Named = tuple[tuple[int, str], ...]


def named(letters: dict[int, str]) -> Named:
    """A joker → letter mapping in the state's form."""
    return tuple(sorted(letters.items()))


@dataclass(frozen=True)
class Table:
    """The words on the table: ordered rows of tiles, and the letter of every joker in them."""

    rows: Rows = ()
    jokers: Named = ()

    @property
    def letters(self) -> dict[int, str]:
        return dict(self.jokers)

    def ids(self) -> frozenset[int]:
        return frozenset(t.id for row in self.rows for t in row)


@dataclass(frozen=True)
class LastTurn:
    """What the previous turn did, for the screens (the events say it in words)."""

    seat: int
    kind: Literal["play", "draw", "pass", "penalty", "timeout"]
    score: int = 0
    words: tuple[str, ...] = ()  # the new words of a play; the wrong words of a penalty


@dataclass(frozen=True)
class WordEnd:
    """How a game ended (RULES.md §2.10). `scores` are final: turn scores minus the jokers."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]  # several on a tie
    jokers_left: tuple[int, ...]
    reason: Literal["out", "stalled"]
    out_seat: int | None = None  # who went out (reason "out")


@dataclass(frozen=True)
class WordState:
    config: WordRummikubConfig
    seats: tuple[str, ...]
    bag: Bag
    racks: tuple[tuple[Tile, ...], ...]
    table: Table
    scores: tuple[int, ...]  # the turn scores so far (jokers are charged only at the end)
    melded: tuple[bool, ...]
    order: SeatOrder  # `lose_next`: seats that lose their next turn for a wrong word
    first_seat: int
    first_draw: tuple[DrawRound, ...]
    turn: int = 0
    idle: int = 0  # consecutive turns, begun with the pool empty, in which no tile was placed
    last: LastTurn | None = None
    end: WordEnd | None = None
    hints: tuple[int, ...] = ()  # hints each seat asked for (empty: none yet, as in older saves)

    @property
    def current(self) -> int | None:
        return None if self.end is not None else self.order.current

    @property
    def tile_count(self) -> int:
        return len(self.bag) + sum(len(r) for r in self.racks) + len(self.table.ids())
