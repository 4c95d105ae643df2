"""Typed views (core/kernel/views.py, games/<id>/view_types.py): mypy refuses a misspelt key, the
declarations say at run time which keys are optional, and the shape check the games' tests hold
the declarations to real views with finds what it should. (Each game's tests check its views:
tests/<game>/test_*_view_types.py.)"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from typing import is_typeddict

import pytest
from view_shapes import declared_keys, shape_problems

from tilegames.core.kernel.views import SpectatorView
from tilegames.games.scrabble.view_types import ScrabbleView

ROOT = Path(__file__).resolve().parent.parent
VIEW_MODULES = ["tilegames.core.kernel.views"] + [f"tilegames.games.{game}.view_types"
                                                   for game in ("rummikub", "scrabble", "word_rummikub", "nabit")]

# Each game's view read through its cast helper, and the generic screens' facets: what the screens
# and agents write. Line by line, a correct read; the misspelt copy below must fail on each.
READS = """\
from typing import Any
from tilegames.core.kernel.views import rows_view, spectator_view
from tilegames.games.nabit.view_types import nabit_view
from tilegames.games.rummikub.view_types import rummikub_view
from tilegames.games.scrabble.view_types import scrabble_view
from tilegames.games.word_rummikub.view_types import word_rummikub_view

def reads(data: dict[str, Any]) -> list[object]:
    return [
        scrabble_view(data)["bag"],
        scrabble_view(data)["board"][0]["letter"],
        rummikub_view(data)["table"][0]["jokers"],
        word_rummikub_view(data)["rules"]["min_word_len"],
        nabit_view(data)["grid"][0]["capped_turn"],
        rows_view(data)["table"][0]["tiles"][0]["face"],
        spectator_view(data)["seats"],
    ]
"""
MISSPELT = {'["bag"]': '["bags"]', '["letter"]': '["leter"]', '["jokers"]': '["joker"]',
            '["min_word_len"]': '["min_word_length"]', '["capped_turn"]': '["caped_turn"]', '["face"]': '["faces"]',
            '["seats"]': '["players"]'}


def _mypy(*files: Path, cache: Path) -> str:
    """What mypy says of `files` (run from the repository, so that it finds the package)."""
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(cache),
                           *map(str, files)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    return done.stdout + done.stderr


def test_mypy_refuses_a_misspelt_key_of_any_games_view_and_takes_the_right_one(tmp_path):
    right, wrong = tmp_path / "right.py", tmp_path / "wrong.py"
    right.write_text(READS)
    misspelt = READS
    for read, bad in MISSPELT.items():
        assert misspelt.count(read) == 1, read
        misspelt = misspelt.replace(read, bad)
    wrong.write_text(misspelt)
    said = _mypy(right, wrong, cache=tmp_path / "cache")
    assert "right.py" not in said, said
    errors = [line for line in said.splitlines() if ": error:" in line]
    lines = {int(line.split(":")[1]) for line in errors if "typeddict-item" in line}
    first = misspelt.splitlines().index("    return [") + 2
    assert lines == set(range(first, first + len(MISSPELT))), said
    assert len(errors) == len(MISSPELT), said


def _typeddicts() -> list[type]:
    found = []
    for name in VIEW_MODULES:
        module = importlib.import_module(name)
        found += [value for value in vars(module).values() if is_typeddict(value) and value.__module__ == name]
    return found


@pytest.mark.parametrize("declared", _typeddicts(), ids=lambda t: f"{t.__module__.split('.')[-2]}.{t.__name__}")
def test_each_declaration_knows_at_run_time_which_keys_are_optional(declared):
    """Without `from __future__ import annotations` in the view modules, Python sees NotRequired
    (with it, 3.11 would call every key required, and the views' tests would misread them)."""
    assert declared_keys(declared) == (declared.__required_keys__, declared.__optional_keys__)


def _scrabble_view() -> dict:
    from tilegames.games.scrabble.game import GAME

    state = GAME.new_game(GAME.presets["casual"], ("Ann", "Bo"), 1)
    return GAME.view(state, 0)


def test_the_shape_check_finds_a_key_too_many_a_key_missing_and_a_wrong_value_deep_inside():
    view = _scrabble_view()
    assert shape_problems(view, ScrabbleView) == []
    assert shape_problems({**view, "extra": 1}, ScrabbleView) == ["view: 'extra' is not declared in ScrabbleView"]
    assert shape_problems({**view, "extra": 1}, ScrabbleView, exact=False) == []
    missing = {k: v for k, v in view.items() if k != "unseen"}
    assert shape_problems(missing, ScrabbleView) == ["view: no 'unseen'"]
    rack = [dict(view["rack"][0], id="7")] + view["rack"][1:]
    assert shape_problems({**view, "rack": rack}, ScrabbleView) == ["view['rack'][0]['id']: '7', not int"]
    assert shape_problems({**view, "challenge_mode": "triple"}, ScrabbleView) == [
        "view['challenge_mode']: 'triple' is not one of ('double', 'single', 'penalty', 'void')"]
    assert shape_problems({**view, "preview": {"problem": 3}}, ScrabbleView)  # neither preview, nor None
    assert shape_problems({**view, "preview": {"problem": "Not a word."}}, ScrabbleView) == []


def test_the_shape_check_lets_an_optional_key_be_absent_but_not_of_another_type():
    view = {"game": "g", "seats": ["A"], "you": None, "current": 0, "turn": 0}
    assert shape_problems(view, SpectatorView) == []
    assert shape_problems({**view, "scores": [3]}, SpectatorView) == []
    assert shape_problems({**view, "scores": 3}, SpectatorView) == ["view['scores']: int, not a list"]
