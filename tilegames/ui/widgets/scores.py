"""The score panel: every player's rack size, meld state and score; the pool size."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widget import Widget


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
        self.view: dict[str, Any] | None = None
        self.totals: list[int] = []
        self.border_title = "Players"
        self.border_subtitle = "M = melded"

    def show(self, view: dict[str, Any], totals: list[int]) -> None:
        self.view, self.totals = view, totals
        self.refresh(layout=True)

    def render(self) -> Text:
        if self.view is None:
            return Text("")
        view = self.view
        text = Text()
        for seat, name in enumerate(view["seats"]):
            turn = seat == view["current"]
            text.append(">" if turn else " ", style="bold")
            text.append(f"{name[:9]:<9}", style="bold" if turn else "")
            text.append(f"{view['rack_sizes'][seat]:>3} tiles ")
            text.append("M" if view["melded"][seat] else " ", style="green")
            total = self.totals[seat] if seat < len(self.totals) else 0
            text.append(f"{total:>+5}\n")
        text.append(f"Pool: {view['pool']} tiles", style="dim")
        return text

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return (len(self.view["seats"]) if self.view else 0) + 1
