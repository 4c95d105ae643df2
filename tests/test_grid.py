"""core/parts/grid.py, the reading of words along rows and columns shared by Scrabble and Nab-It!: the
geometry of a play, the words it forms or changes, the maximal lines of a sparse grid, and
whether a play touches what is on the grid."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilegames.core.parts.grid import GeometryError, maximal_lines, run_through, touches, words_formed


def cells(*rows: str, top: int = 0, left: int = 0) -> set[tuple[int, int]]:
    """Occupied cells drawn as text: any character but '.' is occupied."""
    return {(top + r, left + c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}


def test_a_play_forms_its_main_word_and_a_cross_word_through_each_tile():
    board = cells("CAT.", "..OX")
    words = words_formed(board, [(1, 2), (1, 3)])
    assert words.direction == "across" and words.main == ((1, 2), (1, 3))
    assert words.cross == (((0, 2), (1, 2)),)
    assert words.lines == (((1, 2), (1, 3)), ((0, 2), (1, 2)))


def test_a_single_tile_reads_the_way_it_makes_a_word_and_lines_leaves_out_a_one_cell_main():
    board = cells("C", "A", "T")
    words = words_formed(board, [(2, 0)])
    assert words.direction == "down" and words.main == ((0, 0), (1, 0), (2, 0)) and words.cross == ()
    lone = words_formed(cells("C"), [(0, 0)])
    assert lone.lines == ()


def test_a_tile_on_an_occupied_cell_changes_the_words_through_it_both_ways():
    """Nab-It!: stacking on the crossing cell changes both words (the cell is occupied before and after)."""
    board = cells("CAT", "U..", "B..")
    words = words_formed(board, [(0, 0)])
    assert set(words.lines) == {((0, 0), (0, 1), (0, 2)), ((0, 0), (1, 0), (2, 0))}


def test_negative_cells_read_like_any_other():
    board = cells("SUN", top=-5, left=-2)
    assert run_through(board, (-5, 0), "across") == ((-5, -2), (-5, -1), (-5, 0))
    assert words_formed(board, [(-5, -2), (-5, -1), (-5, 0)]).main == ((-5, -2), (-5, -1), (-5, 0))


def test_tiles_off_one_line_or_with_a_gap_are_refused():
    with pytest.raises(GeometryError, match="one row or one column"):
        words_formed(cells("A.", ".B"), [(0, 0), (1, 1)])
    with pytest.raises(GeometryError, match="no gaps"):
        words_formed(cells("A.B"), [(0, 0), (0, 2)])
    with pytest.raises(GeometryError, match="at least one tile"):
        words_formed(cells("A"), [])


def test_maximal_lines_are_every_line_of_two_or_more_cells_once_in_reading_order():
    board = cells("CAT.", "U..S", "BOAT", top=-1, left=-1)
    lines = maximal_lines(board)
    assert lines == (
        ((-1, -1), (-1, 0), (-1, 1)),  # CAT
        ((-1, -1), (0, -1), (1, -1)),  # CUB
        ((0, 2), (1, 2)),  # ST
        ((1, -1), (1, 0), (1, 1), (1, 2)),  # BOAT
    )
    assert maximal_lines(board, min_len=4) == (((1, -1), (1, 0), (1, 1), (1, 2)),)
    assert maximal_lines(set()) == ()


def test_a_play_touches_the_grid_by_a_neighbour_or_by_an_occupied_cell():
    board = cells("CAT")
    assert touches(board, [(1, 2)]) and touches(board, [(0, 3)]) and touches(board, [(0, 1)])
    assert not touches(board, [(1, 3), (2, 3)]) and not touches(set(), [(0, 0)])


@given(st.sets(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), max_size=30))
def test_each_occupied_cell_in_a_line_of_two_lies_in_exactly_one_maximal_line_per_direction(board):
    lines = maximal_lines(board)
    for direction in ("across", "down"):
        for cell in board:
            run = run_through(board, cell, direction)
            found = [line for line in lines if cell in line and run == line]
            assert len(found) == (1 if len(run) >= 2 else 0)
