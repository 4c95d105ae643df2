"""Rummikub Word positions and moves in scenario notation (games/word_rummikub/scenario.py)."""

from __future__ import annotations

import pytest

from tilegames.core.scenarios.notation import ScenarioError
from tilegames.games.word_rummikub.actions import Play
from tilegames.games.word_rummikub.config import PRESETS
from tilegames.games.word_rummikub.scenario import WordRummikubScenario

NOTATION = WordRummikubScenario()
SEATS = ("Ann", "Bob")


def build(**position):
    return NOTATION.position(PRESETS["standard"], SEATS, position, 3)


def test_a_lower_case_letter_on_the_table_is_a_joker_standing_for_it():
    state = build(table=["RECOvER"], racks={"Ann": "AB*"})
    row = state.table.rows[0]
    assert row[4].face == "*" and state.table.letters == {row[4].id: "V"}
    assert NOTATION.describe(state)["table"] == ["RECOvER"]
    assert state.tile_count == 112


def test_a_tile_that_is_not_a_letter_is_refused_naming_the_key():
    with pytest.raises(ScenarioError, match=r"position.racks.Ann: '7' is not a tile"):
        build(racks={"Ann": "AB7"})


def test_a_move_names_the_jokers_letter():
    state = build(racks={"Ann": "CAT*"}, melded=["Ann"])
    action = NOTATION.move(state, 0, "play CAsT")
    assert isinstance(action, Play) and len(action.words) == 1
    joker = next(t for t in state.racks[0] if t.face == "*")
    assert [(j.tile_id, j.letter) for j in action.jokers] == [(joker.id, "S")]


def test_racks_compare_in_any_order_with_jokers_last():
    assert NOTATION.normalize("racks.Ann", "*e a") == "AE*"
