"""Rummikub's `tilegames bench` cases (its manifest names this module): the initial-meld search
on large racks, a whole game of computer players, and the solver on 1,000 fixed positions,
against the rummikub-solver package when it is installed."""

from __future__ import annotations

import importlib
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from tilegames.core.manifest import BenchCase, BenchFigure, BenchReport
from tilegames.games.rummikub.notation import COLOURS, HIGHEST, JOKER, Edition, Face
from tilegames.games.rummikub.positions import Position, positions


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


# --- the solver on 1,000 positions, ours and rummikub-solver's ------------------------------

SOLVER_POSITIONS = 1000  # how many of positions() a pass solves (the tests ask for a few)
SOLVER_TARGETS = {"median": 0.001, "p90": 0.005}
INSTALL = "pip install 'tilegames[bench]' (in a checkout: pip install -e '.[bench]')"
EXAMPLES = 3  # positions named in a note, of each disagreement
# rummikub-solver's colour (its Colour's name) for each of ours.
THEIR_COLOURS = {"K": "BLACK", "R": "RED", "B": "BLUE", "O": "ORANGE"}


def _spread(times: Sequence[float]) -> dict[str, float]:
    """The median, the 90th percentile (nearest rank: 900th of 1,000) and the slowest."""
    ordered = sorted(times)
    return {"median": statistics.median(ordered), "p90": ordered[math.ceil(0.9 * len(ordered)) - 1],
            "max": ordered[-1]}


def _ours(chosen: Sequence[Position]) -> tuple[list[float], list[int]]:
    """Our solve time and tiles laid (0 when it lays none) at each position, tile mode. One
    untimed solve first, so the figures are of a solver in use, not of its first call. The
    search alone is timed (`keep_sets=False`): the tie-break that keeps the table's sets as
    they are runs a few more searches, and the MILP has no such tie-break."""
    from tilegames.games.rummikub.solver import solve

    solve(chosen[0].rack, chosen[0].table, keep_sets=False)
    times, tiles = [], []
    for position in chosen:
        start = time.perf_counter()
        found = solve(position.rack, position.table, keep_sets=False)
        times.append(time.perf_counter() - start)
        tiles.append(0 if found is None else found.tiles)
    return times, tiles


class _Theirs:
    """rummikub-solver (PyPI) on one MILP backend, asked as its own documentation shows: a
    GameState from its RuleSet with the table's and the rack's tiles, not an opening player,
    solved for the most tiles (SolverMode.TILE_COUNT).

    Its tiles are numbers: colour by colour in its Colour order (black, blue, orange, red: not
    ours, K R B O), 1-13 within a colour, the joker last (53); `numbers` maps each of our faces
    to its number by the colour's name and the value, so no order is assumed.

    Imported by name (importlib), not by an import statement: it is an optional extra, and the
    type checker and the import contracts must read this module alike with or without it."""

    def __init__(self, package: Any, backend: Any) -> None:
        self.name = str(backend)
        self._package = package
        self._rules = package.RuleSet(solver_backend=backend)
        ours = {name: letter for letter, name in THEIR_COLOURS.items()}
        self.numbers: dict[Face, int] = {}
        for tile in self._rules.tiles:
            face = JOKER if isinstance(tile, package.Joker) else Face(ours[tile.colour.name], int(tile.value))
            self.numbers[face] = int(tile)
        assert len(self.numbers) == len(COLOURS) * HIGHEST + 1, "rummikub-solver's standard set is ours"

    def tiles(self, rack: Sequence[Face], table: Sequence[Sequence[Face]]) -> int:
        """How many rack tiles it lays; 0 when it finds no play (or the table none at all)."""
        state = self._rules.new_game()
        state.add_table(*(self.numbers[face] for row in table for face in row))
        state.add_rack(*(self.numbers[face] for face in rack))
        state.initial = False
        found = self._rules.solve(state, self._package.SolverMode.TILE_COUNT)
        return 0 if found is None else len(found.tiles)

    def timed(self, chosen: Sequence[Position]) -> tuple[list[float], list[int]]:
        """Its time and tiles at each position, the time counting its GameState being built
        (our solver's is taking our faces). The first solve on a backend, where cvxpy
        compiles the programme, was made when the backend was set up, untimed."""
        times, tiles = [], []
        for position in chosen:
            start = time.perf_counter()
            laid = self.tiles(position.rack, position.table)
            times.append(time.perf_counter() - start)
            tiles.append(laid)
        return times, tiles


_THEIRS: list[_Theirs] = []


def theirs() -> list[_Theirs] | None:
    """rummikub-solver on each MILP backend cvxpy has installed (HiGHS, GLPK_MI, SciPy, ...),
    by name; None when the package is not installed. Set up once per process, each with one
    untimed solve (its first compiles cvxpy's programme; HiGHS then prints its banner, kept
    off the bench's table)."""
    try:
        package = importlib.import_module("rummikub_solver")
    except ImportError:
        return None
    if not _THEIRS:
        for backend in sorted(package.MILPSolver.supported(), key=str):
            solver = _Theirs(package, backend)
            with _quiet():
                solver.tiles([Face("K", 4)], [[Face("K", n) for n in (1, 2, 3)]])
            _THEIRS.append(solver)
    return _THEIRS


@contextmanager
def _quiet() -> Iterator[None]:
    """Standard output sent to /dev/null at the file descriptor, not just sys.stdout: a solver
    library's C code writes there directly."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def _rummikub_solver() -> BenchReport:
    """Our solver over the fixed positions (tile mode): its median, p90 and max, against the
    targets; then, when rummikub-solver is installed, the same positions by it on each
    backend in the same run, the ratios of ours to its, and where either lays fewer tiles.
    Fewer tiles from it at a table holding a joker is its known gap (it leaves out sets with a
    joker at a long run's end or in a group of 4); more tiles from it would be a bug in ours,
    so those positions are named (a few of each), as `tilegames rummikub solve` takes them."""
    chosen = positions()[:SOLVER_POSITIONS]
    ours_times, ours_tiles = _ours(chosen)
    ours = _spread(ours_times)
    figures = [BenchFigure(f"ours, {k}", v, target=SOLVER_TARGETS.get(k)) for k, v in ours.items()]
    solvers = theirs()
    if solvers is None:
        skipped = f"rummikub-solver is not installed: the comparison with it was skipped; to run it: {INSTALL}"
        return BenchReport(tuple(figures), (skipped,))
    package = importlib.import_module("rummikub_solver")
    names = ", ".join(s.name for s in solvers) or "none"
    notes = [f"rummikub-solver {package.__version__} on the same {len(chosen)} positions; backends: {names}"]
    for solver in solvers:
        times, tiles = solver.timed(chosen)
        spread = _spread(times)
        figures += [BenchFigure(f"{solver.name}, {k}", v) for k, v in spread.items()]
        figures += [BenchFigure(f"ours/{solver.name}, {k}", ours[k] / spread[k], unit="x") for k in spread]
        fewer = [i for i, (a, b) in enumerate(zip(ours_tiles, tiles)) if a < b]
        more = [i for i, (a, b) in enumerate(zip(ours_tiles, tiles)) if a > b]
        figures += [BenchFigure(f"ours lays fewer than {solver.name}", len(fewer), unit="count"),
                    BenchFigure(f"{solver.name} lays fewer than ours", len(more), unit="count")]
        for kind, found in (("MORE tiles than ours (a bug in ours)", fewer), ("fewer tiles than ours", more)):
            notes += [f"{solver.name} lays {kind}, ours {ours_tiles[i]} and its {tiles[i]}: {chosen[i]}"
                      for i in found[:EXAMPLES]]
    return BenchReport(tuple(figures), tuple(notes))


CASES = [
    BenchCase("rummikub: best meld of a 40-tile rack", _best_meld_40("standard"), target=0.050),
    BenchCase("rummikub: best meld, 40-tile XP rack", _best_meld_40("xp"), target=0.050),
    BenchCase("rummikub: can meld 30? 40-tile XP rack", _can_meld_40, target=0.001),
    BenchCase("rummikub: whole 4-player bot game", _rummikub_bot_game),
    BenchCase("rummikub-solver", _rummikub_solver),
]
