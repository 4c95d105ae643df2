"""Reading words along rows and columns of a grid: shared by Scrabble and Nab-It!.

A play puts tiles on some cells. The words it forms are the *main word* along the line of the
play and one *cross-word* through each placed tile in the other direction (only lines of 2+
cells count). This module checks the geometry (one line, no gaps) and finds those lines; what a
cell holds and what a word is worth belong to the game.

Cells are (row, column) pairs of any integers: Scrabble's board is rows and columns 0-14, Nab-It!
plays on an unbounded grid stored sparsely, where negative coordinates are as good as any. Only
the set of occupied cells matters here, so a cell may hold one tile (Scrabble) or a stack
(Nab-It!): a tile put on a stack is a placed cell that was occupied already, and the words
through it read exactly as through a tile on an empty cell. `maximal_lines` lists every word of
a grid, which is what Nab-It! calls its words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Literal

from tilegames.core.text.i18n import _

Pos = tuple[int, int]  # (row, column); any integers (Scrabble's are 0-14)
Direction = Literal["across", "down"]
STEP: dict[str, Pos] = {"across": (0, 1), "down": (1, 0)}
DIRECTIONS: tuple[Direction, ...] = ("across", "down")
NEIGHBOURS: tuple[Pos, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))


class GeometryError(ValueError):
    """The placed tiles do not make one line; the message says why, as a sentence."""


@dataclass(frozen=True)
class Words:
    direction: Direction
    main: tuple[Pos, ...]  # the main word's cells, in reading order (may be 1 cell long)
    cross: tuple[tuple[Pos, ...], ...]  # cross-words of 2+ cells, in placement order

    @property
    def lines(self) -> tuple[tuple[Pos, ...], ...]:
        """Every word the play forms or changes: the main word if it has 2+ cells, then the
        cross-words."""
        return ((self.main,) if len(self.main) >= 2 else ()) + self.cross


def run_through(occupied: Collection[Pos], pos: Pos, direction: Direction) -> tuple[Pos, ...]:
    """The maximal line of occupied cells through `pos` in `direction`, in reading order."""
    dr, dc = STEP[direction]
    start = pos
    while (start[0] - dr, start[1] - dc) in occupied:
        start = (start[0] - dr, start[1] - dc)
    cells = []
    cell = start
    while cell in occupied:
        cells.append(cell)
        cell = (cell[0] + dr, cell[1] + dc)
    return tuple(cells)


def touches(occupied: Collection[Pos], cells: Collection[Pos]) -> bool:
    """Whether any of `cells` is occupied already or next to (left, right, above, below) an
    occupied cell: a play that does neither is not connected to what is on the grid."""
    return any(cell in occupied or (cell[0] + dr, cell[1] + dc) in occupied
               for cell in cells for dr, dc in NEIGHBOURS)


def maximal_lines(occupied: Collection[Pos], min_len: int = 2) -> tuple[tuple[Pos, ...], ...]:
    """Every maximal line of `min_len` or more occupied cells, across and down, each in reading
    order; sorted by first cell, across before down. On a sparse grid this is the list of its
    words (Nab-It!): a line is found from its first cell, so each is listed once."""
    lines: list[tuple[tuple[Pos, ...], Direction]] = []
    for direction in DIRECTIONS:
        dr, dc = STEP[direction]
        for cell in occupied:
            if (cell[0] - dr, cell[1] - dc) in occupied:
                continue  # not the first cell of its line
            line = run_through(occupied, cell, direction)
            if len(line) >= min_len:
                lines.append((line, direction))
    return tuple(line for line, _ in sorted(lines, key=lambda item: (item[0][0], item[1])))


def words_formed(occupied: Collection[Pos], placed: Collection[Pos], hint: Direction = "across") -> Words:
    """The words a play forms. `occupied` includes the placed cells.

    One placed tile may read either way; `hint` picks the main direction then (the other
    direction's word, if any, is its cross-word).
    """
    if not placed:
        raise GeometryError(_("Place at least one tile."))
    rows = {r for r, _ in placed}
    cols = {c for _, c in placed}
    if len(rows) > 1 and len(cols) > 1:
        raise GeometryError(_("The tiles must be in one row or one column."))
    if len(placed) == 1:
        direction: Direction = hint
        (only,) = placed
        if len(run_through(occupied, only, hint)) < 2 and len(run_through(occupied, only, _other(hint))) >= 2:
            direction = _other(hint)
    else:
        direction = "across" if len(rows) == 1 else "down"
    first = min(placed)
    main = run_through(occupied, first, direction)
    if not set(placed) <= set(main):
        raise GeometryError(_("The tiles must form one word with no gaps."))
    cross = tuple(
        line for line in (run_through(occupied, pos, _other(direction)) for pos in sorted(placed))
        if len(line) >= 2
    )
    return Words(direction, main, cross)


def _other(direction: Direction) -> Direction:
    return "down" if direction == "across" else "across"
