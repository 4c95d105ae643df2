"""The Nab-It! board: a window onto the unbounded grid, four columns a cell: the top letter in
its owner's colour, the stack's height as a digit and the owner's mark (`F2=`: an F on top, two
tiles high, the tile of the player marked `=`; tiles.py), then a gutter in the screen's colours
for `^`/`*`; `.` for an empty cell. Whose tile tops each stack so reads without colour
(`NO_COLOR`, colour-blind players); four columns leave 11 cells across the board at 80x24,
where three left 15.

The window follows a cursor (it scrolls when the cursor would leave it) and can be centred on
any cell. Cells are the view's `grid` entries; the widget knows no rule, only what to draw:
the tiles put down this turn are underlined, capped stacks are marked `^` after the owner's mark
and the last turn's tiles `*` (a cap's `^` wins), and a set of cells can be highlighted (the words
a chosen player controls)."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from tilegames.games.nabit.view_types import GridCell
from tilegames.ui.games.nabit.tiles import colour_style, owner_mark

Pos = tuple[int, int]
CELL = 4
CURSOR = Style(reverse=True)
HIGHLIGHT = Style(underline=True, italic=True)


class NabBoard(Widget):
    DEFAULT_CSS = """
    NabBoard { width: 1fr; height: 1fr; }
    """

    class Clicked(Message):
        def __init__(self, pos: Pos) -> None:
            super().__init__()
            self.pos = pos

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cells: dict[Pos, GridCell] = {}
        self.colours: list[str] = []
        self.cursor: Pos | None = None
        self.highlight: set[Pos] = set()
        self.last: set[Pos] = set()  # the cells the last turn put tiles on
        self.origin: Pos = (0, 0)  # the grid cell at the window's top left

    # --- the window ---------------------------------------------------------------------
    def span(self) -> tuple[int, int]:
        """How many rows and columns of cells the window shows."""
        width, height = self.content_size.width or 45, self.content_size.height or 15
        return max(1, height), max(1, width // CELL)

    def centre_on(self, pos: Pos) -> None:
        rows, cols = self.span()
        self.origin = (pos[0] - rows // 2, pos[1] - cols // 2)
        self.refresh()

    def follow(self, pos: Pos) -> None:
        """Scroll the least that brings `pos` into the window, a cell away from its edge."""
        rows, cols = self.span()
        top, left = self.origin
        margin_r, margin_c = min(1, rows // 3), min(1, cols // 3)
        if pos[0] < top + margin_r:
            top = pos[0] - margin_r
        elif pos[0] > top + rows - 1 - margin_r:
            top = pos[0] - rows + 1 + margin_r
        if pos[1] < left + margin_c:
            left = pos[1] - margin_c
        elif pos[1] > left + cols - 1 - margin_c:
            left = pos[1] - cols + 1 + margin_c
        self.origin = (top, left)

    # --- drawing ------------------------------------------------------------------------
    def show(self, grid: list[GridCell], colours: list[str], cursor: Pos | None,
             highlight: set[Pos] | None = None, last: set[Pos] | None = None) -> None:
        self.cells = {(c["row"], c["col"]): c for c in grid}
        self.colours, self.cursor, self.highlight = colours, cursor, highlight or set()
        self.last = last or set()
        if cursor is not None:
            self.follow(cursor)
        self.refresh()

    def render(self) -> Text:
        rows, cols = self.span()
        top, left = self.origin
        lines = []
        for r in range(top, top + rows):
            line = Text()
            for c in range(left, left + cols):
                line.append_text(self._cell((r, c)))
            lines.append(line)
        return Text("\n").join(lines)

    def _cell(self, pos: Pos) -> Text:
        cell = self.cells.get(pos)
        extra = CURSOR if pos == self.cursor else Style()
        if pos in self.highlight:
            extra += HIGHLIGHT
        if cell is None:
            return Text(".".ljust(CELL), style=Style(dim=True) + extra)
        style = colour_style(self.colours, cell["owner"]) + extra
        if cell["new"]:
            style += Style(underline=True)
        mark = "^" if cell["capped"] else "*" if pos in self.last and not cell["new"] else " "
        # The tile is three columns in its colour; the fourth, the gutter, is the screen's, so
        # tiles side by side stay apart (`R1=*O1=*` would run together in one colour).
        text = Text()
        text.append(f"{cell['letter']}{cell['height']}{owner_mark(cell['owner'])}", style)
        text.append(mark, Style(bold=True) + extra)
        return text

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        top, left = self.origin
        self.post_message(self.Clicked((top + offset.y, left + offset.x // CELL)))
