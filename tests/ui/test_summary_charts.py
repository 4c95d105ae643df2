"""The summaries at the end: the Scrabble adjustments with every total on its row and the score
race as a chart; the Rummikub match standings game by game (issue 11 items 16 and 7)."""

from __future__ import annotations

import pytest
from app_helpers import config
from test_scrabble_play import flat, show, type_word
from scrabble_builder import position

from tilegames.core.codec import to_jsonable
from tilegames.core.kernel.series import GameRecord, new_series
from tilegames.games.rummikub.game import GAME as RUMMIKUB
from tilegames.games.rummikub.state import GameEnd
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.ui.games.scrabble.summary import ScrabbleSummary
from tilegames.ui.games.rummikub.summary import SummaryScreen
from tilegames.ui.widgets.race_chart import RaceChart


async def play_a_short_game(pilot, app) -> None:
    """Ann plays two tiles through the centre, then everyone passes until the game stalls."""
    app.start("scrabble", ("Ann", "Bora"), ScrabbleConfig(), open_hands=True, seed=11)
    await pilot.pause()
    session = app.screen.session
    rack = [t.face for t in session.controller.state.racks[session.current_seat] if t.face != "?"]
    await type_word(pilot, "".join(rack[:2]))
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("enter")  # no challenge
    await pilot.pause()
    for _ in range(4):
        await pilot.press("2", "y")
        await pilot.pause()


async def test_the_scrabble_summary_charts_the_score_race_move_by_move(app, saves_home):
    async with app.run_test(size=(80, 24)) as pilot:
        await play_a_short_game(pilot, app)
        assert isinstance(app.screen, ScrabbleSummary)
        chart = app.screen.query_one(RaceChart)
        session = app.screen.session
        first, final = chart.points[0], chart.points[-1]
        assert first == [0, 0] and final == list(session.controller.state.end.scores)
        assert len(chart.points) == 1 + 1 + 4  # the start, the play, four passes
        text = flat(app)
        assert "* Ann" in text and "+ Bora" in text  # the legend names each line by its marker


async def test_every_final_total_stays_on_its_row(app):
    state = position(["QUIZERS", "AEIOULN"], bag="")
    from dataclasses import replace
    state = replace(state, seats=("Annabelle-Marie Quint", "Bartholomew"), scores=[312, 287])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        for _ in range(6):  # six passes: the game stalls, both racks count against their players
            await pilot.press("2", "y")
            await pilot.pause()
        assert isinstance(app.screen, ScrabbleSummary)
        rows = [line for line in flat_lines(app) if "for the tiles left on the rack" in line]
        assert len(rows) == 2
        ends = [row.strip().rstrip("│").split()[-1] for row in rows]
        assert ends == ["287", "280"]  # 312 - 25 for QUIZERS, 287 - 7 for AEIOULN


def two_game_match():
    """A Rummikub match of three players after two games: Chul's total falls to -42, Bora's
    rises to 53 (the tests of the match chart share it)."""
    match = new_series(RUMMIKUB, config(rounds=1), ("Ann", "Bora", "Chul"), 1)
    for end in (GameEnd("stuck", (0,), (12, -5, -7), (3, 8, 10)), GameEnd("out", (1,), (-23, 58, -35), (23, 0, 35))):
        match = match.record(GameRecord(end.scores, end.winners, to_jsonable(end)))
    return match


def flat_lines(app) -> list[str]:
    """The screen's text, line by line (from the SVG export)."""
    import html
    import re

    svg = app.export_screenshot()
    lines: dict[str, list[str]] = {}
    for y, text in re.findall(r'<text[^>]*\by="([0-9.]+)"[^>]*>([^<]*)</text>', svg):
        lines.setdefault(y, []).append(html.unescape(text).replace("\xa0", " "))
    return ["".join(parts) for _, parts in sorted(lines.items(), key=lambda kv: float(kv[0]))]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_match_summary_charts_the_standings_game_by_game(app, size):
    async with app.run_test(size=size) as pilot:
        app.push_screen(SummaryScreen(two_game_match(), "Bora went out."))
        await pilot.pause()
        chart = app.screen.query_one(RaceChart)
        assert chart.points == [[0, 0, 0], [12, -5, -7], [-11, 53, -42]]
        assert "* Ann" in flat(app) and "o Chul" in flat(app)
        assert "+53" in flat(app)  # the match total is still in the table


async def test_the_summary_names_who_played_out_when_the_other_rack_held_only_a_blank(app):
    state = position(["AT", "?"], bag="")  # Ann goes out; Bora's blank is worth nothing either way
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await type_word(pilot, "AT")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # no challenge
        await pilot.pause()
        assert isinstance(app.screen, ScrabbleSummary)
        assert "Ann played out." in flat(app)
