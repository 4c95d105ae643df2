"""A Rummikub match (RULES.md §1.9): a series (core/series.py) of as many rounds as chosen, a
round being one game per player, won on points or on games won (`match_winner`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tilegames.core.series import Series
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.state import GameEnd


@dataclass(frozen=True)
class Match:
    config: RummikubConfig
    seats: tuple[str, ...]
    seed: int
    games: tuple[GameEnd, ...] = ()

    @property
    def series(self) -> Series[GameEnd]:
        return Series(self.seats, self.seed, self.total_games, self.config.match_winner, self.games)

    @property
    def games_per_round(self) -> int:
        return len(self.seats)

    @property
    def total_games(self) -> int:
        return self.games_per_round * self.config.rounds

    @property
    def is_over(self) -> bool:
        return self.series.is_over

    def next_seed(self) -> int:
        return self.series.next_seed()

    def record(self, end: GameEnd) -> "Match":
        if self.is_over:
            raise ValueError("The match is already over.")
        return replace(self, games=self.games + (end,))

    def totals(self) -> tuple[int, ...]:
        return self.series.totals()

    def games_won(self) -> tuple[int, ...]:
        return self.series.games_won()

    def standings(self) -> list[int]:
        return self.series.standings()

    def winners(self) -> tuple[int, ...]:
        return self.series.winners()
