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
