"""The main menu: the games (each game's manifest, in order), Resume, Host a
game and Join a game (play over the network), Rules, Quit.

Resume opens a list of the unfinished games (ResumeScreen), newest first, so that any of them
can be taken up again, not only the last; `r` resumes the newest at once. The menu is drawn
at every launch, so what it lists comes from the saves index (core/records/save_index.py), never
from replaying every journal.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Sequence

from rich.cells import cell_len, set_cell_size
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import N_, _, language, ngettext
from tilegames.core.text.inputs import shown
from tilegames.core.registry import get_game
from tilegames.core.records.save_index import SaveInfo
from tilegames.ui.games import game_tools, playable, tool_screen
from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.widgets.footer import KeysFooter


BANNER = "t i l e g a m e s"


class MenuScreen(BaseScreen):
    DEFAULT_CSS = """
    MenuScreen { align: center middle; }
    MenuScreen Vertical { width: 44; height: auto; }
    MenuScreen #banner { width: 100%; text-align: center; text-style: bold; color: $accent; padding: 0 0 1 0; }
    MenuScreen OptionList { height: auto; border: round $primary; }
    MenuScreen #hint { width: 100%; text-align: center; color: $text-muted; padding: 1 0 0 0; }
    """
    BINDINGS = [Binding("q", "app.quit", "Quit", id="menu.quit"), Binding("r", "resume", "Resume", id="menu.resume"),
                Binding("t", "app.change_theme", "Theme", id="menu.theme")]

    def __init__(self, list_saves: Callable[[], Sequence[SaveInfo]] = tuple) -> None:
        """`list_saves` gives the unfinished games, newest first; it is asked again whenever
        the menu shows them, since games end and saves come and go while the menu waits."""
        super().__init__()
        self._list_saves = list_saves
        self.saves: list[SaveInfo] = list(list_saves())

    @property
    def can_resume(self) -> bool:
        """Whether Resume opens the list: it shows the saves that cannot be played too, each
        with why, so a damaged save is found in the menu rather than silently missing."""
        return bool(self.saves)

    def compose(self) -> ComposeResult:
        options: list[Option | None] = []
        for entry in playable():
            options.append(Option(_(entry.title), id=f"game:{entry.id}"))  # i18n: marked
        options.append(None)
        options.append(Option(self._resume_label(), id="resume", disabled=not self.can_resume))
        options.append(Option(_("Host a game  (players join by code)"), id="host"))
        options.append(Option(_("Join a game  (with a code from its host)"), id="join"))
        options.append(Option(_("Rule demonstrations"), id="demos"))
        options += [Option(_("{tool}  ({game})").format(tool=_(tool.title), game=_(entry.title)),  # i18n: marked
                           id=f"tool:{n}") for n, (entry, tool) in enumerate(game_tools())]
        options.append(Option(_("Turn timer  (for games with real tiles)"), id="timer"))
        options += [Option(_("Rules: {game}").format(game=_(entry.title)), id=f"rules:{entry.id}")  # i18n: marked
                    for entry in playable()]
        options.append(Option(_("Language: English"), id="language"))
        options.append(Option(_("Quit"), id="quit"))
        with Vertical():
            yield Static(BANNER, id="banner")
            yield OptionList(*options)
            yield Static(_("Up/Down to choose, Enter to start"), id="hint")
        yield KeysFooter()
        yield from self.compose_notice()

    def _resume_label(self) -> str:
        count = sum(1 for save in self.saves if save.damaged is None)
        bad = len(self.saves) - count
        if bad:
            if not count:
                return ngettext("Resume  (no unfinished game, {bad} damaged)",
                                "Resume  (no unfinished game, {bad} damaged)", bad).format(bad=bad)
            return ngettext("Resume  ({n} unfinished game, {bad} damaged)",
                            "Resume  ({n} unfinished games, {bad} damaged)", count).format(n=count, bad=bad)
        if not count:
            return _("Resume  (no unfinished game)")
        return ngettext("Resume  ({n} unfinished game)", "Resume  ({n} unfinished games)", count).format(n=count)

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
                self.app.push_screen(tool_screen(tools[number][1]))
        elif choice == "timer":
            from tilegames.ui.screens.timer_setup import TimerSetupScreen

            self.app.push_screen(TimerSetupScreen())
        elif choice.startswith("rules:"):
            from tilegames.ui.screens.rules import RulesScreen

            self.app.push_screen(RulesScreen(choice.split(":", 1)[1]))
        elif choice == "language":
            from tilegames.ui.screens.language import LanguageScreen, switch_language

            self.app.push_screen(LanguageScreen(language()), lambda chosen: switch_language(self.app, chosen))  # type: ignore[arg-type]
        elif choice == "quit":
            self.app.exit()

    def choose_saved_game(self) -> None:
        """The list of unfinished games; the one chosen is resumed."""
        self.refresh_saves()
        if not self.saves:
            self.app.notify(_(NOTHING_TO_RESUME), severity="information", markup=False)  # i18n: marked
            return

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.app.resume(path)  # type: ignore[attr-defined]

        self.app.push_screen(ResumeScreen(self.saves), chosen)

    def action_resume(self) -> None:
        """`r`: the newest unfinished game at once (the app says so when there is none)."""
        self.refresh_saves()
        self.app.resume_last()  # type: ignore[attr-defined]


NOTHING_TO_RESUME = N_("No unfinished game to resume.")
TITLE_CELLS = 13  # a game's title in the list of saves: "Rummikub Word", "루미큐브 워드"


def describe(save: SaveInfo) -> str:
    """One line for a save: game, when it was last played, moves, players (escaped: names come
    from files). The players go last, where a long or wide name pushes nothing out of line.
    A save that cannot be played says why instead of its moves and players."""
    header = save.header
    if save.damaged is not None or header is None:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(save.saved))
        why = shown(save.damaged or save.path.name, 300)
        return f"{set_cell_size(_('damaged'), TITLE_CELLS)} {when}  " + _("cannot be played: {why}").format(why=why)
    try:
        title = _(get_game(header.game).title)  # i18n: marked
    except BadRecord:
        title = header.game
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(save.saved))
    moves = ngettext("{n} move", "{n} moves", save.moves).format(n=save.moves)
    players = ", ".join(shown(name, 24) for name in header.seats)
    moves_cell = " " * max(0, 10 - cell_len(moves)) + moves
    return f"{set_cell_size(shown(title, TITLE_CELLS), TITLE_CELLS)} {when}  {moves_cell}   {shown(players, 60)}"


class ResumeScreen(BaseScreen):
    """The unfinished games, newest first: Enter resumes one, Escape goes back to the menu."""

    DEFAULT_CSS = """
    ResumeScreen { align: center top; }
    ResumeScreen #head { dock: top; height: auto; padding: 1 0; }
    ResumeScreen #title { width: 100%; text-align: center; text-style: bold; }
    ResumeScreen #hint { width: 100%; text-align: center; color: $text-muted; }
    ResumeScreen OptionList { width: 90%; max-width: 110; height: auto; max-height: 100%; border: round $primary; }
    """
    BINDINGS = [Binding("escape", "back", "Back", id="resume.back")]

    def __init__(self, saves: Sequence[SaveInfo]) -> None:
        super().__init__()
        self.saves = list(saves)

    def compose(self) -> ComposeResult:
        options = [Option(Content(describe(save)), id=f"save:{n}", disabled=save.damaged is not None)
                   for n, save in enumerate(self.saves)]
        with Vertical(id="head"):
            yield Static(_("Unfinished games, the last played first"), id="title")
            yield Static(_("Up/Down to choose, Enter to resume, Esc to go back"), id="hint")
        yield OptionList(*options)
        yield KeysFooter()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        option_list = self.query_one(OptionList)
        option_list.focus()
        playable = [n for n, save in enumerate(self.saves) if save.damaged is None]
        option_list.highlighted = playable[0] if playable else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.saves[event.option_index].path)

    def action_back(self) -> None:
        self.dismiss(None)
