"""Where typed letters go on the Scrabble board: the cursor, its direction, each player's own
cursor between turns, and the squares placed this turn.

Pure bookkeeping on board coordinates (row, column from 0); the screen asks it where the next
letter goes and tells it what was placed. A covered square is played through: the letter goes
on the next free square along the typing direction.
"""

from __future__ import annotations

from tilegames.core.text.i18n import _
from tilegames.games.scrabble.board import CENTRE, COLUMNS, SIZE

Pos = tuple[int, int]


class RunsOffBoard(Exception):
    """The next free square along the typing direction is past the edge of the board."""


class TypingCursor:
    def __init__(self) -> None:
        self.pos: Pos = CENTRE
        self.direction = "across"
        self.placed: list[Pos] = []  # this turn's squares, in the order typed
        self.origin: Pos | None = None  # where the cursor was when this turn's first letter went down
        self._seat: int | None = None  # whose cursor `pos` is
        self._kept: dict[int, tuple[Pos, str]] = {}  # each player's cursor from their last turn

    # --- turns ----------------------------------------------------------------------------
    def start_turn(self, seat: int, first_play: bool) -> None:
        """`seat`'s turn begins: their cursor from their last turn (the centre before the first
        play, or when they have not played yet), never the cursor the previous player left."""
        if self._seat is not None:
            self._kept[self._seat] = (self.pos, self.direction)
        self._seat = seat
        pos, self.direction = self._kept.get(seat, (CENTRE, "across"))
        self.pos = CENTRE if first_play else pos
        self.placed = []
        self.origin = None

    # --- moving ---------------------------------------------------------------------------
    def step(self) -> Pos:
        return (0, 1) if self.direction == "across" else (1, 0)

    def move(self, dr: int, dc: int) -> None:
        r, c = self.pos
        self.pos = (max(0, min(SIZE - 1, r + dr)), max(0, min(SIZE - 1, c + dc)))

    def toggle(self) -> None:
        self.direction = "down" if self.direction == "across" else "across"

    def target(self, occupied: set[Pos]) -> Pos:
        """The square the next letter goes on: the cursor's, or the first free one after the
        covered squares it stands on. RunsOffBoard (with a sentence) when there is none."""
        dr, dc = self.step()
        r, c = self.pos
        while (r, c) in occupied:
            r, c = r + dr, c + dc
            if not (r < SIZE and c < SIZE):
                if self.direction == "across":
                    raise RunsOffBoard(_("The word runs past column {column}: there is no square left for it.").format(
                        column=COLUMNS[-1]))
                raise RunsOffBoard(_("The word runs past row {row}: there is no square left for it.").format(row=SIZE))
        return r, c

    def placed_at(self, pos: Pos, occupied: set[Pos]) -> None:
        """A letter went on `pos`: the cursor moves on to the next free square (or stays on
        the last square of the board)."""
        if not self.placed:
            self.origin = self.pos
        self.placed.append(pos)
        dr, dc = self.step()
        r, c = pos
        while (r, c) in occupied and r + dr < SIZE and c + dc < SIZE:
            r, c = r + dr, c + dc
        self.pos = (r, c)

    def take_back(self) -> Pos | None:
        """The last square placed, which the cursor goes back to (None: nothing placed)."""
        if not self.placed:
            return None
        self.pos = self.placed.pop()
        if not self.placed:
            self.origin = None
        return self.pos

    def follow(self, placed: list[Pos], occupied: set[Pos]) -> None:
        """The draft changed under the cursor (undo, redo): `placed` is what is on the board
        now, in the order it was put; the cursor goes after the last of it, or back to where
        the word began."""
        if not placed:
            self.clear()
            return
        origin = self.origin if self.origin is not None else placed[0]
        self.placed = []
        for pos in placed[:-1]:
            self.placed.append(pos)
        self.pos = placed[-1]
        self.placed_at(placed[-1], occupied)
        self.origin = origin

    def clear(self) -> None:
        """Everything placed this turn goes back: the cursor returns to where the word began."""
        if self.origin is not None:
            self.pos = self.origin
        self.placed = []
        self.origin = None
