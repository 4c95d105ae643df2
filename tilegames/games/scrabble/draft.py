"""The turn in progress: tiles put on the board this turn, and the edits that put them there."""

from __future__ import annotations

from dataclasses import dataclass

from tilegames.core.errors import IllegalMove
from tilegames.core.parts.grid_edits import PutTile, TakeBack
from tilegames.core.text.i18n import _
from tilegames.games.scrabble.actions import Placement


@dataclass(frozen=True)
class ScrabbleDraft:
    """Tiles the player has put on the board this turn, not yet played."""

    placements: tuple[Placement, ...] = ()


EDIT_TYPES = (PutTile, TakeBack)


def edit_draft(draft: ScrabbleDraft, edit: object) -> ScrabbleDraft:
    """One editing step; only ownership is checked here, the play when it is committed."""
    if isinstance(edit, PutTile):
        if any(p.tile == edit.tile for p in draft.placements):
            raise IllegalMove(_("That tile is already on the board."))
        if any((p.row, p.col) == (edit.row, edit.col) for p in draft.placements):
            raise IllegalMove(_("You already put a tile there."))
        return ScrabbleDraft(draft.placements + (Placement(edit.tile, edit.row, edit.col, edit.letter or ""),))
    if isinstance(edit, TakeBack):
        return ScrabbleDraft(tuple(p for p in draft.placements if (p.row, p.col) != (edit.row, edit.col)))
    raise IllegalMove(_("That is not a board edit."))
