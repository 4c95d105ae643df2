"""The move log: plain sentences a screen reader can read, newest at the bottom.

A RichLog wraps each line once, at the width it has when the line is written. The move log
keeps what was written and wraps it all again when its width changes, so no line is ever cut
or left narrow; the place the player scrolled to (or the end, when following the game) stays
in sight, when the log grows or shrinks too (a panel beside it growing).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any, Self

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.widgets import RichLog


class MoveLog(RichLog):
    """A log that never takes the focus: the arrow keys belong to the game, not to scrolling."""

    can_focus = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entries: list[RenderableType | object] = []  # everything written, in order
        self._starts: list[int] = []  # the first line of each entry, as wrapped now
        self._wrapped_at = 0  # the width the lines were wrapped at; 0 before the first layout
        self._height = 0  # the height of the view, as of the last resize
        self._following = True  # whether the end was in sight before the last resize

    def write(self, content: RenderableType | object, width: int | None = None, expand: bool = False,
              shrink: bool = True, scroll_end: bool | None = None, animate: bool = False) -> Self:
        """Add a line (wrapped at the log's width; `width`, `expand` and `shrink` are not used)."""
        self.entries.append(content.copy() if isinstance(content, Text) else content)
        if self._wrapped_at:
            self._starts.append(len(self.lines))
            super().write(content, scroll_end=scroll_end, animate=animate)
        return self  # before the first layout: written by `_rewrap` once the width is known

    def clear(self) -> Self:
        self.entries.clear()
        self._starts.clear()
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        # Whether the end was in sight is judged on the view as it was before: a view that
        # shrinks has the end below it now.
        self._following = not self._wrapped_at or self.scroll_y >= len(self.lines) - self._height
        self._height = self.scrollable_content_region.height
        self.call_next(self._rewrap)  # after RichLog's own handler, which learns the size here

    def _rewrap(self) -> None:
        width = self.scrollable_content_region.width
        if not width:
            return
        if width == self._wrapped_at:  # only the height changed (a panel beside it grew)
            if self._following:
                self.scroll_end(animate=False, immediate=True)
            return
        following = self._following
        entry, offset = self._place(round(self.scroll_y))
        self._wrapped_at = width
        entries = list(self.entries)
        super().clear()
        self._starts = []
        for content in entries:
            self._starts.append(len(self.lines))
            super().write(content, scroll_end=False)
        if following:
            self.scroll_end(animate=False, immediate=True)
        elif entry is not None:
            end = self._starts[entry + 1] if entry + 1 < len(self._starts) else len(self.lines)
            self.scroll_to(y=min(self._starts[entry] + offset, end - 1), animate=False, immediate=True)

    def _place(self, y: int) -> tuple[int | None, int]:
        """The entry whose lines hold line `y`, and how far into it `y` is."""
        entry = bisect_right(self._starts, y) - 1
        if entry < 0:
            return None, 0
        return entry, y - self._starts[entry]
