"""Join a game (the menu's entry): the server's address and the join code a host gave, then the
game's play screen, as `tilegames join HOST:PORT --code CODE` opens it.

Two people sharing this terminal type both their codes (separated by a comma or a space). The
form remembers what was typed last, so that after a lost connection joining again is Enter.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.widgets import Button, Input, Label, Static

from tilegames.core.text.i18n import _
from tilegames.net.client_join import parse_address, parse_codes
from tilegames.ui.remote import start_remote
from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.widgets.footer import KeysFooter


class JoinScreen(BaseScreen):
    DEFAULT_CSS = """
    JoinScreen { align: center middle; }
    JoinScreen #form { width: 64; height: auto; border: round $primary; padding: 0 1; }
    JoinScreen Grid { grid-size: 2; grid-columns: 8 1fr; grid-rows: 1; grid-gutter: 1 0; height: auto; margin: 1 0; }
    JoinScreen #about { color: $text-muted; height: auto; }
    JoinScreen #error { color: $error; height: auto; }
    JoinScreen Button { width: 100%; }
    """
    BINDINGS = [Binding("escape", "back", "Back", id="join.back"), Binding("ctrl+s", "join", "Join", id="join.join")]

    def __init__(self, address: str = "", code: str = "") -> None:
        super().__init__()
        self.address = address
        self.code = code
        self.joining = False  # a join under way: Enter does not start another

    def compose(self) -> ComposeResult:
        with Vertical(id="form") as form:
            form.border_title = _("Join a game")
            yield Static(_("Play your seat of a game hosted on another terminal: type the server's "
                           "address and the code its host gave you."), id="about")
            with Grid():
                yield Label(_("Server"))
                yield Input(value=self.address, id="address", compact=True,
                            placeholder=_("host:port, e.g. 127.0.0.1:7777"))
                yield Label(_("Code"))
                yield Input(value=self.code, id="code", compact=True,
                            placeholder=_("e.g. K7PQ-3MZD-XW4R (two players here: both codes)"))
            yield Static("", id="error", markup=False)
            yield Button(_("Join"), variant="primary", id="join", compact=True)
        yield KeysFooter()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#code" if self.address else "#address", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "address" and not self.query_one("#code", Input).value.strip():
            self.query_one("#code", Input).focus()
            return
        self.action_join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_join()

    def action_back(self) -> None:
        self.dismiss(None)

    def say(self, text: str) -> None:
        """A sentence under the form: what is wrong, or that a join failed and why."""
        self.joining = False
        self.query_one("#error", Static).update(text)

    def action_join(self) -> None:
        if self.joining:
            return
        address = self.query_one("#address", Input).value
        code = self.query_one("#code", Input).value
        try:
            host, port = parse_address(address)
            codes = parse_codes(code)
        except ValueError as exc:
            self.say(str(exc))
            return
        self.joining = True
        self.query_one("#error", Static).update(_("Connecting to {address}…").format(address=f"{host}:{port}"))
        start_remote(self.app, host, port, codes, on_failed=self.say)  # type: ignore[arg-type]
