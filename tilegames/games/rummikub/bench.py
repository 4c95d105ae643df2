"""Rummikub's `tilegames bench` cases (its manifest names this module): the initial-meld search
on large racks and a whole game of computer players."""

from __future__ import annotations

import random
import time
from typing import Callable

from tilegames.core.manifest import BenchCase
from tilegames.games.rummikub.notation import Edition, Face


def _racks(edition: Edition, size: int, count: int) -> list[list[Face]]:
    from tilegames.games.rummikub.notation import face_of, full_set

    rng = random.Random(2024)
    tiles = list(full_set(edition))
    return [[face_of(t) for t in rng.sample(tiles, size)] for _ in range(count)]


def _best_meld_40(edition: Edition) -> Callable[[], float]:
    def run() -> float:
        from tilegames.games.rummikub.meld import best_meld_value

        racks = _racks(edition, 40, 20)
        start = time.perf_counter()
        for rack in racks:
            best_meld_value(rack)
        return (time.perf_counter() - start) / len(racks)

    return run


def _can_meld_40() -> float:
    from tilegames.games.rummikub.meld import can_meld

    racks = _racks("xp", 40, 50)
    start = time.perf_counter()
    for rack in racks:
        can_meld(rack)
    return (time.perf_counter() - start) / len(racks)


def _rummikub_bot_game() -> float:
    from tilegames.games.rummikub.bot import choose_action
    from tilegames.games.rummikub.config import RummikubConfig
    from tilegames.games.rummikub.game import GAME

    start = time.perf_counter()
    for seed in range(3):
        state = GAME.new_game(RummikubConfig(), ("A", "B", "C", "D"), seed)
        while (seat := state.current) is not None:  # None exactly when the game is over
            state = GAME.apply(state, seat, choose_action(state, seat)).state
    return (time.perf_counter() - start) / 3


CASES = [
    BenchCase("rummikub: best meld of a 40-tile rack", _best_meld_40("standard"), target=0.050),
    BenchCase("rummikub: best meld, 40-tile XP rack", _best_meld_40("xp"), target=0.050),
    BenchCase("rummikub: can meld 30? 40-tile XP rack", _can_meld_40, target=0.001),
    BenchCase("rummikub: whole 4-player bot game", _rummikub_bot_game),
]
