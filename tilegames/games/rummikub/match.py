"""A match: rounds of games, cumulative scores and the final winner (RULES.md §1.9).

A round is as many games as there are players; the number of rounds is chosen before the
start. The winner is the highest cumulative score (`match_winner = "points"`, the Korean
rulebook) or the most games won with the cumulative score breaking ties (`"games_won"`,
the English rulebook).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.state import GameEnd


@dataclass(frozen=True)
class Match:
    config: RummikubConfig
    seats: tuple[str, ...]
    seed: int
    games: tuple[GameEnd, ...] = ()

    @property
    def games_per_round(self) -> int:
        return len(self.seats)

    @property
    def total_games(self) -> int:
        return self.games_per_round * self.config.rounds

    @property
    def is_over(self) -> bool:
        return len(self.games) >= self.total_games

    def next_seed(self) -> int:
        """Each game of a match gets its own seed, derived from the match's."""
        return self.seed * 1000 + len(self.games)

    def record(self, end: GameEnd) -> "Match":
        if self.is_over:
            raise ValueError("The match is already over.")
        return replace(self, games=self.games + (end,))

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(g.scores[s] for g in self.games) for s in range(len(self.seats)))

    def games_won(self) -> tuple[int, ...]:
        return tuple(sum(1 for g in self.games if s in g.winners) for s in range(len(self.seats)))

    def standings(self) -> list[int]:
        """Seats from first place to last under the match's winner rule."""
        totals, wins = self.totals(), self.games_won()
        key: Callable[[int], tuple[int, ...]]
        if self.config.match_winner == "games_won":
            key = lambda s: (wins[s], totals[s])  # noqa: E731
        else:
            key = lambda s: (totals[s],)  # noqa: E731
        return sorted(range(len(self.seats)), key=key, reverse=True)

    def winners(self) -> tuple[int, ...]:
        """The seats sharing first place (ties share the match)."""
        totals, wins = self.totals(), self.games_won()
        order = self.standings()
        top = order[0]
        if self.config.match_winner == "games_won":
            return tuple(s for s in order if (wins[s], totals[s]) == (wins[top], totals[top]))
        return tuple(s for s in order if totals[s] == totals[top])
