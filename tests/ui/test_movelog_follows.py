"""The newest move is always in sight (issue 22, item 6): however long the entries and however
they wrap, and when the panel shrinks as another beside it grows (Nab-It!'s build panel), the
Moves panel of every game follows its newest entry at 80x24; Page Up and Page Down scroll it
(the mouse wheel does too: it is a scrolling log), and back at its end it follows again."""

from __future__ import annotations

import pytest
from app_helpers import screen_text

from tilegames.core.registry import get_game
from tilegames.ui.games import playable
from tilegames.ui.widgets.movelog import MoveLog

GAMES = [entry.id for entry in playable()]
LONG = ("a rather long entry that wraps over several lines of the panel, as a computer's cap, "
        "a challenge or a word list of one's own gives")


def words(n: int) -> str:
    return f"Entry {n}: {LONG} ENDOF{n:02}"


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_moves_panel_follows_its_newest_entry_however_they_wrap(app, game_id):
    game = get_game(game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start(game_id, ("Ann", "Bob"), game.config_for({}, 2), open_hands=True, seed=3)
        for _ in range(5):
            await pilot.pause()
        while not app.screen.query(MoveLog):  # past any question the deal asks first
            await pilot.press("n")
            await pilot.pause()
        log = app.screen.query_one(MoveLog)
        for n in range(1, 8):  # seven entries of several lines each: more than the panel holds
            log.write(words(n))
            await pilot.pause()
            assert f"ENDOF{n:02}" in screen_text(app), f"entry {n} is not in sight"
        log.styles.max_height = max(3, log.size.height - 3)  # the panel shrinks (a panel above it grows)
        await pilot.pause()
        await pilot.pause()
        assert "ENDOF07" in screen_text(app), "the newest entry went out of sight as the panel shrank"
        log.styles.max_height = None
        await pilot.pause()
        for _ in range(12):  # Page Up, as far back as it goes
            await pilot.press("pageup")
        await pilot.pause()
        assert "ENDOF07" not in screen_text(app) and "ENDOF01" in screen_text(app)
        for _ in range(12):  # Page Down, back to the end
            await pilot.press("pagedown")
        log.write(words(8))  # and it follows the game again
        await pilot.pause()
        await pilot.pause()
        assert "ENDOF08" in screen_text(app)
