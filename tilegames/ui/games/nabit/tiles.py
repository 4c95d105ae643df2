"""How Nab-It! looks: each player's colour, and a tile or a stack as text. The letter is drawn
in its owner's colour; the stack's height is a digit beside it, so heights read without colour
(and the players' panel names each colour)."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

# The engine names the colours (view["colours"]); these are their looks.
STYLES = {
    "red": Style(color="bright_white", bgcolor="red3", bold=True),
    "blue": Style(color="bright_white", bgcolor="blue3", bold=True),
    "green": Style(color="black", bgcolor="green3", bold=True),
    "yellow": Style(color="black", bgcolor="gold1", bold=True),
}
PLAIN = Style(color="black", bgcolor="wheat1", bold=True)


def colour_style(colours: list[str], owner: int | None) -> Style:
    if owner is None or not 0 <= owner < len(colours):
        return PLAIN
    return STYLES.get(colours[owner], PLAIN)


def hand_tile(tile: dict[str, Any], colours: list[str], *, cursor: bool = False) -> Text:
    """A hand tile as a 4-column cell: its letter (`?` a blank) in its colour, and a gap."""
    letter = tile["letter"] or "?"
    text = Text(">" if cursor else " ", style="bold")
    text.append(f" {letter} ", colour_style(colours, tile["owner"]))
    return text
