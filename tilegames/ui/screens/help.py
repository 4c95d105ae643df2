"""The help overlay: every key of the screen it was opened from, from that screen's bindings."""

from __future__ import annotations

from typing import Iterable

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEY_NAMES = {"question_mark": "?", "space": "Space", "enter": "Enter", "escape": "Esc", "tab": "Tab",
             "left": "Left", "right": "Right", "up": "Up", "down": "Down", "f1": "F1", "f2": "F2",
             "backspace": "Backspace"}

MOUSE_HELP = ("Mouse: click a tile to pick it up, click where it should go to put it down "
              "(the `+ new set` line starts a new set).")


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen VerticalScroll { width: 70; height: 80%; border: round $accent; padding: 0 2; background: $panel; }
    """
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close")]

    def __init__(self, bindings: Iterable[BindingType], mouse: str = MOUSE_HELP) -> None:
        """`bindings` as a screen's BINDINGS may hold them: Binding objects or (key, action[, description])."""
        super().__init__()
        self.bindings_to_show = [b if isinstance(b, Binding) else Binding(*b) for b in bindings]
        self.mouse = mouse

    def compose(self) -> ComposeResult:
        lines = ["[b]Keys[/b]", ""]
        for binding in self.bindings_to_show:
            keys = " / ".join(KEY_NAMES.get(k, k) for k in binding.key.split(","))
            lines.append(f"  [b]{keys:<18}[/b] {binding.description}")
        lines += ["", self.mouse, "", "Press Esc to close."]
        with VerticalScroll() as scroll:
            scroll.border_title = "Help"
            yield Static("\n".join(lines))

    def action_close(self) -> None:
        self.dismiss(None)
