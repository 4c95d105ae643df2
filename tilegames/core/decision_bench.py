"""`tilegames bench` cases any game with computer levels can list: how long each level takes to
decide a turn, and how many games of self-play run a minute (the word games' bench modules use
them; their names end in `decision per turn, LEVEL` and `, p90`, so `--only decision` runs them).

A level's decisions are timed over seeded two-player games against the normal level, every
decision of the level under test on its own turn, asked through `choose` as every driver asks.
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Any

from tilegames.core.agents import Agent, agent_for, play_out
from tilegames.core.kernel.protocol import Action
from tilegames.core.manifest import BenchCase, BenchFigure, BenchReport
from tilegames.core.registry import get_game

GAMES = 2  # games a run plays for one level
BUDGET = 60.0  # seconds a decision may take, as the turn timer gives


class _Timed:
    """An agent that notes how long each of its decisions on its own turn took."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.times: list[float] = []

    def choose(self, view: dict[str, Any], time_budget: float) -> Action | None:
        start = time.perf_counter()
        action = self.agent.choose(view, time_budget)
        if view.get("current") == view.get("you") and action is not None:
            self.times.append(time.perf_counter() - start)
        return action


def decision_times(game_id: str, level: str, seeds: range) -> list[float]:
    """Seconds each decision of `level` took, over games against normal from `seeds`
    (played by `play_out`, as every headless game is)."""
    game = get_game(game_id)
    timed = _Timed(agent_for(game_id, level))
    for seed in seeds:
        state = game.new_game(game.config_for({}, 2), ("Tested", "Normal"), seed)
        play_out(game, state, [timed, agent_for(game_id, "normal")], time_budget=BUDGET)
    return timed.times


def _p90(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[math.ceil(0.9 * len(ordered)) - 1]


def decision_cases(game_id: str, levels: tuple[str, ...], targets: tuple[float, float]) -> list[BenchCase]:
    """Per level a case of the median decision and one of the p90 (`targets`: their targets)."""
    cases = []
    for level in levels:
        def median(level: str = level) -> float:
            return statistics.median(decision_times(game_id, level, range(1, 1 + GAMES)))

        def p90(level: str = level) -> float:
            return _p90(decision_times(game_id, level, range(1, 1 + GAMES)))

        cases += [BenchCase(f"{game_id}: decision per turn, {level}", median, target=targets[0]),
                  BenchCase(f"{game_id}: decision per turn, {level}, p90", p90, target=targets[1])]
    return cases


def self_play_case(game_id: str, level: str = "strong", games: int = 2) -> BenchCase:
    """Whole two-player games of `level` against itself: seconds a game and games a minute."""
    def run() -> BenchReport:
        game = get_game(game_id)
        start = time.perf_counter()
        for seed in range(games):
            state = game.new_game(game.config_for({}, 2), ("A", "B"), 100 + seed)
            play_out(game, state, [agent_for(game_id, level), agent_for(game_id, level)], time_budget=BUDGET)
        each = (time.perf_counter() - start) / games
        return BenchReport((BenchFigure(f"a game, {level} against {level}", each),
                            BenchFigure("games a minute", 60 / each, unit="count")))

    return BenchCase(f"{game_id}: self-play", run)
