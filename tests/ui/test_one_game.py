"""An app for one game only (`tilegames join --one-game`, what the SSH door runs): leaving the
game leaves the app, and the command palette offers no other game, so a player who came in
through the door never reaches the menu (nor Host, Join or the server account's games)."""

from __future__ import annotations

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.registry import get_game
from tilegames.ui.app import TilegamesApp


async def test_leaving_the_game_leaves_an_app_for_one_game():
    app = TilegamesApp(clock=FakeClock(), save=False, one_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert not any(t.startswith(("New game", "Resume", "Rules")) for t in titles)
        app.start("scrabble", ("Ann", "Bob"), get_game("scrabble").config_for({}, 2), open_hands=True, seed=2)
        await pilot.pause()
        app.back_to_menu()  # what q / F10 and the summary's m do
        await pilot.pause()
    assert app.return_code == 0
