"""How a Rummikub tile looks in a terminal cell.

A cell is five columns: a marker (`>` the cursor, `+` a tile placed this turn, or the screen's
own mark, e.g. `*` for what the last move laid or what you just drew, `~` for what it moved), the
face in the game's notation (`R7`, `K13`, `J`) so it reads right without colour, and a gap.
Colour is a bonus on top: each colour has its own style, and `NO_COLOR` terminals still show
the letter.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

CELL_WIDTH = 5

_STYLES = {
    "K": Style(color="bright_white", bgcolor="grey23", bold=True),
    "R": Style(color="bright_white", bgcolor="red3", bold=True),
    "B": Style(color="bright_white", bgcolor="blue3", bold=True),
    "O": Style(color="black", bgcolor="dark_orange", bold=True),
    "J": Style(color="black", bgcolor="gold1", bold=True),
}
CURSOR = Style(reverse=True, underline=True)
HELD = Style(color="black", bgcolor="bright_white", bold=True, italic=True)


def tile_style(face: str) -> Style:
    return _STYLES.get(face[:1], _STYLES["J"])


def tile_cell(face: str, *, new: bool = False, cursor: bool = False, held: bool = False, mark: str = "") -> Text:
    """One tile as a 5-column cell: marker, 3-column face, gap."""
    marker = ">" if cursor else ("+" if new else (mark or " "))
    style = HELD if held else tile_style(face)
    if cursor:
        style = style + CURSOR
    text = Text(marker, style="bold" if cursor else ("green" if new else "bold yellow"))
    text.append(f"{face:<3}", style)
    text.append(" ")
    return text
