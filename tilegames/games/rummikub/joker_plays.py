"""The solver's plays under the strict joker options (RULES.md §1.5): where a table joker may
leave its set only when a tile it stands for takes its place (`joker_free_by_rearrange` off),
or a joker of a 3-tile group needs both missing colours (`joker_group_needs_both`).

The solver (solver.py) takes a joker as free to stand anywhere once the final table is valid,
the default rule. Its best play may take a joker the strict rules keep, and the engine would
refuse it (jokers.py). Then, for each table set holding a joker, one of three ways is tried,
and every way of combining them:

* **kept as it is**: the set stays on the table untouched;
* **kept, and it may grow**: its joker is searched as the very tile it stands for, so the set
  can take tiles at its ends, or a fourth colour (`R5 J R7` + `R8`), and the table around it
  can be rearranged; the play counts only when the joker ends in its set standing for the
  same tile, as the engine checks;
* **freed**: a rack tile the joker stands for (both missing colours, for a 3-tile group when
  both are needed) is laid somewhere in the play, and the joker is free.

Every play found is checked by the engine's own rule (`jokers.joker_problems`), so none is
refused; the best of them is the play. Not looked for: a joker freed by a tile taken from
another table set (`joker_sub_from_table`), which the engine allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Callable, Sequence

from tilegames.core.parts.tiles import Tile
from tilegames.games.rummikub.arrange import arranged
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.jokers import joker_meanings, joker_problems
from tilegames.games.rummikub.notation import Face, face_of
from tilegames.games.rummikub.sets import best_reading
from tilegames.games.rummikub.solver import Mode, solve

Row = tuple[Tile, ...]
MOST_CHOICES = 27  # ways tried at most (three ways for each of three sets with a joker)


@dataclass(frozen=True)
class Way:
    """How one table set with a joker is treated: kept untouched (`fixed`), searched with its
    joker as the tile it stands for (`stands_for`), or freed by laying rack tiles (`freed_by`)."""

    row: int
    fixed: bool = False
    stands_for: tuple[tuple[int, Face], ...] = ()  # joker id -> the face it is searched as
    freed_by: tuple[Tile, ...] = ()


@dataclass(frozen=True)
class JokerPlay:
    """A legal play: the new table's rows, the rack tiles it lays, what it adds in points."""

    rows: tuple[Row, ...]
    placed: tuple[Tile, ...]
    points: int


def legal_plays(table: Sequence[Row], rack: Sequence[Tile], config: RummikubConfig, mode: Mode,
                seconds: float | None) -> list[JokerPlay]:
    """Every play found by the ways above that the joker rules of `config` allow."""
    choices = [_ways(index, row, rack, config) for index, row in enumerate(table) if _jokers(row)]
    found = []
    for combination in list(product(*choices))[:MOST_CHOICES]:
        play = _play(table, rack, config, mode, seconds, combination)
        if play is not None:
            found.append(play)
    return found


def _jokers(row: Row) -> list[Tile]:
    return [t for t in row if face_of(t).is_joker]


def _ways(index: int, row: Row, rack: Sequence[Tile], config: RummikubConfig) -> list[Way]:
    """The ways to treat table set `index` (see the module docstring)."""
    ways = [Way(index, fixed=True)]
    meanings = joker_meanings([row])
    standing = tuple((j.id, min(meanings[j.id], key=str)) for j in _jokers(row) if meanings[j.id])
    if len(standing) == len(_jokers(row)):
        ways.append(Way(index, stands_for=standing))
    three_group = len(row) == 3 and best_reading([face_of(t) for t in row]).kind == "group"
    for joker in _jokers(row):
        options = sorted(meanings[joker.id], key=str)
        wanted = [options] if config.joker_group_needs_both and three_group else [[face] for face in options]
        for faces in wanted:
            tiles = _rack_tiles(rack, faces)
            if tiles is not None:
                ways.append(Way(index, freed_by=tiles))
    return ways


def _rack_tiles(rack: Sequence[Tile], faces: Sequence[Face]) -> tuple[Tile, ...] | None:
    """Distinct rack tiles showing `faces`, one each, or None."""
    taken: list[Tile] = []
    for face in faces:
        tile = next((t for t in rack if face_of(t) == face and t not in taken), None)
        if tile is None:
            return None
        taken.append(tile)
    return tuple(taken)


def _play(table: Sequence[Row], rack: Sequence[Tile], config: RummikubConfig, mode: Mode, seconds: float | None,
          ways: Sequence[Way]) -> JokerPlay | None:
    """The solver's play with the table's joker sets treated as `ways` say, if the rules allow it."""
    fixed = {way.row for way in ways if way.fixed}
    standing = {joker: face for way in ways for joker, face in way.stands_for}
    forced = [tile for way in ways for tile in way.freed_by]
    if len({t.id for t in forced}) < len(forced):
        return None  # two ways want the same rack tile
    searched: Callable[[Tile], Tile] = lambda t: Tile(t.id, str(standing[t.id])) if t.id in standing else t
    free_rows = [tuple(searched(t) for t in row) for i, row in enumerate(table) if i not in fixed]
    forced_ids = {t.id for t in forced}
    rest = [t for t in rack if t.id not in forced_ids]
    faces = [[face_of(t) for t in row] for row in free_rows] + [[face_of(t)] for t in forced]
    kept = [tuple(face_of(t) for t in table[i]) for i in sorted(fixed)]
    real = {t.id: t for row in table for t in row}
    rack_ids = {t.id for t in rack}
    for keep_sets in (True, False):  # as moves.py does: the tidier play, else the search's own
        try:
            solution = solve([face_of(t) for t in rest], faces, mode, seconds, keep_sets, lay_none=bool(forced))
        except ValueError:
            return None  # the table cannot take the tiles this way lays
        if solution is None:
            return None
        rows = arranged([table[i] for i in sorted(fixed)] + free_rows, rack, kept + list(solution.table))
        rows = tuple(tuple(real[t.id] if t.id in standing else t for t in row) for row in rows)
        if not joker_problems(config, table, rows, rack_ids):
            placed = tuple(t for row in rows for t in row if t.id in rack_ids)
            return JokerPlay(rows, placed, solution.value + sum(face_of(t).number or 0 for t in forced))
    return None
