"""`tilegames bench`: measured performance, reported as medians over several runs.

Each case times one operation `runs` times and prints the median, the fastest and the slowest;
a case with a target also prints the ratio median/target (below 1.0 meets it). Benchmarks are
never pass/fail tests: the suite checks behaviour, this command reports speed.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from tilegames.core.journal import JournalHeader, JournalWriter, load_journal
from tilegames.core.protocol import Action
from tilegames.core.tiles import Bag, make_tiles


@dataclass(frozen=True)
class Case:
    name: str
    run: Callable[[], float]  # one run's measurement: seconds per operation, or bytes
    target: float | None = None  # in the same unit
    unit: str = "s"  # "s" or "bytes"


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


def _racks(edition: str, size: int, count: int) -> list[list]:
    import random

    from tilegames.games.rummikub.notation import face_of, full_set

    rng = random.Random(2024)
    tiles = list(full_set(edition))  # type: ignore[arg-type]
    return [[face_of(t) for t in rng.sample(tiles, size)] for _ in range(count)]


def _best_meld_40(edition: str) -> Callable[[], float]:
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


def _lexicon_load() -> float:
    from tilegames.core.lexicon import DEFAULT_LIST, _read_default
    from tilegames.core.resources import dictionaries_dir

    path = dictionaries_dir() / DEFAULT_LIST
    start = time.perf_counter()
    _read_default(path)
    return time.perf_counter() - start


def _lexicon_memory() -> float:
    import gc
    import tracemalloc

    from tilegames.core.lexicon import DEFAULT_LIST, _read_default
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

    from tilegames.core.lexicon import default_lexicon

    lexicon = default_lexicon()
    rng = random.Random(5)
    known = rng.sample(sorted(lexicon.words), 50_000)
    probes = known + ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6)) for _ in range(50_000)]
    start = time.perf_counter()
    for word in probes:
        word in lexicon  # noqa: B015 - the lookup is what is timed
    return (time.perf_counter() - start) / len(probes)


CASES: list[Case] = [
    Case("bag: shuffle 106 tiles and deal 4x14", _bag_shuffle_and_deal),
    Case("journal: append one action (fsync)", _journal_append),
    Case("journal: load 2,000 records", _journal_load),
    Case("lexicon: load the default list", _lexicon_load, target=0.150),
    Case("lexicon: memory of the loaded list", _lexicon_memory, target=40e6, unit="bytes"),
    Case("lexicon: check one word", _lexicon_lookup, target=1e-6),
    Case("rummikub: best meld of a 40-tile rack", _best_meld_40("standard"), target=0.050),
    Case("rummikub: best meld, 40-tile XP rack", _best_meld_40("xp"), target=0.050),
    Case("rummikub: can meld 30? 40-tile XP rack", _can_meld_40, target=0.001),
    Case("rummikub: whole 4-player bot game", _rummikub_bot_game),
]


def run(runs: int, only: str | None, out: Callable[[str], None] = print) -> int:
    cases = [c for c in CASES if only is None or only in c.name]
    if not cases:
        out(f"No benchmark matches {only!r}. Cases: " + "; ".join(c.name for c in CASES))
        return 2
    out(f"{'case':45} {'median':>10} {'min':>10} {'max':>10}  ratio   ({runs} runs)")
    for case in cases:
        samples = [case.run() for _ in range(runs)]
        median = statistics.median(samples)
        ratio = f"{median / case.target:5.2f}" if case.target else "    -"
        fmt = _fmt if case.unit == "s" else _fmt_bytes
        out(f"{case.name:45} {fmt(median):>10} {fmt(min(samples)):>10} {fmt(max(samples)):>10}  {ratio}")
    return 0


def _fmt_bytes(size: float) -> str:
    return f"{size / 1e6:.1f} MB"


def _fmt(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} us"
    return f"{seconds * 1e9:.0f} ns"
