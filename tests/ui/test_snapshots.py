"""SVG snapshots of the main screens at 80x24 and 120x40 (pytest-textual-snapshot).

Update after a deliberate change with `pytest tests/ui/test_snapshots.py --snapshot-update`,
then look at the new SVGs before committing them.
"""

from __future__ import annotations

import pytest
from app_helpers import config, lay_new_set, show_position
from rk_builder import position
from textual.widgets import Input

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.codec import to_jsonable
from tilegames.core.kernel.series import GameRecord, new_series
from tilegames.games.rummikub.game import GAME as RUMMIKUB
from tilegames.games.rummikub.state import GameEnd
from tilegames.ui.app import TilegamesApp
from tilegames.ui.games.rummikub.summary import SummaryScreen
from tilegames.ui.widgets.race_chart import RaceChart

SIZES = [(80, 24), (120, 40)]


def new_app() -> TilegamesApp:
    return TilegamesApp(clock=FakeClock())


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_menu(snap_compare, size):
    assert snap_compare(new_app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_setup(snap_compare, size):
    async def open_setup(pilot):
        await pilot.press("enter")
        await pilot.pause()
        pilot.app.screen.query_one(Input).cursor_blink = False
        pilot.app.screen.query_one(Input).value = "Ann, Bora, Chul"

    assert snap_compare(new_app(), terminal_size=size, run_before=open_setup)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_play_mid_game(snap_compare, size):
    state = position(
        ["R10 R11 J B7 K7 O2 O3 B12 K13 R1", "K2 K3 K4 K5", "B1 B2"],
        table=["B3 B4 B5 B6", "R8 K8 O8", "O9 O10 O11 O12"],
        melded=[True, True, False],
        config=config(),
    )

    async def mid_turn(pilot):
        show_position(pilot.app, state)
        await pilot.pause()
        await lay_new_set(pilot, "R10", "R11")
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=size, run_before=mid_turn)


async def settled_charts(pilot) -> None:
    """Charts draw themselves at the size they have when they render; on a busy machine that
    can be before the layout settles, so wait until their size stops changing, then redraw."""
    last = None
    for _ in range(20):
        await pilot.pause()
        sizes = [chart.size for chart in pilot.app.screen.query(RaceChart)]
        if sizes == last:
            break
        last = sizes
    for chart in pilot.app.screen.query(RaceChart):
        chart.refresh()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_summary(snap_compare, size):
    match = new_series(RUMMIKUB, config(rounds=1), ("Ann", "Bora", "Chul"), 1)
    for end in (GameEnd("stuck", (0,), (12, -5, -7), (3, 8, 10)), GameEnd("out", (1,), (-23, 58, -35), (23, 0, 35))):
        match = match.record(GameRecord(end.scores, end.winners, to_jsonable(end)))

    async def show(pilot):
        pilot.app.push_screen(SummaryScreen(match, "Bora went out."))
        await settled_charts(pilot)

    assert snap_compare(new_app(), terminal_size=size, run_before=show)
