"""Computer seats and their levels (core/computer_seats.py): the names typed, the names given."""

from __future__ import annotations

import pytest

from tilegames.core.agents import agent_for, agent_for_seat
from tilegames.core.computer_seats import LEVELS, computer_level, is_computer, next_kind, seat_names
from tilegames.core.errors import BadRecord


def test_cpu_with_a_level_is_named_with_the_level_beside_it():
    assert seat_names(["Ann", "cpu:strong"], LEVELS) == ("Ann", "CPU (strong)")
    assert seat_names(["cpu", "Ann", "CPU:easy"], LEVELS) == ("CPU 1 (normal)", "Ann", "CPU 2 (easy)")


def test_a_game_without_levels_keeps_plain_cpu_names_and_refuses_a_level():
    assert seat_names(["Ann", "cpu"]) == ("Ann", "CPU")
    with pytest.raises(ValueError, match="one level"):
        seat_names(["Ann", "cpu:strong"])


def test_an_unknown_level_is_refused_with_the_levels_named():
    with pytest.raises(ValueError, match="easy, normal, strong"):
        seat_names(["Ann", "cpu:hard"], LEVELS)


def test_the_level_is_read_back_from_the_name_and_bare_cpu_plays_normal():
    assert computer_level("CPU 2 (strong)") == "strong"
    assert computer_level("CPU") == "normal"
    assert computer_level("Cpuella") is None and not is_computer("Ann")


def test_switching_a_seat_goes_person_then_each_level_then_person():
    kinds = ["Ann"]
    for _ in range(4):
        kinds.append(next_kind(kinds[-1], LEVELS) or "Ann")
    assert kinds == ["Ann", "cpu:normal", "cpu:easy", "cpu:strong", "Ann"]
    assert next_kind("Ann", ()) == "cpu" and next_kind("cpu", ()) == ""


def test_each_rummikub_seat_gets_the_player_of_its_level():
    assert agent_for_seat("rummikub", "CPU 1 (easy)").level == "easy"  # type: ignore[attr-defined]
    assert agent_for_seat("rummikub", "CPU").level == "normal"  # type: ignore[attr-defined]
    with pytest.raises(BadRecord):
        agent_for("rummikub", "hard")
