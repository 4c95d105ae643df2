"""The main menu: the four games (those not built yet shown as coming soon), Resume, Rules, Quit."""

from __future__ import annotations


from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tilegames.ui.screens.base import BaseScreen

GAMES = [
    ("rummikub", "Rummikub", True),
    ("word", "Rummikub Word", False),
    ("scrabble", "Scrabble", True),
    ("nabit", "Nab-It!", False),
]

BANNER = "t i l e g a m e s"


class MenuScreen(BaseScreen):
    DEFAULT_CSS = """
    MenuScreen { align: center middle; }
    MenuScreen Vertical { width: 44; height: auto; }
    MenuScreen #banner { width: 100%; text-align: center; text-style: bold; color: $accent; padding: 1 0; }
    MenuScreen OptionList { height: auto; border: round $primary; }
    MenuScreen #hint { width: 100%; text-align: center; color: $text-muted; padding: 1 0 0 0; }
    """
    BINDINGS = [Binding("q", "app.quit", "Quit"), Binding("r", "resume", "Resume")]

    def __init__(self, can_resume: bool) -> None:
        super().__init__()
        self.can_resume = can_resume

    def compose(self) -> ComposeResult:
        options: list[Option | None] = []
        for game_id, title, ready in GAMES:
            options.append(Option(title if ready else f"{title}  (coming soon)", id=f"game:{game_id}", disabled=not ready))
        options.append(None)
        options.append(Option("Resume last game" if self.can_resume else "Resume  (no unfinished game)",
                              id="resume", disabled=not self.can_resume))
        options += [Option(f"Rules: {title}", id=f"rules:{game_id}") for game_id, title, ready in GAMES if ready]
        options.append(Option("Quit", id="quit"))
        with Vertical():
            yield Static(BANNER, id="banner")
            yield OptionList(*options)
            yield Static("Up/Down to choose, Enter to start", id="hint")
        yield Footer()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(OptionList).focus()

    def set_can_resume(self, can_resume: bool) -> None:
        if can_resume != self.can_resume:
            self.can_resume = can_resume
            option_list = self.query_one(OptionList)
            option_list.replace_option_prompt("resume", "Resume last game" if can_resume else "Resume  (no unfinished game)")
            if can_resume:
                option_list.enable_option("resume")
            else:
                option_list.disable_option("resume")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith("game:"):
            self.app.open_setup(choice.split(":", 1)[1])  # type: ignore[attr-defined]
        elif choice == "resume":
            self.action_resume()
        elif choice.startswith("rules:"):
            from tilegames.ui.screens.rules import RulesScreen

            self.app.push_screen(RulesScreen(choice.split(":", 1)[1]))
        elif choice == "quit":
            self.app.exit()

    def action_resume(self) -> None:
        if self.can_resume:
            self.app.resume_last()  # type: ignore[attr-defined]
