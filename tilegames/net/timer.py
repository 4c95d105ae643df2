"""Time on the game server: what its clocks read and how it waits.

Everything the server does by the clock goes through one `Timer`: the turn clocks of its
tables (their sessions are given it as their clock), the clock loop's pace and the keep-alive,
the join deadline, the wait before a wrong code is refused and the pause after a `slow_down`.
Production uses `LoopTimer` (the monotonic clock and `asyncio.sleep`); the tests give a fake
one that only moves when told to (tests/net/fake_time.py), so every timing rule of the server
is tested without waiting for wall time, as the hot-seat controller's are with `FakeClock`.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from tilegames.core.kernel.clock import Clock, MonotonicClock


class Timer(Clock, Protocol):
    async def sleep(self, seconds: float) -> None:
        """Return once `seconds` have passed on this clock (at once, after yielding, for 0 or less)."""
        ...


class LoopTimer(MonotonicClock):
    """The real time: `time.monotonic`, which is also the event loop's clock."""

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))
