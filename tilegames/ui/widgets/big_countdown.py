"""Big digits: a countdown ("0:42") drawn several cells high with block characters, to be read
from across a table where people play with real tiles.

Each glyph is 5 rows of 4 cells (the colon 1); the widget draws them as large as its size
allows, each cell repeated `scale` times across and down (5 rows at 80x24 with the other lines
of the timer screen, 10 or more on a bigger terminal). In the last seconds it takes the
`warning` class (its colour changes, styled by the screen); colour is never the only cue, the
screen says it in words too.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widget import Widget

from tilegames.ui.widgets.timer import clock_text

GLYPH_ROWS = 5
GAP = 2  # blank cells between two glyphs, before scaling

_FONT: dict[str, tuple[str, ...]] = {
    "0": ("████", "█  █", "█  █", "█  █", "████"),
    "1": ("  █ ", " ██ ", "  █ ", "  █ ", " ███"),
    "2": ("████", "   █", "████", "█   ", "████"),
    "3": ("████", "   █", " ███", "   █", "████"),
    "4": ("█  █", "█  █", "████", "   █", "   █"),
    "5": ("████", "█   ", "████", "   █", "████"),
    "6": ("████", "█   ", "████", "█  █", "████"),
    "7": ("████", "   █", "  █ ", " █  ", " █  "),
    "8": ("████", "█  █", "████", "█  █", "████"),
    "9": ("████", "█  █", "████", "   █", "████"),
    ":": (" ", "█", " ", "█", " "),
}


def glyph_lines(text: str, scale: int = 1) -> list[str]:
    """`text` (digits and colons) as GLYPH_ROWS * scale lines of block characters."""
    rows = []
    gap = " " * (GAP * scale)
    for r in range(GLYPH_ROWS):
        pieces = ["".join(cell * scale for cell in _FONT[ch][r]) for ch in text]
        line = gap.join(pieces)
        rows.extend([line] * scale)
    return rows


def glyph_width(text: str, scale: int = 1) -> int:
    """Cells across `text` takes at `scale` (the glyphs are single-cell characters)."""
    cells = sum(len(_FONT[ch][0]) for ch in text) + GAP * max(0, len(text) - 1)
    return cells * scale


def best_scale(text: str, width: int, height: int) -> int:
    """The largest scale at which `text` fits in width x height cells (at least 1)."""
    scale = 1
    while glyph_width(text, scale + 1) <= width and GLYPH_ROWS * (scale + 1) <= height:
        scale += 1
    return scale


class BigCountdown(Widget):
    """Seconds left as big digits, centred; `show(seconds, warning)` to update."""

    DEFAULT_CSS = """
    BigCountdown {
        height: 1fr;
        min-height: 5;
        content-align: center middle;
        text-style: bold;
        color: $success;
    }
    BigCountdown.warning {
        color: $error;
    }
    BigCountdown.paused {
        color: $text-muted;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seconds = 0.0

    def show(self, seconds: float, *, warning: bool, paused: bool = False) -> None:
        self.seconds = seconds
        self.set_class(warning, "warning")
        self.set_class(paused, "paused")
        self.refresh()

    @property
    def text(self) -> str:
        """What the digits read, as a clock shows it ("1:00", "0:09")."""
        return clock_text(self.seconds)

    def render(self) -> Text:
        text = self.text
        width, height = self.content_size.width or 80, self.content_size.height or GLYPH_ROWS
        lines = glyph_lines(text, best_scale(text, width, height))
        return Text("\n".join(lines), no_wrap=True, overflow="crop")
