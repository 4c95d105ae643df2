"""How Nab-It! looks: each player's colour and mark, and a tile or a stack as text.

A tile is drawn in its owner's colour **and** carries its owner's mark (`+ = # %`, seat by
seat), so whose tile is where reads without colour: with `NO_COLOR`, on a 16-colour terminal,
for a colour-blind player. The players' panel names each mark beside its player (the legend).

The colours are four of the Okabe–Ito palette, chosen to stay apart for protanopia,
deuteranopia and tritanopia (tests/ui/test_no_color.py measures it): vermillion, blue,
bluish green and yellow for the engine's red, blue, green and yellow. Each letter is black or
white, whichever reads better on its colour."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from tilegames.games.nabit.view_types import NabTile

# The engine names the colours (view["colours"], docs/rules.md); these are their looks.
STYLES = {
    "red": Style(color="#000000", bgcolor="#D55E00", bold=True),  # vermillion
    "blue": Style(color="#FFFFFF", bgcolor="#0072B2", bold=True),
    "green": Style(color="#000000", bgcolor="#009E73", bold=True),  # bluish green
    "yellow": Style(color="#000000", bgcolor="#F0E442", bold=True),
}
PLAIN = Style(color="black", bgcolor="wheat1", bold=True)
# Seat by seat, after a stack's height: no letter, digit or mark the board uses (`^` capped,
# `*` last turn, `.` empty, `?` blank, `>` cursor), and each a different shape.
MARKS = ("+", "=", "#", "%")


def colour_style(colours: list[str], owner: int | None) -> Style:
    if owner is None or not 0 <= owner < len(colours):
        return PLAIN
    return STYLES.get(colours[owner], PLAIN)


def owner_mark(owner: int | None) -> str:
    """The one-column mark of a seat's tiles (a space for nobody's)."""
    return MARKS[owner % len(MARKS)] if owner is not None and owner >= 0 else " "


def player_tag(colours: list[str], seat: int) -> Text:
    """A player's colour and mark, as the legend shows it beside their name: ` +`."""
    return Text(f" {owner_mark(seat)}", colour_style(colours, seat))


def hand_tile(tile: NabTile, colours: list[str], *, cursor: bool = False) -> Text:
    """A hand tile as a 4-column cell: its letter (`?` a blank) and its owner's mark, in its
    colour, and a gap."""
    letter = tile["letter"] or "?"
    text = Text(">" if cursor else " ", style="bold")
    text.append(f" {letter}{owner_mark(tile['owner'])}", colour_style(colours, tile["owner"]))
    return text
