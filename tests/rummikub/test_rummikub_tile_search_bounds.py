"""The fast programme (tile_search.py) on tables holding a tile more often than the XP set has
it: joker_plays.py searches a table joker as the very tile it stands for, so a table with three
B10 and a joker standing for B10 reaches the solver as four B10. The answer must be the full
programme's (solver.py's `_full`), never an error of the search's own bookkeeping."""

from __future__ import annotations

import pytest
from test_rummikub_tile_search import assert_lays, full

from tilegames.games.rummikub.notation import parse_faces
from tilegames.games.rummikub.solver import solve


def rows(text: str) -> list[tuple]:
    return [parse_faces(row) for row in text.split(" | ")]


def test_a_table_with_four_of_a_tile_that_cannot_be_sets_is_an_error_as_in_the_full_programme():
    # Four B10 with only R10 and O10 beside them: one group, and nothing for the other three.
    rack, table = parse_faces(""), rows("B10 B10 | B10 | R10 B10 O10")
    with pytest.raises(ValueError):
        full(rack, table)
    with pytest.raises(ValueError):
        solve(rack, table)


def test_the_game_position_with_a_joker_searched_as_a_fourth_b10_is_an_error_as_in_the_full_programme():
    # Five players (the XP set), seed 164: K10 J R10 with its joker searched as B10, the
    # table's three B10 besides; the B10s cannot all be in sets.
    rack = parse_faces("R1 R3 B1")
    table = rows("K10 B10 B10 R10 | K8 R8 O8 | B10 B11 B12 | K13 R13 O13 | O6 O7 O8 | B1 B2 B3 B4 B5 B6"
                 " | O1 O2 O3 O4 O5 O6 | K6 K7 K8 | K2 R2 B2 | R10 B10 O10")
    with pytest.raises(ValueError):
        full(rack, table)
    with pytest.raises(ValueError):
        solve(rack, table, "tiles", 1 / 30)


@pytest.mark.parametrize("rack, table", [
    # four groups of 10, each with a B10: four B10 in groups
    ("O10", "K10 R10 B10 | K10 R10 B10 | K10 O10 B10 | R10 O10 B10"),
    ("O10 K11", "K10 R10 B10 | K10 R10 B10 | K10 O10 B10 | R10 O10 B10"),
    ("O10 J", "K10 R10 B10 | K10 R10 B10 | K10 O10 B10 | R10 B10 J"),
    # three B10 in runs and one in a group
    ("R9 B13", "B10 B11 B12 | B10 B11 B12 | B10 B11 B12 | R10 B10 O10"),
    # five runs of blue side by side: five tiles at each number
    ("B11", "B8 B9 B10 | B8 B9 B10 | B8 B9 B10 | B8 B9 B10 | B8 B9 B10"),
    ("B11 B11 J", "B8 B9 B10 | B8 B9 B10 | B8 B9 B10 | B8 B9 B10 | B8 B9 B10 | B8 B9 B10 | B8 B9 B10"),
    # more of a tile than the fast programme's counts hold: the full programme's
    ("B8", "B5 B6 B7 | B5 B6 B7 | B5 B6 B7 | B5 B6 B7 | B5 B6 B7 | B5 B6 B7 | B5 B6 B7 | B5 B6 B7"),
])
def test_a_position_with_more_of_a_tile_than_the_xp_set_is_solved_as_the_full_programme_solves_it(rack, table):
    rack, table = parse_faces(rack), rows(table)
    fast, expected = solve(rack, table), full(rack, table)
    assert expected is not None
    assert fast is not None and fast.tiles == expected.tiles
    assert_lays(rack, table, fast)
