"""The hint list of the games whose hints are several plays (Scrabble, Nab-It!): the best few for
the player's rack or hand, one line each, and the one chosen goes on the board as the draft."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tilegames.core.kernel.protocol import Action, Edit
from tilegames.core.text.i18n import _
from tilegames.ui.screens.base import TranslatedKeys
from tilegames.ui.screens.dialogs import Confirm
from tilegames.ui.screens.turns import TurnScreen

PLACES = ("first", "second", "third", "fourth", "fifth")
PlayT = TypeVar("PlayT")


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


class HintPlays(Protocol[PlayT]):
    """What a game gives the hint list: its best few plays from the viewer's view, a line for
    each, the edits that put one down as the draft and the sentence saying so, and its own
    words for the list's title, the question asked when tiles are down, and a hint that finds
    nothing."""

    def find(self, view: dict[str, Any]) -> Sequence[PlayT]: ...

    def rows(self, plays: Sequence[PlayT]) -> list[str]: ...

    def edits(self, play: PlayT, view: dict[str, Any]) -> list[Edit]: ...

    def placed(self, play: PlayT) -> str: ...

    def texts(self) -> tuple[str, str, str]: ...


class ListedHints(TurnScreen):
    """A play screen's hint key when the hint is a list of plays (mixed into the Scrabble and
    Nab-It! screens): asking counts (the game's `hint_action`, which puts the draft back, so a
    draft down is asked about first), the list opens, and the play chosen goes down as the draft.
    The game's `hint_plays` finds, shows and places the plays."""

    hint_action: Action
    hint_plays: HintPlays[Any]
    _hints_up = False

    def action_hint(self) -> None:
        if not self._my_turn():
            return
        self._acted()
        _title, question, _none = self.hint_plays.texts()
        if self.view.get("draft"):
            def ask(yes: bool | None) -> None:
                if yes:
                    self._request_hint()

            self.app.push_screen(Confirm(question), ask)
            return
        self._request_hint()

    def _acted(self) -> None:
        """Something was pressed (a play screen may stop its reminders)."""

    def _request_hint(self) -> None:
        self._do(lambda seat: self.session.act(seat, self.hint_action), lambda _events: self._show_hints())

    def _show_hints(self) -> None:
        if self._hints_up:
            return
        title, _question, nothing = self.hint_plays.texts()
        view = self.view
        plays = list(self.hint_plays.find(view))
        if not plays:
            self._say(nothing)
            return
        self._hints_up = True

        def chosen(index: int | None) -> None:
            self._hints_up = False
            if index is not None:
                self._place(plays[index], view)

        self.app.push_screen(HintList(title, self.hint_plays.rows(plays)), chosen)

    def _place(self, play: Any, view: dict[str, Any]) -> None:
        edits = self.hint_plays.edits(play, view)

        def put(seat: int) -> None:
            for edit in edits:
                self.session.edit(seat, edit)

        self._do(put, lambda _nothing: self._say(self.hint_plays.placed(play)))
