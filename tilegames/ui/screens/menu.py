"""The main menu: the four games (those not built yet shown as coming soon), Resume, Rules, Quit.

Also what Resume shows for a game open in another tilegames: `SpectatorScreen`, the game as a
spectator sees it at its last saved move, with no rack and no actions.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.widgets.board import Board
from tilegames.ui.widgets.movelog import MoveLog
from tilegames.ui.widgets.table import Table

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


class SpectatorScreen(BaseScreen):
    """A saved game shown read-only from `view` (a spectator's view: seat None, so no rack
    is in it) with its public move log. Nothing here can change the game."""

    DEFAULT_CSS = """
    SpectatorScreen #status { height: 1; text-style: bold; padding: 0 1; }
    SpectatorScreen #middle { height: 1fr; }
    SpectatorScreen #position { width: 1fr; border: round $primary; }
    SpectatorScreen #side { width: 34; }
    SpectatorScreen #players { height: auto; border: round $primary-darken-2; padding: 0 1; }
    SpectatorScreen MoveLog { height: 1fr; border: round $primary-darken-2; }
    """
    BINDINGS = [Binding("escape,q,m", "leave", "Menu")]

    def __init__(self, title: str, view: dict[str, Any], moves: list[str]) -> None:
        super().__init__()
        self.title_text, self.game_view, self.moves = title, view, moves

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="status", markup=False)
        with Horizontal(id="middle"):
            with Vertical(id="position"):
                yield Board() if self.game_view.get("game") == "scrabble" else Table()
            with Vertical(id="side"):
                yield Static(id="players", markup=False)
                yield MoveLog(id="log", wrap=True, markup=False, min_width=10)
        yield Footer()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        view = self.game_view
        self.query_one("#position").border_title = "Read-only: this game is played elsewhere"
        if view.get("game") == "scrabble":
            letters = {(sq["row"], sq["col"]): sq["letter"] for sq in view["board"]}
            board = self.query_one(Board)
            board.show(letters, set(), set(), None, "across")
            board.border_subtitle = ""  # nobody types here
        else:
            self.query_one(Table).show(view["table"], None, None)
        self.query_one("#players", Static).update(_players(view))
        log = self.query_one(MoveLog)
        for line in self.moves:
            log.write(line)

    def action_leave(self) -> None:
        self.app.back_to_menu()  # type: ignore[attr-defined]


def _players(view: dict[str, Any]) -> Text:
    text = Text()
    scores = view.get("scores")
    for seat, name in enumerate(view["seats"]):
        turn = seat == view.get("current")
        score = f"{scores[seat]:>5}" if scores else ""
        text.append(f"{'>' if turn else ' '}{name[:14]:<14}{score} {view['rack_sizes'][seat]:>3} tiles\n",
                    style="bold" if turn else "")
    text.rstrip()
    return text
