"""Rummikub Word in the app: its play screen, the picture of a table for a spectator, and the
summary at a game's end. The setup form and `tilegames play word-rummikub` options are built
from the game's setup options (games/word_rummikub/config.py)."""

from __future__ import annotations

from typing import Any, Callable

from tilegames.core.kernel.series import GameRecord, Series
from tilegames.core.text.i18n import _
from tilegames.core.kernel.session_protocol import Session
from tilegames.games.word_rummikub.game import GAME
from tilegames.games.word_rummikub.view_types import word_rummikub_view
from tilegames.ui.games.word_rummikub.tiles import display_rows, tile_style
from tilegames.ui.games.word_rummikub.screen import WordRummikubScreen
from tilegames.ui.games.word_rummikub.summary import WordRummikubSummary
from tilegames.ui.widgets.rack import Rack
from tilegames.ui.widgets.table import Table


class WordRummikubPlugin:
    id = GAME.id
    summary_reads_past_views = True  # its summary charts the score move by move

    def play_screen(self, session: Session, *, open_hands: bool, series: Series[GameRecord], heading: str,
                    on_game_over: Callable[[Session], None]) -> WordRummikubScreen:
        return WordRummikubScreen(session, open_hands=open_hands, totals=list(series.totals()),
                                  on_game_over=on_game_over, title=heading)

    def summary(self, session: Session, series: Series[GameRecord]) -> WordRummikubSummary:
        return WordRummikubSummary(session)

    def position(self, view: dict[str, Any]) -> Table:
        table = Table(tile_style, WordRummikubScreen.new_row)
        table.show(display_rows(word_rummikub_view(view)["table"], drafting=False), None, None)
        return table

    def rack(self, view: dict[str, Any], owner: str) -> Rack:
        rack = Rack(tile_style)
        rack.show(word_rummikub_view(view)["rack"] or [], None, None)
        rack.border_title = _("{name}'s rack").format(name=owner)
        return rack


PLUGIN = WordRummikubPlugin()
