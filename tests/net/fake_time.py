"""A fake timer for the server (tilegames/net/timer.py): a `FakeClock` the server can also wait
on, so the tests move the server's time by hand instead of waiting for the wall clock.

`sleep(s)` returns once the clock has been advanced by `s` from when it was called; `advance`
wakes every sleeper whose time has come, in order. Sleepers live on the server's event loop,
so `advance` runs there (`ServerThread.advance` does so, and then looks at every clock).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools

from tilegames.core.kernel.clock import FakeClock


class FakeTimer(FakeClock):
    def __init__(self, start: float = 0.0) -> None:
        super().__init__(start)
        self._sleepers: list[tuple[float, int, float, asyncio.Future[None]]] = []
        self._order = itertools.count()

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now() + seconds, next(self._order), seconds, woken))
        await woken

    def pending(self) -> list[float]:
        """The seconds each wait still running was asked for, in the order they end (a
        cancelled one is not running): what the server is waiting for, by its length."""
        return [asked for _at, _n, asked, woken in sorted(self._sleepers) if not woken.done()]

    def advance(self, seconds: float) -> None:
        super().advance(seconds)
        while self._sleepers and self._sleepers[0][0] <= self.now():
            _at, _n, _asked, woken = heapq.heappop(self._sleepers)
            if not woken.done():
                woken.set_result(None)
