"""Nab-It! in the app: its play screen, the picture of a grid for a spectator, and the summary
at a game's end. The setup form and `tilegames play nabit` options are built from the game's
setup options (games/nabit/config.py)."""

from __future__ import annotations

from typing import Any, Callable

from tilegames.core.kernel.series import GameRecord, Series
from tilegames.core.text.i18n import _
from tilegames.core.kernel.session_protocol import Session
from tilegames.games.nabit.game import GAME
from tilegames.games.nabit.view_types import nabit_view
from rich.text import Text
from textual.widgets import Static

from tilegames.ui.games.nabit.board import NabBoard
from tilegames.ui.games.nabit.tiles import hand_tile
from tilegames.ui.games.nabit.screen import NabItScreen
from tilegames.ui.games.nabit.summary import NabItSummary


class NabItPlugin:
    id = GAME.id
    summary_reads_past_views = True  # its summary charts the score move by move

    def play_screen(self, session: Session, *, open_hands: bool, series: Series[GameRecord], heading: str,
                    on_game_over: Callable[[Session], None]) -> NabItScreen:
        return NabItScreen(session, open_hands=open_hands, on_game_over=on_game_over, title=heading)

    def summary(self, session: Session, series: Series[GameRecord]) -> NabItSummary:
        return NabItSummary(session)

    def position(self, view: dict[str, Any]) -> NabBoard:
        typed = nabit_view(view)
        board = NabBoard()
        board.show(typed["grid"], typed["colours"], None)
        bounds = typed["bounds"]
        if bounds:
            board.centre_on(((bounds["top"] + bounds["bottom"]) // 2, (bounds["left"] + bounds["right"]) // 2))
        return board

    def rack(self, view: dict[str, Any], owner: str) -> Static:
        typed = nabit_view(view)
        line = Text()
        for tile in typed["hand"] or []:
            line.append_text(hand_tile(tile, typed["colours"]))
        hand = Static(line if line else _("(empty)"), classes="demo-hand")
        hand.styles.border = ("round", "grey")
        hand.styles.height = 3
        hand.styles.padding = (0, 1)
        hand.border_title = _("{name}'s hand").format(name=owner)
        return hand


PLUGIN = NabItPlugin()
