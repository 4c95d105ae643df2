"""SVG snapshots of Rummikub Word: a turn in progress (a new word, a recombined one, a row that
is no word yet), the joker's letter asked for, and the end of a game.

Update after a deliberate change with `pytest tests/ui/test_word_rummikub_snapshots.py
--snapshot-update`, then look at the new SVGs before committing them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "word_rummikub"))

from test_snapshots import SIZES, new_app, settled_charts  # noqa: E402
from test_word_rummikub_play import lay_word, show  # noqa: E402
from word_builder import position  # noqa: E402



@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_word_play_mid_turn(snap_compare, size):
    state = position(["SHINGLE*", "TOWER", "BEAD"], table=["CLAP", "PEAR", "MoUSE"], scores=[12, 7, 5])

    async def mid_turn(pilot):
        show(pilot.app, state)
        await pilot.pause()
        await lay_word(pilot, "SHIN")
        await lay_word(pilot, "GL")
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=size, run_before=mid_turn)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_word_joker_letter(snap_compare, size):
    state = position(["CA*T", "TOWER"], table=["APE"])

    async def lay_joker(pilot):
        show(pilot.app, state)
        await pilot.pause()
        await lay_word(pilot, "CA*")

    assert snap_compare(new_app(), terminal_size=size, run_before=lay_joker)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_word_summary(snap_compare, size):
    """Ann goes out with the pool empty; Bora keeps a joker (30 points)."""
    state = position(["TON", "*QZ"], table=["APE", "CLAP"], pool="", scores=[20, 31])

    async def to_the_end(pilot):
        show(pilot.app, state)
        await pilot.pause()
        await lay_word(pilot, "TON")
        await pilot.press("c")
        await settled_charts(pilot)

    assert snap_compare(new_app(), terminal_size=size, run_before=to_the_end)
