"""The solver's plays under the strict joker options (games/rummikub/joker_plays.py, through
moves.best_play): never one the engine refuses, and still the most that the options allow; a
brute-force search over every arrangement of small tables, tile by tile, agrees."""

from __future__ import annotations

import itertools
import random

import pytest
from rk_builder import position

from tilegames.core.parts.tiles import Tile
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.game import GAME
from tilegames.games.rummikub.jokers import joker_problems
from tilegames.games.rummikub.moves import Hand, best_play
from tilegames.games.rummikub.notation import COLOURS, face_of
from tilegames.games.rummikub.sets import best_reading
from tilegames.games.rummikub.solver import solve

STRICT = RummikubConfig(joker_free_by_rearrange=False, joker_sub_from_table=False)
STRICT_FROM_TABLE = RummikubConfig(joker_free_by_rearrange=False, joker_sub_from_table=True)


def laid(rack: str, table: list[str], config: RummikubConfig) -> list[str] | None:
    """The faces best_play lays, sorted, after the engine has taken the play; None: no play."""
    state = position([rack, "K2"], table=table, melded=[True, True], config=config)
    found = best_play(Hand.of(state, 0), "tiles")
    if found is None:
        return None
    GAME.apply(state, 0, found.action)  # IllegalMove if the engine refused it
    return sorted(t.face for t in found.placed)


def test_the_joker_moves_to_the_new_set_only_under_the_default_rules():
    # B9 O9 go down only with the joker of R3 R4 R5 J R7 R8 R9, its run split in two.
    table = ["R3 R4 R5 J R7 R8 R9"]
    assert laid("B9 O9", table, RummikubConfig()) == ["B9", "O9"]
    assert laid("B9 O9", table, STRICT) is None


def test_under_the_strict_rules_a_joker_set_still_grows():
    # The search would take the joker for B9 O9; R10 at the run's end is what stays legal.
    assert laid("R10 B9 O9", ["R3 R4 R5 J R7 R8 R9"], STRICT) == ["R10"]


def test_a_table_tile_frees_the_joker_only_where_the_rules_allow_it():
    # R6 leaves the group of four for the joker's place, and the joker makes B9 O9 J.
    table = ["R3 R4 R5 J R7 R8 R9", "K6 R6 B6 O6"]
    assert laid("B9 O9", table, STRICT_FROM_TABLE) == ["B9", "O9"]
    assert laid("B9 O9", table, STRICT) is None


def test_a_rack_tile_frees_the_joker_under_the_strict_rules():
    assert laid("R6 B9 O9", ["R3 R4 R5 J R7 R8 R9"], STRICT) == ["B9", "O9", "R6"]


# --- against every arrangement of small tables -------------------------------------------
def orders(group: tuple[Tile, ...]):
    """The ways `group` can lie as a valid row: a joker's place in a run matters, the order of
    numbered tiles does not (runs rise, groups read alike in any order)."""
    numbered = sorted((t for t in group if not face_of(t).is_joker), key=lambda t: (face_of(t).number, t.face))
    jokers = [t for t in group if face_of(t).is_joker]
    seen = set()
    for places in itertools.combinations(range(len(group)), len(jokers)):
        row, rest, spare = [], iter(numbered), iter(jokers)
        for i in range(len(group)):
            row.append(next(spare) if i in places else next(rest))
        faces = tuple(t.face for t in row)
        if faces not in seen and best_reading([face_of(t) for t in row]).valid:
            seen.add(faces)
            yield tuple(row)


def partitions(tiles: list[Tile]):
    if not tiles:
        yield []
        return
    first, rest = tiles[0], tiles[1:]
    for size in range(2, min(len(rest), 5) + 1):
        for others in itertools.combinations(rest, size):
            left = [t for t in rest if t not in others]
            for row in orders((first, *others)):
                for more in partitions(left):
                    yield [row, *more]


def most_legal(table: list[tuple[Tile, ...]], rack: list[Tile], config: RummikubConfig) -> int:
    """The most rack tiles any legal play lays: every subset, every arrangement, the engine's
    joker check."""
    rack_ids = {t.id for t in rack}
    on_table = [t for row in table for t in row]
    # No legal play lays more than the default rules allow (the exact solver says how many).
    unbound = solve([face_of(t) for t in rack], [[face_of(t) for t in row] for row in table])
    for size in range(unbound.tiles if unbound else 0, 0, -1):
        for subset in itertools.combinations(rack, size):
            if any(not joker_problems(config, table, rows, rack_ids) for rows in partitions(on_table + list(subset))):
                return size
    return 0


def small_position(rng: random.Random) -> tuple[list[tuple[Tile, ...]], list[Tile]]:
    """A run of 3-5 tiles with a joker in it, now and then a group of three, and 2-3 rack
    tiles, often two of one number (a joker would make them a group), from three colours and
    the numbers 1-7."""
    pool = [Tile(i, f"{c}{n}") for i, (c, n) in enumerate((c, n) for c in COLOURS[:3] for n in range(1, 8) for _ in (0, 1))]
    rng.shuffle(pool)

    def take(face: str) -> Tile | None:
        tile = next((t for t in pool if t.face == face), None)
        if tile is not None:
            pool.remove(tile)
        return tile

    colour, length = rng.choice(COLOURS[:3]), rng.randint(3, 5)
    start = rng.randint(1, 8 - length)
    run = [take(f"{colour}{n}") for n in range(start, start + length)]
    run[rng.randrange(length)] = Tile(100, "J")
    table = [tuple(t for t in run if t is not None)]
    if rng.random() < 0.5:
        number = rng.randint(1, 7)
        group = [take(f"{c}{number}") for c in COLOURS[:3]]
        if all(group):
            table.append(tuple(t for t in group if t is not None))
    rack = pool[:rng.randint(1, 2)]
    if rng.random() < 0.6:
        number = rng.randint(1, 7)
        pair = [take(f"{c}{number}") for c in rng.sample(COLOURS[:3], 2)]
        rack += [t for t in pair if t is not None]
    return table, rack[:3]


@pytest.mark.parametrize("config", [STRICT, RummikubConfig(joker_free_by_rearrange=False, joker_group_needs_both=True,
                                                           joker_sub_from_table=False)])
def test_under_strict_rules_the_play_lays_as_many_tiles_as_any_legal_play(config):
    rng = random.Random("joker-plays")
    for _ in range(30):
        table, rack = small_position(rng)
        found = best_play(Hand(tuple(rack), tuple(table), True, 10, config), "tiles")
        where = f"rack {' '.join(t.face for t in rack)}, table {[' '.join(t.face for t in r) for r in table]}"
        if found is not None:
            rows = [tuple(next(t for t in (*rack, *(x for r in table for x in r)) if t.id == i) for i in row)
                    for row in found.action.sets]
            assert not joker_problems(config, table, rows, {t.id for t in rack}), where
        assert (len(found.placed) if found else 0) == most_legal(table, rack, config), where
