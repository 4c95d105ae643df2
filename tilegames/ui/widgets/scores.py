"""The score panel of the games that lay rows: every player's rack size, meld state and score;
the pool size (from the rows screens' facet of the view, core/kernel/views.py's `RowsView`)."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from tilegames.core.kernel.views import RowsView
from tilegames.core.text.i18n import _

NAME_CELLS = 9  # the name column at least: the panel's width at 80 columns leaves this much
FIXED_CELLS = 7  # the turn mark, the meld mark and the score ("  +12"), besides the tiles' column
DEFAULT_WIDTH = 26


def tiles_column() -> int:
    """Cells of the rack-size column ("  3 tiles", "타일 3개"), as wide as three digits make it:
    the translation decides, so it is measured, never counted in characters."""
    return cell_len(_("{count} tiles").format(count=999))


def other_cells() -> int:
    """Cells a row takes besides the name: the turn mark, the tiles' column and a space, the
    meld mark and the score."""
    return FIXED_CELLS + tiles_column() + 1


def name_cell(name: str, cells: int, style: str = "") -> Text:
    """`name` in a column `cells` wide: padded, or cut by terminal cells with "…". A name that
    ends in a number keeps it ("Player 1" in 6 cells: "Pla… 1"), so the default names of
    several players stay apart however narrow the column ("플레이어 1": "플레… 1")."""
    head, _space, number = name.rpartition(" ")
    if cell_len(name) > cells and head and number.isdigit() and cell_len(number) + 3 <= cells:
        cut = Text(head)
        cut.truncate(cells - cell_len(number) - 2)
        name = f"{cut.plain}… {number}"
    text = Text(name, style=style)
    text.truncate(cells, overflow="ellipsis", pad=True)
    return text


class ScorePanel(Widget):
    DEFAULT_CSS = """
    ScorePanel {
        height: auto;
        border: round $primary-darken-2;
        padding: 0 1;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.view: RowsView | None = None
        self.totals: list[int] = []
        self.border_title = _("Players")
        self.border_subtitle = _("M = melded")

    def show(self, view: RowsView, totals: list[int]) -> None:
        self.view, self.totals = view, totals
        self.refresh(layout=True)

    def render(self) -> Text:
        if self.view is None:
            return Text("")
        view = self.view
        # Names get the room the panel has: whole when it is wide enough, cut when it is not.
        room = (self.content_size.width or DEFAULT_WIDTH) - other_cells()
        column = tiles_column()
        longest = max((cell_len(name) for name in view["seats"]), default=0)
        cells = max(1, min(room, max(NAME_CELLS, longest)))
        text = Text()
        for seat, name in enumerate(view["seats"]):
            turn = seat == view["current"]
            text.append(">" if turn else " ", style="bold")
            text.append(name_cell(name, cells, "bold" if turn else ""))
            tiles = _("{count} tiles").format(count=view["rack_sizes"][seat])
            text.append(" " * max(0, column - cell_len(tiles)) + tiles + " ")
            text.append("M" if view["melded"][seat] else " ", style="green")
            total = self.totals[seat] if seat < len(self.totals) else 0
            text.append(f"{total:>+5}\n")
        text.append(_("Pool: {count} tiles").format(count=view["pool"]), style="dim")
        return text

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return (len(self.view["seats"]) if self.view else 0) + 1
