"""Editing rows of tiles on a table: the draft both Rummikub games use.

Rummikub sets and Rummikub Word words are rows of tiles on a shared table, edited freely during
a turn: tiles move rack→row, row→row and back, rows split and join. Only ownership is checked
while editing: a tile that was on the table when the turn began can never reach the rack.
Whether the rows make valid sets or words is the game's business at commit time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.kernel.protocol import Edit
from tilegames.core.parts.tiles import Tile


@dataclass(frozen=True)
class RowsDraft:
    """The player's working copy: their rack and the table's rows."""

    rack: tuple[Tile, ...]
    rows: tuple[tuple[Tile, ...], ...]
    own: frozenset[int]  # ids on the rack when the turn began: the only tiles that may go back

    @classmethod
    def start(cls, rack: tuple[Tile, ...], rows: tuple[tuple[Tile, ...], ...]) -> "RowsDraft":
        return cls(rack, rows, frozenset(t.id for t in rack))

    def placed(self) -> tuple[Tile, ...]:
        """Rack tiles the player has put on the table this turn, in table order."""
        return tuple(t for row in self.rows for t in row if t.id in self.own)

    def locate(self, tile_id: int) -> tuple[int | None, int]:
        """(row, index) of a tile; row None means the rack."""
        for i, tile in enumerate(self.rack):
            if tile.id == tile_id:
                return None, i
        for r, row in enumerate(self.rows):
            for i, tile in enumerate(row):
                if tile.id == tile_id:
                    return r, i
        raise IllegalMove(_("That tile is neither on your rack nor on the table."))


@dataclass(frozen=True)
class RowsHint:
    """A play suggested to the player to move (a game's hints module finds it from their view):
    the table after it as tile ids and as the view shows rows, the rack tiles it lays, the table
    tiles it moves, and a sentence saying it. `LayOut(rows)` makes it the draft."""

    rows: tuple[tuple[int, ...], ...]
    table: Sequence[Mapping[str, Any]]
    placed: tuple[int, ...]
    moved: tuple[int, ...]
    text: str
    edits: tuple[Edit, ...] = ()  # made after `LayOut` (Rummikub Word: the jokers' letters)


def moved_tiles(rows: tuple[tuple[int, ...], ...], where: Mapping[int, tuple[int, int]]) -> tuple[int, ...]:
    """The table tiles (`where`: tile id -> (old row, index)) that change company in `rows`: in
    a new row that neither holds their whole old row (a row grown) nor is a piece of it (a row
    split: two or more of its tiles and no other table tile; one tile alone among rack tiles has
    moved)."""
    old_rows: dict[int, set[int]] = {}
    for tile_id, (r, _i) in where.items():
        old_rows.setdefault(r, set()).add(tile_id)
    moved = []
    for row in rows:
        from_table = {i for i in row if i in where}
        for tile_id in row:
            if tile_id in where:
                old = old_rows[where[tile_id][0]]
                if not (old <= from_table or (from_table <= old and len(from_table) > 1)):
                    moved.append(tile_id)
    return tuple(moved)


@dataclass(frozen=True)
class MoveTile(Edit):
    """Move a tile to row `to_row` at `index` (None: the end). `to_row` None is the rack;
    `to_row == len(rows)` starts a new row."""

    kind = "move"
    tile_id: int
    to_row: int | None
    index: int | None = None


@dataclass(frozen=True)
class SplitRow(Edit):
    """Split row `row` before position `at`; the right part becomes a new row after it."""

    kind = "split"
    row: int
    at: int


@dataclass(frozen=True)
class JoinRows(Edit):
    """Append row `second` to the end of row `first`."""

    kind = "join"
    first: int
    second: int


@dataclass(frozen=True)
class LayOut(Edit):
    """Lay the whole table out as `rows` (tile ids) in one step: a hint taken, a play made
    elsewhere. Every table tile must be in a row; rack tiles not named stay on the rack."""

    kind = "layout"
    rows: tuple[tuple[int, ...], ...]


RowEdit = MoveTile | SplitRow | JoinRows | LayOut
ROW_EDIT_TYPES: tuple[type[Edit], ...] = (MoveTile, SplitRow, JoinRows, LayOut)


def apply_edit(draft: RowsDraft, edit: RowEdit) -> RowsDraft:
    """One editing step; IllegalMove (a sentence) for a step that is not allowed."""
    if isinstance(edit, MoveTile):
        return _move(draft, edit)
    if isinstance(edit, SplitRow):
        row = _row(draft, edit.row)
        if not 0 < edit.at < len(row):
            raise IllegalMove(_("A row can only be split between two of its tiles."))
        rows = list(draft.rows)
        rows[edit.row : edit.row + 1] = [row[: edit.at], row[edit.at :]]
        return RowsDraft(draft.rack, tuple(rows), draft.own)
    if isinstance(edit, JoinRows):
        first, second = _row(draft, edit.first), _row(draft, edit.second)
        if edit.first == edit.second:
            raise IllegalMove(_("A row cannot be joined to itself."))
        rows = list(draft.rows)
        rows[edit.first] = first + second
        del rows[edit.second]
        return RowsDraft(draft.rack, tuple(rows), draft.own)
    if isinstance(edit, LayOut):
        return _lay_out(draft, edit.rows)
    raise IllegalMove(_("That is not a table edit."))


def _lay_out(draft: RowsDraft, rows: tuple[tuple[int, ...], ...]) -> RowsDraft:
    tiles = {t.id: t for t in (*draft.rack, *(t for row in draft.rows for t in row))}
    named = [tile_id for row in rows for tile_id in row]
    if any(not row for row in rows):
        raise IllegalMove(_("A row of the table cannot be empty."))
    if any(tile_id not in tiles for tile_id in named):
        raise IllegalMove(_("That tile is neither on your rack nor on the table."))
    if len(set(named)) != len(named):
        raise IllegalMove(_("A tile can be in only one place on the table."))
    left = [tiles[tile_id] for tile_id in tiles if tile_id not in set(named)]
    stranded = [t for t in left if t.id not in draft.own]
    if stranded:
        raise IllegalMove(_("{tile} was on the table when your turn began; table tiles never go to a rack.").format(
            tile=stranded[0].face))
    return RowsDraft(tuple(left), tuple(tuple(tiles[i] for i in row) for row in rows), draft.own)


def _row(draft: RowsDraft, index: int) -> tuple[Tile, ...]:
    if not 0 <= index < len(draft.rows):
        raise IllegalMove(_("There is no row {number} on the table.").format(number=index + 1))
    return draft.rows[index]


def _move(draft: RowsDraft, edit: MoveTile) -> RowsDraft:
    source_row, source_index = draft.locate(edit.tile_id)
    tile = draft.rack[source_index] if source_row is None else draft.rows[source_row][source_index]
    if edit.to_row is None and tile.id not in draft.own:
        raise IllegalMove(_("{tile} was on the table when your turn began; table tiles never go to a rack.").format(
            tile=tile.face))
    if edit.to_row is not None and not 0 <= edit.to_row <= len(draft.rows):
        raise IllegalMove(_("There is no row {number} on the table.").format(number=edit.to_row + 1))

    rack = list(draft.rack)
    rows = [list(row) for row in draft.rows]
    if source_row is None:
        del rack[source_index]
    else:
        del rows[source_row][source_index]

    if edit.to_row is None:
        target = rack
    elif edit.to_row == len(rows):
        rows.append([])
        target = rows[-1]
    else:
        target = rows[edit.to_row]
    index = len(target) if edit.index is None else max(0, min(edit.index, len(target)))
    target.insert(index, tile)
    return RowsDraft(tuple(rack), tuple(tuple(row) for row in rows if row), draft.own)
