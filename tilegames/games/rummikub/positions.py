"""A fixed, seeded set of Rummikub positions for measuring solvers: `positions()`.

A position is a table of 20 to 40 tiles laid out in valid sets (runs and groups, jokers among
them) and a rack of 14 tiles drawn from the rest of the standard set, the middle of a game,
where the tile-mode solver is asked most. The set is fixed (`SEED`) so that a timing or a count
from one run compares with the next, and with another solver given the same positions; it is
built from `random.Random` and sorted lists only, so every Python and machine builds the same.

Why generate and not sample real games: real tables depend on the computer players, which
change, and a benchmark that moves whenever the bot does measures the bot. Here only this
module decides what is measured.

Pure: faces in, faces out, no screen. Every table set is checked with sets.py as it is made,
so the positions are games that could happen (the tests check it again).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from tilegames.games.rummikub.notation import (
    COLOURS,
    HIGHEST,
    JOKER,
    LOWEST,
    Face,
    face_of,
    full_set,
)
from tilegames.games.rummikub.sets import MAX_GROUP, MIN_SET, classify, format_set

SEED = 2025
COUNT = 1000
TABLE_MIN, TABLE_MAX = 20, 40
RACK = 14
LONGEST_RUN = 7  # longer runs are rare in play, and two short ones make the same tiles
JOKER_CHANCE = 0.08  # a set takes a joker this often while one is left: about half the tables hold one or two
_ATTEMPTS = 200  # tries at a set from what is left before a table is begun again


@dataclass(frozen=True)
class Position:
    """A rack and the table's sets, each set in the order it lies (runs rising)."""

    rack: tuple[Face, ...]
    table: tuple[tuple[Face, ...], ...]

    @property
    def table_tiles(self) -> int:
        return sum(len(row) for row in self.table)

    def __str__(self) -> str:
        """The position as `tilegames rummikub solve` takes it, to look at one by hand."""
        table = " | ".join(format_set(row) for row in self.table)
        return f'--rack "{format_set(self.rack)}" --table "{table}"'


@lru_cache(maxsize=4)
def positions(count: int = COUNT, seed: int = SEED) -> tuple[Position, ...]:
    """`count` positions from `seed`; the same ones every time (remembered, as a bench run
    asks for them once per case and run)."""
    rng = random.Random(seed)
    return tuple(_position(rng) for _ in range(count))


def _position(rng: random.Random) -> Position:
    """One position: sets laid from the full set until the table has its size, then the rack
    from what is left. A table that cannot be finished from what is left is begun again."""
    while True:
        pool = _full_set()
        size = rng.randint(TABLE_MIN, TABLE_MAX)
        table = _table(rng, pool, size)
        if table is not None:
            left = sorted(pool.elements())
            return Position(tuple(sorted(rng.sample(left, RACK))), table)


@lru_cache(maxsize=1)
def _standard_set() -> tuple[tuple[Face, int], ...]:
    return tuple(Counter(face_of(tile) for tile in full_set("standard")).items())


def _full_set() -> Counter[Face]:
    """The standard set's faces and their counts, to take a position's tiles from."""
    return Counter(dict(_standard_set()))


def _table(rng: random.Random, pool: Counter[Face], size: int) -> tuple[tuple[Face, ...], ...] | None:
    """Sets taken from `pool` (which loses their tiles) making `size` tiles or a little more,
    never more than TABLE_MAX; None when no set fits what is left."""
    rows: list[tuple[Face, ...]] = []
    laid = 0
    while laid < size:
        room = TABLE_MAX - laid
        if room < MIN_SET:
            break  # laid >= TABLE_MIN here: size is at least TABLE_MIN and room is the rest to 40
        row = _some_set(rng, pool, min(room, max(size - laid, MIN_SET)))
        if row is None:
            return None
        pool.subtract(row)
        rows.append(row)
        laid += len(row)
    return tuple(rows) if laid >= TABLE_MIN else None


def _some_set(rng: random.Random, pool: Counter[Face], longest: int) -> tuple[Face, ...] | None:
    """A valid set of at most `longest` tiles that `pool` holds, a run or a group, perhaps with
    a joker; None after `_ATTEMPTS` tries."""
    for _ in range(_ATTEMPTS):
        joker = pool[JOKER] > 0 and rng.random() < JOKER_CHANCE
        if rng.random() < 0.5:
            row = _run(rng, min(longest, LONGEST_RUN), joker)
        else:
            row = _group(rng, min(longest, MAX_GROUP), joker)
        if row is not None and all(pool[face] >= n for face, n in Counter(row).items()) and classify(row).valid:
            return row
    return None


def _run(rng: random.Random, longest: int, joker: bool) -> tuple[Face, ...] | None:
    """A run of one colour, a joker anywhere in it (its ends too) if `joker`."""
    if longest < MIN_SET:
        return None
    length = rng.randint(MIN_SET, longest)
    start = rng.randint(LOWEST, HIGHEST - length + 1)
    colour = rng.choice(COLOURS)
    row = [Face(colour, n) for n in range(start, start + length)]
    if joker:
        row[rng.randrange(length)] = JOKER
    return tuple(row)


def _group(rng: random.Random, largest: int, joker: bool) -> tuple[Face, ...] | None:
    """A group of one number in 3 or 4 colours, a joker for one of them if `joker`."""
    if largest < MIN_SET:
        return None
    size = rng.randint(MIN_SET, largest)
    number = rng.randint(LOWEST, HIGHEST)
    row = [Face(colour, number) for colour in sorted(rng.sample(COLOURS, size), key=COLOURS.index)]
    if joker:
        row[rng.randrange(size)] = JOKER
    return tuple(row)
