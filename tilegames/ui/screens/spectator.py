"""What Resume shows for a game open in another tilegames: the game as a spectator sees it at
its last saved move, with no rack and no actions."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from tilegames.core.kernel.views import spectator_view
from tilegames.core.text.i18n import _, ngettext
from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.widgets.movelog import MoveLog
from tilegames.ui.widgets.scores import name_cell
from tilegames.ui.widgets.footer import KeysFooter


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
    BINDINGS = [Binding("escape,q,m", "leave", "Menu", id="spectator.leave")]

    def __init__(self, title: str, view: dict[str, Any], moves: list[str], position: Widget) -> None:
        """`position`: the game's own picture of the table or board, filled from `view` (its
        plug-in's `position`)."""
        super().__init__()
        self.title_text, self.game_view, self.moves, self.position = title, view, moves, position

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="status", markup=False)
        with Horizontal(id="middle"):
            with Vertical(id="position"):
                yield self.position
            with Vertical(id="side"):
                yield Static(id="players", markup=False)
                yield MoveLog(id="log", wrap=True, markup=False, min_width=10)
        yield KeysFooter()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        view = self.game_view
        self.query_one("#position").border_title = _("Read-only: this game is played elsewhere")
        self.query_one("#players", Static).update(_players(view))
        log = self.query_one(MoveLog)
        for line in self.moves:
            log.write(line)

    def action_leave(self) -> None:
        self.app.back_to_menu()  # type: ignore[attr-defined]


def _players(data: dict[str, Any]) -> Text:
    """A line a player: whose turn, the name, the score and the rack size where the game has
    them (Rummikub keeps no running score; Nab-It! has no rack)."""
    view = spectator_view(data)
    text = Text()
    scores, sizes = view.get("scores"), view.get("rack_sizes")
    for seat, name in enumerate(view["seats"]):
        turn = seat == view["current"]
        score = f"{scores[seat]:>5}" if scores else ""
        tiles = ""
        if sizes is not None:
            tiles = ngettext("{n} tile", "{n} tiles", sizes[seat]).format(n=sizes[seat])
            tiles = " " + " " * max(0, 9 - cell_len(tiles)) + tiles  # the counts line up, in cells
        text.append(f"{'>' if turn else ' '}{name_cell(name, 14).plain}{score}{tiles}\n",
                    style="bold" if turn else "")
    text.rstrip()
    return text
