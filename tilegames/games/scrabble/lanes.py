"""The board as the move generator reads it: 30 lanes (15 rows across, 15 columns down), each
15 squares of plain integers (DESIGN.md §7a).

For a square of a lane: its tile's letter (0-25, or EMPTY) and points; its premiums; the
letters a tile laid there may show (`allowed`, a bit mask: the word the tile would make across
the lane must be in the word list, or any letter when nothing touches it that way); the points
of the tiles it would join across the lane (`cross`, or NO_CROSS when it joins none); and
whether it is an anchor, an empty square next to a tile (on an empty board, the centre), where
every play in that lane must lay a tile.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tilegames.core.parts.grid import Direction, Pos
from tilegames.core.wordgraph import ALL_LETTERS, WordGraph
from tilegames.games.scrabble.board import CENTRE, LETTER_MULTIPLIER, PREMIUM, SIZE, WORD_MULTIPLIER
from tilegames.games.scrabble.tiles import letter_points

EMPTY = -1
NO_CROSS = -1


@dataclass(frozen=True)
class Lane:
    direction: Direction
    index: int  # the row (across) or the column (down)
    letters: list[int]
    points: list[int]
    letter_mult: list[int]
    word_mult: list[int]
    allowed: list[int]
    cross: list[int]
    anchors: list[int]

    def square(self, i: int) -> Pos:
        return (self.index, i) if self.direction == "across" else (i, self.index)


def lanes(board: Mapping[Pos, str], graph: WordGraph) -> list[Lane]:
    """Every lane with an anchor, rows across first, then columns down."""
    grid = [[EMPTY] * SIZE for _ in range(SIZE)]
    for (r, c), letter in board.items():
        grid[r][c] = ord(letter.lower()) - 97
    found = []
    directions: tuple[Direction, ...] = ("across", "down")
    for direction in directions:
        for index in range(SIZE):
            lane = _lane(board, grid, graph, direction, index)
            if lane.anchors:
                found.append(lane)
    return found


def _lane(board: Mapping[Pos, str], grid: list[list[int]], graph: WordGraph, direction: Direction,
          index: int) -> Lane:
    squares: list[Pos] = [(index, i) if direction == "across" else (i, index) for i in range(SIZE)]
    letters = [grid[r][c] for r, c in squares]
    points = [letter_points(board[p]) if p in board else 0 for p in squares]
    premiums = [PREMIUM.get(p, "") for p in squares]
    allowed, cross, anchors = [ALL_LETTERS] * SIZE, [NO_CROSS] * SIZE, []
    for i, pos in enumerate(squares):
        if letters[i] != EMPTY:
            continue
        before, after = _run(board, pos, direction, -1), _run(board, pos, direction, 1)
        if before or after:
            allowed[i] = graph.between(before.lower(), after.lower())
            cross[i] = sum(letter_points(ch) for ch in before + after)
        beside = (i > 0 and letters[i - 1] != EMPTY) or (i + 1 < SIZE and letters[i + 1] != EMPTY)
        if beside or before or after or (not board and pos == CENTRE):
            anchors.append(i)
    return Lane(direction, index, letters, points,
                [LETTER_MULTIPLIER.get(p, 1) for p in premiums], [WORD_MULTIPLIER.get(p, 1) for p in premiums],
                allowed, cross, anchors)


def _run(board: Mapping[Pos, str], pos: Pos, direction: Direction, sign: int) -> str:
    """The tiles next to `pos` across the lane, on one side (-1: above or left), in reading order."""
    dr, dc = (sign, 0) if direction == "across" else (0, sign)
    r, c = pos[0] + dr, pos[1] + dc
    found = []
    while (r, c) in board:
        found.append(board[(r, c)])
        r, c = r + dr, c + dc
    return "".join(reversed(found) if sign < 0 else found)
