"""The initial meld (RULES.md §1.4.1) and the best meld a rack could make (§1.8)."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import lru_cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tilegames.games.rummikub.meld_report import check_initial_meld
from tilegames.games.rummikub.meld_search import _max_run, best_meld, best_meld_value, can_meld
from tilegames.games.rummikub.notation import COLOURS, JOKER, Face, face_of, full_set, parse_faces
from tilegames.games.rummikub.sets import best_reading, classify


def meld(*sets: str, **options: object):  # type: ignore[no-untyped-def]
    return check_initial_meld([parse_faces(s) for s in sets], **options)  # type: ignore[arg-type]


def rack(text: str) -> tuple[Face, ...]:
    return parse_faces(text)


# --- seed 001's examples ------------------------------------------------------------------


def test_seed_001_group_of_four_eights_is_a_valid_initial_meld_worth_32() -> None:
    report = meld("K8 R8 O8 B8")
    assert (report.valid, report.total) == (True, 32)
    assert report.verdict == "Valid initial meld: 32 points."


def test_seed_001_blue_run_6_to_9_is_a_valid_initial_meld_worth_30() -> None:
    report = meld("B6 B7 B8 B9")
    assert (report.valid, report.total) == (True, 30)


def test_seed_001_group_of_sevens_and_red_run_4_to_6_is_a_valid_initial_meld_worth_36() -> None:
    report = meld("K7 R7 B7", "R4 R5 R6")
    assert (report.valid, report.total) == (True, 36)
    assert [s.value for s in report.sets] == [21, 15]
    assert report.verdict == "Valid initial meld: 36 points."


def test_seed_001_group_of_three_eights_is_too_few_points() -> None:
    report = meld("K8 R8 O8")
    assert (report.valid, report.total) == (False, 24)
    assert report.sets[0].kind == "group"
    assert report.verdict == "Not enough: 24 points; an initial meld needs at least 30."


def test_seed_001_mixed_colour_run_is_not_a_valid_initial_meld() -> None:
    report = meld("B6 R7 O8 K9")
    assert (report.valid, report.total) == (False, 0)
    assert report.sets[0].kind == "invalid"
    assert report.sets[0].reason == "Run B6 R7 O8 K9 mixes colours."
    assert report.verdict == "Not a valid meld: 1 set is invalid."


def test_seed_001_fours_and_red_run_1_to_3_is_too_few_points() -> None:
    report = meld("K4 R4 B4", "R1 R2 R3")
    assert (report.valid, report.total) == (False, 18)
    assert report.verdict == "Not enough: 18 points; an initial meld needs at least 30."


def test_seed_001_black_9_10_joker_is_a_valid_initial_meld_with_own_joker() -> None:
    report = meld("K9 K10 J")
    assert (report.valid, report.total) == (True, 30)
    assert report.sets[0].jokers == ("K11",)


# --- jokers count as the tile they stand for ----------------------------------------------


def test_initial_meld_counts_joker_as_represented_value() -> None:
    # Seed 003: 11·J·13 is worth 36, the joker counting as 12.
    report = meld("R11 J R13")
    assert (report.valid, report.total) == (True, 36)


def test_initial_meld_gives_an_undeclared_two_joker_set_its_better_reading() -> None:
    report = meld("J J R10")
    assert (report.valid, report.total, report.sets[0].kind) == (True, 30, "group")


def test_initial_meld_respects_a_declared_kind() -> None:
    report = meld("J J R10", kinds=["run"])
    assert (report.valid, report.total, report.sets[0].kind) == (False, 27, "run")


# --- other verdicts -----------------------------------------------------------------------


def test_initial_meld_total_counts_only_valid_sets() -> None:
    report = meld("K10 R10 B10", "R12 R13 R1")
    assert report.total == 30
    assert not report.valid
    assert report.sets[1].reason == "12-13-1 is not a run: 1 is always low and runs never wrap."
    assert report.verdict == "Not a valid meld: 1 set is invalid."


def test_initial_meld_with_two_invalid_sets_says_so() -> None:
    report = meld("R1 R2", "K1 K1 K2", "K13 R13 B13")
    assert report.verdict == "Not a valid meld: 2 sets are invalid."


def test_empty_initial_meld_is_refused() -> None:
    report = check_initial_meld([])
    assert not report.valid
    assert report.verdict == "An initial meld needs at least one set."


def test_initial_meld_threshold_is_configurable() -> None:
    assert meld("K8 R8 O8", threshold=24).valid
    assert meld("K8 R8 O8", threshold=25).verdict == (
        "Not enough: 24 points; an initial meld needs at least 25."
    )


def test_initial_meld_using_a_third_copy_of_a_face_is_refused_in_the_standard_edition() -> None:
    report = meld("R7 B7 K7", "R6 R7 R8", "R7 R8 R9")
    assert not report.valid
    assert report.verdict == "R7 appears 3 times, but the standard set has only 2 of each tile."


def test_initial_meld_may_use_three_copies_of_a_face_in_the_xp_edition() -> None:
    assert meld("R7 B7 K7", "R6 R7 R8", "R7 R8 R9", edition="xp").valid


def test_initial_meld_naming_several_overused_faces_lists_them() -> None:
    report = meld("R7 R8 R9", "R7 R8 R9", "R7 R8 R9")
    assert report.verdict.startswith("R7, R8 and R9 appear more often than the standard set")


def test_initial_meld_with_three_jokers_is_refused_in_the_standard_edition() -> None:
    report = meld("R7 J J", "K13 J B13")
    assert report.verdict == "The meld uses 3 jokers, but the standard set has only 2."
    assert meld("R7 J J", "K13 J B13", edition="xp").valid


def test_meld_report_json_has_the_documented_shape() -> None:
    report = meld("K8 R8 O8", "R12 R13 R1")
    data = report.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data == {
        "sets": [
            {"tiles": ["K8", "R8", "O8"], "kind": "group", "value": 24, "reason": None,
             "jokers": []},
            {
                "tiles": ["R12", "R13", "R1"],
                "kind": "invalid",
                "value": 0,
                "reason": "12-13-1 is not a run: 1 is always low and runs never wrap.",
                "jokers": [],
            },
        ],
        "total": 24,
        "valid": False,
        "verdict": "Not a valid meld: 1 set is invalid.",
    }


# --- the best meld a rack can make --------------------------------------------------------


def test_best_meld_value_of_seed_003_run_with_joker_is_36() -> None:
    assert best_meld_value(rack("R13 J R11")) == 36


def test_best_meld_value_finds_two_runs_where_greedy_takes_the_biggest_group() -> None:
    # The most valuable single set is the group of nines (27), and after it nothing is left
    # that forms a set; the best is the two runs 7-8-9 (24 + 24).
    tiles = rack("K9 R9 B9 R7 R8 K7 K8")
    assert classify(rack("K9 R9 B9")).value == 27
    assert best_meld_value(rack("B9 R7 R8 K7 K8")) == 0
    assert best_meld_value(tiles) == 48
    assert can_meld(tiles)


def test_best_meld_value_is_zero_when_no_set_can_be_made() -> None:
    tiles = rack("K1 R5 B9 O13 K3 R12 B1 O7")
    assert best_meld_value(tiles) == 0
    assert best_meld(tiles) == ()
    assert not can_meld(tiles)
    assert not can_meld(tiles, threshold=1)


def test_best_meld_value_of_an_empty_rack_or_jokers_only_is_zero() -> None:
    assert best_meld_value(()) == 0
    assert best_meld_value(rack("J J J J")) == 0


def test_best_meld_value_counts_a_joker_group_of_thirteens_as_39() -> None:
    assert best_meld_value(rack("J K13 J")) == 39


def test_best_meld_value_extends_a_run_with_jokers_as_high_as_allowed() -> None:
    assert best_meld_value(rack("R5 R6 J")) == 18  # R5 R6 R7, not R4 R5 R6
    assert best_meld_value(rack("R12 R13 J")) == 36  # R11 R12 R13: 14 does not exist


def test_best_meld_value_uses_four_jokers_in_one_long_run() -> None:
    # R1 R2 + 4 jokers = R1..R6 (21); R1 R2 R3 + 4 jokers = R1..R7 (28).
    assert best_meld_value(rack("R1 R2 J J J J")) == 21
    assert best_meld_value(rack("R1 R2 R3 J J J J")) == 28


def test_best_meld_value_puts_leftover_jokers_where_they_are_worth_most() -> None:
    # Both jokers on top of B10 B11 (as 12 and 13: 46) beat one there and one in the
    # group of eights (33 + 32): 46 + 24 = 70.
    assert best_meld_value(rack("K8 R8 O8 B10 B11 J J")) == 70


def test_best_meld_value_ignores_tile_order() -> None:
    tiles = list(rack("K9 R9 B9 R7 R8 K7 K8 J O9"))
    expected = best_meld_value(tiles)
    random.Random(5).shuffle(tiles)
    assert best_meld_value(tiles) == expected


def test_can_meld_is_exact_at_the_threshold() -> None:
    assert can_meld(rack("K9 K10 J"))  # exactly 30
    assert not can_meld(rack("K8 R8 O8 B1 R2"))  # 24
    assert can_meld(rack("K8 R8 O8"), threshold=24)
    assert not can_meld(rack("K8 R8 O8"), threshold=25)


def test_best_meld_lays_out_valid_sets_from_the_rack_worth_the_best_value() -> None:
    tiles = rack("K9 R9 B9 R7 R8 K7 K8 J O1 O2")
    sets = best_meld(tiles)
    assert all(best_reading(s).valid for s in sets)
    assert sum(best_reading(s).value for s in sets) == best_meld_value(tiles)
    assert not Counter(f for s in sets for f in s) - Counter(tiles)


def test_best_meld_value_on_a_40_tile_xp_rack_is_consistent() -> None:
    tiles = [face_of(t) for t in full_set("xp")]
    random.Random(2024).shuffle(tiles)
    hand = tiles[:40]
    value = best_meld_value(hand)
    sets = best_meld(hand)
    assert sum(best_reading(s).value for s in sets) == value
    assert not Counter(f for s in sets for f in s) - Counter(hand)
    assert can_meld(hand, value) and not can_meld(hand, value + 1)


def test_long_runs_split_into_runs_the_search_tries() -> None:
    # The search only tries runs up to _max_run(jokers) long. That is exact only if every
    # longer run splits into consecutive pieces of 3.._max_run tiles, each with a numbered tile.
    for jokers in range(0, 5):
        limit = _max_run(jokers)

        @lru_cache(maxsize=None)
        def splits(pattern: tuple[bool, ...]) -> bool:  # True: a joker
            if 3 <= len(pattern) <= limit and not all(pattern):
                return True
            return any(
                not all(pattern[:cut]) and splits(pattern[cut:])
                for cut in range(3, min(limit, len(pattern) - 3) + 1)
            )

        for length in range(limit + 1, 14):
            for count in range(0, min(jokers, length - 1) + 1):
                for places in combinations(range(length), count):
                    pattern = tuple(i in places for i in range(length))
                    assert splits(pattern), (jokers, pattern)


# --- property: the search equals a brute force over all partitions -----------------------


@lru_cache(maxsize=None)
def _best_single_set(tiles: tuple[Face, ...]) -> int:
    """The best value these exact tiles make as one set, trying every arrangement."""
    best = 0
    group = classify(tiles, "group")
    if group.valid:
        best = group.value
    numbered = sorted(f for f in tiles if not f.is_joker)
    jokers = len(tiles) - len(numbered)
    for places in combinations(range(len(tiles)), jokers):
        row = list(numbered)
        for place in places:
            row.insert(place, JOKER)
        run = classify(row, "run")
        if run.valid:
            best = max(best, run.value)
    return best


@lru_cache(maxsize=None)
def _brute_force(tiles: tuple[Face, ...]) -> int:
    """The best total over every way to take disjoint sets from sorted `tiles`."""
    if len(tiles) < 3:
        return 0
    first, rest = tiles[0], tiles[1:]
    best = _brute_force(rest)  # the first tile stays on the rack
    for size in range(2, len(rest) + 1):
        for chosen in combinations(range(len(rest)), size):
            value = _best_single_set(tuple(sorted((first,) + tuple(rest[i] for i in chosen))))
            if value:
                left = tuple(t for i, t in enumerate(rest) if i not in chosen)
                best = max(best, value + _brute_force(left))
    return best


@st.composite
def small_racks(draw: st.DrawFn) -> list[Face]:
    low = draw(st.integers(1, 13))
    high = draw(st.integers(low, min(13, low + 5)))
    jokers = draw(st.integers(0, 4))
    size = draw(st.integers(0, 10 - jokers))
    numbered = st.builds(Face, st.sampled_from(COLOURS), st.integers(low, high))
    tiles = draw(st.lists(numbered, min_size=size, max_size=size))
    return tiles + [JOKER] * jokers


@settings(max_examples=300, deadline=None)
@given(small_racks())
def test_best_meld_value_equals_brute_force_over_all_partitions(tiles: list[Face]) -> None:
    assert best_meld_value(tiles) == _brute_force(tuple(sorted(tiles)))


@settings(max_examples=200, deadline=None)
@given(small_racks(), st.integers(1, 60))
def test_can_meld_agrees_with_best_meld_value(tiles: list[Face], threshold: int) -> None:
    assert can_meld(tiles, threshold) == (best_meld_value(tiles) >= threshold)


@settings(max_examples=100, deadline=None)
@given(small_racks())
def test_best_meld_sets_are_valid_and_worth_best_meld_value(tiles: list[Face]) -> None:
    sets = best_meld(tiles)
    assert all(best_reading(s).valid for s in sets)
    assert sum(best_reading(s).value for s in sets) == best_meld_value(tiles)
    assert not Counter(f for s in sets for f in s) - Counter(tiles)
