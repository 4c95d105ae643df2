"""Scoring (RULES.md §4.8): a point per word controlled, per bank tile, and for playing out; a tie
is broken by the cells whose top tile is the player's own colour (blanks in their owner's
colour), and shared if that ties too."""

from __future__ import annotations

from nab_builder import across, down, position

from tilegames.games.nabit.actions import Pass
from tilegames.games.nabit.game import GAME
from tilegames.games.nabit.scoring import scores, top_tiles, winners


def finish(state):
    """Pass until the game ends (the position starts one turn short of 2 × players)."""
    while state.end is None:
        state = GAME.apply(state, state.order.current, Pass()).state
    return state


def test_the_score_is_words_controlled_plus_bank_tiles():
    grid = {**across(0, 0, "CAT"), **down(1, 0, "UB"), **across(4, 0, "SUN")}
    state = position(["AEIOD", "AEIOL"], grid, control={"CAT": 0, "CUB": 0, "SUN": 1}, banks=[1, 2], idle=3)
    assert GAME.view(state, 0)["scores"] == [3, 3]
    end = finish(state).end
    assert end.words == (2, 1) and end.banks == (1, 2) and end.scores == (3, 3)


def test_a_tie_is_won_by_the_most_top_tiles_of_the_own_colour():
    grid = across(0, 0, "SUN")
    state = position(["AEIOD", "AEIOL"], grid, owners={(0, 0): "0", (0, 1): "1", (0, 2): "1"},
                     control={"SUN": 0}, banks=[0, 1], idle=3)
    end = finish(state).end
    assert end.scores == (1, 1) and end.top_tiles == (1, 2)
    assert end.winners == (1,) and end.decided_by == "top_tiles"


def test_a_tie_on_top_tiles_as_well_is_a_shared_win():
    grid = across(0, 0, "CATS")
    state = position(["AEIOD", "AEIOL"], grid, owners={(0, 0): "0", (0, 1): "1", (0, 2): "0", (0, 3): "1"},
                     control={"CATS": 0}, banks=[0, 1], idle=3)
    end = finish(state).end
    assert end.top_tiles == (2, 2) and end.winners == (0, 1) and end.decided_by == "shared"
    assert GAME.result(finish(state)).winners == (0, 1)


def test_only_the_top_tile_counts_and_a_blank_counts_in_its_owners_colour():
    grid = {(0, 0): "Cs", **across(0, 1, "UN")}
    state = position(["AEIOD", "AEIOL"], grid, owners={(0, 0): "01", (0, 1): "0", (0, 2): "0"})
    assert top_tiles(state.cells(), 2) == (2, 1)


def test_the_player_who_plays_out_scores_one_more():
    assert scores({((0, 0), (0, 1)): 1}, [0, 0], out_seat=0) == (1, 1)


def test_the_highest_total_wins_outright():
    assert winners([3, 5, 4], [9, 0, 0]) == ((1,), "points")
