"""The turn in progress: the shared row-editing draft plus the letters of the jokers.

Tiles move with the row edits both Rummikub games use (core/parts/table_rows.py, JSON kinds `move`,
`split`, `join`); only ownership is checked while editing, so a tile that was on the table when
the turn began never reaches the rack, a freed joker included. One edit is this game's own:

* `NameJoker`, `{"type": "name_joker", "tile_id": 110, "letter": "E"}`: the joker stands for
  that letter. A joker is named once it lies in a row; it keeps its letter when it moves, and
  loses it when the player takes their own joker back to the rack. Whether the letter may
  change is judged at commit (a joker in a word nobody touched keeps its letter, RULES.md §2.8).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.kernel.protocol import Edit
from tilegames.core.parts.table_rows import ROW_EDIT_TYPES, RowEdit, RowsDraft, apply_edit
from tilegames.core.parts.tiles import Tile
from tilegames.games.word_rummikub.state import Named, Table, named
from tilegames.games.word_rummikub.tiles import LETTERS, is_joker


@dataclass(frozen=True)
class NameJoker(Edit):
    """Say which letter the joker `tile_id`, lying in a row, stands for."""

    kind = "name_joker"
    tile_id: int
    letter: str


WordEdit = RowEdit | NameJoker
EDIT_TYPES: tuple[type[Edit], ...] = (*ROW_EDIT_TYPES, NameJoker)


@dataclass(frozen=True)
class WordDraft:
    """The player's working copy: their rack, the rows, and the jokers' letters."""

    tiles: RowsDraft
    jokers: Named

    @classmethod
    def start(cls, rack: tuple[Tile, ...], table: Table) -> "WordDraft":
        return cls(RowsDraft.start(rack, table.rows), table.jokers)

    @property
    def rack(self) -> tuple[Tile, ...]:
        return self.tiles.rack

    @property
    def rows(self) -> tuple[tuple[Tile, ...], ...]:
        return self.tiles.rows

    @property
    def letters(self) -> dict[int, str]:
        return dict(self.jokers)

    @property
    def table(self) -> Table:
        return Table(self.rows, self.jokers)

    def placed(self) -> tuple[Tile, ...]:
        """Rack tiles put on the table this turn, in table order."""
        return self.tiles.placed()


def edit_draft(draft: WordDraft, edit: WordEdit) -> WordDraft:
    """One editing step; IllegalMove (a sentence) for a step that is not allowed."""
    if isinstance(edit, NameJoker):
        return _name(draft, edit)
    tiles = apply_edit(draft.tiles, edit)
    on_rack = {t.id for t in tiles.rack}
    jokers = tuple(pair for pair in draft.jokers if pair[0] not in on_rack)
    return WordDraft(tiles, jokers)


def _name(draft: WordDraft, edit: NameJoker) -> WordDraft:
    row, index = draft.tiles.locate(edit.tile_id)
    tile = draft.rack[index] if row is None else draft.rows[row][index]
    if not is_joker(tile):
        raise IllegalMove(_("Only a joker is given a letter; {tile} is a letter already.").format(tile=tile.face))
    if row is None:
        raise IllegalMove(_("Put the joker in a word first, then say which letter it stands for."))
    letter = edit.letter.strip().upper()
    if len(letter) != 1 or letter not in LETTERS:
        raise IllegalMove(_("A joker stands for one letter from A to Z, not '{text}'.").format(text=shown(edit.letter, 10)))
    letters = draft.letters
    letters[tile.id] = letter
    return replace(draft, jokers=named(letters))
