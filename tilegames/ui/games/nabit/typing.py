"""Where typed letters go on the Nab-It! grid: the cursor, its direction, and the cells typed
this turn (so Backspace takes the last one back).

Typing a letter puts a tile on the cursor's cell, on top of whatever stack is there; typing the
letter the cell already shows moves the cursor through it instead, using no tile (a letter may
never go on itself), so a word is typed whole along the letters it shares with the board: with
ROPE there, typing `ropey` from its R puts down the Y alone. The grid has no edge."""

from __future__ import annotations

Pos = tuple[int, int]


class NabCursor:
    def __init__(self) -> None:
        self.pos: Pos = (0, 0)
        self.direction = "across"
        self.placed: list[Pos] = []  # this turn's cells, in the order typed

    def step(self) -> Pos:
        return (0, 1) if self.direction == "across" else (1, 0)

    def move(self, dr: int, dc: int) -> None:
        self.pos = (self.pos[0] + dr, self.pos[1] + dc)

    def toggle(self) -> None:
        self.direction = "down" if self.direction == "across" else "across"

    def moves_through(self, letter: str, shown: dict[Pos, str]) -> bool:
        """Whether typing `letter` moves the cursor on through its cell, which shows that very
        letter (`shown`: each occupied cell's top letter, this turn's tiles included); if so,
        the cursor has moved on."""
        if shown.get(self.pos) != letter:
            return False
        dr, dc = self.step()
        self.pos = (self.pos[0] + dr, self.pos[1] + dc)
        return True

    def resume(self, placed: list[Pos], shown: dict[Pos, str]) -> None:
        """A turn resumed with `placed` typed already: typing goes on after them, along the line
        they lie in (one tile: along the word it touches; `shown`: the occupied cells)."""
        self.placed = list(placed)
        if not placed:
            return
        (r, c) = placed[-1]
        if len(placed) > 1:
            self.direction = "across" if len({p[0] for p in placed}) == 1 else "down"
        elif (r, c - 1) in shown or (r, c + 1) in shown:
            self.direction = "across"
        elif (r - 1, c) in shown or (r + 1, c) in shown:
            self.direction = "down"
        dr, dc = self.step()
        self.pos = (r + dr, c + dc)

    def put_at(self, pos: Pos) -> None:
        """A tile went on `pos`: the cursor moves on to the next cell."""
        self.placed.append(pos)
        dr, dc = self.step()
        self.pos = (pos[0] + dr, pos[1] + dc)

    def take_back(self) -> Pos | None:
        """The last cell typed this turn (the cursor goes back to it), or None."""
        if not self.placed:
            return None
        self.pos = self.placed.pop()
        return self.pos

    def clear(self) -> None:
        self.placed = []
