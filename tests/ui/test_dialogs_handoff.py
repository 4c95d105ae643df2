"""The hand-off screen between players: a footer with its keys, and the way to the menu
(issue 11 item 14)."""

from __future__ import annotations

import pytest
from test_scrabble_play import flat, show
from scrabble_builder import position

from tilegames.ui.screens.dialogs import Confirm, HandOff
from tilegames.ui.screens.menu import MenuScreen
from tilegames.ui.games.scrabble.screen import ScrabbleScreen


async def test_the_hand_off_shows_its_keys_in_a_footer(app):
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, position(["QUIZERS", "AEIOULN"]), open_hands=False)
        await pilot.pause()
        assert isinstance(app.screen, HandOff)
        text = flat(app)
        assert "Continue" in text and "Menu" in text


@pytest.mark.parametrize("key", ["q", "escape"])
async def test_q_or_escape_at_the_hand_off_goes_to_the_menu_and_the_game_is_saved(app, saves_home, key):
    from tilegames.games.scrabble.config import ScrabbleConfig

    async with app.run_test(size=(80, 24)) as pilot:
        app.start("scrabble", ("Ann", "Bora"), ScrabbleConfig(), open_hands=False, seed=5)
        await pilot.pause()
        assert isinstance(app.screen, HandOff)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")  # changed my mind: still the hand-off
        await pilot.pause()
        assert isinstance(app.screen, HandOff)
        await pilot.press(key, "y")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.playing is None  # the journal is closed and let go
        await pilot.press("r")  # Resume goes on with the same game
        await pilot.pause()
        assert isinstance(app.screen, HandOff)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ScrabbleScreen)
