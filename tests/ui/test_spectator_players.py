"""The players' panel of a game watched read-only (ui/screens/spectator.py) reads any game's view
as the spectator's facet (core/kernel/views.py): the score and the rack size where the game has
them. Nab-It! has hands, not racks: its panel used to fail on the missing rack sizes (KeyError),
so a Nab-It! game open elsewhere could not be watched."""

from __future__ import annotations

from tilegames.core.registry import get_game
from tilegames.ui.screens.spectator import _players

SEATS = ("Ann", "Bora Kim", "C")


def _panel(game_id: str) -> str:
    game = get_game(game_id)
    state = game.new_game(game.presets[next(iter(game.presets))], SEATS, 3)
    return _players(game.view(state, None)).plain


def test_a_game_with_scores_and_racks_shows_both_lined_up():
    assert _panel("scrabble") == (" Ann               0   7 tiles\n"
                                  " Bora Kim          0   7 tiles\n"
                                  ">C                 0   7 tiles")


def test_rummikub_shows_the_racks_and_no_running_score():
    assert _panel("rummikub") == (" Ann             14 tiles\n"
                                  " Bora Kim        14 tiles\n"
                                  ">C               14 tiles")


def test_nab_it_shows_the_scores_without_racks_instead_of_failing():
    assert _panel("nabit") == (" Ann               0\n"
                               " Bora Kim          0\n"
                               ">C                 0")
