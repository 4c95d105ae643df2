"""The Scrabble score panel: each player's score and rack size, whose turn it is, the bag."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widget import Widget

from tilegames.games.scrabble.view_types import ScrabbleView
from tilegames.ui.widgets.scores import name_cell
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
                        f"{tiles}\n", style="bold" if turn else "")
        text.append(" " + _("Bag: {count} tiles").format(count=view["bag"]), style="dim")
        return text

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return (len(self.view["seats"]) if self.view else 0) + 1
