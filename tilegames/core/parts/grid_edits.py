"""The edits of the games that place tiles on a grid (Scrabble, Nab-It!): put a tile from the
hand (or rack) on a cell, or take the tile put there this turn back. Both games' drafts accept
exactly these, with these JSON forms, so one screen pattern and one wire form serve both:

* `{"type": "put", "tile": 12, "row": 7, "col": 7, "letter": null}`: `letter` names a blank's
  letter (a lettered tile shows its own);
* `{"type": "take_back", "row": 7, "col": 7}`.

What a cell may hold (a free square, the top of a stack) is each game's rule, judged at commit.
"""

from __future__ import annotations

from dataclasses import dataclass

from tilegames.core.kernel.protocol import Edit


@dataclass(frozen=True)
class PutTile(Edit):
    """Put a tile of the player's own on a cell of the draft (`letter`: a blank's letter)."""

    kind = "put"
    tile: int
    row: int
    col: int
    letter: str | None = None


@dataclass(frozen=True)
class TakeBack(Edit):
    """Take the tile put on this cell this turn back."""

    kind = "take_back"
    row: int
    col: int
