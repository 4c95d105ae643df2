"""The summary chart's y axis (issue 22, item 9): its labels sit on rows the same distance apart,
with round values, at every size a summary shows it."""

from __future__ import annotations

import re
import sys
from itertools import pairwise
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "word_rummikub"))

from test_summary_charts import play_a_short_game, two_game_match
from test_word_rummikub_play import lay_word, show
from word_builder import position

from tilegames.ui.games.rummikub.summary import SummaryScreen
from tilegames.ui.widgets.race_chart import RaceChart, even_ticks

# Round steps: 1, 2, 2.5, 3, 4 or 5 times a power of ten (whole numbers).
ROUND = {base * 10**power for power in range(6) for base in (1, 2, 3, 4, 5)} | {25 * 10**power for power in range(5)}


def y_labels(chart: RaceChart) -> list[tuple[int, int]]:
    """(row, value) of each y label of the chart as drawn: the lines between its title (the
    first) and its x labels (the last two) that begin with a number."""
    lines = chart.render().plain.rstrip("\n").split("\n")
    assert len(lines) == chart.size.height
    canvas = lines[1:-2]
    return [(row, int(m.group(1))) for row, line in enumerate(canvas) if (m := re.match(r" *(-?\d+)", line))]


def assert_even(labels: list[tuple[int, int]], points: list[list[int]]) -> None:
    assert len(labels) >= 2, labels
    rows = [row for row, _ in labels]
    values = [value for _, value in labels]
    assert len({b - a for a, b in pairwise(rows)}) == 1, labels  # rows the same distance apart
    steps = {a - b for a, b in pairwise(values)}  # top to bottom: values fall
    assert len(steps) == 1 and steps.pop() in ROUND, labels
    assert all(value % (values[0] - values[1]) == 0 for value in values), labels  # round values


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_word_summary_chart_has_evenly_spaced_y_labels(app, size):
    state = position(["TON", "*QZ"], table=["APE", "CLAP"], pool="", scores=[20, 31])
    async with app.run_test(size=size) as pilot:
        show(app, state)
        await pilot.pause()
        await lay_word(pilot, "TON")
        await pilot.press("c")
        await pilot.pause()
        await pilot.pause()
        chart = app.screen.query_one(RaceChart)
        assert_even(y_labels(chart), chart.points)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_scrabble_summary_chart_has_evenly_spaced_y_labels(app, size):
    """Scores below 0 too: -22 for Ann's rack, 17 for Bora."""
    async with app.run_test(size=size) as pilot:
        await play_a_short_game(pilot, app)
        await pilot.pause()
        chart = app.screen.query_one(RaceChart)
        assert min(min(p) for p in chart.points) < 0
        assert_even(y_labels(chart), chart.points)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_match_summary_chart_has_evenly_spaced_y_labels(app, size):
    async with app.run_test(size=size) as pilot:
        app.push_screen(SummaryScreen(two_game_match(), "Bora went out."))
        await pilot.pause()
        await pilot.pause()
        chart = app.screen.query_one(RaceChart)
        assert_even(y_labels(chart), chart.points)


@pytest.mark.parametrize("rows", range(2, 20))
def test_ticks_fall_on_rows_evenly_for_every_range(rows):
    """Every tick on a row of its own, the rows the same distance apart, the data inside."""
    for low, high in ((0, 0), (0, 7), (0, 26), (-22, 24), (-42, 53), (0, 312), (5, 9), (-3, -1), (0, 1999)):
        ticks, bottom, top = even_ticks(low, high, rows)
        assert bottom <= low and top >= high
        assert 2 <= len(ticks) <= 5 or rows < 3
        per_row = (top - bottom) / (rows - 1)
        places = [(tick - bottom) / per_row for tick in ticks]
        assert all(abs(place - round(place)) < 1e-9 for place in places), (low, high, rows, ticks)
        gaps = {round(b - a) for a, b in pairwise(places)}
        assert len(gaps) <= 1 and (not gaps or gaps.pop() >= 1)
        step = ticks[1] - ticks[0] if len(ticks) > 1 else 1
        assert step in ROUND and all(tick % step == 0 for tick in ticks)
