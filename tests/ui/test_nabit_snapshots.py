"""SVG snapshots of Nab-It!: a build in progress that nabs a word (the board window, the colours
and heights, the preview), a player's words highlighted, and the end of a game.

Update after a deliberate change with `pytest tests/ui/test_nabit_snapshots.py
--snapshot-update`, then look at the new SVGs before committing them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "nabit"))

from nab_builder import across, down, position  # noqa: E402
from test_nabit_play import show  # noqa: E402
from test_snapshots import SIZES, new_app, settled_charts  # noqa: E402

GRID = {**across(0, 0, "SUN"), **down(0, 2, "NOD"), **across(2, 1, "ODE"), **across(-2, 3, "HAT")}
OWNERS = {(0, 0): "0", (0, 1): "0", (0, 2): "1", (1, 2): "1", (2, 1): "2", (2, 2): "1", (2, 3): "2"}


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_nabit_build_in_progress(snap_compare, size):
    state = position(["FIT", "PEAR", "MOLD"], GRID, owners=OWNERS, control={"SUN": 0, "NOD": 1, "ODE": 2, "HAT": 0},
                     current=1)

    async def typing(pilot):
        show(pilot.app, state)
        await pilot.pause()
        pilot.app.screen.typing.pos = (0, 0)
        await pilot.press("p")  # PUN: Bora's P on Ann's S
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=size, run_before=typing)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_nabit_words_highlighted(snap_compare, size):
    state = position(["FIT", "PEAR", "MOLD"], GRID, owners=OWNERS, control={"SUN": 0, "NOD": 1, "ODE": 2, "HAT": 0})

    async def highlight(pilot):
        show(pilot.app, state)
        await pilot.pause()
        await pilot.press("4")  # Ann's words
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=size, run_before=highlight)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_nabit_summary(snap_compare, size):
    """Ann plays her last tile: FUN, with her bag empty."""
    state = position(["F", "PEAR"], across(0, 0, "SUN"), control={"SUN": 1}, bags=["", None], banks=[1, 0])

    async def to_the_end(pilot):
        show(pilot.app, state)
        await pilot.pause()
        pilot.app.screen.typing.pos = (0, 0)
        await pilot.press("f", "enter")
        await settled_charts(pilot)

    assert snap_compare(new_app(), terminal_size=size, run_before=to_the_end)
