"""The turn timer: seconds left as a bar, with a warning look in the last 10 seconds."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widget import Widget

WARNING_SECONDS = 10


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

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.remaining: float | None = None
        self.total: float | None = None

    def show(self, remaining: float | None, total: float | None) -> None:
        self.remaining, self.total = remaining, total
        self.set_class(remaining is not None and remaining <= WARNING_SECONDS, "warning")
        self.refresh()

    def render(self) -> Text:
        if self.remaining is None or not self.total:
            return Text("no time limit", style="dim")
        seconds = int(self.remaining + 0.999)
        width = max(4, self.size.width - 12)
        filled = round(width * self.remaining / self.total)
        label = f" {seconds:>3}s"
        if seconds <= WARNING_SECONDS:
            label += " !"
        return Text("Time " + "━" * filled + "─" * (width - filled) + label)
