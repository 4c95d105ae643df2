"""The Scrabble board: 15x15 with column letters and row numbers, premium squares shown by
colour and a one-character mark (`=` TW, `-` DW, `"` TL, `'` DL, `*` the centre, with a
legend in the border), a cursor, this turn's tiles (`+`) and the last play (`*`) marked.

Every square is a mark and a gap (two columns, three when the terminal is wide), so marks
never run into each other and the board reads the same without colour. A blank shows its
letter in lower case, as in GCG.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from tilegames.games.scrabble.board import CENTRE, COLUMNS, PREMIUM, SIZE
from tilegames.core.text.i18n import N_, _

CELL = 2
LABEL = 3  # "15 " before each row

MARKS = {"TW": "=", "DW": "-", "TL": '"', "DL": "'"}
LEGEND = N_('=TW -DW "TL \'DL +new *last')
PREMIUM_STYLE = {
    "TW": Style(color="bright_white", bgcolor="red3", bold=True),
    "DW": Style(color="black", bgcolor="light_pink3", bold=True),
    "TL": Style(color="bright_white", bgcolor="blue3", bold=True),
    "DL": Style(color="black", bgcolor="light_sky_blue3", bold=True),
}
EMPTY = Style(color="grey50", bgcolor="grey15")
TILE = Style(color="black", bgcolor="wheat1", bold=True)
NEW = Style(color="black", bgcolor="gold1", bold=True)
LAST = Style(color="black", bgcolor="khaki1", bold=True, underline=True)
CURSOR = Style(reverse=True, blink=False)


def square_text(letter: str | None, premium: str | None, *, new: bool = False, last: bool = False,
                centre: bool = False) -> str:
    """A square as two characters: its letter or mark, then `+` (placed this turn), `*` (the
    last play) or a gap."""
    if letter is not None:
        return letter + ("+" if new else "*" if last else " ")
    if centre:
        return "* "
    return (MARKS[premium] if premium else ".") + " "


class Board(Widget):
    DEFAULT_CSS = """
    Board {
        width: 35;
        height: 18;
        border: round $primary-darken-2;
        border-title-color: $text-muted;
        text-wrap: nowrap;
    }
    Board.wide {
        width: 50;
    }
    """

    class Clicked(Message):
        def __init__(self, row: int, col: int) -> None:
            self.row, self.col = row, col
            super().__init__()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.letters: dict[tuple[int, int], str] = {}
        self.new: set[tuple[int, int]] = set()
        self.last: set[tuple[int, int]] = set()
        self.cursor: tuple[int, int] | None = None
        self.cell = CELL  # 3 columns a square when the terminal has room (the `wide` class)
        self.border_title = _(LEGEND)  # i18n: marked

    def show(self, letters: dict[tuple[int, int], str], new: set[tuple[int, int]], last: set[tuple[int, int]],
             cursor: tuple[int, int] | None, direction: str) -> None:
        self.letters, self.new, self.last, self.cursor = letters, new, last, cursor
        self.border_subtitle = _("typing goes across >") if direction == "across" else _("typing goes down v")
        self.refresh()

    def render(self) -> Text:
        self.cell = 3 if self.has_class("wide") else CELL
        lead = " " * (self.cell - 2)
        text = Text(" " * LABEL + "".join(f"{lead}{c} " for c in COLUMNS) + "\n", style="bold", no_wrap=True)
        for r in range(SIZE):
            text.append(f"{r + 1:>2} ", style="bold")
            for c in range(SIZE):
                pos = (r, c)
                letter = self.letters.get(pos)
                premium = PREMIUM.get(pos)
                if letter is not None:
                    style = NEW if pos in self.new else LAST if pos in self.last else TILE
                else:
                    style = PREMIUM_STYLE[premium] if premium else EMPTY
                if pos == self.cursor:
                    style = style + CURSOR
                cell = square_text(letter, premium, new=pos in self.new, last=pos in self.last, centre=pos == CENTRE)
                text.append(lead + cell, style)
            if r < SIZE - 1:
                text.append("\n")
        return text

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        row, col = offset.y - 1, (offset.x - LABEL) // self.cell
        if 0 <= row < SIZE and 0 <= col < SIZE and offset.x >= LABEL:
            self.post_message(self.Clicked(row, col))
