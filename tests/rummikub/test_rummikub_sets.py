"""Groups, runs and jokers (RULES.md §1.3, §1.5)."""

from __future__ import annotations

import pytest

from tilegames.games.rummikub.notation import Face, parse_faces
from tilegames.games.rummikub.sets import (
    SetCheck,
    best_reading,
    classify,
    format_set,
    joker_substitutes,
)


def check(text: str, kind: str | None = None) -> SetCheck:
    return classify(parse_faces(text), kind)  # type: ignore[arg-type]


def faces(text: str) -> frozenset[Face]:
    return frozenset(parse_faces(text))


# --- groups -------------------------------------------------------------------------------


def test_group_of_three_different_colours_is_valid() -> None:
    assert check("K8 R8 O8") == SetCheck("group", 24, None, ())


def test_group_of_four_colours_is_valid() -> None:
    assert check("K8 R8 O8 B8") == SetCheck("group", 32, None, ())


def test_group_order_does_not_matter() -> None:
    assert check("O8 K8 R8").value == check("K8 R8 O8").value == 24


def test_group_with_two_reds_is_rejected() -> None:
    result = check("K8 R8 R8")
    assert result.kind == "invalid"
    assert result.value == 0
    assert result.reason == "Group 8-8-8 repeats red."


def test_group_repeating_two_colours_names_both() -> None:
    assert check("R7 R7 B7 B7").reason == "Group 7-7-7-7 repeats red and blue."


def test_group_of_five_is_rejected() -> None:
    assert check("K8 R8 O8 B8 R8").reason == "A group has at most 4 tiles, one of each colour."


def test_group_of_five_with_a_joker_is_rejected() -> None:
    assert check("K8 R8 O8 B8 J").reason == "A group has at most 4 tiles, one of each colour."


def test_group_mixing_numbers_is_rejected() -> None:
    assert check("K8 R8 O9").reason == (
        "K8 R8 O9 is not a group: a group's tiles all show the same number, but these show "
        "8 and 9."
    )


def test_joker_in_group_takes_the_group_number() -> None:
    assert check("K7 R7 J") == SetCheck("group", 21, None, ("7 in blue or orange",))


def test_joker_in_four_tile_group_stands_for_the_missing_colour() -> None:
    assert check("K7 J R7 B7") == SetCheck("group", 28, None, ("7 in orange",))


def test_two_jokers_in_a_group_are_allowed() -> None:
    result = check("R7 B7 J J")
    assert result.kind == "group"
    assert result.value == 28
    assert result.jokers == ("7 in black or orange", "7 in black or orange")


# --- runs ---------------------------------------------------------------------------------


def test_run_of_one_colour_is_valid() -> None:
    assert check("B6 B7 B8 B9") == SetCheck("run", 30, None, ())


def test_run_from_1_to_13_is_valid() -> None:
    assert check(" ".join(f"O{n}" for n in range(1, 14))) == SetCheck("run", 91, None, ())


def test_run_mixing_colours_is_rejected() -> None:
    assert check("B6 R7 O8 K9").reason == "Run B6 R7 O8 K9 mixes colours."


def test_run_12_13_1_is_rejected_because_1_is_always_low() -> None:
    assert check("R12 R13 R1").reason == (
        "12-13-1 is not a run: 1 is always low and runs never wrap."
    )


def test_run_13_1_2_is_rejected_because_runs_never_wrap() -> None:
    assert check("K13 K1 K2").reason == "13-1-2 is not a run: 1 is always low and runs never wrap."


def test_run_wrapping_through_a_joker_is_rejected() -> None:
    assert check("R13 J R2").reason == "13-J-2 is not a run: 1 is always low and runs never wrap."


def test_seed_003_run_11_joker_13_is_worth_36() -> None:
    assert check("R11 J R13") == SetCheck("run", 36, None, ("R12",))


def test_seed_001_run_black_9_10_joker_is_worth_30() -> None:
    assert check("K9 K10 J") == SetCheck("run", 30, None, ("K11",))


def test_joker_before_5_6_stands_for_4() -> None:
    assert check("J R5 R6") == SetCheck("run", 15, None, ("R4",))


def test_joker_after_5_6_stands_for_7() -> None:
    assert check("R5 R6 J") == SetCheck("run", 18, None, ("R7",))


def test_joker_may_not_stand_for_0() -> None:
    assert check("J R1 R2").reason == "Run J R1 R2 would need the joker to be 0; runs start at 1."


def test_joker_may_not_stand_for_14() -> None:
    assert check("R12 R13 J").reason == (
        "Run R12 R13 J would need the joker to be 14; runs end at 13."
    )


def test_two_jokers_in_a_run_are_allowed() -> None:
    assert check("J B4 J B6") == SetCheck("run", 18, None, ("B3", "B5"))


def test_run_with_a_gap_is_rejected() -> None:
    assert check("R4 R5 R7").reason == "Run R4 R5 R7 has a gap: 6 is missing."
    assert check("R4 R8 R9").reason == "Run R4 R8 R9 has a gap: 5 to 7 are missing."


def test_run_with_too_few_jokers_for_its_gap_is_rejected() -> None:
    assert check("R4 J R8").reason == (
        "Run R4 J R8 has a gap: 4 and 8 need 3 tiles between them, but there is 1 tile."
    )


def test_run_out_of_order_is_rejected_with_the_right_order() -> None:
    assert check("R7 R5 R6").reason == "Run R7 R5 R6 is out of order: lay it out as R5 R6 R7."


def test_run_repeating_a_number_is_rejected() -> None:
    assert check("R5 R5 R6").reason == "Run R5 R5 R6 repeats 5."


def test_run_is_checked_in_the_given_order() -> None:
    assert check("R5 R6 R7").kind == "run"
    assert check("R7 R6 R5").kind == "invalid"


# --- sets in general ----------------------------------------------------------------------


def test_set_of_two_tiles_is_rejected() -> None:
    assert check("R7 R8").reason == "A set needs at least 3 tiles."
    assert check("").reason == "A set needs at least 3 tiles."


def test_all_joker_set_is_rejected() -> None:
    assert check("J J J").reason == "A set needs at least one numbered tile."
    assert check("J J J J", "run").reason == "A set needs at least one numbered tile."


def test_unrelated_tiles_are_neither_group_nor_run() -> None:
    assert check("R3 B9 K11").reason == (
        "R3 B9 K11 is neither a group nor a run: a group is one number in different colours, "
        "a run is consecutive numbers in one colour."
    )


def test_set_valid_both_ways_is_reported_as_the_run() -> None:
    assert check("R7 J J") == SetCheck("run", 24, None, ("R8", "R9"))


def test_declared_kind_is_the_only_kind_checked() -> None:
    assert check("R7 J J", "group") == SetCheck(
        "group", 21, None, ("7 in black, blue or orange", "7 in black, blue or orange")
    )
    assert check("K8 R8 O8", "run").reason == "Run K8 R8 O8 mixes colours."
    assert check("R5 R6 R7", "group").kind == "invalid"


def test_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match='"pair" is not a kind of set'):
        check("R5 R6 R7", "pair")


def test_best_reading_prefers_the_group_when_it_is_worth_more() -> None:
    assert best_reading(parse_faces("J J R10")).kind == "group"
    assert best_reading(parse_faces("J J R10")).value == 30
    assert classify(parse_faces("J J R10")).value == 27


def test_best_reading_keeps_the_run_on_a_tie_or_when_it_is_worth_more() -> None:
    assert best_reading(parse_faces("J R7 J")) == SetCheck("run", 21, None, ("R6", "R8"))
    assert best_reading(parse_faces("R7 J J")).kind == "run"


def test_best_reading_of_an_invalid_set_gives_the_reason() -> None:
    assert best_reading(parse_faces("K8 R8 R8")).reason == "Group 8-8-8 repeats red."


def test_format_set_writes_canonical_notation() -> None:
    assert format_set(parse_faces("k9 k10 j")) == "K9 K10 J"


# --- joker substitutes (RULES.md §1.5) ----------------------------------------------------


def test_run_joker_is_replaced_only_by_the_tile_of_its_position() -> None:
    assert joker_substitutes(parse_faces("R11 J R13")) == (faces("R12"),)
    assert joker_substitutes(parse_faces("J B4 J B6")) == (faces("B3"), faces("B5"))


def test_three_tile_group_joker_is_replaced_by_either_missing_colour() -> None:
    assert joker_substitutes(parse_faces("K7 R7 J")) == (faces("B7 O7"),)


def test_four_tile_group_joker_is_replaced_only_by_the_missing_colour() -> None:
    assert joker_substitutes(parse_faces("K7 R7 J B7")) == (faces("O7"),)


def test_each_of_two_group_jokers_is_replaced_by_a_missing_colour() -> None:
    assert joker_substitutes(parse_faces("R7 B7 J J")) == (faces("K7 O7"), faces("K7 O7"))


def test_joker_substitutes_follow_the_declared_kind() -> None:
    assert joker_substitutes(parse_faces("R7 J J"), "run") == (faces("R8"), faces("R9"))
    assert joker_substitutes(parse_faces("R7 J J"), "group") == (
        faces("K7 B7 O7"),
        faces("K7 B7 O7"),
    )


def test_set_without_jokers_has_no_substitutes() -> None:
    assert joker_substitutes(parse_faces("K8 R8 O8")) == ()


def test_joker_substitutes_of_an_invalid_set_are_refused() -> None:
    with pytest.raises(ValueError, match="12-13-1 is not a run"):
        joker_substitutes(parse_faces("R12 R13 R1"))
