"""How a tile looks in a terminal cell, for the games that lay rows of tiles.

A cell is five columns: a marker (`>` the cursor, `+` a tile placed this turn, or the screen's
own mark, e.g. `*` for what the last move laid or what you just drew, `~` for what it moved), the
face in the game's notation (`R7`, `K13`, `J`, `E`) so it reads right without colour, and a gap.
Colour is a bonus on top, chosen by the game (`Styler`: a face's style), so `NO_COLOR`
terminals still show every face.
"""

from __future__ import annotations

from typing import Callable

from rich.style import Style
from rich.text import Text

Styler = Callable[[str], Style]

CELL_WIDTH = 5

CURSOR = Style(reverse=True, underline=True)
HELD = Style(color="black", bgcolor="bright_white", bold=True, italic=True)


PLAIN = Style(color="black", bgcolor="wheat1", bold=True)  # a tile the game gives no colour


def plain(face: str) -> Style:
    return PLAIN


def tile_cell(face: str, styler: Styler = plain, *, new: bool = False, cursor: bool = False, held: bool = False,
              mark: str = "") -> Text:
    """One tile as a 5-column cell: marker, 3-column face, gap."""
    marker = ">" if cursor else ("+" if new else (mark or " "))
    style = HELD if held else styler(face)
    if cursor:
        style = style + CURSOR
    text = Text(marker, style="bold" if cursor else ("green" if new else "bold yellow"))
    text.append(f"{face:<3}", style)
    text.append(" ")
    return text
