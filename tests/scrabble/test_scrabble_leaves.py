"""Leave values (games/scrabble/leaves.py) and the self-play fit that makes them (leavefit.py)."""

from __future__ import annotations

import random

from tilegames.games.scrabble import leavefit
from tilegames.games.scrabble.leaves import leave_value


def test_keeping_nothing_is_worth_nothing_and_order_does_not_matter():
    assert leave_value("") == 0.0
    assert leave_value("ERS") == leave_value("SRE")


def test_a_blank_is_worth_most_and_a_q_without_a_u_costs():
    assert leave_value("?") > leave_value("S") > leave_value("V")
    assert leave_value("QU") > leave_value("Q")
    assert leave_value("Q?") > leave_value("Q")  # a blank can be the U


def test_a_letter_held_twice_costs_more_than_two_apart():
    assert leave_value("EE") < leave_value("E") + leave_value("E")
    assert leave_value("AEIOU") < leave_value("AEIRT")  # all vowels


def test_the_fit_finds_the_weight_of_a_tile_that_adds_to_the_score():
    rng = random.Random(5)
    faces = "AEIRSTNLO"
    samples = []
    for _ in range(400):
        rack = "".join(rng.choice(faces) for _ in range(7))
        samples.append((rack, 20 + 8 * rack.count("S") - 3 * rack.count("O")))
    worth, extra = leavefit.fit(samples)
    assert worth["S"] - worth["A"] > 7 and worth["A"] - worth["O"] > 2
    assert set(extra) == set(leavefit.EXTRA)
