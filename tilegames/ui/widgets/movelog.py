"""The move log: plain sentences a screen reader can read, newest at the bottom."""

from __future__ import annotations

from textual.widgets import RichLog


class MoveLog(RichLog):
    """A log that never takes the focus: the arrow keys belong to the game, not to scrolling."""

    can_focus = False
