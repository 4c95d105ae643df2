"""The command palette (ctrl+p) offers the screen's actions, new games, each unfinished game,
the rules of each game, and Textual's own (theme, quit)."""

from __future__ import annotations

from app_helpers import config, show_position, started
from rk_builder import position


def titles(app) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


async def test_the_palette_offers_new_games_rules_theme_and_quit_from_the_menu(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        offered = titles(app)
        for title in ("New game: Rummikub", "New game: Scrabble", "Rules: Rummikub", "Rules: Scrabble", "Quit"):
            assert title in offered
        assert any("theme" in t.lower() for t in offered)


async def test_in_a_game_the_palette_offers_its_actions_and_runs_them(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, position(["R10 R11 R12 K1", "K2 K3"], config=config()))
        await started(pilot)
        offered = titles(app)
        for title in ("Commit", "Draw", "Undo", "Undo all", "Redo", "Sort rack", "Help", "Rules", "Menu"):
            assert title in offered, title
        assert "Left" not in offered  # cursor keys are not commands
        draw = next(c for c in app.get_system_commands(app.screen) if c.title == "Draw")
        await draw.callback()
        await pilot.pause()
        assert session.current_seat == 1


async def test_each_unfinished_game_can_be_resumed_from_the_palette(app, saves_home):
    async with app.run_test(size=(80, 24)) as pilot:
        app.start("rummikub", ("Ann", "Bora"), config(), open_hands=True, seed=2)
        await pilot.pause()
        app.back_to_menu()
        await pilot.pause()
        resume = [c for c in app.get_system_commands(app.screen) if c.title.startswith("Resume: ")]
        assert len(resume) == 1 and "Ann, Bora" in resume[0].title
        resume[0].callback()
        await pilot.pause()
        assert app.screen.__class__.__name__ == "RummikubScreen"
