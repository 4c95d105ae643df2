"""The setup form: timer choices in order, and rounds that say how many games they mean."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Select, Static

from tilegames.ui.screens.dialogs import HandOff


def prompts(select: Select) -> list[str]:
    options = select.query_one(OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


def shown(select: Select) -> str:
    """The choice the closed select shows."""
    return str(select.query_one("#label", Static).content)


async def open_setup(app, pilot) -> None:
    await pilot.press("enter")  # Rummikub, from the menu
    await pilot.pause()


async def test_rummikub_timer_choices_are_in_order_with_off_last(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(app, pilot)
        timer = app.screen.query_one("#timer", Select)
        assert prompts(timer) == ["30 seconds", "45 seconds", "60 seconds", "90 seconds", "120 seconds", "off"]
        assert timer.value == 60


async def test_scrabble_timer_choices_are_in_order_with_off_last(app):
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup("scrabble")
        await pilot.pause()
        timer = app.screen.query_one("#timer", Select)
        assert prompts(timer) == ["1 minute", "2 minutes", "3 minutes", "off"]
        assert timer.value == 0


async def test_rounds_say_how_many_games_and_follow_the_player_list(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(app, pilot)
        rounds = app.screen.query_one("#rounds", Select)
        assert prompts(rounds)[:2] == ["1 round = 2 games", "2 rounds = 4 games"]
        players = app.screen.query_one("#players", Input)
        players.value = "Ann, Bora, Chul, Dan, Eun"
        await pilot.pause()
        assert shown(rounds) == "1 round = 5 games"
        rounds.value = 2
        players.value = "Ann, Bora, Chul"
        await pilot.pause()
        assert prompts(rounds)[:2] == ["1 round = 3 games", "2 rounds = 6 games"]
        assert rounds.value == 2 and "2 rounds = 6 games" in shown(rounds)
        players.value = "Ann"  # not a game yet: the rounds still read right
        await pilot.pause()
        assert prompts(rounds)[0] == "1 round (a game per player)" and rounds.value == 2
        players.value = "Ann, Bora, Chul, Dan"
        await pilot.pause()
        assert "2 rounds = 8 games" in shown(rounds)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HandOff)
        assert app.flow.match.config.rounds == 2 and app.flow.match.total_games == 8
