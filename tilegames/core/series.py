"""A series of games between the same players: a Rummikub match of several rounds, or a single
game (RULES.md §1.9 for the match). Game-agnostic: it knows each game's scores and winners and
the rule that picks the series' winner, nothing of any game's rules.

* each game of a series gets its own seed, derived from the series' (`next_seed`);
* the totals are the sums of the games' scores;
* the winner is the highest total (`points`), or the most games won with the total breaking
  ties (`games_won`); players tied on both share first place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Generic, Literal, Protocol, TypeVar

WinnerRule = Literal["points", "games_won"]


class GameOutcome(Protocol):
    """What a series needs of one finished game."""

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def winners(self) -> tuple[int, ...]: ...


OutcomeT = TypeVar("OutcomeT", bound=GameOutcome)


@dataclass(frozen=True)
class Series(Generic[OutcomeT]):
    seats: tuple[str, ...]
    seed: int
    total_games: int
    winner_rule: WinnerRule = "points"
    games: tuple[OutcomeT, ...] = ()

    @property
    def is_over(self) -> bool:
        return len(self.games) >= self.total_games

    def next_seed(self) -> int:
        """Each game of a series gets its own seed, derived from the series'."""
        return self.seed * 1000 + len(self.games)

    def record(self, outcome: OutcomeT) -> "Series[OutcomeT]":
        if self.is_over:
            raise ValueError("The series is already over.")
        return replace(self, games=self.games + (outcome,))

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(g.scores[s] for g in self.games) for s in range(len(self.seats)))

    def games_won(self) -> tuple[int, ...]:
        return tuple(sum(1 for g in self.games if s in g.winners) for s in range(len(self.seats)))

    def _rank(self) -> Callable[[int], tuple[int, ...]]:
        totals, wins = self.totals(), self.games_won()
        if self.winner_rule == "games_won":
            return lambda s: (wins[s], totals[s])
        return lambda s: (totals[s],)

    def standings(self) -> list[int]:
        """Seats from first place to last under the series' winner rule."""
        return sorted(range(len(self.seats)), key=self._rank(), reverse=True)

    def winners(self) -> tuple[int, ...]:
        """The seats sharing first place."""
        rank = self._rank()
        order = self.standings()
        return tuple(s for s in order if rank(s) == rank(order[0]))

    def running_totals(self) -> list[list[int]]:
        """Everyone's total after each game, from 0 before the first (a standings chart)."""
        points = [[0] * len(self.seats)]
        for game in self.games:
            points.append([total + score for total, score in zip(points[-1], game.scores)])
        return points
