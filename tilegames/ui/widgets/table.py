"""The table: every set (or word) as a row, tiles placed this turn marked, a note after each
row, and the problem of a row that will not do.

Rows are display rows, the same for every game: `{"tiles": [{"id", "face", "new"}], "note":
text, "problem": text or ""}`; the game's screen makes them from its view, and colours the
faces (`styler`)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from tilegames.core.text.i18n import N_, _
from tilegames.ui.tilecells import CELL_WIDTH, Styler, plain, tile_cell
from tilegames.ui.widgets.message_line import wrap_cells

LABEL_WIDTH = 4  # "12 " before the tiles of a row


def end_row(lines: list[Text], line: Text, note: Text, problem: str, width: int) -> None:
    """Add a row's last line of tiles to `lines`: with its note after it (on a line of its own
    when it does not fit), or, when the row will not do, with its `problem` wrapped under it,
    every line indented so that the tiles' column stays clear."""
    if problem:
        lines.append(line)
        for n, part in enumerate(wrap_cells(problem, max(10, width - LABEL_WIDTH - 2))):
            lines.append(Text(" " * LABEL_WIDTH) + Text(f"{' ' if n else '!'} {part}", style="bold red"))
        return
    if line.cell_len + note.cell_len > width:
        lines.append(line)
        line = Text(" " * LABEL_WIDTH)
    lines.append(line + note)


class Table(Widget):
    """Renders the table's rows with a cursor; the last line is the "new set" slot."""

    DEFAULT_CSS = """
    Table {
        height: auto;
        padding: 0 1;
    }
    """

    class Clicked(Message):
        def __init__(self, row: int, index: int) -> None:
            self.row, self.index = row, index
            super().__init__()

    def __init__(self, styler: Styler = plain, new_row: str = N_("new set"), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.styler = styler  # the game's colours for its faces
        self.new_row = new_row  # what the last line starts: a set, a word (marked with N_)
        self.rows: list[dict[str, Any]] = []
        self.cursor: tuple[int, int] | None = None
        self.held: int | None = None
        self.marks: dict[int, str] = {}
        self._line_of_row: list[int] = []

    def show(self, rows: list[dict[str, Any]], cursor: tuple[int, int] | None, held: int | None,
             marks: dict[int, str] | None = None) -> None:
        """`marks`: a one-character marker for some tile ids (what the last move changed)."""
        self.rows, self.cursor, self.held, self.marks = rows, cursor, held, marks or {}
        self.refresh(layout=True)

    def _lines(self, width: int) -> tuple[list[Text], list[int]]:
        per_line = max(1, (width - LABEL_WIDTH) // CELL_WIDTH)
        lines: list[Text] = []
        starts: list[int] = []
        for r, row in enumerate(self.rows + [None]):
            starts.append(len(lines))
            if row is None:
                cursor_here = self.cursor is not None and self.cursor[0] == r
                line = Text(f"{'>' if cursor_here else ' '}  ", style="bold")
                line.append("+ " + _(self.new_row), style="reverse" if cursor_here else "dim")  # i18n: marked
                lines.append(line)
                break
            tiles = row["tiles"]
            line = Text(f"{r + 1:>2}  ", style="bold")
            for i, tile in enumerate(tiles):
                if i and i % per_line == 0:
                    lines.append(line)
                    line = Text(" " * LABEL_WIDTH)
                cursor = self.cursor == (r, i)
                line.append(tile_cell(tile["face"], self.styler, new=tile.get("new", False), cursor=cursor,
                                      held=tile["id"] == self.held, mark=self.marks.get(tile["id"], "")))
            if self.cursor == (r, len(tiles)):
                line.append(">_", style="bold reverse")
            end_row(lines, line, Text(f" {row.get('note', '')}", style="dim"), row.get("problem", ""), width)
        return lines, starts

    def cursor_lines(self) -> tuple[int, int] | None:
        """The lines (first, how many) the cursor's row takes as last drawn, or None without
        a cursor: what a scrolling box around the table keeps in sight."""
        starts = self._line_of_row
        if self.cursor is None or self.cursor[0] >= len(starts):
            return None
        row = self.cursor[0]
        end = starts[row + 1] if row + 1 < len(starts) else starts[row] + 1
        return starts[row], max(1, end - starts[row])

    def render(self) -> Text:
        lines, self._line_of_row = self._lines(self.content_size.width or 76)
        return Text("\n").join(lines)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self._lines(width)[0])

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        starts = self._line_of_row
        row = max((r for r, start in enumerate(starts) if start <= offset.y), default=0)
        per_line = max(1, (self.content_size.width - LABEL_WIDTH) // CELL_WIDTH)
        sub_line = offset.y - starts[row]
        index = sub_line * per_line + max(0, offset.x - LABEL_WIDTH) // CELL_WIDTH
        if row < len(self.rows):
            index = min(index, len(self.rows[row]["tiles"]))
        else:
            index = 0
        self.post_message(self.Clicked(row, index))
