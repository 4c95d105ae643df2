"""Small screens between turns: the hand-off that hides the rack, and a yes/no question."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static


class HandOff(Screen[None]):
    """Covers the whole terminal so the next player never sees the previous rack."""

    DEFAULT_CSS = """
    HandOff { align: center middle; background: $background; }
    HandOff Vertical { width: 50; height: auto; border: double $accent; padding: 1 2; }
    HandOff Static { width: 100%; text-align: center; }
    HandOff #who { text-style: bold; }
    HandOff #notice { color: $error; text-style: bold; padding: 0 0 1 0; }
    """
    BINDINGS = [Binding("enter,space", "go", "I am ready")]

    def __init__(self, name: str, notice: str = "") -> None:
        super().__init__()
        self.player = name
        self.notice = notice  # public news from the turn that just ended (a timeout penalty)

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.notice:
                yield Static(self.notice, id="notice")
            yield Static(f"Pass to {self.player}", id="who")
            yield Static("")
            yield Static(f"{self.player}: press Enter when only you can see the screen.")

    def action_go(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)


class Confirm(ModalScreen[bool]):
    """A yes/no question answered with y or n (Enter is yes, Escape is no)."""

    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm Vertical { width: 60; height: auto; border: round $warning; padding: 1 2; background: $panel; }
    Confirm Static { width: 100%; }
    """
    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            with Center():
                yield Static("[b]y[/b] yes    [b]n[/b] no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
