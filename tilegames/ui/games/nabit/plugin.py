"""Nab-It! in the app: its play screen, the picture of a grid for a spectator, and the summary
at a game's end. The setup form and `tilegames play nabit` options are built from the game's
setup options (games/nabit/config.py)."""

from __future__ import annotations

from typing import Any, Callable

from tilegames.core.series import GameRecord, Series
from tilegames.core.session_protocol import Session
from tilegames.games.nabit.game import GAME
from tilegames.ui.games.nabit.board import NabBoard
from tilegames.ui.screens.nabit import NabItScreen
from tilegames.ui.screens.nabit_summary import NabItSummary


class NabItPlugin:
    id = GAME.id

    def play_screen(self, session: Session, *, open_hands: bool, series: Series[GameRecord], heading: str,
                    on_game_over: Callable[[Session], None]) -> NabItScreen:
        return NabItScreen(session, open_hands=open_hands, on_game_over=on_game_over, title=heading)

    def summary(self, session: Session, series: Series[GameRecord]) -> NabItSummary:
        return NabItSummary(session)

    def position(self, view: dict[str, Any]) -> NabBoard:
        board = NabBoard()
        board.show(view["grid"], view["colours"], None)
        bounds = view.get("bounds")
        if bounds:
            board.centre_on(((bounds["top"] + bounds["bottom"]) // 2, (bounds["left"] + bounds["right"]) // 2))
        return board


PLUGIN = NabItPlugin()
