"""The menu's Turn timer asks for the players and a turn's length, then counts for the first
player by name; what will not do is a sentence and no timer."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList, Static

from tilegames.ui.screens.menu import MenuScreen
from tilegames.ui.screens.timer import TimerScreen
from tilegames.ui.screens.timer_setup import TimerSetupScreen


async def open_form(pilot) -> TimerSetupScreen:
    menu = pilot.app.screen
    assert isinstance(menu, MenuScreen)
    options = menu.query_one(OptionList)
    options.highlighted = next(i for i in range(options.option_count) if options.get_option_at_index(i).id == "timer")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, TimerSetupScreen)
    return pilot.app.screen


async def test_the_menus_timer_asks_for_the_players_then_counts_for_the_first_by_name(app):
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        form.query_one("#players", Input).value = "Ann, Bora, Chul"
        form.query_one("#seconds", Input).value = "45"
        await pilot.press("ctrl+s")
        await pilot.pause()
        timer = app.screen
        assert isinstance(timer, TimerScreen)
        assert timer.countdown.players == ("Ann", "Bora", "Chul") and timer.countdown.seconds == 45
        await pilot.press("q")  # back to the menu, not to the form
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_a_turn_length_or_names_that_will_not_do_are_a_sentence_and_no_timer(app):
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        form.query_one("#seconds", Input).value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TimerSetupScreen)
        assert "5 to 3600 seconds" in str(form.query_one("#error", Static).render())
        form.query_one("#seconds", Input).value = "60"
        form.query_one("#players", Input).value = "Ann, ann"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TimerSetupScreen)
        assert "different name" in str(form.query_one("#error", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_the_players_placeholder_fits_its_field_at_80x24(app, lang):
    """Issue 22, item 9: the timer form's placeholder was cut."""
    from rich.cells import cell_len

    from tilegames.core.text import i18n

    with i18n.speaking(lang):
        async with app.run_test(size=(80, 24)) as pilot:
            await open_form(pilot)
            field = app.screen.query_one("#players", Input)
            assert cell_len(field.placeholder) <= field.content_region.width, field.placeholder
