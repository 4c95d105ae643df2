"""The fast programme for the most tiles (tile_search.py, tile_table.py) against the full one
(solver.py's `_full`): the same count on seeded positions of real size, jokers and the XP set
included, and every table it lays valid; and the tables with no room for free jokers."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tilegames.games.rummikub import solver
from tilegames.games.rummikub.notation import COLOURS, Face, parse_face, parse_faces
from tilegames.games.rummikub.sets import best_reading
from tilegames.games.rummikub.solver import solve
from tilegames.games.rummikub.tile_search import Search, fits_somewhere, grid, room
from tilegames.games.rummikub.tile_steps import LONG, ONE, TWO, can_go_on

J = parse_face("J")


def position(rng: random.Random, copies: int, jokers: int, table_size: int, rack_size: int
             ) -> tuple[tuple[Face, ...], list[tuple[Face, ...]]]:
    """A table of about `table_size` tiles in random valid sets (a joker in some) and a rack
    drawn from what is left."""
    pool = Counter({(c, n): copies for c in range(4) for n in range(1, 14)})
    left_jokers = jokers
    table: list[tuple[Face, ...]] = []
    while sum(map(len, table)) < table_size:
        if rng.random() < 0.5:
            colour, length = rng.randrange(4), rng.randint(3, 5)
            start = rng.randint(1, 14 - length)
            cells = [(colour, n) for n in range(start, start + length)]
        else:
            number = rng.randint(1, 13)
            cells = [(c, number) for c in rng.sample(range(4), rng.choice([3, 4]))]
        if any(pool[cell] == 0 for cell in cells):
            continue
        faces = [parse_face(f"{COLOURS[c]}{n}") for c, n in cells]
        if left_jokers and rng.random() < 0.2:
            faces[rng.randrange(len(faces))] = J
            left_jokers -= 1
        for cell, face in zip(cells, faces):
            if not face.is_joker:
                pool[cell] -= 1
        table.append(tuple(faces))
    bag = [parse_face(f"{COLOURS[c]}{n}") for (c, n), k in pool.items() for _ in range(k)] + [J] * left_jokers
    return tuple(rng.sample(bag, rack_size)), table


def full(rack, table):
    """The full programme's answer, as `solve` would give it without the fast one."""
    counts = solver._counts(face for row in table for face in row)
    jokers = sum(1 for row in table for f in row if f.is_joker) + sum(1 for f in rack if f.is_joker)
    return solver._full(table, counts, solver._counts(rack), jokers, "tiles", None)


def assert_lays(rack, table, found) -> None:
    assert all(best_reading(row).valid for row in found.table), found.table
    assert Counter(f for row in found.table for f in row) == Counter(f for row in table for f in row) + Counter(found.placed)
    assert not Counter(found.placed) - Counter(rack)


@pytest.mark.parametrize("edition, copies, jokers, table_size, rack_size, count", [
    ("standard", 2, 2, 24, 10, 40),
    ("standard-big", 2, 2, 36, 14, 12),
    ("xp", 3, 4, 14, 7, 20),
])
def test_the_fast_programme_lays_as_many_tiles_as_the_full_one(edition, copies, jokers, table_size, rack_size, count):
    rng = random.Random(f"tile-search-{edition}")
    for _ in range(count):
        rack, table = position(rng, copies, jokers, table_size, rack_size)
        fast, expected = solve(rack, table), full(rack, table)
        where = f"rack {' '.join(map(str, rack))}, table {' | '.join(' '.join(map(str, r)) for r in table)}"
        assert (fast.tiles if fast else 0) == (expected.tiles if expected else 0), where
        if fast is not None:
            assert_lays(rack, table, fast)


def test_jokers_alone_on_an_empty_table_are_no_play():
    assert solve(parse_faces("J J"), []) is None


def test_a_table_with_no_room_for_a_free_joker_is_left_to_the_full_programme():
    # K5 R5 B5 O5 takes the orange 5 but leaves the joker nowhere: no run, no group of 3.
    # Splitting into two groups of 5s would need a second joker, so nothing can be laid.
    assert solve(parse_faces("O5"), [parse_faces("K5 R5 B5 J")]) is None


def test_a_free_joker_stands_for_the_highest_number_there_is_room_for():
    found = solve(parse_faces("J"), [parse_faces("K1 K2 K3"), parse_faces("R9 B9 O9")])
    assert found is not None and found.value == 9


def cells_of(text: str) -> dict[tuple[int, int], int]:
    return solver._counts(parse_faces(text))


def test_a_tile_fits_somewhere_with_a_run_of_three_or_a_group_of_three_through_it():
    cells = grid(cells_of("K4 K5 K6 R7 B7 O7 O11"))
    assert fits_somewhere(cells, 0, 0, 6)  # K4 K5 K6
    assert fits_somewhere(cells, 0, 3, 7)  # R7 B7 O7
    assert not fits_somewhere(cells, 0, 3, 11)  # O11: no O9, O10, O12, O13, and no other 11
    assert not fits_somewhere(cells, 1, 3, 11)  # one joker is not enough
    assert fits_somewhere(cells, 2, 3, 11)  # O11 J J


def test_no_more_of_a_tile_counts_than_the_runs_through_its_place_can_hold():
    # Two O11 on the rack, O9 and O10 on the table, nothing above 11 and no group of 11s:
    # every run through O11 holds O10 and O9 (there is no O12), and there is one O9.
    search = Search(cells_of("O9 O10 K1 K2 K3"), cells_of("O11 O11"), 0)
    assert search.fit == {(3, 11): 1}
    assert solve(parse_faces("O11 O11"), [parse_faces("O9 O10 O8"), parse_faces("K1 K2 K3")]).tiles == 1


def test_the_room_at_a_place_counts_the_runs_and_groups_that_can_go_through_it():
    # K6: every run through it holds K5 or K7 (one each), so two runs at most; and the 6s of
    # four colours, two of red and blue, make two groups at most.
    cells = grid(cells_of("K4 K5 K6 K7 K8 R6 B6 O6 R6 B6"))
    assert room(cells, 0, 0, 6) == 2 + 2
    # K13: every run through it holds K12 and K11, and there is one K11.
    assert room(grid(cells_of("K11 K12 K12 K13 K13")), 0, 0, 13) == 1
    # A joker may stand in either place, so it adds one run.
    assert room(grid(cells_of("K11 K12 K12 K13 K13")), 1, 0, 13) == 2


def test_runs_that_must_go_on_need_tiles_at_the_next_numbers():
    assert can_go_on((LONG,), 5, (0, 0), 0)  # a run of three may stop
    assert not can_go_on((TWO,), 5, (0, 3), 0)  # a run of two needs a tile at 6
    assert can_go_on((TWO,), 5, (0, 3), 1)  # or a joker
    assert not can_go_on((ONE,), 5, (1, 0), 0)  # a run of one needs 6 and 7
    assert not can_go_on((ONE,), 12, (1, 0), 2)  # and there is no 14
    assert not can_go_on((TWO, TWO), 5, (1, 1), 0)  # two runs, one tile at 6
