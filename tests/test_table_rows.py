"""The row-editing draft shared by Rummikub and Rummikub Word."""

from __future__ import annotations

import pytest

from tilegames.core.errors import IllegalMove
from tilegames.core.parts.table_rows import JoinRows, MoveTile, RowsDraft, SplitRow, apply_edit
from tilegames.core.parts.tiles import make_tiles

T = make_tiles(["R1", "R2", "R3", "R4", "B5", "B6"])


def draft() -> RowsDraft:
    # Rack: R4 B5 B6; table: one row R1 R2 R3.
    return RowsDraft.start(T[3:], (T[:3],))


def faces(d: RowsDraft) -> tuple[list[str], list[list[str]]]:
    return [t.face for t in d.rack], [[t.face for t in row] for row in d.rows]


def test_rack_tile_goes_to_the_end_of_a_row_or_a_given_position():
    d = apply_edit(draft(), MoveTile(3, 0))
    assert faces(d)[1] == [["R1", "R2", "R3", "R4"]]
    d = apply_edit(d, MoveTile(4, 0, index=0))
    assert faces(d)[1] == [["B5", "R1", "R2", "R3", "R4"]]


def test_moving_to_one_past_the_last_row_starts_a_new_row():
    d = apply_edit(draft(), MoveTile(5, 1))
    assert faces(d)[1] == [["R1", "R2", "R3"], ["B6"]]


def test_own_tile_can_come_back_to_the_rack_but_a_table_tile_never():
    d = apply_edit(draft(), MoveTile(3, 0))
    d = apply_edit(d, MoveTile(3, None))
    assert faces(d)[0] == ["B5", "B6", "R4"]
    with pytest.raises(IllegalMove, match="R1 was on the table"):
        apply_edit(d, MoveTile(0, None))


def test_emptied_rows_disappear():
    d = apply_edit(draft(), MoveTile(5, 1))
    d = apply_edit(d, MoveTile(5, None))
    assert len(d.rows) == 1


def test_split_and_join_rows():
    d = apply_edit(draft(), SplitRow(0, 1))
    assert faces(d)[1] == [["R1"], ["R2", "R3"]]
    d = apply_edit(d, JoinRows(1, 0))
    assert faces(d)[1] == [["R2", "R3", "R1"]]


@pytest.mark.parametrize(
    "edit, message",
    [
        (SplitRow(0, 0), "split between two"),
        (SplitRow(0, 3), "split between two"),
        (SplitRow(2, 1), "no row 3"),
        (JoinRows(0, 0), "joined to itself"),
        (JoinRows(0, 5), "no row 6"),
        (MoveTile(99, 0), "neither on your rack"),
        (MoveTile(3, 7), "no row 8"),
    ],
)
def test_impossible_edits_are_refused_with_a_sentence(edit, message):
    with pytest.raises(IllegalMove, match=message):
        apply_edit(draft(), edit)


def test_placed_lists_own_tiles_on_the_table():
    d = apply_edit(apply_edit(draft(), MoveTile(4, 1)), MoveTile(5, 1))
    assert [t.face for t in d.placed()] == ["B5", "B6"]
