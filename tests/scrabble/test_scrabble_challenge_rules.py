"""Challenges at the edges of the rules (RULES.md §3.8, §3.9): the play that goes out, lost
turns in games of 3 and 4, and what a challenged-off player may not learn about the bag."""

from __future__ import annotations

from scrabble_builder import act, place, position

from tilegames.games.scrabble.actions import Challenge
from tilegames.games.scrabble.config import ScrabbleConfig


# --- the play that goes out ---------------------------------------------------------------------

def going_out(mode: str):
    """Ann goes out with S on J8 (CATS, 3+1+1+1 = 6); Bora holds Q Z E (21)."""
    state = position(["S", "QZE"], board={"8G": "CAT"}, bag="", scores=[100, 120],
                     config=ScrabbleConfig(challenge_mode=mode))
    return act(state, place(state, "8G", "CATS")).state


def test_penalty_challenge_of_the_going_out_play_still_costs_the_challenger():
    out = going_out("penalty")
    assert out.awaiting_final_challenge
    outcome = act(out, Challenge(), seat=1)
    end = outcome.state.end
    assert end.reason == "out" and end.out_seat == 0
    assert end.before_adjustment == (106, 115)  # Bora: 120 - 5 for the one word challenged
    assert end.scores == (106 + 21, 115 - 21)
    assert outcome.events[0].text == "Bora challenged CATS: all valid. Bora loses 5 points."


def test_double_or_single_challenge_of_the_going_out_play_costs_nothing_more_the_game_is_over():
    for mode in ("double", "single"):
        end = act(going_out(mode), Challenge(), seat=1).state.end
        assert end.before_adjustment == (106, 120) and end.scores == (127, 99)
