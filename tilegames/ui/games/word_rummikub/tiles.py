"""How Rummikub Word looks: letter tiles on one colour, jokers in gold showing the letter they
stand for with a star (`E*`; `?*` until named, `*` on a rack), and each word's row with its
length, whether it is new this turn, or what is wrong with it. A tile just drawn is marked `^`
on the rack, where `*` would read as a second joker."""

from __future__ import annotations

from typing import Any

from rich.style import Style

from tilegames.core.text.i18n import _
from tilegames.games.word_rummikub.view_types import WordRow, WordTile

LETTER = Style(color="black", bgcolor="wheat1", bold=True)
JOKER = Style(color="black", bgcolor="gold1", bold=True)
DRAWN = "^"  # a tile just drawn, on the rack: `*` (the other games' mark) is the joker's face


def tile_style(face: str) -> Style:
    return JOKER if "*" in face else LETTER


def shown_tile(tile: WordTile, on_table: bool) -> WordTile:
    """A view's tile as the widgets show it: a joker's face carries its letter (`?*` on the
    table until named; a joker on a rack has none and stays `*`)."""
    if not tile["joker"]:
        return tile
    return {**tile, "face": "*" if tile["letter"] is None and not on_table else f"{tile['letter'] or '?'}*"}


def display_rows(table: list[WordRow], drafting: bool) -> list[dict[str, Any]]:
    """A view's table as the Table widget's rows: "word, 5 letters, new" after a word, or its problem
    (during the viewer's own turn; the words everyone else sees stand)."""
    rows = []
    for row in table:
        tiles = [shown_tile(t, on_table=True) for t in row["tiles"]]
        if drafting and row["new"]:
            note = _("word, {count} letters, new").format(count=row["length"])
        else:
            note = _("word, {count} letters").format(count=row["length"])
        rows.append({"tiles": tiles, "note": note, "problem": row["reason"] if drafting else ""})
    return rows
