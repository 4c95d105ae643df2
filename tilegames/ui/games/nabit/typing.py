"""Where typed letters go on the Nab-It! grid: the cursor, its direction, and the cells typed
this turn (so Backspace takes the last one back).

Typing a letter puts a tile on the cursor's cell, on top of whatever stack is there; typing the
letter a stack already shows there plays through it instead (a letter may never go on itself),
so a word is typed whole along existing letters. The grid has no edge."""

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

    def target(self, letter: str, shown: dict[Pos, str]) -> Pos:
        """The cell a typed `letter` goes on: the cursor's, or past the cells along the typing
        direction that already show that letter (played through). `shown`: each occupied
        cell's top letter, this turn's tiles included."""
        dr, dc = self.step()
        r, c = self.pos
        while shown.get((r, c)) == letter and (r, c) not in self.placed:
            r, c = r + dr, c + dc
        return (r, c)

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
