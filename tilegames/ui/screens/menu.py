"""The main menu: the four games (those not built yet shown as coming soon), Resume, Host a
game and Join a game (play over the network), Rules, Quit.

Resume opens a list of the unfinished games (ResumeScreen), newest first, so that any of them
can be taken up again, not only the last; `r` resumes the newest at once. The menu is drawn
at every launch, so what it lists comes from the saves index (core/save_index.py), never
from replaying every journal.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tilegames.core.errors import BadRecord
from tilegames.core.inputs import shown
from tilegames.core.registry import get_game
from tilegames.core.save_index import SaveInfo
from tilegames.ui.games import entries, game_tools, playable
from tilegames.ui.screens.base import BaseScreen


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

    def __init__(self, list_saves: Callable[[], Sequence[SaveInfo]] = tuple) -> None:
        """`list_saves` gives the unfinished games, newest first; it is asked again whenever
        the menu shows them, since games end and saves come and go while the menu waits."""
        super().__init__()
        self._list_saves = list_saves
        self.saves: list[SaveInfo] = list(list_saves())

    @property
    def can_resume(self) -> bool:
        return bool(self.saves)

    def compose(self) -> ComposeResult:
        options: list[Option | None] = []
        for entry in entries():
            ready = entry.module is not None
            options.append(Option(entry.title if ready else f"{entry.title}  (coming soon)", id=f"game:{entry.id}",
                                  disabled=not ready))
        options.append(None)
        options.append(Option(self._resume_label(), id="resume", disabled=not self.can_resume))
        options.append(Option("Host a game  (players join by code)", id="host"))
        options.append(Option("Join a game  (with a code from its host)", id="join"))
        options.append(Option("Rule demonstrations", id="demos"))
        options += [Option(f"{tool.title}  ({entry.title})", id=f"tool:{n}") for n, (entry, tool) in enumerate(game_tools())]
        options.append(Option("Turn timer  (for games with real tiles)", id="timer"))
        options += [Option(f"Rules: {entry.title}", id=f"rules:{entry.id}") for entry in playable()]
        options.append(Option("Quit", id="quit"))
        with Vertical():
            yield Static(BANNER, id="banner")
            yield OptionList(*options)
            yield Static("Up/Down to choose, Enter to start", id="hint")
        yield Footer()
        yield from self.compose_notice()

    def _resume_label(self) -> str:
        count = len(self.saves)
        if not count:
            return "Resume  (no unfinished game)"
        return f"Resume  ({count} unfinished game{'' if count == 1 else 's'})"

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(OptionList).focus()

    def refresh_saves(self) -> None:
        """List the unfinished games again and show how many there are."""
        self.saves = list(self._list_saves())
        option_list = self.query_one(OptionList)
        option_list.replace_option_prompt("resume", self._resume_label())
        if self.can_resume:
            option_list.enable_option("resume")
        else:
            option_list.disable_option("resume")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith("game:"):
            self.app.open_setup(choice.split(":", 1)[1])  # type: ignore[attr-defined]
        elif choice == "resume":
            self.choose_saved_game()
        elif choice == "join":
            from tilegames.ui.remote import last_join
            from tilegames.ui.screens.join import JoinScreen

            self.app.push_screen(JoinScreen(*last_join(self.app)))  # type: ignore[arg-type]
        elif choice == "host":
            from tilegames.ui.screens.host import HostScreen

            self.app.push_screen(HostScreen())
        elif choice == "demos":
            from tilegames.ui.screens.demo import DemoListScreen

            self.app.push_screen(DemoListScreen())
        elif choice.startswith("tool:"):
            tools = game_tools()
            number = int(choice.split(":", 1)[1])
            if number < len(tools):
                self.app.push_screen(tools[number][1].make_screen())
        elif choice == "timer":
            from tilegames.ui.screens.timer import run_timer_screen

            run_timer_screen(self.app)
        elif choice.startswith("rules:"):
            from tilegames.ui.screens.rules import RulesScreen

            self.app.push_screen(RulesScreen(choice.split(":", 1)[1]))
        elif choice == "quit":
            self.app.exit()

    def choose_saved_game(self) -> None:
        """The list of unfinished games; the one chosen is resumed."""
        self.refresh_saves()
        if not self.saves:
            self.app.notify(NOTHING_TO_RESUME, severity="information", markup=False)
            return

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.app.resume(path)  # type: ignore[attr-defined]

        self.app.push_screen(ResumeScreen(self.saves), chosen)

    def action_resume(self) -> None:
        """`r`: the newest unfinished game at once (the app says so when there is none)."""
        self.refresh_saves()
        self.app.resume_last()  # type: ignore[attr-defined]


NOTHING_TO_RESUME = "No unfinished game to resume."


def describe(save: SaveInfo) -> str:
    """One line for a save: game, when it was last played, moves, players (escaped: names come
    from files). The players go last, where a long or wide name pushes nothing out of line."""
    header = save.header
    assert header is not None
    try:
        title = get_game(header.game).title
    except BadRecord:
        title = header.game
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(save.saved))
    moves = f"{save.moves} move{'' if save.moves == 1 else 's'}"
    players = ", ".join(shown(name, 24) for name in header.seats)
    return f"{shown(title, 10):10} {when}  {moves:>10}   {shown(players, 60)}"


class ResumeScreen(BaseScreen):
    """The unfinished games, newest first: Enter resumes one, Escape goes back to the menu."""

    DEFAULT_CSS = """
    ResumeScreen { align: center top; }
    ResumeScreen #head { dock: top; height: auto; padding: 1 0; }
    ResumeScreen #title { width: 100%; text-align: center; text-style: bold; }
    ResumeScreen #hint { width: 100%; text-align: center; color: $text-muted; }
    ResumeScreen OptionList { width: 90%; max-width: 110; height: auto; max-height: 100%; border: round $primary; }
    """
    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, saves: Sequence[SaveInfo]) -> None:
        super().__init__()
        self.saves = list(saves)

    def compose(self) -> ComposeResult:
        options = [Option(Content(describe(save)), id=f"save:{n}") for n, save in enumerate(self.saves)]
        with Vertical(id="head"):
            yield Static("Unfinished games, the last played first", id="title")
            yield Static("Up/Down to choose, Enter to resume, Esc to go back", id="hint")
        yield OptionList(*options)
        yield Footer()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        option_list = self.query_one(OptionList)
        option_list.focus()
        option_list.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.saves[event.option_index].path)

    def action_back(self) -> None:
        self.dismiss(None)
