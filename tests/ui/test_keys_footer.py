"""The key footer is rebuilt when the keys it shows change, and only then (a rebuild mounts
and styles a dozen widgets: a third of a key press's time on the play screens)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Button
from textual.widgets._footer import FooterKey

from tilegames.ui.widgets.footer import KeysFooter


class Keys(App[None]):
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("a", "alpha", "Alpha"), Binding("b", "beta", "Beta"), Binding("c", "hidden", "Hidden", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.beta_on = True

    def compose(self) -> ComposeResult:
        yield Button("one", id="one")
        yield Button("two", id="two")
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "beta" and not self.beta_on else True

    def action_alpha(self) -> None:
        pass

    def action_beta(self) -> None:
        pass


def footer_keys(app: App[None]) -> list[FooterKey]:
    return list(app.screen.query(FooterKey))


async def test_a_focus_change_that_keeps_the_keys_keeps_the_footer_as_it_is():
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        before = footer_keys(app)
        assert [key.description for key in before] == ["Alpha", "Beta"]
        app.set_focus(app.query_one("#two"))
        app.screen.refresh_bindings()
        await pilot.pause()
        assert footer_keys(app) == before  # the same widgets: not rebuilt


async def test_a_key_turned_off_or_a_screen_with_other_keys_rebuilds_the_footer():
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        before = footer_keys(app)
        app.beta_on = False
        app.refresh_bindings()
        await pilot.pause()
        after = footer_keys(app)
        assert after != before
        assert [(key.description, key.has_class("-disabled")) for key in after] == [("Alpha", False), ("Beta", True)]
        app.beta_on = True
        app.refresh_bindings()
        await pilot.pause()
        assert [(key.description, key.has_class("-disabled")) for key in footer_keys(app)] == [("Alpha", False), ("Beta", False)]
