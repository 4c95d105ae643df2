"""Join codes, and the throttle that makes guessing them hopeless without ever slowing a player.

A code is all a player needs to take a seat, so it is the seat's password: 12 characters drawn
with `secrets` from 31 that cannot be mistaken for each other when read aloud or copied from a
screen (no 0/O, 1/I/L), written as three groups of four ("K7PQ-3MZD-XW4R"). That is 31**12,
about 7.9e17 codes (59 bits). A server with 400 live codes that checked 10,000 guesses a
second, more than this one can (docs/protocol.md measures it), would be hit once in about
6,000 years on average; the throttle below holds a guesser to far fewer than that.

Tables made before codes grew to 12 characters keep their 8-character codes (`canonical`
reads both), so a restarted server's players rejoin with what they were given.

People type codes, so reading one forgives case, spaces and where the hyphens are.

**The throttle** (`SignInThrottle`) counts only failures. A hello (or an SSH password) is
always checked first, and a right code is let in at once, whoever sent wrong ones before it: a
guesser can never shut a player out. A wrong one is answered only after a delay, and the
connection that sent it is read no further until then, so each connection guesses one code at
a time. The delay is the larger of two:
- per address (an IPv4 address, an IPv6 /64): the first few failures are free (typos), then
  each one doubles the wait, up to a cap, forgotten after a quiet while;
- overall: failures are answered at most `rate` a second for the whole server (a token bucket
  that goes into debt: a flood of failures from many addresses queues up behind itself), so a
  guesser holding many addresses gains nothing but longer queues.
"""

from __future__ import annotations

import ipaddress
import secrets
import time
from dataclasses import dataclass, field
from typing import Callable, Collection

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
GROUP = 4
GROUPS = 3
LENGTH = GROUP * GROUPS
LEGACY_LENGTH = 8  # the codes of tables made before codes had 12 characters


def new_code(taken: Collection[str] = ()) -> str:
    """A fresh code, different from every code in `taken`."""
    while True:
        code = _grouped("".join(secrets.choice(ALPHABET) for _i in range(LENGTH)))
        if code not in taken:
            return code


def _grouped(raw: str) -> str:
    return "-".join(raw[i:i + GROUP] for i in range(0, len(raw), GROUP))


def canonical(text: str) -> str | None:
    """The code a person typed, written as codes are stored ("k7pq 3mzd xw4r" ->
    "K7PQ-3MZD-XW4R"), or None when it cannot be a code at all."""
    raw = "".join(ch for ch in text.upper() if ch not in "- \t")
    if len(raw) not in (LENGTH, LEGACY_LENGTH) or any(ch not in ALPHABET for ch in raw):
        return None
    return _grouped(raw)


def address_key(host: str) -> str:
    """Whom the throttle counts: one IPv4 address, or one IPv6 /64 network (a single machine
    is usually given a whole /64, so counting its addresses one by one would count nothing)."""
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
class _Failures:
    count: int
    last: float


@dataclass
class SignInThrottle:
    """How long to hold the answer to each wrong code (see the module docstring). Right codes
    never come here."""

    free: int = 3  # failures from one address answered at once (typos)
    first_delay: float = 1.0  # the first held one waits this long; each next one twice as long
    most_delay: float = 30.0  # an address's own delay stops growing here
    forget: float = 600.0  # an address quiet this long starts afresh
    rate: float = 20.0  # failures a second the whole server answers, beyond `burst`
    burst: float = 100.0
    most_wait: float = 120.0  # no answer is held longer (a connection's join deadline is shorter)
    most_addresses: int = 10_000  # past this, quiet addresses are forgotten before counting more
    clock: Callable[[], float] = time.monotonic
    _addresses: dict[str, _Failures] = field(default_factory=dict)
    _tokens: float = field(default=-1.0)
    _filled: float = field(default=-1.0)

    def failure(self, host: str) -> float:
        """`host` gave a code that opens nothing: the seconds to wait before telling it so."""
        now = self.clock()
        key = address_key(host)
        known = self._addresses.get(key)
        if known is None or now - known.last >= self.forget:
            if known is None and len(self._addresses) >= self.most_addresses:
                self._forget_some(now)
            known = self._addresses[key] = _Failures(0, now)
        known.count += 1
        known.last = now
        own = 0.0 if known.count <= self.free else min(self.most_delay,
                                                        self.first_delay * 2 ** (known.count - self.free - 1))
        return min(self.most_wait, max(own, self._overall(now)))

    def _overall(self, now: float) -> float:
        """Take one token of the whole server's bucket; the wait until it is there."""
        if self._filled < 0:
            self._tokens, self._filled = self.burst, now
        self._tokens = min(self.burst, self._tokens + (now - self._filled) * self.rate)
        self._filled = now
        self._tokens -= 1.0
        if self._tokens >= 0:
            return 0.0
        # Into debt: this failure is answered when the bucket would have refilled to it. The
        # debt is capped so that a flood that has stopped does not keep later ones waiting long.
        self._tokens = max(self._tokens, -self.rate * self.most_wait)
        return -self._tokens / self.rate

    def _forget_some(self, now: float) -> None:
        """Room for another address: the quiet ones go, and if every address is busy (a
        guesser holding very many), the quarter that failed longest ago."""
        for key in [k for k, f in self._addresses.items() if now - f.last >= self.forget]:
            del self._addresses[key]
        if len(self._addresses) >= self.most_addresses:
            oldest = sorted(self._addresses, key=lambda k: self._addresses[k].last)
            for key in oldest[:max(1, len(oldest) // 4)]:
                del self._addresses[key]
