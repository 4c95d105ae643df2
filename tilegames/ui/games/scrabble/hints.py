"""Hints in Scrabble: a key lists the five best plays for your rack (by equity: the score and
the value of the tiles kept), and the one you pick goes on the board as your draft, to play,
change or take back. Asking is counted (the engine's `Hint`: the log and the summary say how
many each player asked for); the plays are found from your own view (games/scrabble/moves.py),
so nothing of them reaches another seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len, set_cell_size

from tilegames.core.kernel.protocol import Edit
from tilegames.core.parts.grid_edits import PutTile
from tilegames.core.text.i18n import _
from tilegames.games.scrabble.actions import Hint
from tilegames.games.scrabble.moves import Move, best_moves
from tilegames.games.scrabble.view_types import scrabble_view
from tilegames.ui.screens.hint_list import ListedHints

HINTS_SHOWN = 5


def hint_rows(moves: Sequence[Move]) -> list[str]:
    """One line per play, in columns lined up by terminal cells: the play, score, leave."""
    width = max(cell_len(m.notation) for m in moves)
    leave_label = _("leave")
    return [f"{set_cell_size(m.notation, width)}  {m.score:>3}  {leave_label} {m.leave or '-'}" for m in moves]


class ScrabblePlays:
    """The hint's plays (ui/screens/hint_list.py's HintPlays): the best by equity."""

    def find(self, view: dict[str, Any]) -> list[Move]:
        return best_moves(scrabble_view(view), HINTS_SHOWN, equity=True)

    def rows(self, plays: Sequence[Move]) -> list[str]:
        return hint_rows(plays)

    def edits(self, play: Move, view: dict[str, Any]) -> list[Edit]:
        return [PutTile(p.tile, p.row, p.col, p.letter) for p in play.placements]

    def placed(self, play: Move) -> str:
        return _("{play} is on the board: Enter plays it, Esc takes it back.").format(play=play.notation)

    def texts(self) -> tuple[str, str, str]:
        return (_("Hint: the best plays for your rack (score, and the tiles it keeps)"),
                _("Ask for a hint? The tiles you have put down go back to your rack. (y/n)"),
                _("The hint finds no play for your rack: exchange (1) or pass (2)."))


class ScrabbleHints(ListedHints):
    """The play screen's hint key (mixed into ScrabbleScreen)."""

    hint_action = Hint()
    hint_plays = ScrabblePlays()
