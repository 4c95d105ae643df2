"""The rack: the current player's tiles, in the chosen order, with a cursor."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from tilegames.ui.tilecells import CELL_WIDTH, Styler, plain, tile_cell
from tilegames.core.text.i18n import _


class Rack(Widget):
    """Renders tiles given by the screen; reports clicks upward as `Rack.Clicked`."""

    DEFAULT_CSS = """
    Rack {
        height: auto;
        min-height: 3;
        border: round $primary-darken-2;
        border-title-color: $text;
        padding: 0 1;
    }
    Rack.zone {
        border: round $accent;
    }
    """

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, styler: Styler = plain, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.styler = styler  # the game's colours for its faces
        self.tiles: Sequence[Mapping[str, Any]] = []
        self.cursor: int | None = None
        self.held: int | None = None
        self.hidden = False
        self.marks: dict[int, str] = {}
        self.border_title = _("Your rack")

    def show(self, tiles: Sequence[Mapping[str, Any]], cursor: int | None, held: int | None, hidden: bool = False,
             marks: dict[int, str] | None = None, marked: str | None = None) -> None:
        """`marks`: a one-character marker for some tile ids, named in the title (as
        Scrabble's rack names its own) as `marked` says: the tiles just drawn unless told."""
        self.tiles, self.cursor, self.held, self.hidden = tiles, cursor, held, hidden
        self.marks = marks or {}
        mark = next(iter(self.marks.values()), None)
        if mark is None:
            self.border_title = _("Your rack")
        elif marked is None:
            self.border_title = _("Your rack: {mark} just drawn").format(mark=mark)
        else:
            self.border_title = _("Your rack: {mark} {marked}").format(mark=mark, marked=marked)
        self.refresh(layout=True)

    def _per_line(self) -> int:
        return max(1, self.content_size.width // CELL_WIDTH) if self.content_size.width else 14

    def render(self) -> Text:
        if self.hidden:
            return Text(_("(hidden)"), style="dim")
        if not self.tiles:
            return Text(_("(empty)"), style="dim")
        per_line = self._per_line()
        text = Text()
        for i, tile in enumerate(self.tiles):
            if i and i % per_line == 0:
                text.append("\n")
            text.append(tile_cell(tile["face"], self.styler, cursor=i == self.cursor, held=tile["id"] == self.held,
                                  mark=self.marks.get(tile["id"], "")))
        return text

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        per_line = max(1, width // CELL_WIDTH)
        return max(1, -(-len(self.tiles) // per_line))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.hidden:
            return
        index = offset.y * self._per_line() + offset.x // CELL_WIDTH
        if 0 <= index < len(self.tiles) and offset.x < self._per_line() * CELL_WIDTH:
            self.post_message(self.Clicked(index))
