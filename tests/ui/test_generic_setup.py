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
        timer = app.screen.query_one("#turn_seconds", Select)
        assert prompts(timer) == ["30 seconds", "45 seconds", "60 seconds", "90 seconds", "120 seconds", "off"]
        assert timer.value == 60


async def test_scrabble_timer_choices_are_in_order_with_off_last(app):
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup("scrabble")
        await pilot.pause()
        timer = app.screen.query_one("#turn_seconds", Select)
        assert prompts(timer) == ["1 minute", "2 minutes", "3 minutes", "off"]
        assert timer.value is None


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
        assert app.flow.config.rounds == 2 and app.flow.series.total_games == 8


async def test_a_seat_is_switched_to_the_computer_in_the_form_and_the_computer_plays_it(app):
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup("nabit")
        await pilot.pause()
        players = app.screen.query_one("#players", Input)
        players.value = "Ann, Bora"
        await pilot.press("tab")  # to the seats line
        assert app.screen.focused.id == "seats"
        await pilot.press("right", "space")  # Bora's seat: the computer, at the default level
        await pilot.pause()
        assert players.value == "Ann, cpu:normal"
        assert "[x] CPU (normal)" in str(app.screen.query_one("#seats").render())
        await pilot.press("left", "space", "space", "space", "space")  # Ann's seat round the levels and back
        await pilot.pause()
        assert players.value == "Player 1, cpu:normal"
        players.value = "Ann, cpu:strong"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.playing.seats == ("Ann", "CPU (strong)")


def test_every_option_the_form_offers_starts_where_the_default_preset_stands():
    """The form's defaults are the default preset's values, so an untouched form and an
    untouched command line start the same game."""
    from tilegames.core.registry import get_game
    from tilegames.core.kernel.setup_options import PRESET

    for game_id in ("rummikub", "scrabble"):
        game = get_game(game_id)
        chosen = {o.key: o.default for o in game.setup_options}
        base = game.presets[chosen.pop(PRESET)]
        assert game.config_for(chosen, 2) == base, game_id
