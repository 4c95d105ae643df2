"""A series of games (core/kernel/series.py): seeds per game, totals, and the winner by points or by
games won, for any game."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tilegames.core.seeds import derive
from tilegames.core.kernel.series import Series


@dataclass(frozen=True)
class End:
    scores: tuple[int, ...]
    winners: tuple[int, ...]


def test_each_game_of_a_series_gets_its_own_seed_and_the_totals_add_up():
    series = Series(("A", "B"), seed=4, total_games=2)
    assert series.next_seed() == derive(4, "game/1")
    series = series.record(End((10, -10), (0,)))
    assert series.next_seed() == derive(4, "game/2") and series.totals() == (10, -10) and not series.is_over
    series = series.record(End((-30, 30), (1,)))
    assert series.is_over and series.totals() == (-20, 20)
    assert series.running_totals() == [[0, 0], [10, -10], [-20, 20]]
    with pytest.raises(ValueError):
        series.record(End((0, 0), (0,)))


def test_the_winner_is_the_best_total_or_the_most_games_won():
    games = (End((5, -5, 0), (0,)), End((6, -6, 0), (0,)), End((-40, 40, 0), (1,)))
    by_points = Series(("A", "B", "C"), 1, 3, "points", games)
    by_games = Series(("A", "B", "C"), 1, 3, "games_won", games)
    assert by_points.winners() == (1,) and by_points.standings() == [1, 2, 0]
    assert by_games.winners() == (0,) and by_games.standings()[0] == 0


def test_players_tied_on_everything_share_first_place():
    series = Series(("A", "B"), 1, 2, "points", (End((5, -5), (0,)), End((-5, 5), (1,))))
    assert series.winners() == (0, 1)
