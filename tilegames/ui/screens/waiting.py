"""What an app for one game shows beneath the game (and while it joins): a line and a way out,
never the menu, whose games and Host/Join a player who came in through the SSH door must not
reach."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from tilegames.core.text.i18n import _
from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.widgets.footer import KeysFooter


class WaitingScreen(BaseScreen):
    DEFAULT_CSS = """
    WaitingScreen { align: center middle; }
    WaitingScreen #waiting { width: auto; color: $text-muted; }
    """
    BINDINGS = [Binding("q,escape", "app.quit", "Quit", id="waiting.quit")]

    def compose(self) -> ComposeResult:
        yield Static(_("Joining the game…"), id="waiting")
        yield KeysFooter()
        yield from self.compose_notice()
