"""The hint list of the games whose hints are several plays (Scrabble, Nab-It!): the best few for
the player's rack or hand, one line each, and the one chosen goes on the board as the draft."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tilegames.core.text.i18n import _
from tilegames.ui.screens.base import TranslatedKeys

PLACES = ("first", "second", "third", "fourth", "fifth")


class HintList(TranslatedKeys, ModalScreen["int | None"]):
    """`rows` under `title`; Enter (or a row's number) answers its index, Esc None."""

    DEFAULT_CSS = """
    HintList { align: center middle; }
    HintList Vertical { width: 64; height: auto; border: round $accent; padding: 1 2; background: $panel; }
    HintList OptionList { height: auto; max-height: 8; margin: 1 0; }
    """
    BINDINGS = [Binding("escape", "cancel", "Close", id="hint_list.cancel"),
                *(Binding(str(n), f"pick({n - 1})", f"Play {n}", show=False, id=f"hint_list.{place}")
                  for n, place in enumerate(PLACES, 1))]

    def __init__(self, title: str, rows: Sequence[str]) -> None:
        super().__init__()
        self.title_text = title
        self.rows = list(rows)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text))
            yield OptionList(*(Option(Text(f"{n}. {row}"), id=str(n)) for n, row in enumerate(self.rows, 1)))
            yield Static(Text(_("Enter puts the play on the board as your move; Esc closes.")))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_pick(self, index: int) -> None:
        if index < len(self.rows):
            self.dismiss(index)

    def action_cancel(self) -> None:
        self.dismiss(None)
