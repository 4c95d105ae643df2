"""Scrabble's `tilegames bench` cases (its manifest names this module): the move generator on a
fixed set of positions (seeded self-play, and the GCG game records in the folder
`$TILEGAMES_GCG_DIR` names, when it is set), the word graph's build, load and memory, and
self-play games."""

from __future__ import annotations

import math
import os
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from tilegames.core.manifest import BenchCase, BenchFigure, BenchReport
from tilegames.core.parts.grid import Pos

Position = tuple[dict[Pos, str], str]  # board, rack
SELF_PLAY_SEEDS = range(1, 11)
TARGETS = {"all plays, median": 0.050, "best play, median": 0.015}
GRAPH_BYTES = 60e6
GRAPH_LOAD = 0.5


RECORDS_VARIABLE = "TILEGAMES_GCG_DIR"


def _records_folder() -> Path | None:
    """The folder of GCG game records `$TILEGAMES_GCG_DIR` names (real games to measure on: the
    bench ships none); None when it is not set or holds no `.gcg` file."""
    named = os.environ.get(RECORDS_VARIABLE)
    folder = Path(named) if named else None
    return folder if folder is not None and folder.is_dir() and any(folder.glob("*.gcg")) else None


def self_play_positions() -> list[Position]:
    """Every position before a turn of normal-against-normal games from fixed seeds."""
    from tilegames.core.agents import agent_for, seat_view
    from tilegames.games.scrabble.config import ScrabbleConfig
    from tilegames.games.scrabble.game import GAME

    player = agent_for("scrabble", "normal")
    found = []
    for seed in SELF_PLAY_SEEDS:
        state = GAME.new_game(ScrabbleConfig(), ("A", "B"), seed)
        while state.end is None:
            seat = GAME.current_seat(state)
            assert seat is not None
            if not state.awaiting_final_challenge:
                found.append((state.cells(), "".join(t.face for t in state.racks[seat])))
            action = player.choose(seat_view(GAME, state, seat), 1.0)
            assert action is not None
            state = GAME.apply(state, seat, action).state
    return found


def record_positions(folder: Path) -> list[Position]:
    """Before each play of the records whose rack is written in full: the board and that rack."""
    from tilegames.games.scrabble.gcg import GcgError, load_gcg, verify
    from tilegames.games.scrabble.gcg_model import GcgGame

    found = []
    for path in sorted(folder.glob("*.gcg")):
        try:
            game = load_gcg(path)
            for n, event in enumerate(game.events):
                if event.kind == "play" and len(event.rack) == 7:
                    found.append((dict(verify(GcgGame(game.players, game.events[:n])).board), event.rack))
        except (GcgError, ValueError):
            continue
    return found


_POSITIONS: dict[str, list[Position]] = {}


def positions() -> tuple[list[Position], list[Position]]:
    """The self-play positions and the records' (made once per process)."""
    if not _POSITIONS:
        folder = _records_folder()
        _POSITIONS["self"] = self_play_positions()
        _POSITIONS["records"] = record_positions(folder) if folder else []
    return _POSITIONS["self"], _POSITIONS["records"]


def _spread(times: Sequence[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[math.ceil(0.9 * len(ordered)) - 1]


def _generation() -> BenchReport:
    """Every position generated in full, then searched for its single best play (by equity, as
    the strong player asks); the median and p90 of each, and the plays per position."""
    from tilegames.core.wordgraph import graph_for
    from tilegames.games.scrabble.leaves import leave_value
    from tilegames.games.scrabble.movegen import MoveGenerator

    graph = graph_for(None)
    played, recorded = positions()
    chosen = played + recorded
    full, best, counts = [], [], []
    for board, rack in chosen:
        start = time.perf_counter()
        plays = MoveGenerator(board, rack, graph, leave_value).all()
        full.append(time.perf_counter() - start)
        counts.append(len(plays))
        start = time.perf_counter()
        MoveGenerator(board, rack, graph, leave_value).best(1, equity=True)
        best.append(time.perf_counter() - start)
    figures = []
    for name, times in (("all plays", full), ("best play", best)):
        median, p90 = _spread(times)
        figures += [BenchFigure(f"{name}, median", median, target=TARGETS.get(f"{name}, median")),
                    BenchFigure(f"{name}, p90", p90)]
    figures.append(BenchFigure("plays per position, median", statistics.median(counts), unit="count"))
    notes = (f"{len(chosen)} positions: {len(played)} from self-play (seeds {SELF_PLAY_SEEDS.start}-"
             f"{SELF_PLAY_SEEDS.stop - 1}), {len(recorded)} from tournament records"
             + ("" if recorded else f" (set {RECORDS_VARIABLE} to a folder of .gcg files to add real games)"),
             f"most plays at one position: {max(counts)}")
    return BenchReport(tuple(figures), notes)


def _graph() -> BenchReport:
    """The shipped list's graph built from scratch into a new cache folder, then loaded from
    it, and the size of its arrays."""
    from tilegames.core.wordgraph import cache

    with tempfile.TemporaryDirectory() as folder:
        saved = os.environ.get("TILEGAMES_CACHE")
        os.environ["TILEGAMES_CACHE"] = folder
        held = dict(cache._HELD)
        try:
            cache._HELD.clear()
            start = time.perf_counter()
            graph = cache.graph_for(None)
            built = time.perf_counter() - start
            cache._HELD.clear()
            start = time.perf_counter()
            loaded = cache.cached_graph(None)
            load = time.perf_counter() - start
            assert loaded is not None
        finally:
            cache._HELD.clear()
            cache._HELD.update(held)
            if saved is None:
                os.environ.pop("TILEGAMES_CACHE", None)
            else:
                os.environ["TILEGAMES_CACHE"] = saved
    return BenchReport((
        BenchFigure("build", built, target=120.0),
        BenchFigure("load from the cache", load, target=GRAPH_LOAD),
        BenchFigure("memory", float(graph.nbytes()), unit="bytes", target=GRAPH_BYTES),
    ), (f"{graph.words} words, {graph.states} states, {len(graph.child)} arcs",))


def _self_play() -> BenchReport:
    """Whole two-player games, strong against normal, seeded: seconds a game and games a second."""
    from tilegames.core.agents import agent_for, play_out
    from tilegames.games.scrabble.config import ScrabbleConfig
    from tilegames.games.scrabble.game import GAME

    games = 5
    start = time.perf_counter()
    for seed in range(games):
        state = GAME.new_game(ScrabbleConfig(), ("A", "B"), 100 + seed)
        play_out(GAME, state, [agent_for("scrabble", "strong"), agent_for("scrabble", "normal")])
    each = (time.perf_counter() - start) / games
    return BenchReport((BenchFigure("a game, strong against normal", each),
                        BenchFigure("games a second", 1 / each, unit="count")))


CASES = [
    BenchCase("scrabble: move generation", _generation),
    BenchCase("scrabble: word graph", _graph),
    BenchCase("scrabble: self-play", _self_play),
]
