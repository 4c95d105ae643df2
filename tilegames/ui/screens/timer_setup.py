"""The menu's Turn timer: the players' names and a turn's length, then the timer.

`tilegames timer --seconds 60 --players NAMES` starts the timer at once; from the menu the same
two things are asked first, checked by the same rules (`timer_settings`), so that a family
round a real table sees whose turn it is by name.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.widgets import Button, Input, Label, Static

from tilegames.core.text.i18n import _
from tilegames.ui.screens.form import FormScreen
from tilegames.ui.screens.timer import DEFAULT_SECONDS, TimerScreen, timer_settings
from tilegames.ui.widgets.footer import KeysFooter


class TimerSetupScreen(FormScreen):
    DEFAULT_CSS = """
    TimerSetupScreen { align: center middle; }
    TimerSetupScreen #form { width: 64; height: auto; border: round $primary; padding: 0 1; }
    TimerSetupScreen Grid { grid-size: 2; grid-columns: 14 1fr; grid-rows: 1; grid-gutter: 1 0;
                            height: auto; margin: 1 0; }
    TimerSetupScreen #about { color: $text-muted; height: auto; }
    TimerSetupScreen #error { color: $error; height: auto; }
    TimerSetupScreen Button { width: 100%; }
    """
    BINDINGS = [Binding("escape", "back", "Back", id="timer_setup.back"),
                Binding("ctrl+s", "start", "Start", id="timer_setup.start")]

    def compose(self) -> ComposeResult:
        with Vertical(id="form") as form:
            form.border_title = _("Turn timer")
            yield Static(_("For a game with real tiles: a big countdown for the player whose turn it is. "
                           "Space or Enter hands the turn on."), id="about", markup=False)
            with Grid():
                yield Label(_("Players"))
                yield Input(id="players", compact=True,
                            placeholder=_("names in turn order, with commas (or none)"))
                yield Label(_("Seconds"))
                yield Input(value=str(DEFAULT_SECONDS), id="seconds", compact=True)
            yield Static("", id="error", markup=False)
            yield Button(_("Start"), variant="primary", id="start", compact=True)
        yield KeysFooter()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#players", Input).focus()

    def action_start(self) -> None:
        try:
            settings = timer_settings(self.query_one("#seconds", Input).value,
                                      self.query_one("#players", Input).value)
        except ValueError as exc:
            self.query_one("#error", Static).update(str(exc))
            return
        self.app.switch_screen(TimerScreen(settings, clock=getattr(self.app, "clock", None)))
