"""Seats and turn order.

Play goes clockwise, i.e. to the left, which is seat order 0, 1, 2, … . A seat can be marked
to lose its next turn (Rummikub Word's misspelling option); it is then skipped once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class SeatOrder:
    """Whose turn it is among `count` seats, and who loses their next turn."""

    count: int
    current: int = 0
    lose_next: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("a game needs at least one seat")
        if not 0 <= self.current < self.count:
            raise ValueError(f"seat {self.current} does not exist")

    def next_seat(self, seat: int) -> int:
        """The seat to the left of `seat`, ignoring skips."""
        return (seat + 1) % self.count

    def advance(self) -> "SeatOrder":
        """Pass the turn clockwise, skipping (once) every seat marked to lose its turn."""
        skipped = set(self.lose_next)
        seat = self.next_seat(self.current)
        # Each marked seat is skipped once; if every seat is marked, the marks all clear.
        for _ in range(self.count):
            if seat not in skipped:
                break
            skipped.discard(seat)
            seat = self.next_seat(seat)
        return replace(self, current=seat, lose_next=frozenset(skipped))

    def mark_lose_next_turn(self, seat: int) -> "SeatOrder":
        return replace(self, lose_next=self.lose_next | {seat})

    def starting_at(self, seat: int) -> "SeatOrder":
        return replace(self, current=seat)
