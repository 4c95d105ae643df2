"""A series of games between the same players: a Rummikub match of several rounds, or a single
game (RULES.md §1.9 for the match). Game-agnostic: it knows each game's scores and winners and
the rule that picks the series' winner, nothing of any game's rules.

* each game of a series gets its own seed, a keyed hash of the series' (`next_seed`);
* the totals are the sums of the games' scores;
* the winner is the highest total (`points`), or the most games won with the total breaking
  ties (`games_won`); players tied on both share first place.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Generic, Literal, Mapping, Protocol, TypeVar

from tilegames.core.errors import BadRecord
from tilegames.core.seeds import derive
from tilegames.core.text.i18n import _

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
        """The seed the next game is dealt from. A game played on its own is dealt from the seed
        itself (`play --seed 5` deals what a seed-5 game is); game n of a longer series from
        `derive(seed, "game/n")` whatever the seed, so one game's seed, which its journal keeps,
        tells nothing of the series' or of its other games (core/seeds.py). Saved games keep
        their own seeds in their headers, so matches saved when it was `seed * 1000 + n` still
        resume; only games dealt from now on are dealt the new way."""
        if self.total_games == 1:
            return self.seed
        return derive(self.seed, f"game/{len(self.games) + 1}")

    def record(self, outcome: OutcomeT) -> "Series[OutcomeT]":
        if self.is_over:
            raise ValueError(_("The series is already over."))
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


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a series as its journal keeps it: the scores and winners the series
    adds up, and the game's whole result view (`details`) for the summary to show."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {**self.details, "scores": list(self.scores), "winners": list(self.winners)}

    @classmethod
    def from_json(cls, data: Any, seats: int, where: str) -> "GameRecord":
        """Checked like any data from outside: BadRecord saying where, for anything unusable."""
        if not isinstance(data, dict):
            raise BadRecord(_("{where}: expected an object.").format(where=where))
        scores, winners = data.get("scores"), data.get("winners")
        if not (isinstance(scores, list) and len(scores) == seats
                and all(type(x) is int and abs(x) < 10**9 for x in scores)):
            raise BadRecord(_("{where}.scores: expected {seats} whole numbers.").format(where=where, seats=seats))
        if not (isinstance(winners, list) and all(type(w) is int and 0 <= w < seats for w in winners)):
            raise BadRecord(_("{where}.winners: expected seat numbers below {seats}.").format(where=where, seats=seats))
        return cls(tuple(scores), tuple(winners), data)


class SeriesRules(Protocol):
    """What a game says about the series its games are played in (core/kernel/protocol.py's Game)."""

    def series_length(self, config: Any, seat_count: int) -> int: ...

    def series_winner_rule(self, config: Any) -> WinnerRule: ...


def new_series(game: SeriesRules, config: Any, seats: tuple[str, ...], seed: int,
               games: tuple[GameRecord, ...] = ()) -> Series[GameRecord]:
    """The series a new game of `config` starts (or a saved one goes on with): as many games
    as the game's rules say, won by its rule."""
    return Series(seats, seed, game.series_length(config, len(seats)), game.series_winner_rule(config), games)
