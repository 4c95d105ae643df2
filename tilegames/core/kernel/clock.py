"""Clocks for the turn timer.

The controller never reads the time itself: it is given a clock. Production uses the
monotonic clock (immune to wall-clock changes); tests use `FakeClock` and move time by hand,
so every timing rule is tested without sleeping.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a clock that never goes backwards."""
        ...


class MonotonicClock:
    def now(self) -> float:
        return time.monotonic()


class FakeClock:
    """A clock that only moves when told to."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        self._now += seconds


class TurnClock:
    """One turn's countdown, which can be paused (a hand-off screen, the game left for the
    menu) and resumed with what it had left, so the time a turn has is never reset by
    anything but a new turn.

    `budget` is what the clock has while paused; running, it counts down from `budget` to 0.
    `seconds` None means the turn has no time limit. A game clock (`overtime`) counts on below 0
    and may start there: a player in overtime has a negative time left."""

    def __init__(self, clock: Clock, seconds: float | None, *, overtime: bool = False) -> None:
        self._clock = clock
        self.seconds = seconds
        self.budget = seconds
        self.overtime = overtime
        self._deadline: float | None = None

    @property
    def running(self) -> bool:
        return self._deadline is not None

    def start(self) -> None:
        """Run from what is left (a no-op while running or without a time limit)."""
        if self.budget is not None and self._deadline is None:
            self._deadline = self._clock.now() + self.budget

    def pause(self) -> None:
        if self._deadline is not None:
            self.budget = self.left()
            self._deadline = None

    def set_left(self, seconds: float) -> None:
        """What a resumed turn has left (from its journal), paused until started."""
        if self.seconds is not None:
            self._deadline = None
            self.budget = min(seconds, self.seconds) if self.overtime else max(0.0, min(seconds, self.seconds))

    def left(self) -> float | None:
        """Seconds left, or None without a time limit."""
        if self._deadline is not None:
            left = self._deadline - self._clock.now()
            return left if self.overtime else max(0.0, left)
        return self.budget

    def used(self) -> float:
        """Seconds run since the clock was made with `seconds` (0 without a limit)."""
        left = self.left()
        return 0.0 if self.seconds is None or left is None else self.seconds - left

    def signed_left(self) -> float | None:
        """Like `left`, but below 0 once overdue (the controller warns and times out on it)."""
        if self._deadline is not None:
            return self._deadline - self._clock.now()
        return None
