"""Shared fixtures. The test-only game `pile` (tests/pilegame.py) drives the core."""

from __future__ import annotations

import compileall
import gc
import os
from pathlib import Path

import pytest

import pilegame
import rewrite_cache
import tilegames
from tilegames.core import registry
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController


def pytest_configure(config: pytest.Config) -> None:
    """Compile the package once, before the workers start. Where Python writes no bytecode
    (PYTHONDONTWRITEBYTECODE, as on this machine and its CI), every worker and every
    `tilegames` process a test starts would compile each module it imports again; a fresh
    checkout paid that about a hundred times."""
    _shared_cache(config)
    if not hasattr(config, "workerinput"):  # the main process (xdist's controller, or alone)
        compileall.compile_dir(Path(tilegames.__file__).parent, quiet=1)
        rewrite_cache.rewrite_test_modules(config, Path(__file__).parent)


def _shared_cache(config: pytest.Config) -> None:
    """One cache folder for the whole run, its workers and the `tilegames` processes they start
    (core/places.py): the word graph of the shipped list is built once per run, not once per
    test (about 15 s), as it is once per machine for a player."""
    if not os.environ.get("TILEGAMES_CACHE"):
        os.environ["TILEGAMES_CACHE"] = str(Path(str(config.rootpath)) / ".pytest_cache" / "tilegames-cache")
    if not hasattr(config, "workerinput"):  # built before the workers start, so none waits for it mid-test
        from tilegames.core.wordgraph import graph_for

        graph_for(None)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Collect garbage less often than Python's default suits a program. A test process builds
    and drops some hundred apps, each thousands of objects in cycles: with the default
    thresholds a worker ran about a hundred full collections of 0.3 s each, walking everything
    the test modules had loaded. Freezing what collection imported and counting 20,000
    allocations before a young collection: 290 -> 272 s for the suite (measured, one run each,
    user CPU 529 -> 513 s)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


@pytest.fixture(autouse=True, scope="session")
def _register_pile_game():
    registry.add(pilegame.MANIFEST)
    yield
    registry.remove(pilegame.MANIFEST.id)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def pile_controller(clock: FakeClock) -> TurnController:
    state = pilegame.GAME.new_game(pilegame.PileConfig(), ("Ann", "Bora"), seed=7)
    return TurnController(pilegame.GAME, state, clock=clock)


@pytest.fixture(autouse=True)
def english_by_default(monkeypatch):
    """Tests read English sentences: whatever the machine's locale, and whatever a test of the
    Korean screens switched to, each test starts and ends in English."""
    from tilegames.core.text import i18n

    monkeypatch.setenv("LANGUAGE", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")
