"""The Rummikub play screen: the rows play screen (rows_play.py) with Rummikub's tiles, sets,
rack orders, the initial meld's progress, and the redeal question after the deal."""

from __future__ import annotations

from typing import Any, Callable

from rich.style import Style
from textual.binding import Binding

from tilegames.core.kernel.views import RowTile
from tilegames.core.parts.table_rows import RowsHint
from tilegames.core.text.i18n import N_, _
from tilegames.games.rummikub.actions import Draw, Hint, Pass, Redeal
from tilegames.games.rummikub.hints import hint_for
from tilegames.games.rummikub.config import INITIAL_MELD_POINTS
from tilegames.games.rummikub.notation import parse_face
from tilegames.games.rummikub.view_types import RummikubView, rummikub_view
from tilegames.ui.games.rummikub.tiles import display_rows, tile_style
from tilegames.ui.screens.dialogs import Confirm
from tilegames.ui.screens.rows_play import RowsPlayScreen


def _by_colour(tile: RowTile) -> tuple[Any, ...]:
    return parse_face(tile["face"]).rank


def _by_number(tile: RowTile) -> tuple[Any, ...]:
    face = parse_face(tile["face"])
    return (face.number or 99, face.rank)


class RummikubScreen(RowsPlayScreen):
    """One game of a match. Calls `on_game_over(session)` when the game ends."""

    game_title = N_("Rummikub")
    draw_action = Draw()
    pass_action = Pass()
    hint_action = Hint()
    BINDINGS = [Binding("H", "hint", "Hint", id="rummikub.hint")]

    @property
    def game_view(self) -> RummikubView:
        """The screen's view, typed (`view` is the session's plain dict)."""
        return rummikub_view(self.view)

    @staticmethod
    def tile_style(face: str) -> Style:
        return tile_style(face)

    def display_table(self, table: Any) -> list[dict[str, Any]]:
        return display_rows(table)

    def find_hint(self) -> RowsHint | None:
        return hint_for(self.game_view)

    def rack_orders(self) -> tuple[tuple[str, Callable[[RowTile], Any]], ...]:
        return ((_("colour, then number"), _by_colour), (_("number, then colour"), _by_number))

    def status_text(self, name: str) -> str:
        return (_("{name}'s turn") if self.game_view["phase"] == "play" else _("{name}: redeal?")).format(name=name)

    def turn_line(self) -> tuple[str, bool] | None:
        """Before the initial meld: its points so far against the 30 needed."""
        view, seat = self.game_view, self.viewer
        points = view["meld_points"]
        if seat is None or view["melded"][seat] or points is None:
            return None
        line = _("Initial meld: {points} / {needed} points from your own tiles").format(points=points,
                                                                                         needed=INITIAL_MELD_POINTS)
        return line, points >= INITIAL_MELD_POINTS

    def _turn_begun(self) -> None:
        """After the deal, a player holding three doubles is asked whether to deal again."""
        view = self.game_view
        redeal = view["redeal"]
        if view["phase"] != "redeal" or not redeal or self.viewer != redeal["asking"]:
            return
        doubles = redeal.get("doubles", 3)
        seats = view["seats"]
        first = seats[view["first_player"]["seat"]]
        question = (_("{name}: you hold {doubles} doubles (pairs of the same tile). "
                      "Demand a new deal for everyone? {first} plays first either way.").format(
                          name=seats[self.viewer], doubles=doubles, first=first)
                    + "\n" + _("(y = new deal, n or Esc = play on with these tiles)"))
        self.app.push_screen(Confirm(question, over_play=True), self._answer_redeal)  # the rack stays in sight

    def _answer_redeal(self, demand: bool | None) -> None:
        self._do(lambda seat: self.session.act(seat, Redeal(bool(demand))))
