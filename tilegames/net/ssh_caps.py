"""How many sessions a door to the app (the SSH door, ssh_door.py; the browser door,
web_door.py) runs at once, in all, per code and per address.

Each session is an app process on the server's machine, so whoever has one code, or one
address, must not be able to start them without end. A player needs a session or two at
once (their terminal, and a reconnect while the old one is being hung up); a table's
spectators share one code, so it is allowed more. A session beyond a cap is told so in one
sentence and ends before any process is started for it.

A place is taken before the session's process is started (so sessions opened at the same
moment cannot all slip under a cap) and given back when that process has ended, not when the
player's window closes: a hung-up app still runs until it has gone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from tilegames.core.text.i18n import _, ngettext
from tilegames.net.codes import address_key, canonical
from tilegames.net.admission import Admission


@dataclass(frozen=True)
class Caps:
    sessions: int = 64  # in all: an upper bound on the app processes players can start
    per_seat_code: int = 3  # a player's terminal, and a reconnect or two
    per_spectator_code: int = 16  # a table's watchers share its one spectator code
    per_address: int = 8  # an IPv4 address or an IPv6 /64 (codes.address_key)


@dataclass
class Place:
    """A session's place under the caps, held until `release` (calling it again does nothing)."""

    keys: tuple[str, ...]
    counts: Counter[str]
    released: bool = False

    def release(self) -> None:
        if not self.released:
            self.released = True
            self.counts.subtract(self.keys)
            for key in self.keys:
                if self.counts[key] <= 0:
                    del self.counts[key]


@dataclass
class SessionCounts:
    caps: Caps = field(default_factory=Caps)
    _open: Counter[str] = field(default_factory=Counter)

    def take(self, admission: Admission, host: str) -> Place | str:
        """A place for a session of `admission` from `host`, or the sentence that refuses it."""
        refused = self.refusal(admission, host)
        if refused is not None:
            return refused
        keys = ("all", *self._keys(admission, host))
        self._open.update(keys)
        return Place(keys, self._open)

    def refusal(self, admission: Admission, host: str) -> str | None:
        """The sentence that would refuse a session of `admission` from `host` now, or None
        (a page can say so before its session is asked for; `take` decides)."""
        caps = self.caps
        address, *codes = self._keys(admission, host)
        if self._open["all"] >= caps.sessions:
            return _("The server has as many remote players as it can take: try again in a few minutes.")
        if self._open[address] >= caps.per_address:
            return ngettext("Your address has {count} session open here already: close it to open another.",
                            "Your address has {count} sessions open here already: close one to open another.",
                            caps.per_address).format(count=caps.per_address)
        most = caps.per_spectator_code if admission.watching else caps.per_seat_code
        if any(self._open[code] >= most for code in codes):
            if admission.watching:
                return ngettext("This table has {count} remote spectator already: try again later.",
                                "This table has {count} remote spectators already: try again later.",
                                most).format(count=most)
            return ngettext("This seat is open in {count} remote session already: close it to open another.",
                            "This seat is open in {count} remote sessions already: close one to open another.",
                            most).format(count=most)
        return None

    @staticmethod
    def _keys(admission: Admission, host: str) -> tuple[str, ...]:
        codes = sorted({"code " + (canonical(code) or code) for code in admission.codes})
        return ("address " + address_key(host), *codes)
