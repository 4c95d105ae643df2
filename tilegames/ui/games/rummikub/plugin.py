"""Rummikub in the app: its play screen, the picture of a table for a spectator, and the summary
after each game of a match (RULES.md §1.9). The match itself is the generic series flow
(ui/series_flow.py); the setup form and `tilegames play rummikub` options are built from the
game's setup options (games/rummikub/config.py). Its tool, the initial-meld checker
(ui/games/rummikub/meld_check.py), needs no game in progress: the game's manifest
(games/rummikub/__init__.py) lists it."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from tilegames.core.kernel.series import GameRecord, Series
from tilegames.core.text.i18n import _
from tilegames.core.kernel.session_protocol import Session
from tilegames.games.rummikub.game import GAME
from tilegames.games.rummikub.view_types import rummikub_result, rummikub_view
from tilegames.ui.games.rummikub.screen import RummikubScreen
from tilegames.ui.games.rummikub.summary import SummaryScreen
from tilegames.ui.games.rummikub.tiles import display_rows, tile_style
from tilegames.ui.widgets.rack import Rack
from tilegames.ui.widgets.table import Table


def headline(details: Mapping[str, Any], seats: tuple[str, ...]) -> str:
    """How the game ended; `details`: a series record's, the view's `result`."""
    result = rummikub_result(details)
    names = _(" and ").join(seats[w] for w in result["winners"])
    if result["reason"] == "out":
        return _("{names} went out.").format(names=names)
    return _("{names} had the lowest rack when the game stuck.").format(names=names)


class RummikubPlugin:
    id = GAME.id

    def play_screen(self, session: Session, *, open_hands: bool, series: Series[GameRecord], heading: str,
                    on_game_over: Callable[[Session], None]) -> RummikubScreen:
        # A Rummikub game always names its place in the match, a match of one game too.
        title = heading or _("Game {number} of {total}: {players}.").format(number=1, total=1, players=", ".join(series.seats))
        return RummikubScreen(session, open_hands=open_hands, totals=list(series.totals()),
                              on_game_over=on_game_over, title=title)

    def summary(self, session: Session, series: Series[GameRecord]) -> SummaryScreen:
        return SummaryScreen(series, headline(series.games[-1].details, series.seats))

    def position(self, view: dict[str, Any]) -> Table:
        table = Table(tile_style)
        table.show(display_rows(rummikub_view(view)["table"]), None, None)
        return table

    def rack(self, view: dict[str, Any], owner: str) -> Rack:
        rack = Rack(tile_style)
        rack.show(rummikub_view(view)["rack"] or [], None, None)
        rack.border_title = _("{name}'s rack").format(name=owner)
        return rack


PLUGIN = RummikubPlugin()
