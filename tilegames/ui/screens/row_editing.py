"""Moving tiles on a table of rows with the keyboard and the mouse: the cursor, the held tile,
new rows, splits and joins. Rummikub and Rummikub Word both lay rows of tiles, so both screens
use this: the screen supplies the view (read as the rows screens' facet, core/kernel/views.py's
`RowsView`), its rack order (`_rack_tiles`), the session, `_can_edit`, `_do` and `_redraw`;
everything here sends row edits to the session."""

from __future__ import annotations

from typing import Any, Callable

from textual.binding import Binding

from tilegames.core.kernel import views
from tilegames.core.kernel.views import RowsView, RowTile, TableRow
from tilegames.core.parts.table_rows import JoinRows, MoveTile, SplitRow
from tilegames.ui.widgets.rack import Rack
from tilegames.ui.widgets.table import Table


class RowEditing:
    """Cursor and tile-moving actions for a screen that shows a Rack and a Table."""

    EDIT_BINDINGS = [
        Binding("left,h", "move(-1, 0)", "Left", show=False, id="rows.left"),
        Binding("right,l", "move(1, 0)", "Right", show=False, id="rows.right"),
        Binding("up,k", "move(0, -1)", "Up", show=False, id="rows.up"),
        Binding("down,j", "move(0, 1)", "Down", show=False, id="rows.down"),
        Binding("home", "edge(False)", "First tile", show=False, id="rows.first"),
        Binding("end", "edge(True)", "Last tile", show=False, id="rows.last"),
        Binding("tab", "switch_zone", "Rack/Table", show=False, id="rows.switch_zone"),
        Binding("space,enter", "pick", "Pick up/Put down", show=False, id="rows.pick"),
        Binding("n", "new_set", "New set", show=False, id="rows.new_set"),
        Binding("x", "split", "Split set", show=False, id="rows.split"),
        Binding("m", "join", "Join with next set", show=False, id="rows.join"),
        Binding("escape", "cancel", "Let go of the tile", show=False, id="rows.cancel"),
    ]

    # Supplied by the screen.
    view: dict[str, Any]
    session: Any
    _can_edit: Callable[[], bool]
    _do: Callable[..., None]  # (step, then): TurnScreen._do
    _redraw: Callable[[], None]
    _rack_tiles: Callable[[], list[RowTile]]

    @property
    def rows_view(self) -> RowsView:
        """The screen's view, as the rows screens read it."""
        return views.rows_view(self.view)

    def reset_cursor(self) -> None:
        self.zone = "rack"
        self.rack_cursor = 0
        self.table_cursor = (0, 0)
        self.held: int | None = None

    def held_face(self) -> str:
        view = self.rows_view
        for tile in (view["rack"] or []) + [t for row in view["table"] for t in row["tiles"]]:
            if tile["id"] == self.held:
                return tile["face"]
        return "?"

    def clamp_cursor(self) -> None:
        rows = self.rows_view["table"]
        self.rack_cursor = max(0, min(self.rack_cursor, len(self._rack_tiles()) - 1))
        r, i = self.table_cursor
        r = max(0, min(r, len(rows)))
        i = 0 if r == len(rows) else max(0, min(i, len(rows[r]["tiles"])))
        self.table_cursor = (r, i)

    def action_move(self, dx: int, dy: int) -> None:
        if not self._can_edit():
            return
        rows = self.rows_view["table"]
        if self.zone == "rack":
            if dy < 0:
                self.zone = "table"
                self.table_cursor = (len(rows), 0)
            else:
                self.rack_cursor = max(0, min(self.rack_cursor + dx, len(self._rack_tiles()) - 1))
        else:
            r, i = self.table_cursor
            if dy:
                r += dy
                if r > len(rows):
                    self.zone = "rack"
                    r = len(rows)
                r = max(0, r)
            else:
                length = len(rows[r]["tiles"]) if r < len(rows) else 0
                i = max(0, min(i + dx, length))
            self.table_cursor = (r, i)
        self._redraw()

    def action_edge(self, end: bool) -> None:
        """Home/End: to the first or last tile of the rack, or of the table row."""
        if not self._can_edit():
            return
        rows = self.rows_view["table"]
        if self.zone == "rack":
            self.rack_cursor = len(self._rack_tiles()) - 1 if end else 0
        else:
            r, _ = self.table_cursor
            length = len(rows[r]["tiles"]) if r < len(rows) else 0
            self.table_cursor = (r, length if end else 0)
        self._redraw()

    def action_switch_zone(self) -> None:
        self.zone = "table" if self.zone == "rack" else "rack"
        self._redraw()

    def action_pick(self) -> None:
        if not self._can_edit():
            return
        rows = self.rows_view["table"]
        if self.held is None:
            if self.zone == "rack":
                rack = self._rack_tiles()
                if rack:
                    self.held = rack[self.rack_cursor]["id"]
            else:
                r, i = self.table_cursor
                if r < len(rows) and i < len(rows[r]["tiles"]):
                    self.held = rows[r]["tiles"][i]["id"]
            self._redraw()
            return
        held = self.held
        if self.zone == "rack":
            edit = MoveTile(held, None)
        else:
            r, i = self.table_cursor
            if r == len(rows):
                edit = MoveTile(held, r)
            else:
                ids = [t["id"] for t in rows[r]["tiles"]]
                if held in ids and ids.index(held) < i:
                    i -= 1  # the tile leaves its place before it is put back
                edit = MoveTile(held, r, i)
        def put_down(_nothing: None) -> None:
            self.held = None
            if edit.to_row is not None:
                # The next tile goes after this one: sets are laid left to right.
                self.table_cursor = (edit.to_row, (edit.index if edit.index is not None else 0) + 1)
            self._redraw()

        self._do(lambda seat: self.session.edit(seat, edit), put_down)

    def action_new_set(self) -> None:
        if self.held is None or not self._can_edit():
            return
        held, rows = self.held, len(self.rows_view["table"])

        def laid(_nothing: None) -> None:
            self.held = None
            self.zone, self.table_cursor = "table", (rows, 1)
            self._redraw()

        self._do(lambda seat: self.session.edit(seat, MoveTile(held, rows)), laid)

    def action_cancel(self) -> None:
        self.held = None
        self._redraw()

    def on_rack_clicked(self, message: Rack.Clicked) -> None:
        self.zone, self.rack_cursor = "rack", message.index
        self.action_pick()

    def on_table_clicked(self, message: Table.Clicked) -> None:
        self.zone, self.table_cursor = "table", (message.row, message.index)
        self.action_pick()

    def action_split(self) -> None:
        if self.zone != "table" or not self._can_edit():
            return
        r, i = self.table_cursor
        self._do(lambda seat: self.session.edit(seat, SplitRow(r, i)))

    def action_join(self) -> None:
        if self.zone != "table" or not self._can_edit():
            return
        r, _ = self.table_cursor
        self._do(lambda seat: self.session.edit(seat, JoinRows(r, r + 1)))



LAID, MOVED = "*", "~"


def table_ids(rows: list[TableRow]) -> list[list[int]]:
    """The tile ids of each row of a view's table."""
    return [[t["id"] for t in row["tiles"]] for row in rows]


def last_move_marks(before: list[list[int]], after: list[list[int]]) -> dict[int, str]:
    """What a turn changed on the table, for the next player to see: tiles that were not on
    the table before are marked laid (`*`), tiles that now sit with other tiles than before
    are marked moved (`~`). A set only extended keeps its old tiles unmarked."""
    old_row = {tid: frozenset(row) for row in before for tid in row}
    marks: dict[int, str] = {}
    for row in after:
        together = frozenset(row)
        for tid in row:
            if tid not in old_row:
                marks[tid] = LAID
            elif not old_row[tid] <= together:
                marks[tid] = MOVED
    return marks
