"""The end of a game of Rummikub Word (issue 22, item 7): the summary says the play that went
out, doubled, and counts it in the race and the totals."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "word_rummikub"))

from app_helpers import screen_text
from test_word_rummikub_play import lay_word, show
from textual.widgets import Static
from word_builder import position

from tilegames.ui.games.word_rummikub.summary import WordRummikubSummary
from tilegames.ui.widgets.race_chart import RaceChart


async def test_the_summary_says_the_doubled_play_that_went_out(app):
    """Ann lays DOG, her last three tiles, with the pool empty: 3 points, doubled to 6. The
    summary said only that she played her last tile; now it names the play and its points,
    which the totals and the race count."""
    state = position(["DOG", "CCDGHIJ"], melded=[True, True], table=["CAT"], pool="", scores=[20, 25])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await lay_word(pilot, "DOG")
        await pilot.press("c")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, WordRummikubSummary)
        said = str(app.screen.query_one("#headline", Static).content)
        assert said == "Ann played their last tile with the pool empty: DOG for 6 points (doubled)."
        assert "(doubled)." in screen_text(app)  # shown whole, on a second line at 80 columns
        assert app.screen.query_one(RaceChart).points[-1] == [26, 25]
