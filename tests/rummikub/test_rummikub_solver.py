"""The exact solver (games/rummikub/solver.py): the examples of the issue, and on small random
positions, jokers included, the same worth as a brute-force search over every subset of the
rack and every partition into sets; every table it returns is valid and holds the old table's
tiles and the tiles it says it placed."""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import combinations

import pytest

from tilegames.games.rummikub.notation import COLOURS, Face, parse_face, parse_faces
from tilegames.games.rummikub.sets import best_reading
from tilegames.games.rummikub.solver import solve

J = parse_face("J")


def table(*rows: str) -> list[tuple[Face, ...]]:
    return [parse_faces(row) for row in rows]


def laid(solution) -> tuple[str, list[str]]:
    return " ".join(map(str, solution.placed)), [" ".join(map(str, row)) for row in solution.table]


# --- the examples --------------------------------------------------------------------------
def test_value_mode_lays_the_three_13s_worth_39_not_the_run_worth_36():
    best = solve(parse_faces("K11 K12 K13 B13 O13"), [], "value")
    assert best is not None and best.value == 39 and laid(best) == ("K13 B13 O13", ["K13 B13 O13"])


def test_with_a_joker_every_rack_tile_goes_down_where_the_milp_placed_four():
    best = solve(parse_faces("K4 R5 R6 R7 J"), table("K1 K2 K3"))
    assert best is not None and best.tiles == 5
    # The joker needs no set of its own: it goes on the end of either run.
    assert sorted(laid(best)[1]) in (["K1 K2 K3 K4", "R5 R6 R7 J"], ["K1 K2 K3 K4 J", "R5 R6 R7"])


def test_a_rack_that_fits_nowhere_has_no_play():
    assert solve(parse_faces("K5 O9"), table("K1 K2 K3")) is None


def test_a_meld_needs_30_and_counts_a_joker_as_the_tile_it_stands_for():
    assert solve(parse_faces("K1 K2 J"), [], "meld") is None
    best = solve(parse_faces("K10 K11 J R1"), [], "meld")
    assert best is not None and best.value == 33 and laid(best)[0] == "K10 K11 J"


def test_the_table_is_rearranged_to_take_a_tile():
    # R4 goes in only by splitting the run R1-R6 around it into R1 R2 R3 R4 and R4 R5 R6.
    best = solve(parse_faces("R4"), table("R1 R2 R3 R4 R5 R6"))
    assert best is not None and sorted(laid(best)[1]) == ["R1 R2 R3 R4", "R4 R5 R6"]


def test_of_plays_as_good_the_one_that_changes_fewer_of_the_tables_sets_is_found():
    # K7 goes on K8 K9 K10; the search alone joins the three black runs into one.
    position = parse_faces("R8 K7"), table("K1 K2 K3", "K4 K5 K6", "R7 B7 O7", "K8 K9 K10")
    alone = solve(*position, keep_sets=False)
    best = solve(*position)
    assert alone is not None and best is not None and best.tiles == alone.tiles == 1
    assert sorted(laid(best)[1]) == ["K1 K2 K3", "K4 K5 K6", "K7 K8 K9 K10", "R7 B7 O7"]


def test_keeping_sets_holds_in_value_mode_too():
    old = ["K1 K2 K3", "K4 K5 K6", "K8 K9 K10"]
    best = solve(parse_faces("K7"), table(*old), "value")
    assert best is not None and best.value == 7
    # K7 ends K4 K5 K6 or begins K8 K9 K10: either way one set changes, not three.
    assert sum(1 for row in laid(best)[1] if row in old) == 2


def test_equal_plays_keep_the_joker_on_the_rack():
    best = solve(parse_faces("K4 J"), table("K1 K2 K3"))
    assert best is not None and best.tiles == 2  # both fit: K1-K4 J (the joker as K5)
    best = solve(parse_faces("K4 J"), table("K1 K2 K3"), "value")
    assert best is not None and laid(best)[0] == "K4 J"


# --- brute force ---------------------------------------------------------------------------
def set_worth(faces: tuple[Face, ...]) -> int | None:
    """The most a set of these tiles is worth, or None when they are no set (RULES.md §1.3),
    checked here without the engine: a group, or a run placed anywhere within 1-13."""
    numbered = [f for f in faces if not f.is_joker]
    if len(faces) < 3 or not numbered:
        return None
    best = None
    numbers = {f.number for f in numbered}
    if len(faces) <= 4 and len(numbers) == 1 and len({f.colour for f in numbered}) == len(numbered):
        best = numbered[0].number * len(faces)
    if len({f.colour for f in numbered}) == 1 and len(numbers) == len(numbered):
        low, high = min(numbers), max(numbers)
        for start in range(1, 14 - len(faces) + 1):
            if start <= low and high <= start + len(faces) - 1:
                worth = sum(range(start, start + len(faces)))
                best = worth if best is None else max(best, worth)
    return best


@lru_cache(maxsize=None)
def best_partition(tiles: tuple[Face, ...]) -> int | None:
    """The most the tiles (sorted) are worth split into sets, or None when they cannot be."""
    if not tiles:
        return 0
    first, rest = tiles[0], tiles[1:]
    best = None
    for size in range(2, len(rest) + 1):
        for others in set(combinations(rest, size)):
            worth = set_worth((first,) + others)
            if worth is None:
                continue
            remaining = list(rest)
            for face in others:
                remaining.remove(face)
            below = best_partition(tuple(remaining))
            if below is not None and (best is None or worth + below > best):
                best = worth + below
    return best


def brute_force(rack: tuple[Face, ...], rows: list[tuple[Face, ...]], mode: str) -> tuple[int, int] | None:
    """(worth, -rack jokers laid) of the best play, or None: every subset of the rack tried."""
    on_table = tuple(face for row in rows for face in row)
    before = sum(best_reading(row).value for row in rows)
    best = None
    for size in range(1, len(rack) + 1):
        for subset in set(combinations(sorted(rack), size)):
            worth = best_partition(tuple(sorted(on_table + subset)))
            if worth is None:
                continue
            jokers = sum(1 for face in subset if face.is_joker)
            rank = (len(subset) if mode == "tiles" else worth - before, -jokers)
            if mode == "meld" and worth < 30:
                continue
            best = rank if best is None or rank > best else best
    return best


def random_position(rng: random.Random) -> tuple[tuple[Face, ...], list[tuple[Face, ...]]]:
    """A table of 0-2 valid sets and a rack of 2-5 tiles, numbers 1-7 and three colours, so
    that tiles meet; up to 2 jokers (and at most 2 copies of a tile) in all."""
    pool = Counter({parse_face(f"{c}{n}"): 2 for c in COLOURS[:3] for n in range(1, 8)})
    pool[J] = 2

    def take(face: Face) -> bool:
        if pool[face] == 0:
            return False
        pool[face] -= 1
        return True

    rows: list[tuple[Face, ...]] = []
    for _ in range(rng.randint(0, 2)):
        if rng.random() < 0.5:
            colour, start, length = rng.choice(COLOURS[:3]), rng.randint(1, 5), rng.randint(3, 4)
            row = [parse_face(f"{colour}{n}") for n in range(start, min(8, start + length))]
        else:
            number = rng.randint(1, 7)
            row = [parse_face(f"{c}{number}") for c in rng.sample(COLOURS[:3], 3)]
        if rng.random() < 0.25:
            row[rng.randrange(len(row))] = J
        if len(row) >= 3 and all(take(face) for face in row) and best_reading(tuple(row)).valid:
            rows.append(tuple(row))
    rack: list[Face] = []
    while len(rack) < rng.randint(2, 5):
        face = rng.choice([f for f, n in pool.items() if n > 0])
        if take(face):
            rack.append(face)
    return tuple(rack), rows


def assert_valid_play(rack, rows, solution) -> None:
    for row in solution.table:
        assert best_reading(row).valid or set_worth(row) is not None, f"{row} is not a set"
    after = Counter(face for row in solution.table for face in row)
    assert after == Counter(face for row in rows for face in row) + Counter(solution.placed)
    assert not Counter(solution.placed) - Counter(rack)


@pytest.mark.parametrize("mode", ["tiles", "value", "meld"])
def test_the_solver_is_worth_what_a_brute_force_search_finds(mode):
    rng = random.Random(f"solver-{mode}")
    for _ in range(150):
        rack, rows = random_position(rng)
        if mode == "meld":
            rows = []
        expected = brute_force(rack, rows, mode)
        solution = solve(rack, rows, mode)  # type: ignore[arg-type]
        position = f"rack {' '.join(map(str, rack))}, table {[' '.join(map(str, r)) for r in rows]}"
        if expected is None:
            assert solution is None, f"{position}: the solver laid {laid(solution)}"
            continue
        assert solution is not None, f"{position}: no play found, brute force {expected}"
        jokers = sum(1 for face in solution.placed if face.is_joker)
        got = (solution.tiles if mode == "tiles" else solution.value, -jokers)
        assert got == expected, f"{position}: {laid(solution)} {got} against {expected}"
        assert_valid_play(rack, rows, solution)
