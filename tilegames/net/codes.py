"""Join codes, and the rate limit that makes guessing them hopeless.

A code is all a player needs to take a seat, so it is the seat's password: 8 characters drawn
with `secrets` from 31 that cannot be mistaken for each other when read aloud or copied from a
screen (no 0/O, 1/I/L), written as two groups of four ("K7PQ-3MZD"). That is 31**8, about
8.5e11 codes; at 5 wrong guesses a minute from one address, finding one seat of one table would
take hundreds of thousands of years.

People type codes, so reading one forgives case, spaces and where the hyphen is.
"""

from __future__ import annotations

import ipaddress
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Collection

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
GROUP = 4
GROUPS = 2
LENGTH = GROUP * GROUPS


def new_code(taken: Collection[str] = ()) -> str:
    """A fresh code, different from every code in `taken`."""
    while True:
        raw = "".join(secrets.choice(ALPHABET) for _i in range(LENGTH))
        code = "-".join(raw[i:i + GROUP] for i in range(0, LENGTH, GROUP))
        if code not in taken:
            return code


def canonical(text: str) -> str | None:
    """The code a person typed, written as codes are stored ("k7pq 3mzd" -> "K7PQ-3MZD"), or
    None when it cannot be a code at all."""
    raw = "".join(ch for ch in text.upper() if ch not in "- \t")
    if len(raw) != LENGTH or any(ch not in ALPHABET for ch in raw):
        return None
    return "-".join(raw[i:i + GROUP] for i in range(0, LENGTH, GROUP))


def address_key(host: str) -> str:
    """Whom the rate limit counts: one IPv4 address, or one IPv6 /64 network (a single
    machine is usually given a whole /64, so counting its addresses one by one would count
    nothing)."""
    try:
        address = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


@dataclass
class RateLimiter:
    """Wrong codes per address: after `limit` of them within `window` seconds, every hello from
    that address is refused until `window` seconds pass without one (so hammering on keeps it
    shut). Only wrong codes count: players who join with their right codes are never slowed."""

    limit: int = 5
    window: float = 60.0
    clock: Callable[[], float] = time.monotonic
    most_addresses: int = 10_000  # past this, forgotten addresses are swept before counting more
    _wrong: dict[str, deque[float]] = field(default_factory=dict)
    _shut_until: dict[str, float] = field(default_factory=dict)

    def allows(self, host: str) -> bool:
        """Whether a hello from `host` may be looked at; a refused one keeps the door shut for
        another `window` seconds."""
        key, now = address_key(host), self.clock()
        until = self._shut_until.get(key)
        if until is None:
            return True
        if now >= until:
            del self._shut_until[key]
            return True
        self._shut_until[key] = now + self.window
        return False

    def wrong_code(self, host: str) -> None:
        """`host` tried a code that does not exist."""
        key, now = address_key(host), self.clock()
        if key not in self._wrong and len(self._wrong) + len(self._shut_until) >= self.most_addresses:
            self._sweep(now)
        times = self._wrong.setdefault(key, deque())
        times.append(now)
        while times and now - times[0] >= self.window:
            times.popleft()
        if len(times) >= self.limit:
            self._shut_until[key] = now + self.window
            del self._wrong[key]

    def _sweep(self, now: float) -> None:
        """Forget addresses whose wrong codes are all older than the window."""
        for key in [k for k, times in self._wrong.items() if not times or now - times[-1] >= self.window]:
            del self._wrong[key]
        for key in [k for k, until in self._shut_until.items() if now >= until]:
            del self._shut_until[key]
