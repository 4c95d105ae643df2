"""Hints in Scrabble: a key lists the five best plays for your rack (by equity: the score and
the value of the tiles kept), and the one you pick goes on the board as your draft, to play,
change or take back. Asking is counted (the engine's `Hint`: the log and the summary say how
many each player asked for); the plays are found from your own view (games/scrabble/moves.py),
so nothing of them reaches another seat."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tilegames.core.parts.grid_edits import PutTile
from tilegames.core.text.i18n import _
from tilegames.games.scrabble.actions import Hint
from tilegames.games.scrabble.moves import Move, best_moves
from tilegames.games.scrabble.view_types import scrabble_view
from tilegames.ui.screens.base import TranslatedKeys
from tilegames.ui.screens.dialogs import Confirm
from tilegames.ui.screens.turns import TurnScreen

HINTS_SHOWN = 5


def hint_rows(moves: Sequence[Move]) -> list[str]:
    """One line per play, in columns lined up by terminal cells: the play, score, leave."""
    width = max(cell_len(m.notation) for m in moves)
    leave_label = _("leave")
    return [f"{number}. {set_cell_size(m.notation, width)}  {m.score:>3}  {leave_label} {m.leave or '-'}"
            for number, m in enumerate(moves, 1)]


class HintList(TranslatedKeys, ModalScreen["int | None"]):
    """The best plays for the rack; Enter (or the play's number) puts one on the board."""

    DEFAULT_CSS = """
    HintList { align: center middle; }
    HintList Vertical { width: 60; height: auto; border: round $accent; padding: 1 2; background: $panel; }
    HintList OptionList { height: auto; max-height: 8; margin: 1 0; }
    """
    BINDINGS = [Binding("escape", "cancel", "Close", id="hint_list.cancel"),
                *(Binding(str(n), f"pick({n - 1})", f"Play {n}", show=False, id=f"hint_list.{place}")
                  for n, place in enumerate(("first", "second", "third", "fourth", "fifth"), 1))]

    def __init__(self, moves: Sequence[Move]) -> None:
        super().__init__()
        self.moves = list(moves)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(_("Hint: the best plays for your rack (score, and the tiles it keeps)")))
            yield OptionList(*(Option(Text(row), id=str(i)) for i, row in enumerate(hint_rows(self.moves))))
            yield Static(Text(_("Enter puts the play on the board as your move; Esc closes.")))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_pick(self, index: int) -> None:
        if index < len(self.moves):
            self.dismiss(index)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ScrabbleHints(TurnScreen):
    """The play screen's hint key (mixed into ScrabbleScreen)."""

    _hints_up = False

    def action_hint(self) -> None:
        if not self._my_turn():
            return
        self._acted()
        if scrabble_view(self.view)["draft"]:  # the Hint action puts the draft back: ask first
            def ask(yes: bool | None) -> None:
                if yes:
                    self._request_hint()

            self.app.push_screen(Confirm(_("Ask for a hint? The tiles you have put down go back to your rack. (y/n)")),
                                 ask)
            return
        self._request_hint()

    def _acted(self) -> None:
        """Something was pressed (the play screen stops its idle reminders)."""

    def _request_hint(self) -> None:
        self._do(lambda seat: self.session.act(seat, Hint()), lambda _events: self._show_hints())

    def _show_hints(self) -> None:
        if self._hints_up:
            return
        moves = best_moves(scrabble_view(self.view), HINTS_SHOWN, equity=True)
        if not moves:
            self._say(_("The hint finds no play for your rack: exchange (1) or pass (2)."))
            return
        self._hints_up = True

        def chosen(index: int | None) -> None:
            self._hints_up = False
            if index is not None:
                self._place_hint(moves[index])

        self.app.push_screen(HintList(moves), chosen)

    def _place_hint(self, move: Move) -> None:
        def put(seat: int) -> None:
            for p in move.placements:
                self.session.edit(seat, PutTile(p.tile, p.row, p.col, p.letter))

        self._do(put, lambda _nothing: self._say(
            _("{play} is on the board: Enter plays it, Esc takes it back.").format(play=move.notation)))
