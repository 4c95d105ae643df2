"""What Resume shows for a game open in another tilegames: the game as a spectator sees it at
its last saved move, with no rack and no actions."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.widgets.board import Board
from tilegames.ui.widgets.movelog import MoveLog
from tilegames.ui.widgets.scores import name_cell
from tilegames.ui.widgets.table import Table


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
        text.append(f"{'>' if turn else ' '}{name_cell(name, 14).plain}{score} {view['rack_sizes'][seat]:>3} tiles\n",
                    style="bold" if turn else "")
    text.rstrip()
    return text
