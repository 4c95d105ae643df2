"""The turn in progress: the hand tiles put on the grid this turn, not yet played.

Only ownership is checked while editing (the tile is in the hand and not down yet, one tile per
cell this turn); everything else is judged when the draft is committed as a `Build`, and the
view says meanwhile what a commit would do (views.py). Edits, with their JSON forms:

* `PutTile`, `{"type": "put", "tile": 12, "row": 0, "col": -1, "letter": null}`: put a hand tile
  on a cell, empty or on top of a stack. `letter` names a blank's letter (it may also be named
  later with `name_blank`); for a lettered tile it is ignored;
* `TakeBack`, `{"type": "take_back", "row": 0, "col": -1}`: the tile put on that cell this turn
  goes back to the hand;
* `NameBlank`, `{"type": "name_blank", "tile": 24, "letter": "Q"}`: the blank put down this turn
  stands for that letter (it may be renamed until the commit; once played it is fixed);
* `Announce`, `{"type": "announce", "on": true}`: "last tile!", sent with the build
  (`Build.announce`); it matters only with `require_last_tile_announce` (RULES.md §4.7).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.parts.letter_counts import LETTERS
from tilegames.core.parts.grid_edits import PutTile, TakeBack
from tilegames.core.kernel.protocol import Edit
from tilegames.core.parts.tiles import Tile
from tilegames.games.nabit.actions import Build, Placement
from tilegames.games.nabit.board import where
from tilegames.games.nabit.tiles import is_blank, printed_letter


@dataclass(frozen=True)
class NabDraft:
    """The player's hand as the turn began, and what they have put down from it."""

    hand: tuple[Tile, ...]
    placements: tuple[Placement, ...] = ()
    announce: bool = False

    def in_hand(self) -> tuple[Tile, ...]:
        """The hand tiles not put down."""
        down = {p.tile for p in self.placements}
        return tuple(t for t in self.hand if t.id not in down)

    def build(self) -> Build:
        return Build(self.placements, self.announce)


@dataclass(frozen=True)
class NameBlank(Edit):
    """The letter a blank put down this turn stands for; fixed once the build is played."""

    kind = "name_blank"
    tile: int
    letter: str


@dataclass(frozen=True)
class Announce(Edit):
    """"Last tile!" said, or taken back, before the build is committed."""

    kind = "announce"
    on: bool


NabEdit = PutTile | TakeBack | NameBlank | Announce
EDIT_TYPES: tuple[type[Edit], ...] = (PutTile, TakeBack, NameBlank, Announce)


def edit_draft(draft: NabDraft, edit: object) -> NabDraft:
    """One editing step; IllegalMove (a sentence) for a step that is not the player's to take."""
    if isinstance(edit, PutTile):
        return _put(draft, edit)
    if isinstance(edit, TakeBack):
        kept = tuple(p for p in draft.placements if (p.row, p.col) != (edit.row, edit.col))
        if len(kept) == len(draft.placements):
            raise IllegalMove(_("You put no tile on {cell} this turn.").format(cell=where((edit.row, edit.col))))
        return replace(draft, placements=kept)
    if isinstance(edit, NameBlank):
        return _name(draft, edit)
    if isinstance(edit, Announce):
        return replace(draft, announce=edit.on)
    raise IllegalMove(_("That is not a Nab-It! edit."))


def _put(draft: NabDraft, edit: PutTile) -> NabDraft:
    tile = next((t for t in draft.hand if t.id == edit.tile), None)
    if tile is None:
        raise IllegalMove(_("That tile is not in your hand."))
    if any(p.tile == edit.tile for p in draft.placements):
        raise IllegalMove(_("That tile is on the grid already."))
    if any((p.row, p.col) == (edit.row, edit.col) for p in draft.placements):
        raise IllegalMove(_("You already put a tile on {cell} this turn: one tile per cell per turn.").format(
            cell=where((edit.row, edit.col))))
    letter = printed_letter(tile) or _letter(edit.letter or "", allow_none=True)
    return replace(draft, placements=draft.placements + (Placement(tile.id, edit.row, edit.col, letter),))


def _name(draft: NabDraft, edit: NameBlank) -> NabDraft:
    tile = next((t for t in draft.hand if t.id == edit.tile), None)
    if tile is None or not is_blank(tile):
        raise IllegalMove(_("Only your blank is given a letter."))
    if not any(p.tile == edit.tile for p in draft.placements):
        raise IllegalMove(_("Put the blank on the grid first, then say which letter it stands for."))
    letter = _letter(edit.letter)
    placements = tuple(replace(p, letter=letter) if p.tile == edit.tile else p for p in draft.placements)
    return replace(draft, placements=placements)


def _letter(text: str, allow_none: bool = False) -> str:
    letter = text.strip().upper()
    if allow_none and not letter:
        return ""
    if len(letter) != 1 or letter not in LETTERS:
        raise IllegalMove(_("A blank stands for one letter from A to Z, not '{text}'.").format(text=shown(text, 10)))
    return letter
