"""Hints in Rummikub Word, in the real app, headless: H shows the best play found for the rack on
the table, H again lays it out as the draft (its jokers named), c commits it for the score it
said; each hint is counted and said in the log."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "word_rummikub"))

from app_helpers import screen_text, until
from test_word_rummikub_play import show
from word_builder import GAME, position

from tilegames.core.agents import seat_view
from tilegames.games.word_rummikub.actions import Hint
from tilegames.games.word_rummikub.hints import hint_for
from tilegames.games.word_rummikub.moves import best_plays
from tilegames.games.word_rummikub.view_types import word_rummikub_view


def flat(app) -> str:
    return " ".join(screen_text(app).split())


async def test_h_shows_the_best_play_and_h_again_lays_it_out_then_c_commits_it(app):
    state = position(["SDXQ", "MNO"], table=["CAPE"], melded=[True, True])
    best = best_plays(word_rummikub_view(seat_view(GAME, state, 0)), 5.0, 40)[0]
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        await pilot.press("H")
        await until(pilot, lambda: "Lay " in flat(app))
        assert f"Lay {', '.join(p.word for p in best.pieces)}: {best.score} points." in flat(app)
        assert session.controller.state.hints == (1, 0)
        await pilot.press("H")
        await until(pilot, lambda: "laid out as your move" in flat(app))
        await pilot.press("c")
        await pilot.pause()
        assert session.controller.state.scores[0] == best.score
        assert "Ann asked for a hint." in flat(app)


async def test_a_hint_with_a_joker_is_laid_out_with_the_joker_named(app):
    state = position(["PLNET*QZ", "X"], melded=[False, False])
    hint = hint_for(word_rummikub_view(seat_view(GAME, state, 0)))
    assert hint is not None and hint.edits, "the first meld needs the joker"
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        await pilot.press("H")
        await until(pilot, lambda: "Lay " in flat(app))
        await pilot.press("H")
        await until(pilot, lambda: "laid out as your move" in flat(app))
        view = session.view(0)
        assert view["would_score"] is not None  # every joker named: it would stand
        await pilot.press("c")
        await pilot.pause()
        assert session.controller.state.melded[0]


def test_a_hint_is_counted_in_the_view_and_the_result():
    state = position(["SDX", "MNO"], table=["CAPE"], melded=[True, True])
    after = GAME.apply(state, 0, Hint())
    assert after.state.hints == (1, 0) and [e.text for e in after.events] == ["Ann asked for a hint."]
    assert GAME.view(after.state, 1)["hints"] == [1, 0]
