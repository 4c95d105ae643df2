"""Every shipped demo (assets/demos/*.toml, all four games) holds under `demo check`."""

from __future__ import annotations

import io

import pytest

from tilegames.commands.demo_check import check_command
from tilegames.core.resources import assets_dir

DEMOS = sorted((assets_dir() / "demos").glob("*.toml"))


def test_demos_are_shipped_for_both_rummikub_games():
    names = [p.name for p in DEMOS]
    assert sum(n.startswith("rummikub-") for n in names) >= 6
    assert sum(n.startswith("word-rummikub-") for n in names) >= 4


@pytest.mark.parametrize("demo", DEMOS, ids=[p.name for p in DEMOS])
def test_every_expectation_of_the_demo_holds(demo):
    out = io.StringIO()
    status = check_command([str(demo)], out)
    assert status == 0, out.getvalue()
