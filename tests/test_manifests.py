"""Each game is registered once, by its manifest (core/manifest.py), and found through it.

A game is its package under `games/` (whose `MANIFEST` names the rest), its UI package under
`ui/games/` and one line in `core/registry.py`; the tests' own game is added with one line in
tests/conftest.py and is then covered by every test that asks the registry for the games.
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pilegame

from tilegames.core.agents import agent_for, has_agent
from tilegames.core.manifest import BenchCase
from tilegames.core.registry import GAME_PACKAGES, get_game, known_ids, manifests
from tilegames.core.resources import assets_dir

PACKAGE = Path(__file__).resolve().parents[1] / "tilegames"
GAME_ID = re.compile(r"""["'](rummikub|scrabble|word-rummikub|word_rummikub|nabit)["']""")


def test_every_part_a_manifest_names_is_there_and_agrees_with_it():
    shipped = [m for m in manifests() if m.id != pilegame.MANIFEST.id]
    assert len(shipped) == len(GAME_PACKAGES)
    for entry in shipped:
        game = get_game(entry.id)
        assert (game.id, game.title) == (entry.id, entry.title)
        assert callable(importlib.import_module(entry.agent).new_agent)
        assert importlib.import_module(entry.ui).PLUGIN.id == entry.id
        assert (assets_dir() / "rules" / entry.rules).is_file()
        if entry.commands is not None:
            assert callable(importlib.import_module(entry.commands).register)
        if entry.bench is not None:
            cases = importlib.import_module(entry.bench).CASES
            assert cases and all(isinstance(c, BenchCase) for c in cases)
        for tool in entry.tools:
            module, _colon, name = tool.screen.partition(":")
            assert hasattr(importlib.import_module(module), name)


def test_the_test_only_game_added_in_one_line_is_a_game_like_the_others():
    assert pilegame.MANIFEST.id in known_ids()
    assert get_game("pile") is pilegame.GAME
    assert has_agent("pile") and isinstance(agent_for("pile"), pilegame.PileAgent)


def test_reading_every_manifest_loads_no_game():
    code = ("import sys; from tilegames.core.registry import manifests; ids = [m.id for m in manifests()]; "
            "print(len(ids), sorted(m for m in sys.modules if m.startswith('tilegames.games.') and m.count('.') > 2))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "4 []"


def test_no_game_is_named_outside_its_own_packages():
    """Outside games/ and ui/games/ a game is reached through the registry, never by its id
    written out (comment lines aside; docstrings count)."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        inside = path.relative_to(PACKAGE).parts
        if inside[0] == "games" or inside[:2] == ("ui", "games"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GAME_ID.search(line) and not line.lstrip().startswith("#"):
                found.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert found == []
