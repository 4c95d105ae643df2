"""Shared fixtures. The test-only game `pile` (tests/pilegame.py) drives the core."""

from __future__ import annotations

import compileall
from pathlib import Path

import pytest

import pilegame
import tilegames
from tilegames.core import registry
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController


def pytest_configure(config: pytest.Config) -> None:
    """Compile the package once, before the workers start. Where Python writes no bytecode
    (PYTHONDONTWRITEBYTECODE, as on this machine and its CI), every worker and every
    `tilegames` process a test starts would compile each module it imports again; a fresh
    checkout paid that about a hundred times."""
    if not hasattr(config, "workerinput"):  # the main process (xdist's controller, or alone)
        compileall.compile_dir(Path(tilegames.__file__).parent, quiet=1)


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
