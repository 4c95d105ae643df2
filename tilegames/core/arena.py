"""Computer levels played against each other, seeded and headless (`tilegames arena`,
DESIGN.md §7a: every strength claim comes from here).

Why it is built this way:

* **Nothing of any game.** The seats, their levels and names come from the manifest's `levels`
  and core/computer_seats.py, the agents from core/agents.py (`agent_for_seat`, `play_out`), the
  result from the game's own `result` and its series rule (core/kernel/series.py). A game that
  gets levels gets an arena with no change here.
* **A game is what the app deals as a new game.** When a game's rules play a new game as a
  match of several (`series_length`), one arena game is the whole match, dealt as the app deals
  it (`Series.next_seed`), and its winner and totals are the match's (`Series.winners`,
  `Series.totals`): a level is judged on what a player of it would be judged on.
* **Reproducible.** Game i is dealt from `derive(seed, "arena/i")`, so the same command gives
  the same games, and the first k games of a longer run are the k games of a shorter one.
  (A level whose search is cut by its time budget may still choose differently on a slower
  machine.)
* **Fair seating.** Game i seats the entries rotated by i mod n, so each entry sits in each
  position equally often; every figure is the entry's (its level, its name), never a position's.
* **Honest figures.** A tie for first shares the win (half each for two); the rate comes with
  its 95% Wilson interval, which stays inside [0, 1] and means something for a few dozen games
  or a rate near 0 or 1, where the normal approximation does not.

Pure logic, no printing: commands/arena.py reads the command line and prints.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from statistics import NormalDist
from typing import Any

from tilegames.core.agents import (
    DEFAULT_TIME_BUDGET,
    Agent,
    AnyGame,
    agent_for_seat,
    play_out,
)
from tilegames.core.computer_seats import seat_names, typed_level
from tilegames.core.errors import BadRecord
from tilegames.core.kernel.series import GameRecord, new_series
from tilegames.core.registry import get_game, manifest, manifests
from tilegames.core.seeds import derive
from tilegames.core.text.i18n import _

Z95 = NormalDist().inv_cdf(0.975)  # 1.959964…: a two-sided 95% interval


class ArenaRefused(ValueError):
    """An arena that cannot be played as asked; the message is the one sentence the user reads."""


@dataclass(frozen=True)
class Entry:
    """One seat as asked for: what was typed, normalised (`cpu:strong`), its level, and the
    name the game gives it (`CPU 1 (strong)`), which it keeps wherever it sits."""

    seat: str
    level: str
    name: str


@dataclass(frozen=True)
class Played:
    """One arena game, told by entry: `order[position]` is the entry sitting there; `shares`
    and `scores` are each entry's part of the win and final score (the match's total)."""

    seed: int
    order: tuple[int, ...]
    shares: tuple[float, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Tally:
    """One entry's figures over the arena."""

    entry: Entry
    wins: float
    rate: float
    interval: tuple[float, float]
    average_score: float


@dataclass(frozen=True)
class ArenaResult:
    game_id: str
    seed: int
    time_budget: float
    games_per_match: int
    entries: tuple[Entry, ...]
    played: tuple[Played, ...]
    seconds: float  # wall time of all the games

    @property
    def games(self) -> int:
        return len(self.played)

    @property
    def seconds_per_game(self) -> float:
        return self.seconds / self.games if self.played else 0.0

    def tallies(self) -> list[Tally]:
        count = self.games
        tallies = []
        for n, entry in enumerate(self.entries):
            wins = sum(p.shares[n] for p in self.played)
            score = sum(p.scores[n] for p in self.played) / count if count else 0.0
            tallies.append(Tally(entry, wins, wins / count if count else 0.0, wilson(wins, count), score))
        return tallies

    def to_json(self) -> dict[str, Any]:
        """What `--json` prints (rates and intervals to four places, scores to two)."""
        return {
            "game": self.game_id, "games": self.games, "seed": self.seed,
            "time_budget": self.time_budget, "games_per_match": self.games_per_match,
            "seats": [{"seat": t.entry.seat, "name": t.entry.name, "wins": t.wins, "rate": round(t.rate, 4),
                       "interval": [round(t.interval[0], 4), round(t.interval[1], 4)],
                       "average_score": round(t.average_score, 2)} for t in self.tallies()],
            "seconds_per_game": round(self.seconds_per_game, 3),
        }


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of `successes` in `trials` (a tie's half win counts
    as half a success); (0, 1) when nothing was tried."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials))
    low = 0.0 if p == 0 else max(0.0, centre - half)  # exactly 0 (and 1), not a rounding error away
    high = 1.0 if p == 1 else min(1.0, centre + half)
    return (low, high)


def leveled_games() -> list[str]:
    """The ids of the games whose computer player has levels: the games an arena can play."""
    return [m.id for m in manifests() if m.levels]


def arena_entries(game_id: str, typed: Sequence[str]) -> tuple[Entry, ...]:
    """The entries for the seats typed (`cpu`, `cpu:LEVEL`), or ArenaRefused saying why not:
    an unknown game or one without levels, a seat that is not the computer's, a level the game
    lacks, fewer seats than two or than the game is played by, more than it allows."""
    known = ", ".join(leveled_games()) or "none"
    try:
        found = manifest(game_id)
    except BadRecord:
        raise ArenaRefused(_("Unknown game {game} (games with computer levels: {known}).").format(
            game=repr(game_id), known=known)) from None
    if not found.levels:
        raise ArenaRefused(_("{title}'s computer player has no levels to match against each other (games "
                             "with levels: {known}).").format(title=_(found.title), known=known))  # i18n: marked
    seats = [text.strip() for text in typed]
    people = [text for text in seats if typed_level(text) is None]
    if people:
        raise ArenaRefused(_("Every arena seat is the computer's: write cpu or cpu:LEVEL, not {seat}.").format(
            seat=repr(people[0][:30])))
    if len(seats) < 2:
        raise ArenaRefused(_("An arena needs at least two seats, e.g. --seats cpu:strong,cpu:easy."))
    game = get_game(game_id)
    if not game.min_seats <= len(seats) <= game.max_seats:
        raise ArenaRefused(_("{title} is played by {least} to {most} players, not {count}.").format(
            title=_(game.title), least=game.min_seats, most=game.max_seats, count=len(seats)))  # i18n: marked
    try:
        names = seat_names(seats, found.levels)
    except ValueError as exc:
        raise ArenaRefused(str(exc)) from None
    levels = [typed_level(text) or "" for text in seats]
    return tuple(Entry(f"cpu:{level}", level, name) for level, name in zip(levels, names))


def arena_config(game: AnyGame, seat_count: int) -> Any:
    """The game's default config with its turn timer off (nobody is waiting on a computer);
    ArenaRefused if the game will not be set up for this many players."""
    preset = next(iter(game.presets.values()))
    timer_off = {"turn_seconds": None} if "turn_seconds" in {f.name for f in fields(preset)} else {}
    try:
        return game.config_for(timer_off, seat_count)
    except ValueError as exc:
        raise ArenaRefused(str(exc)) from None


def game_seed(seed: int, number: int) -> int:
    """The seed game `number` (from 1) of an arena of `seed` is dealt from."""
    return derive(seed, f"arena/{number}")


def seating(index: int, count: int) -> tuple[int, ...]:
    """Which entry sits at each position in game `index` (from 0): the entries rotated by
    index mod count, so each starts from each position equally often."""
    return tuple((position + index) % count for position in range(count))


def play_one(game: AnyGame, config: Any, entries: Sequence[Entry], agents: Sequence[Agent], seed: int,
             order: tuple[int, ...], time_budget: float) -> Played:
    """One arena game (a whole match when the game plays matches), the entries seated in
    `order`, its result told by entry."""
    names = tuple(entries[e].name for e in order)
    seated = [agents[e] for e in order]
    series = new_series(game, config, names, seed)
    while not series.is_over:
        state = game.new_game(config, names, series.next_seed())
        end = play_out(game, state, seated, time_budget=time_budget).state
        result = game.result(end)
        if result is None:
            raise RuntimeError("play_out returned a game that is not over")
        series = series.record(GameRecord(result.scores, result.winners))
    winners = series.winners()
    totals = series.totals()
    shares = [0.0] * len(entries)
    scores = [0] * len(entries)
    for position, entry in enumerate(order):
        scores[entry] = totals[position]
        if position in winners:
            shares[entry] = 1 / len(winners)
    return Played(seed, order, tuple(shares), tuple(scores))


def play_arena(game_id: str, entries: Sequence[Entry], games: int, seed: int,
               time_budget: float = DEFAULT_TIME_BUDGET,
               on_game: Callable[[Played], None] | None = None) -> ArenaResult:
    """`games` seeded games of `game_id` between `entries` (from `arena_entries`); `on_game`
    is told of each as it ends (a progress bar)."""
    if games < 1:
        raise ArenaRefused(_("An arena plays at least one game: give --games 1 or more."))
    game = get_game(game_id)
    config = arena_config(game, len(entries))
    agents = [agent_for_seat(game_id, entry.name) for entry in entries]
    played: list[Played] = []
    start = time.perf_counter()
    for index in range(games):
        one = play_one(game, config, entries, agents, game_seed(seed, index + 1),
                       seating(index, len(entries)), time_budget)
        played.append(one)
        if on_game is not None:
            on_game(one)
    seconds = time.perf_counter() - start
    return ArenaResult(game_id, seed, time_budget, game.series_length(config, len(entries)), tuple(entries),
                       tuple(played), seconds)
