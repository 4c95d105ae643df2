"""Rates a connection may not exceed, so one player can slow only their own table.

A token bucket per connection and kind of request: `burst` requests at once, then `rate` a
second. Draft edits and moves get one (a person moves a few tiles a second; a client sending
hundreds a second is refused with `slow_down`, and its next message is read only once the
bucket has refilled one token, so refusing it costs the server little); requests that replay a
journal (`past_views`, `export`) get a much smaller one, and only a few of them run at once on
the whole server (`Server`'s semaphore).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable


@dataclass
class TokenBucket:
    rate: float  # tokens a second
    burst: float  # the most tokens kept
    clock: Callable[[], float] = time.monotonic
    _tokens: float = field(default=-1.0)
    _at: float = 0.0

    def take(self) -> bool:
        """One token if there is one (True), else False and nothing taken."""
        self._refill()
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next token is there (0 when one is)."""
        self._refill()
        return max(0.0, (1.0 - self._tokens) / self.rate)

    def _refill(self) -> None:
        now = self.clock()
        if self._tokens < 0:
            self._tokens, self._at = self.burst, now
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
