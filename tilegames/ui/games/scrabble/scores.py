"""The Scrabble score panel: each player's score and rack size, whose turn it is, the bag, and
with the game clock each player's time left (as their turn began; the turn timer above the
board counts the current player's down) or their overtime and what it costs."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widget import Widget

from tilegames.games.scrabble.view_types import ScrabbleView
from tilegames.games.scrabble.clock import overtime_points
from tilegames.ui.widgets.scores import name_cell
from tilegames.ui.widgets.timer import clock_text
from tilegames.core.text.i18n import _

NAME_CELLS = 14


class ScrabbleScores(Widget):
    DEFAULT_CSS = """
    ScrabbleScores {
        height: auto;
        border: round $primary-darken-2;
        padding: 0 1;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.view: ScrabbleView | None = None
        self.border_title = _("Scores")

    def show(self, view: ScrabbleView) -> None:
        self.view = view
        self.refresh(layout=True)

    def render(self) -> Text:
        text = Text(no_wrap=True)
        view = self.view
        if view is None:
            return text
        for seat, name in enumerate(view["seats"]):
            turn = seat == view["current"]
            tiles = _("{count} tiles").format(count=view["rack_sizes"][seat])
            text.append(f"{'>' if turn else ' '}{name_cell(name, NAME_CELLS).plain} {view['scores'][seat]:>4}  "
                        f"{tiles}", style="bold" if turn else "")
            clocks = view["clocks"]
            if clocks is not None:
                text.append("  ")
                text.append_text(clock_cell(clocks[seat]))
            text.append("\n")
        text.append(" " + _("Bag: {count} tiles").format(count=view["bag"]), style="dim")
        return text

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return (len(self.view["seats"]) if self.view else 0) + 1


def clock_cell(left_ms: int) -> Text:
    """A player's game clock: `24:13`, or in overtime `-1:20 -20` (the points it costs so far)."""
    if left_ms >= 0:
        return Text(clock_text(left_ms / 1000))
    over = clock_text(-left_ms / 1000)
    return Text(f"-{over} -{overtime_points(left_ms)}", style="bold red")
