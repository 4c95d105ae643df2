"""A solved table laid out with real tiles: which tile goes where, and the table's sets kept
in their places (the solver, solver.py, speaks of faces; a play names tile ids).

The solver answers with the sets of the new table as faces. Many tables hold the same faces,
and a player reads a play by what changed: so each set of the old table that the new one
still holds whole stays where it was, tile for tile; a set that only grew keeps its place and
its tiles; the other sets follow in the solver's order. Tiles of one face are alike, so the
table's own tiles are used before the rack's, and a joker that stays on the table is the same
joker."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Sequence

from tilegames.core.parts.tiles import Tile
from tilegames.games.rummikub.notation import Face, face_of

Row = tuple[Tile, ...]


def arranged(table: Sequence[Row], rack: Sequence[Tile], sets: Sequence[Sequence[Face]]) -> tuple[Row, ...]:
    """The new table of tiles for the solver's `sets`, from the tiles of `table` and `rack`
    (every table tile must have its face in `sets`, as the solver guarantees)."""
    remaining = [tuple(faces) for faces in sets]
    whole: set[int] = set()  # old rows that stay as they are
    grown: dict[int, tuple[Face, ...]] = {}  # old row -> the larger set at its place
    for index, row in enumerate(table):
        faces = Counter(face_of(t) for t in row)
        at = next((i for i, new in enumerate(remaining) if Counter(new) == faces), None)
        if at is not None:
            remaining.pop(at)
            whole.add(index)
    for index, row in enumerate(table):
        faces = Counter(face_of(t) for t in row)
        at = None if index in whole else next(
            (i for i, new in enumerate(remaining) if not faces - Counter(new)), None)
        if at is not None:
            grown[index] = remaining.pop(at)
    stock: dict[Face, list[Tile]] = defaultdict(list)  # the table's tiles before the rack's
    for tile in [t for row in table for t in row] + list(rack):
        stock[face_of(tile)].append(tile)
    used = {t.id for i in whole for t in table[i]}

    def take(face: Face, prefer: Row) -> Tile:
        """A free tile of `face`: one of `prefer` (the old row at this place) if it can be."""
        for tile in (*prefer, *stock[face]):
            if tile.id not in used and face_of(tile) == face:
                used.add(tile.id)
                return tile
        raise ValueError(f"no {face} left for the solved table")

    rows: list[Row] = []
    for index, row in enumerate(table):
        if index in whole:
            rows.append(tuple(row))
        elif index in grown:
            rows.append(tuple(take(face, tuple(row)) for face in _in_place(grown[index], row)))
    rows.extend(tuple(take(face, ()) for face in faces) for faces in remaining)
    return tuple(rows)


def _in_place(faces: tuple[Face, ...], row: Row) -> tuple[Face, ...]:
    """A grown set's faces in the order it is laid: a group keeps its old tiles in their order
    and takes the new ones after them (a run's order is its numbers', as the solver gives it)."""
    numbers = {face.number for face in faces if not face.is_joker}
    if len(numbers) != 1 or sum(1 for face in faces if not face.is_joker) < 2:
        return faces
    old = [face_of(t) for t in row]
    rest = Counter(faces) - Counter(old)
    return tuple(old) + tuple(rest.elements())
