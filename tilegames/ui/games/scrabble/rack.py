"""The Scrabble rack: the player's tiles with their points, in the player's order; the tiles
drawn since their last turn are marked (`*`, not colour alone)."""

from __future__ import annotations

from typing import Any, Collection, Sequence

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tilegames.games.scrabble.tiles import POINTS
from tilegames.games.scrabble.view_types import ScrabbleTile
from tilegames.core.text.i18n import _
from tilegames.ui.games.scrabble.board import NEW, TILE

DRAWN = NEW + Style(underline=True)


class ScrabbleRack(Widget):
    DEFAULT_CSS = """
    ScrabbleRack {
        height: 3;
        border: round $accent;
        padding: 0 1;
    }
    ScrabbleRack.short {
        height: 2;
        border-bottom: none;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tiles: Sequence[ScrabbleTile] = []
        self.drawn: set[int] = set()
        self.hidden = True
        self.border_title = _("Your rack")

    def show(self, tiles: Sequence[ScrabbleTile] | None, drawn: Collection[int] = ()) -> None:
        """`tiles` in display order (None: the rack is hidden); `drawn`: ids of new tiles."""
        self.hidden = tiles is None
        self.tiles, self.drawn = tiles or [], set(drawn)
        marked = not self.hidden and any(t["id"] in self.drawn for t in self.tiles)
        self.border_title = _("Your rack: * just drawn") if marked else _("Your rack")
        self.refresh()

    def render(self) -> Text:
        if self.hidden:
            return Text(_("(hidden)"), style="dim")
        if not self.tiles:
            return Text(_("(empty)"), style="dim")
        text = Text(no_wrap=True)
        for tile in self.tiles:
            face = tile["face"]
            drawn = tile["id"] in self.drawn
            text.append(f"{face}{POINTS[face]}", DRAWN if drawn else TILE)
            text.append("* " if drawn else "  ", "bold")
        return text
