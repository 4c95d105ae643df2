"""The engine never imports Textual, Rich, networking, the UI or the network layer.

The rule lives as import-linter contracts in pyproject.toml. These tests run the linter on the
real tree, and on a copy with a violation planted, to prove the contract can fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).with_name("lint-imports")


def lint(project: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(project)}
    return subprocess.run(
        [str(LINT), "--no-cache", "--config", str(project / "pyproject.toml")],
        cwd=project, env=env, capture_output=True, text=True, timeout=120,
    )


def planted_copy(tmp_path: Path, module: str, line: str) -> Path:
    project = tmp_path / "project"
    shutil.copytree(ROOT / "tilegames", project / "tilegames", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", project / "pyproject.toml")
    (project / "tilegames" / "ui").mkdir(exist_ok=True)
    (project / "tilegames" / "ui" / "__init__.py").write_text("")
    target = project / module
    target.write_text(line + "\n" + target.read_text())
    return project


def test_import_contracts_hold():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    "module, line",
    [
        ("tilegames/core/kernel/clock.py", "import textual"),
        ("tilegames/core/records/journal.py", "import asyncio"),
        ("tilegames/games/__init__.py", "from rich import print"),
        ("tilegames/core/parts/tiles.py", "import tilegames.ui"),
        # The games are independent of each other.
        ("tilegames/games/rummikub/sets.py", "import tilegames.games.scrabble.tiles"),
        ("tilegames/games/scrabble/board.py", "from tilegames.games.rummikub import notation"),
        # The subcommands and the benchmarks sit under cli, above everything else.
        ("tilegames/games/rummikub/game.py", "import tilegames.commands"),
        ("tilegames/ui/__init__.py", "import tilegames.bench"),
        ("tilegames/commands/words.py", "import tilegames.bench"),
        ("tilegames/commands/words.py", "import tilegames.ui"),
        ("tilegames/commands/words.py", "import textual"),
        # The generic UI reaches a game's UI only through the plug-in registry.
        ("tilegames/ui/screens/turns.py", "import tilegames.ui.games.scrabble.screen"),
        ("tilegames/ui/widgets/table.py", "from tilegames.ui.games.rummikub import tiles"),
        ("tilegames/ui/app.py", "import tilegames.ui.games.nabit.summary"),
    ],
)
def test_a_planted_violation_breaks_the_contract(tmp_path, module, line):
    result = lint(planted_copy(tmp_path, module, line))
    assert result.returncode != 0
    assert "BROKEN" in result.stdout
