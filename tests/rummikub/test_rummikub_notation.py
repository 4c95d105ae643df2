"""Rummikub tile notation and the full tile sets (RULES.md §1.1)."""

from __future__ import annotations

from collections import Counter

import pytest

from tilegames.core.parts.tiles import Tile
from tilegames.games.rummikub.notation import (
    ALL_FACES,
    COLOURS,
    JOKER,
    Face,
    NotationError,
    edition_spec,
    face_of,
    full_set,
    parse_face,
    parse_faces,
)


def test_parse_face_is_case_insensitive() -> None:
    assert parse_face("r7") == parse_face("R7") == Face("R", 7)
    assert parse_face("k13") == Face("K", 13)
    assert parse_face("j") == parse_face("J") == JOKER


def test_canonical_notation_is_upper_case() -> None:
    assert str(parse_face("o1")) == "O1"
    assert str(parse_face(" b10 ")) == "B10"
    assert str(parse_face("j")) == "J"


def test_every_face_round_trips_through_its_notation() -> None:
    for face in ALL_FACES:
        assert parse_face(str(face)) is face


def test_there_are_52_numbered_faces_and_one_joker_face() -> None:
    assert len(ALL_FACES) == 53
    assert sum(1 for f in ALL_FACES if f.is_joker) == 1


def test_joker_has_no_colour_number_or_face_value() -> None:
    joker = parse_face("J")
    assert joker.is_joker
    assert joker.colour is None and joker.number is None
    assert joker.value is None


def test_numbered_face_value_is_its_number() -> None:
    face = parse_face("O12")
    assert not face.is_joker
    assert face.value == 12
    assert face.colour_name == "orange"


def test_parse_faces_splits_on_whitespace_and_commas() -> None:
    assert parse_faces("R7, r8 J\tK13,,O1") == (
        Face("R", 7),
        Face("R", 8),
        JOKER,
        Face("K", 13),
        Face("O", 1),
    )


def test_parse_faces_of_empty_text_is_empty() -> None:
    assert parse_faces("") == ()
    assert parse_faces(" , ") == ()


def test_unknown_colour_error_names_the_token() -> None:
    with pytest.raises(NotationError) as caught:
        parse_face("X7")
    assert str(caught.value) == (
        '"X7" is not a tile: colours are R, B, K, O (red, blue, black, orange) and numbers '
        "1-13, or J for a joker."
    )


def test_number_out_of_range_error_names_the_token() -> None:
    with pytest.raises(NotationError) as caught:
        parse_face("R14")
    assert str(caught.value) == '"R14": numbers go from 1 to 13.'
    with pytest.raises(NotationError, match='"b0"'):
        parse_face("b0")


@pytest.mark.parametrize("token", ["JJ", "7R", "R", "joker", "R7.5", ""])
def test_malformed_token_error_names_the_token(token: str) -> None:
    with pytest.raises(NotationError, match=f'"{token}" is not a tile'):
        parse_face(token)


def test_parse_faces_error_names_the_bad_token() -> None:
    with pytest.raises(NotationError, match='"Z3"'):
        parse_faces("R1 R2 Z3")


def test_notation_error_is_a_value_error() -> None:
    assert issubclass(NotationError, ValueError)


@pytest.mark.parametrize(
    ("colour", "number"), [("R", 14), ("R", 0), ("X", 3), ("R", None), (None, 5)]
)
def test_face_cannot_be_built_for_a_tile_that_does_not_exist(
    colour: str | None, number: int | None
) -> None:
    with pytest.raises(NotationError):
        Face(colour, number)


def test_faces_sort_black_red_blue_orange_by_number_then_jokers() -> None:
    faces = parse_faces("J O1 R3 K13 B2 K2 R1")
    assert [str(f) for f in sorted(faces)] == ["K2", "K13", "R1", "R3", "B2", "O1", "J"]
    assert COLOURS == ("K", "R", "B", "O")


def test_equal_faces_are_equal_and_hash_alike() -> None:
    assert Face("B", 5) == parse_face("b5")
    assert len({Face("B", 5), parse_face("B5"), Face(None, None), JOKER}) == 2


def test_standard_set_has_106_tiles_two_of_each_face_and_two_jokers() -> None:
    tiles = full_set("standard")
    counts = Counter(t.face for t in tiles)
    assert len(tiles) == 106
    assert counts["J"] == 2
    assert all(counts[str(f)] == 2 for f in ALL_FACES if not f.is_joker)


def test_xp_set_has_160_tiles_three_of_each_face_and_four_jokers() -> None:
    tiles = full_set("xp")
    counts = Counter(t.face for t in tiles)
    assert len(tiles) == 160
    assert counts["J"] == 4
    assert all(counts[str(f)] == 3 for f in ALL_FACES if not f.is_joker)


def test_seed_003_standard_set_is_104_numbered_tiles_and_2_jokers() -> None:
    tiles = full_set("standard")
    assert sum(1 for t in tiles if t.face != "J") == 104


def test_seed_003_xp_adds_52_numbered_tiles_and_2_jokers_to_the_standard_set() -> None:
    standard = Counter(t.face for t in full_set("standard"))
    xp = Counter(t.face for t in full_set("xp"))
    added = xp - standard
    assert added["J"] == 2
    assert sum(added.values()) - added["J"] == 52
    assert sum(xp.values()) - xp["J"] == 156


def test_full_set_tiles_have_unique_ids_and_canonical_faces() -> None:
    tiles = full_set("xp")
    assert [t.id for t in tiles] == list(range(160))
    assert all(str(parse_face(t.face)) == t.face for t in tiles)


def test_full_set_order_is_fixed() -> None:
    assert full_set("standard") == full_set("standard")
    assert full_set("standard")[0].face == "K1"


def test_full_set_rejects_an_unknown_edition() -> None:
    with pytest.raises(ValueError, match='"deluxe" is not a Rummikub edition'):
        full_set("deluxe")  # type: ignore[arg-type]


def test_edition_copies_match_the_rules_table() -> None:
    assert (edition_spec("standard").copies, edition_spec("standard").jokers) == (2, 2)
    assert (edition_spec("xp").copies, edition_spec("xp").jokers) == (3, 4)


def test_face_of_reads_a_tile() -> None:
    assert face_of(Tile(5, "O9")) == Face("O", 9)
    assert face_of(Tile(6, "J")) is JOKER
    assert face_of(Tile(7, "r2")) == Face("R", 2)
    with pytest.raises(NotationError):
        face_of(Tile(8, "Q"))


@pytest.mark.parametrize("token", ["R" + "1" * 5000, "K" + "0" * 4400 + "7" * 4400, "R٣", "R１", "Ｒ3", "R1٣"],
                         ids=["5000-digits", "zeros-then-digits", "arabic", "fullwidth-digit", "fullwidth-letter", "mixed"])
def test_numbers_are_ascii_digits_and_bounded(token):
    """int() takes Unicode digits and raises ValueError past 4,300 digits; notation does neither."""
    with pytest.raises(NotationError) as caught:
        parse_face(token)
    assert len(str(caught.value)) < 200


def test_leading_zeros_still_read_but_stay_bounded():
    assert str(parse_face("R007")) == "R7"
    with pytest.raises(NotationError, match="numbers go from 1 to 13"):
        parse_face("R0014")
