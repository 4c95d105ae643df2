"""What every game's summary screen shares: a wider box and a taller chart when the terminal
has room (classes `wide` and `tall`), and the way back to the menu."""

from __future__ import annotations

from textual import events

from tilegames.ui.screens.base import BaseScreen

WIDE_COLUMNS = 110
TALL_ROWS = 34


class SummaryBase(BaseScreen):
    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._fit()

    def on_mount(self) -> None:
        super().on_mount()
        self._fit()

    def _fit(self) -> None:
        self.set_class(self.app.size.width >= WIDE_COLUMNS, "wide")
        self.set_class(self.app.size.height >= TALL_ROWS, "tall")

    def action_menu(self) -> None:
        self.app.back_to_menu()  # type: ignore[attr-defined]
