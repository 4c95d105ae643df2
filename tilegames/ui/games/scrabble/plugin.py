"""Scrabble in the app: its play screen, the picture of a board for a spectator, and the summary
at a game's end. The setup form and `tilegames play scrabble` options are built from the game's
setup options (games/scrabble/config.py)."""

from __future__ import annotations

from typing import Any, Callable

from tilegames.core.kernel.series import GameRecord, Series
from tilegames.core.text.i18n import _
from tilegames.core.kernel.session_protocol import Session
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.view_types import scrabble_view
from tilegames.ui.games.scrabble.board import Board
from tilegames.ui.games.scrabble.rack import ScrabbleRack
from tilegames.ui.games.scrabble.screen import ScrabbleScreen
from tilegames.ui.games.scrabble.summary import ScrabbleSummary


class ScrabblePlugin:
    id = GAME.id
    summary_reads_past_views = True  # its summary charts the score move by move

    def play_screen(self, session: Session, *, open_hands: bool, series: Series[GameRecord], heading: str,
                    on_game_over: Callable[[Session], None]) -> ScrabbleScreen:
        return ScrabbleScreen(session, open_hands=open_hands, on_game_over=on_game_over)

    def summary(self, session: Session, series: Series[GameRecord]) -> ScrabbleSummary:
        return ScrabbleSummary(session)

    def position(self, view: dict[str, Any]) -> Board:
        board = Board()
        board.show({(sq["row"], sq["col"]): sq["letter"] for sq in scrabble_view(view)["board"]}, set(), set(), None,
                   "across")
        board.border_subtitle = ""  # nobody types here
        return board

    def rack(self, view: dict[str, Any], owner: str) -> ScrabbleRack:
        rack = ScrabbleRack()
        rack.show(scrabble_view(view)["rack"] or [])
        rack.border_title = _("{name}'s rack").format(name=owner)
        return rack


PLUGIN = ScrabblePlugin()
