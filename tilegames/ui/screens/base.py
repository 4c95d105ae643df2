"""What every screen of the app shares: the "terminal too small" notice."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    DEFAULT_CSS = """
    TooSmall {
        layer: overlay;
        dock: top;
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        background: $error-darken-3;
        color: $text;
        display: none;
    }
    """


class BaseScreen(Screen):
    """A screen that covers itself with a notice when the terminal is below 80x24."""

    DEFAULT_CSS = """
    BaseScreen {
        layers: base overlay;
    }
    """

    def compose_notice(self) -> ComposeResult:
        yield TooSmall(id="too-small")

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def on_mount(self) -> None:
        self._check_size()

    def _check_size(self) -> None:
        width, height = self.app.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        notices = self.query(TooSmall)
        for notice in notices:
            notice.update(
                f"The terminal is {width}x{height}.\ntilegames needs at least "
                f"{MIN_WIDTH}x{MIN_HEIGHT}.\nMake the window larger to go on."
            )
            notice.display = small
