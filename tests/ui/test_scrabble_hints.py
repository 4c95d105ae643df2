"""Hints in Scrabble, in the real app, headless: 5 lists the five best plays by equity with score
and leave, Enter puts the chosen one on the board as the draft, the ask is counted in the log and
the summary; the first game on a machine builds the word graph with a progress bar."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from app_helpers import until

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scrabble"))
from scrabble_builder import position  # noqa: E402
from test_scrabble_play import flat, show, type_word  # noqa: E402

from tilegames.core.agents import seat_view  # noqa: E402
from tilegames.core.wordgraph import cache  # noqa: E402
from tilegames.games.scrabble.actions import Hint  # noqa: E402
from tilegames.games.scrabble.config import ScrabbleConfig  # noqa: E402
from tilegames.games.scrabble.game import GAME  # noqa: E402
from tilegames.games.scrabble.moves import best_moves  # noqa: E402
from tilegames.ui.screens.hint_list import HintList  # noqa: E402
from tilegames.ui.games.scrabble.screen import ScrabbleScreen  # noqa: E402
from tilegames.ui.screens.dialogs import Confirm  # noqa: E402
from tilegames.ui.screens import graph_build  # noqa: E402
from tilegames.ui.screens.graph_build import GraphBuildScreen  # noqa: E402
from textual.widgets import ProgressBar  # noqa: E402


async def test_the_hint_lists_the_five_best_by_equity_and_places_the_chosen_one_as_the_draft(app):
    state = position(["DEORSTX", "AEIOU"], board={"8D": "QUIET", "F7": "TUB"})
    best = best_moves(seat_view(GAME, state, 0), 5, equity=True)
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        await pilot.press("5")
        await until(pilot, lambda: isinstance(app.screen, HintList))
        text = flat(app)
        for move in best:
            assert move.notation in text and f"leave {move.leave or '-'}" in text
        await pilot.press("down", "enter")  # the second
        await until(pilot, lambda: isinstance(app.screen, ScrabbleScreen))
        await pilot.pause()
        view = session.view(0)
        assert {(d["row"], d["col"], d["letter"].upper()) for d in view["draft"]} == {
            (p.row, p.col, p.letter) for p in best[1].placements}
        assert f"{best[1].notation} is on the board" in flat(app)
        assert session.controller.state.hints == (1, 0)
        assert "Ann asked for a hint." in flat(app)
        await pilot.press("enter")  # plays it
        await pilot.pause()
        assert session.controller.state.scores[0] == best[1].score


async def test_asking_with_tiles_down_asks_first_and_puts_them_back(app):
    state = position(["DEORSTX", "AEIOU"], board={"8D": "QUIET"})
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        app.screen.cursor = (8, 3)  # D9 across
        await type_word(pilot, "OX")
        await pilot.pause()
        assert session.view(0)["draft"]
        await pilot.press("5")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("n")
        await pilot.pause()
        assert session.view(0)["draft"] and session.controller.state.hints == ()
        await pilot.press("5")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, HintList))
        assert session.view(0)["draft"] == [] and session.controller.state.hints == (1, 0)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ScrabbleScreen))
        assert session.view(0)["draft"] == []


def test_a_hint_is_counted_and_leaves_the_last_play_open_to_challenge():
    state = position(["CAT", "DOGS"])
    from scrabble_builder import place

    state = GAME.apply(state, 0, place(state, "8G", "CAT")).state
    after = GAME.apply(state, 1, Hint())
    assert after.state.hints == (0, 1) and after.state.pending is not None
    assert [e.text for e in after.events] == ["Bora asked for a hint."]
    assert GAME.view(after.state, 0)["hints"] == [0, 1]


async def test_the_first_game_on_a_machine_builds_the_word_graph_with_a_progress_bar(app, tmp_path, monkeypatch):
    words = tmp_path / "words.txt"
    words.write_text("cat\ncats\nact\nta\nat\n")
    monkeypatch.setenv("TILEGAMES_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "_HELD", {})
    halfway, go_on = threading.Event(), threading.Event()

    def slow_build(word_list, progress):  # the real build, held halfway so the test can look
        def told(done, total):
            progress(done, total)
            if done * 2 >= total and not halfway.is_set():
                halfway.set()
                go_on.wait(10)
        return cache.graph_for(word_list, told)

    monkeypatch.setattr(graph_build, "graph_for", slow_build)
    state = position(["CATS", "AT"], config=ScrabbleConfig(word_list=str(words)))
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await until(pilot, lambda: isinstance(app.screen, GraphBuildScreen) and halfway.is_set())
        await pilot.pause()
        assert "Preparing the word list for hints and computer players" in flat(app)
        assert app.screen.query_one(ProgressBar).percentage is not None
        go_on.set()
        await until(pilot, lambda: isinstance(app.screen, ScrabbleScreen))
        assert cache.cached_graph(str(words)) is not None
        await pilot.press("5")
        await until(pilot, lambda: isinstance(app.screen, HintList))
        assert "8" in flat(app)
