"""Scenario notation shared by the two games whose table is rows of tiles (both Rummikubs).

Scenario files name tiles by face ("R10", "E", "J", "*"), while the engine knows tiles by id,
and a set holds two or more tiles of one face. These helpers make the one choice every such
game needs, the same way:

* a position takes each named face from the game's full set, each tile once, and what is left
  goes to the pool, shuffled from the seed (`TilePicker`);
* a table written as rows of faces keeps the tiles of every row written exactly as it was on the
  table (so an untouched set stays the same tiles, which the initial-meld rule compares), then
  takes each other face from the rest of the table before the rack (`rows_from_faces`): the
  rules care only which rack tiles were placed, and that is the same whichever copy is taken;
* an edit names its tile by face (`tile = "R5"`, looked for on the rack, then row by row, or in
  `from_row`), and "rack" and "new" may stand for the rack and a new row (`row_edit`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Iterable, Mapping, Sequence

from tilegames.core.errors import IllegalMove
from tilegames.core.text.inputs import shown
from tilegames.core.kernel.protocol import Edit
from tilegames.core.scenarios.notation import ScenarioError
from tilegames.core.parts.table_rows import JoinRows, MoveTile, SplitRow
from tilegames.core.parts.tiles import Bag, Tile

Rows = tuple[tuple[Tile, ...], ...]


class TilePicker:
    """Takes tiles out of a game's full set by face, each tile at most once."""

    def __init__(self, tiles: Iterable[Tile]) -> None:
        self._left: dict[str, list[Tile]] = {}
        for tile in tiles:
            self._left.setdefault(tile.face, []).append(tile)
        self._total = Counter({face: len(tiles) for face, tiles in self._left.items()})

    def take(self, faces: Sequence[str], key: str) -> tuple[Tile, ...]:
        """The tiles for `faces`; ScenarioError naming `key` when the set has no more of one."""
        taken = []
        for face in faces:
            pile = self._left.get(face)
            if not pile:
                have = self._total.get(face, 0)
                raise ScenarioError(f"{key}: the set has {'only ' if have else ''}{have} {face} "
                                    f"tile{'s' if have != 1 else ''}, and the position uses more.")
            taken.append(pile.pop(0))
        return tuple(taken)

    def rest(self) -> tuple[Tile, ...]:
        """Every tile not taken, in id order."""
        return tuple(sorted(t for pile in self._left.values() for t in pile))


def pool_of(top: Sequence[Tile], rest: Sequence[Tile], seed: int) -> Bag:
    """The pool: the tiles named for its top, drawn first in that order, then the rest shuffled
    from `seed`."""
    shuffled = Bag.shuffled(rest, seed)
    return Bag(tuple(top) + shuffled.tiles, seed, shuffled.shuffles)


def split_rows(text: str, key: str, parse: Callable[[str], tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    """Rows written "R10 R11 R12 / K7 R7 B7" as faces; ScenarioError for an empty row."""
    rows = tuple(parse(part) for part in text.split("/"))
    if not rows or any(not row for row in rows):
        raise ScenarioError(f"{key}: every row needs tiles; rows are separated by /.")
    return rows


def rows_from_faces(faces: Sequence[Sequence[str]], table: Rows, rack: Sequence[Tile]) -> Rows:
    """The tiles of a table written by faces (see the module's docstring); IllegalMove for a
    face that is neither on the table nor on the rack, as the engine says of such a tile."""
    unused_rows = list(table)
    chosen: list[tuple[Tile, ...] | None] = []
    for row in faces:
        match = next((old for old in unused_rows if tuple(t.face for t in old) == tuple(row)), None)
        if match is not None:
            unused_rows.remove(match)
        chosen.append(match)
    loose: dict[str, list[Tile]] = {}
    for tile in (t for old in unused_rows for t in old):
        loose.setdefault(tile.face, []).append(tile)
    own: dict[str, list[Tile]] = {}
    for tile in rack:
        own.setdefault(tile.face, []).append(tile)
    result = []
    for row, match in zip(faces, chosen):
        if match is not None:
            result.append(match)
            continue
        tiles = []
        for face in row:
            pile = loose.get(face) or own.get(face)
            if not pile:
                raise IllegalMove(f"There is no {face} left on your rack or on the table for this play.")
            tiles.append(pile.pop(0))
        result.append(tuple(tiles))
    return tuple(result)


def row_edit(rack: Sequence[Tile], rows: Rows, data: Mapping[str, Any], parse_face: Callable[[str], str],
             decode: Callable[[dict[str, Any]], Edit]) -> Edit:
    """A row edit written with a tile's face (`tile = "R5"`, optional `from_row`) and "rack"
    or "new" for `to_row`, as the engine's edit; any other edit goes to `decode` as it is."""
    data = dict(data)
    kind = data.get("type")
    if kind == "move" and "tile" in data:
        face = data.pop("tile")
        if not isinstance(face, str):
            raise ScenarioError("edits: tile: expected a tile written as text, \"R5\".")
        tile = find_tile(rack, rows, parse_face(face), data.pop("from_row", None))
        data["tile_id"] = tile.id
    if kind == "move":
        target = data.get("to_row")
        if target == "rack":
            data["to_row"] = None
        elif target == "new":
            data["to_row"] = len(rows)
        elif "to_row" not in data:
            raise ScenarioError("edits: a move needs to_row: a row number from 0, \"rack\" or \"new\".")
    edit = decode(data)
    if not isinstance(edit, (MoveTile, SplitRow, JoinRows)) and kind in ("move", "split", "join"):
        raise ScenarioError(f"edits: {shown(repr(kind), 20)} is not a row edit.")
    return edit


def find_tile(rack: Sequence[Tile], rows: Rows, face: str, from_row: Any) -> Tile:
    """The first tile showing `face`: on the rack, then row by row; only in row `from_row`
    (from 0, or "rack") when given. IllegalMove when there is none."""
    if from_row is None:
        places = [tuple(rack), *rows]
    elif from_row == "rack":
        places = [tuple(rack)]
    elif isinstance(from_row, int) and not isinstance(from_row, bool) and 0 <= from_row < len(rows):
        places = [rows[from_row]]
    else:
        raise ScenarioError(f"edits: from_row: {shown(repr(from_row), 20)} is not \"rack\" or a row "
                            f"number from 0 to {len(rows) - 1}.")
    for place in places:
        for tile in place:
            if tile.face == face:
                return tile
    where = "there" if from_row is not None else "on your rack or on the table"
    raise IllegalMove(f"There is no {face} {where}.")
