"""`tilegames bench`: measured performance, reported as medians over several runs.

Each case times one operation `runs` times and prints the median, the fastest and the slowest;
a case with a target also prints the ratio median/target (below 1.0 meets it). A target may be
relative: a multiple of another case's median (the menu with 1,000 saves against none).
A case whose one pass yields several figures (a solver's median, p90 and max over 1,000
positions) returns a BenchReport; each figure is then a row of its own, medians over the runs
like any case, and the report's notes are said under them.
Benchmarks are never pass/fail tests: the suite checks behaviour, this command reports speed.
"""

from __future__ import annotations

import atexit
import importlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tilegames.bench_net import cases as net_cases
from tilegames.bench_web import cases as web_cases
from tilegames.core.kernel.protocol import Action
from tilegames.core.manifest import BenchCase, BenchFigure, BenchReport, CaseUnavailable
from tilegames.core.parts.tiles import Bag, make_tiles
from tilegames.core.records.journal import JournalHeader, load_journal
from tilegames.core.records.journal_writer import JournalWriter
from tilegames.core.registry import get_game, manifests


@dataclass(frozen=True)
class _BenchAction(Action):
    kind = "bench"
    tiles: tuple[int, ...]


def _bag_shuffle_and_deal() -> float:
    tiles = make_tiles(f"R{n}" for n in range(1, 107))
    start = time.perf_counter()
    for seed in range(200):
        bag = Bag.shuffled(tiles, seed)
        for _ in range(4):
            _, bag = bag.draw(14)
    return (time.perf_counter() - start) / 200


def _journal_append() -> float:
    with tempfile.TemporaryDirectory() as tmp:
        writer = JournalWriter.create(Path(tmp) / "j.jsonl", JournalHeader("bench", {}, 1, ("a", "b")))
        action = _BenchAction(tuple(range(14)))
        start = time.perf_counter()
        for _ in range(50):
            writer.append(0, action)
        return (time.perf_counter() - start) / 50


def _journal_load() -> float:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "j.jsonl"
        lines = [b'{"format":"tilegames-journal","version":1,"game":"bench","config":{},"seed":1,"seats":["a","b"]}']
        lines += [b'{"seq":%d,"seat":0,"action":{"type":"bench","tiles":[1,2,3]}}' % i for i in range(2000)]
        path.write_bytes(b"\n".join(lines) + b"\n")
        start = time.perf_counter()
        load_journal(path)
        return time.perf_counter() - start


def _lexicon_load() -> float:
    from tilegames.core.parts.lexicon import DEFAULT_LIST, _read_default
    from tilegames.core.resources import dictionaries_dir

    path = dictionaries_dir() / DEFAULT_LIST
    start = time.perf_counter()
    _read_default(path)
    return time.perf_counter() - start


def _lexicon_memory() -> float:
    import gc
    import tracemalloc

    from tilegames.core.parts.lexicon import DEFAULT_LIST, _read_default
    from tilegames.core.resources import dictionaries_dir

    gc.collect()
    tracemalloc.start()
    words = _read_default(dictionaries_dir() / DEFAULT_LIST)
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del words
    return float(size)


def _lexicon_lookup() -> float:
    import random

    from tilegames.core.parts.lexicon import default_lexicon

    lexicon = default_lexicon()
    rng = random.Random(5)
    known = rng.sample(sorted(lexicon.words), 50_000)
    probes = known + ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6)) for _ in range(50_000)]
    start = time.perf_counter()
    for word in probes:
        word in lexicon  # noqa: B015 - the lookup is what is timed
    return (time.perf_counter() - start) / len(probes)


# The menu's first frame (issue 11, item 17): a fresh process each run, so imports, the
# app's start and reading the saves folder are all in it, as when a player starts tilegames.
MENU_SAVES = 1000
MENU_MOVES = 90
MENU_DISTINCT = 10  # games really played by the bot; the other saves are copies of them
_HOMES: dict[int, Path] = {}
# The launched process times itself from its first line, so only what it imports to show its
# first frame is in the figure (not this module's own imports: they cost 0.1 s).
_FRAME = """import time
start = time.perf_counter()
import asyncio
{setup}
async def launch():
    async with {app}.run_test(size=(100, 30)) as pilot:
        await pilot.pause()  # the first frame is drawn once the app is idle
        return time.perf_counter() - start
print(asyncio.run(launch()))
"""
# The menu as `tilegames` starts it: the command line read first (its parser names every game's
# commands), then the app.
_FIRST_FRAME = _FRAME.format(setup="""from tilegames.cli import build_parser, start_language
start_language([])
build_parser([]).parse_args([])
from tilegames.ui.app import TilegamesApp""", app="TilegamesApp()")
# A plain Textual app of three widgets (a title, a list, a footer): what any Textual app costs
# to start, to hold the menu against.
_PLAIN_FRAME = _FRAME.format(setup="""from textual.app import App
from textual.widgets import Footer, OptionList, Static
class Plain(App):
    def compose(self):
        yield Static("t i l e g a m e s")
        yield OptionList("Rummikub", "Rummikub Word", "Scrabble", "Nab-It!", "Quit")
        yield Footer()""", app="Plain()")


def _launch(home: Path, code: str = _FIRST_FRAME) -> float:
    """Start tilegames (or `code`) on the saves folder of `home` and time its first frame."""
    env = {**os.environ, "TILEGAMES_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", code], check=False, env=env, capture_output=True, text=True,
                          timeout=3600)
    if done.returncode != 0:
        raise RuntimeError(f"tilegames did not start: {done.stderr.strip()[-500:]}")
    return float(done.stdout.split()[-1])


def saves_home(count: int) -> Path:
    """A tilegames home whose saves folder holds `count` unfinished games (the menu's first) of
    `MENU_MOVES` moves, built once per process (and removed at exit), and launched once, so
    the timed launches are second launches: the saves index is already there."""
    if count in _HOMES:
        return _HOMES[count]
    home = Path(tempfile.mkdtemp(prefix="tilegames-bench-"))
    atexit.register(shutil.rmtree, home, True)
    folder = home / "games"
    folder.mkdir()
    played = _bot_games(folder, min(count, MENU_DISTINCT)) if count else []
    for n in range(count - len(played)):
        shutil.copyfile(played[n % len(played)], folder / f"copy-{n:04d}-{played[n % len(played)].name}")
    _launch(home)
    _HOMES[count] = home
    return home


def _bot_games(folder: Path, count: int) -> list[Path]:
    """`count` four-player games of the menu's first game, played by its computer player and
    journaled as the app does, stopped after `MENU_MOVES` moves (games over by then are left
    out: the menu lists unfinished ones)."""
    from tilegames.core.agents import agent_for, levels_of, seat_view
    from tilegames.core.kernel.session import LocalSession

    game = get_game(manifests()[0].id)
    levels = levels_of(game.id)
    agent = agent_for(game.id, levels[0] if levels else None)  # the first level, the quickest: these are only saves
    config = game.config_for({"turn_seconds": None}, 4)
    games: list[Path] = []
    seed = 0
    while len(games) < count:
        path = folder / f"bot-{seed:04d}-{game.id}.jsonl"
        session = LocalSession.start(game, config, ("Ann", "Bora", "Chul", "Dee"), seed,
                                     path=path, meta={"match": {"seed": seed, "games": [], "open_hands": False}})
        for _ in range(MENU_MOVES):
            seat = session.current_seat
            if seat is None:
                break
            action = agent.choose(seat_view(game, session.controller.state, seat), 1.0)
            assert action is not None  # an agent always moves on its own turn
            session.act(seat, action)
        session.close()
        if session.current_seat is None:
            path.unlink()
        else:
            games.append(path)
        seed += 1
    return games


def _menu_first_frame(saves: int | None) -> Callable[[], float]:
    def run() -> float:
        return _launch(saves_home(MENU_SAVES if saves is None else saves))

    return run


def _plain_app_first_frame() -> float:
    return _launch(saves_home(0), _PLAIN_FRAME)


def _game_cases() -> list[BenchCase]:
    """Each game's own cases, from the bench module its manifest names, in menu order."""
    return [case for m in manifests() if m.bench is not None for case in importlib.import_module(m.bench).CASES]


MENU_NONE = "menu: first frame, no saves"
PLAIN_APP = "a plain Textual app (three widgets): first frame"

CASES: list[BenchCase] = [
    BenchCase("bag: shuffle 106 tiles and deal 4x14", _bag_shuffle_and_deal),
    BenchCase("journal: append one action (fsync)", _journal_append),
    BenchCase("journal: load 2,000 records", _journal_load),
    BenchCase("lexicon: load the default list", _lexicon_load, target=0.150),
    BenchCase("lexicon: memory of the loaded list", _lexicon_memory, target=40e6, unit="bytes"),
    BenchCase("lexicon: check one word", _lexicon_lookup, target=1e-6),
    *_game_cases(),
    BenchCase(MENU_NONE, _menu_first_frame(0)),
    BenchCase("menu: first frame, 1,000 saves of 90 moves", _menu_first_frame(None), target=1.5, relative_to=MENU_NONE),
    BenchCase(PLAIN_APP, _plain_app_first_frame),
    BenchCase("menu: first frame against a plain Textual app", _menu_first_frame(0), target=1.2, relative_to=PLAIN_APP),
    *net_cases(),
    *web_cases(),
]


def run(runs: int, only: str | None, out: Callable[[str], None] = print) -> int:
    cases = [c for c in CASES if only is None or only in c.name]
    if not cases:
        out(f"No benchmark matches {only!r}. Cases: " + "; ".join(c.name for c in CASES))
        return 2
    out(f"{'case':45} {'median':>10} {'min':>10} {'max':>10}  ratio   ({runs} run{'' if runs == 1 else 's'})")
    medians: dict[str, float] = {}
    samples, unavailable = _measure(cases, runs)
    for case in cases:
        if case.name in unavailable:
            out(f"{case.name}: not run: {unavailable[case.name]}")
            continue
        rows, notes = _rows(case, samples[case.name])
        for row in rows:
            _report(row, medians, out)
        for note in notes:
            out(f"  {note}")
    return 0


@dataclass(frozen=True)
class _Row:
    """One printed line: a case, or one figure of a case whose runs return BenchReports."""

    name: str
    samples: list[float]
    target: float | None
    unit: str
    relative_to: str | None


def _rows(case: BenchCase, results: list[float | BenchReport]) -> tuple[list[_Row], list[str]]:
    """The rows of `case` and the notes to say under them. A case of figures gives a row per
    figure label, in the order the runs name them, and its runs' notes once each."""
    reports = [r for r in results if isinstance(r, BenchReport)]
    if not reports:
        plain = [r for r in results if not isinstance(r, BenchReport)]
        return [_Row(case.name, plain, case.target, case.unit, case.relative_to)], []
    figures: dict[str, list[BenchFigure]] = {}
    for report in reports:
        for figure in report.figures:
            figures.setdefault(figure.label, []).append(figure)
    rows = [_Row(f"{case.name}: {label}", [f.value for f in found], found[-1].target, found[-1].unit, None)
            for label, found in figures.items()]
    return rows, list(dict.fromkeys(note for report in reports for note in report.notes))


def _report(row: _Row, medians: dict[str, float], out: Callable[[str], None]) -> None:
    median = medians[row.name] = statistics.median(row.samples)
    target = row.target
    base = medians.get(row.relative_to) if row.relative_to is not None else None
    if row.relative_to is not None:
        target = None if base is None or target is None else base * target
    ratio = f"{median / target:5.2f}" if target else "    -"
    fmt = _FORMATS[row.unit]
    low, high = min(row.samples), max(row.samples)
    out(f"{row.name:45} {fmt(median):>10} {fmt(low):>10} {fmt(high):>10}  {ratio}")
    if base:
        out(f"{'':45} {median / base:.2f}x the median of '{row.relative_to}' (target {row.target}x)")


def _measure(cases: list[BenchCase], runs: int) -> tuple[dict[str, list[float | BenchReport]], dict[str, str]]:
    """`runs` samples of each case, and why each case that cannot run here was not run. A case
    measured relative to another takes turns with it, run for run, so that a machine busier at
    one moment than the next weighs on both alike."""
    samples: dict[str, list[float | BenchReport]] = {case.name: [] for case in cases}
    unavailable: dict[str, str] = {}

    def sample(case: BenchCase) -> None:
        if case.name not in unavailable:
            try:
                samples[case.name].append(case.run())
            except CaseUnavailable as exc:
                unavailable[case.name] = str(exc)

    for case in cases:
        if case.relative_to in samples:
            continue  # measured with the case it is relative to
        group = [case] + [other for other in cases if other.relative_to == case.name]
        for _ in range(runs):
            for member in group:
                sample(member)
    for case in cases:  # relative to a case not selected: on its own
        while len(samples[case.name]) < runs and case.name not in unavailable:
            sample(case)
    return samples, unavailable


def _fmt_bytes(size: float) -> str:
    return f"{size / 1e6:.1f} MB" if abs(size) >= 1e6 else f"{size / 1e3:.1f} kB"


def _fmt(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} us"
    return f"{seconds * 1e9:.0f} ns"


def _fmt_count(count: float) -> str:
    return f"{count:g}"


def _fmt_times(ratio: float) -> str:
    return f"{ratio:.2f}x"


_FORMATS: dict[str, Callable[[float], str]] = {"s": _fmt, "bytes": _fmt_bytes, "count": _fmt_count, "x": _fmt_times}
