"""Rummikub positions and moves in scenario notation (games/rummikub/scenario.py)."""

from __future__ import annotations

import pytest

from tilegames.core.scenarios.notation import ScenarioError
from tilegames.games.rummikub.actions import Draw, Play, Redeal
from tilegames.games.rummikub.config import PRESETS
from tilegames.games.rummikub.scenario import RummikubScenario

NOTATION = RummikubScenario()
SEATS = ("Ann", "Bob")


def build(**position):
    return NOTATION.position(PRESETS["sabra"], SEATS, position, 7)


def test_a_position_uses_every_tile_of_the_set_exactly_once():
    state = build(racks={"Ann": "R1 R1 J"}, table=["K5 K6 K7"], pool="O9 B2")
    tiles = [t for rack in state.racks for t in rack] + [t for row in state.table for t in row] + list(state.bag.tiles)
    assert len(tiles) == 106 and len({t.id for t in tiles}) == 106
    assert [t.face for t in state.bag.tiles[:2]] == ["O9", "B2"]
    assert len(state.racks[1]) == 14  # Bob, not named, is dealt 14


def test_a_third_copy_of_a_tile_is_refused_naming_the_key():
    with pytest.raises(ScenarioError, match=r"position.racks.Ann: the set has only 2 R1 tiles"):
        build(racks={"Ann": "R1 R1 R1"})


def test_a_table_row_that_is_not_a_set_is_refused():
    with pytest.raises(ScenarioError, match=r"position.table: set 1 \(R1 B5 K9\) is not a set"):
        build(table=["R1 B5 K9"])


def test_play_keeps_the_sets_on_the_table_as_the_same_tiles():
    state = build(racks={"Ann": "R7 B7 O7 K7"}, table=["R7 R8 R9"], melded=["Ann"])
    action = NOTATION.move(state, 0, "play R7 B7 O7")
    assert isinstance(action, Play)
    assert action.sets[0] == tuple(t.id for t in state.table[0])
    rack_ids = {t.id for t in state.racks[0]}
    assert all(tid in rack_ids for tid in action.sets[1])


def test_plain_moves_and_an_unreadable_one():
    state = build(racks={"Ann": "R1"})
    assert NOTATION.move(state, 0, "draw") == Draw() and NOTATION.move(state, 0, "Keep") == Redeal(False)
    with pytest.raises(ScenarioError, match="is not a Rummikub move"):
        NOTATION.move(state, 0, "discard R1")


def test_describe_writes_what_position_reads():
    state = build(racks={"Ann": "O13 R2", "Bob": "K1"}, table=["B3 B4 B5"], melded=["Bob"], turn="Bob")
    described = NOTATION.describe(state)
    assert described["racks"] == {"Ann": "O13 R2", "Bob": "K1"}
    assert described["table"] == ["B3 B4 B5"] and described["melded"] == ["Bob"] and described["turn"] == "Bob"
    assert described["pool_size"] == 106 - 6
    assert NOTATION.normalize("racks.Ann", "o13 r2") == NOTATION.normalize("racks.Ann", "R2 O13")
