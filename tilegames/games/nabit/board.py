"""The play area (RULES.md §4.2): an unbounded grid of stacks, stored sparsely.

Only occupied cells are stored; a cell is a `Pos` (row, column) of any integers, negative ones
included: the first word goes anywhere and the grid grows in every direction. Each cell holds a
**stack** of 1 to `MAX_HEIGHT` tiles, bottom first; its top tile is the letter it shows. The 5th
tile **caps** the stack: it never changes again (§4.5).

The rules read a grid through `CellTop`, what a cell shows: its top letter, the seat whose
colour the top tile is, its height, and the turn it was capped in. That is all the placement,
control and scoring rules need, and all a view shows, so the computer player judges its moves
with the engine's own rules from its view alone (agent.py).

Words are read along rows and columns by core/parts/grid.py, shared with Scrabble: a **word** is every
maximal horizontal or vertical line of 2 or more occupied cells (`words_on`), identified by its
cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from tilegames.core.parts.grid import Pos, maximal_lines
from tilegames.core.text.i18n import _
from tilegames.core.parts.tiles import Tile
from tilegames.games.nabit.config import MAX_HEIGHT
from tilegames.games.nabit.tiles import owner

Cells = tuple[Pos, ...]  # a word's cells in reading order: what identifies it
LIMIT = 10_000  # |row| and |column| stay below this: the grid is unbounded, numbers from outside are not


@dataclass(frozen=True)
class Layer:
    """One tile of a stack: the tile, the letter it shows (a blank's chosen letter, fixed for the
    rest of the game) and the turn it was placed in."""

    tile: Tile
    letter: str
    turn: int


@dataclass(frozen=True)
class CellTop:
    """What a cell shows: everything the rules read of it."""

    letter: str
    owner: int  # the seat whose colour the top tile is
    height: int
    capped_turn: int | None = None  # the turn its 5th tile was placed in (None: not capped)

    @property
    def capped(self) -> bool:
        return self.height >= MAX_HEIGHT


Surface = Mapping[Pos, CellTop]


@dataclass(frozen=True)
class Stack:
    """The tiles on one cell, bottom first."""

    pos: Pos
    layers: tuple[Layer, ...]

    @property
    def top(self) -> Layer:
        return self.layers[-1]

    @property
    def height(self) -> int:
        return len(self.layers)

    def shows(self) -> CellTop:
        capped = self.layers[MAX_HEIGHT - 1].turn if self.height >= MAX_HEIGHT else None
        return CellTop(self.top.letter, owner(self.top.tile), self.height, capped)


def surface(grid: tuple[Stack, ...]) -> dict[Pos, CellTop]:
    """What every occupied cell shows."""
    return {stack.pos: stack.shows() for stack in grid}


def words_on(cells: Surface) -> tuple[Cells, ...]:
    """Every word on the grid (each maximal line of 2+ cells), in reading order."""
    return maximal_lines(cells.keys())


def spell(cells: Surface, word: Cells) -> str:
    return "".join(cells[pos].letter for pos in word)


def where(pos: Pos) -> str:
    """A cell as players read it in a message."""
    return _("row {row}, column {col}").format(row=pos[0], col=pos[1])


def with_tiles(grid: tuple[Stack, ...], placed: Mapping[Pos, Layer]) -> tuple[Stack, ...]:
    """The grid with one new layer on each cell of `placed`, sorted by cell."""
    stacks = {stack.pos: stack for stack in grid}
    for pos, layer in placed.items():
        below = stacks[pos].layers if pos in stacks else ()
        stacks[pos] = Stack(pos, below + (layer,))
    return tuple(stacks[pos] for pos in sorted(stacks))
