"""The turn timer: seconds left as a bar, with a warning look in the last 10 seconds.

A game screen feeds its timer with `show()`; with `game_clock` set it shows a player's clock
for the whole game instead (`Clock 24:13`, then `Overtime 0:42`). A screen pushed over a game (help, rules) gives
it a `source` instead: a callable returning (seconds left, seconds per turn), read a few times a
second; such a timer hides itself while the turn has no time limit.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from tilegames.core.text.i18n import _

WARNING_SECONDS = 10
POLL_INTERVAL = 0.25  # seconds between two readings of a `source`

ClockReading = tuple["float | None", "float | None"]
"""(seconds left, seconds per turn); None for either when the turn has no time limit."""
ClockSource = Callable[[], ClockReading]


def clock_text(seconds: float) -> str:
    """Seconds left as a clock shows them, rounded up: 41.2 -> "0:42"."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def time_left(name: str, remaining: float | None) -> str:
    """A player's clock in one line ("Ann: 0:42 left"); "" when the turn has no time limit."""
    return "" if remaining is None else _("{name}: {clock} left").format(name=name, clock=clock_text(remaining))


def seconds_label(seconds: int) -> str:
    """" 42s": the seconds left after the bar, right-aligned in three digits."""
    number = str(seconds)
    return " " + _("{seconds}s").format(seconds=" " * max(0, 3 - len(number)) + number)


class TurnTimer(Widget):
    DEFAULT_CSS = """
    TurnTimer {
        height: 1;
        width: 1fr;
    }
    TurnTimer.warning {
        color: $error;
        text-style: bold;
    }
    """

    def __init__(self, source: ClockSource | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.remaining: float | None = None
        self.total: float | None = None
        self.waiting = False
        self.source = source
        self.game_clock = False  # the player's clock for the whole game: shown as a clock, may run over
        self._drawn: tuple[Text, int] | None = None  # what was shown last, and at what width

    def on_mount(self) -> None:
        if self.source is not None:
            self.poll()
            self.set_interval(POLL_INTERVAL, self.poll)

    def poll(self) -> None:
        """Read the `source` again and show it."""
        if self.source is not None:
            remaining, total = self.source()
            self.display = remaining is not None and bool(total)
            self.show(remaining, total)

    def show(self, remaining: float | None, total: float | None, waiting: bool = False) -> None:
        """`waiting`: the clock stands still until the other players arrive (a served table).
        Shown a few times a second, the bar moves a cell every few seconds: it is repainted
        (and, over SSH, sent) only when what it shows changes."""
        self.remaining, self.total, self.waiting = remaining, total, waiting
        self.set_class(remaining is not None and remaining <= WARNING_SECONDS, "warning")
        drawn = (self.render(), self.size.width)
        if drawn != self._drawn:
            self._drawn = drawn
            self.refresh()

    def render(self) -> Text:
        if self.remaining is None or not self.total:
            return Text(_("no time limit"), style="dim")
        seconds = int(self.remaining + 0.999)
        if self.game_clock and not self.waiting:
            if self.remaining >= 0:
                return Text(_("Clock {clock}").format(clock=clock_text(self.remaining)))
            return Text(_("Overtime {clock}").format(clock=clock_text(-self.remaining)))
        if self.waiting:
            return Text(_("Time {seconds}: waiting for every player to join").format(
                seconds=clock_text(self.remaining)), style="dim")
        prefix = _("Time") + " "
        # The bar takes what the words leave: measured in cells, the longest label counted.
        width = max(4, self.size.width - cell_len(prefix) - cell_len(seconds_label(100) + " !"))
        filled = round(width * self.remaining / self.total)
        label = seconds_label(seconds)
        if seconds <= WARNING_SECONDS:
            label += " !"
        return Text(prefix + "━" * filled + "─" * (width - filled) + label)
