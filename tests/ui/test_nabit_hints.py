"""Hints in Nab-It!, in the real app, headless: 6 lists the best builds for the hand, as the strong
computer ranks them, Enter puts the chosen one on the grid as the draft and Enter builds it; the
ask is counted in the log, the view and the result."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "nabit"))

from app_helpers import screen_text, until  # noqa: E402
from nab_builder import across, position  # noqa: E402
from test_nabit_play import show  # noqa: E402

from tilegames.core.agents import seat_view  # noqa: E402
from tilegames.games.nabit.actions import Hint  # noqa: E402
from tilegames.games.nabit.game import GAME  # noqa: E402
from tilegames.games.nabit.hints import best_builds  # noqa: E402
from tilegames.games.nabit.view_types import nabit_view  # noqa: E402
from tilegames.ui.games.nabit.screen import NabItScreen  # noqa: E402
from tilegames.ui.screens.hint_list import HintList  # noqa: E402


def flat(app) -> str:
    return " ".join(screen_text(app).replace("│", " ").split())


async def test_the_hint_lists_the_best_builds_and_places_the_chosen_one_as_the_draft(app):
    state = position(["SUNAT", "OPERA"], across(0, 0, "ROPE"))
    builds = best_builds(nabit_view(seat_view(GAME, state, 0)), 5)
    assert builds
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        await pilot.press("6")
        await until(pilot, lambda: isinstance(app.screen, HintList))
        assert ", ".join(builds[0].words) in flat(app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, NabItScreen))
        await pilot.pause()
        draft = {(d["row"], d["col"]) for d in session.view(0)["draft"]}
        assert draft == {(p.row, p.col) for p in builds[0].placements}
        assert session.controller.state.hints == (1, 0)
        assert "Ann asked for a hint." in flat(app)
        await pilot.press("enter")  # builds it
        await pilot.pause()
        assert session.current_seat == 1


def test_a_hint_is_counted_in_the_view():
    state = position(["SUNAT", "OPERA"], across(0, 0, "ROPE"))
    after = GAME.apply(state, 0, Hint())
    assert after.state.hints == (1, 0) and [e.text for e in after.events] == ["Ann asked for a hint."]
    assert GAME.view(after.state, 1)["hints"] == [1, 0]
