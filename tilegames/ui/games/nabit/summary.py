"""End of a Nab-It! game: how it ended, each player's words held, bank tiles and the bonus for
playing out, the final scores, the tie-break when it was needed, the winner, and the scores turn
by turn as a chart."""

from __future__ import annotations

from typing import Sequence

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from tilegames.core.text.i18n import _
from tilegames.games.nabit.view_types import NabResult, nabit_view

from tilegames.ui.screens.summary import GameSummary, hint_column, score_race, winner_line
from tilegames.ui.widgets.race_chart import RaceChart
from tilegames.ui.widgets.footer import KeysFooter


def headline(seats: Sequence[str], result: NabResult) -> str:
    out_seat = result["out_seat"]
    if result["reason"] == "out" and out_seat is not None:
        return _("{name} played their last tile.").format(name=seats[out_seat])
    return _("No tile was placed for two rounds: the game is over.")


def final_table(seats: Sequence[str], result: NabResult) -> Table:
    table = Table(box=None, padding=(0, 1), pad_edge=False, expand=True)
    table.add_column(_("Player"), no_wrap=True, overflow="ellipsis", max_width=16)
    table.add_column(_("Words"), justify="right", no_wrap=True)
    table.add_column(_("Bank"), justify="right", no_wrap=True)
    table.add_column(_("Out"), justify="right", no_wrap=True)
    tie_break = result["decided_by"] != "points"
    if tie_break:
        table.add_column(_("Top tiles"), justify="right", no_wrap=True)
    table.add_column(_("Final"), justify="right", no_wrap=True, style="bold")
    hint_heading, hint_cells = hint_column(result.get("hints"), len(seats))
    for heading in hint_heading:
        table.add_column(heading, justify="right", no_wrap=True)
    for seat, name in enumerate(seats):
        out = "+1" if result["out_seat"] == seat else ""
        mark = " *" if seat in result["winners"] else ""
        cells = [name + mark, str(result["words"][seat]), str(result["banks"][seat]), out]
        if tie_break:
            cells.append(str(result["top_tiles"][seat]))
        table.add_row(*cells, str(result["scores"][seat]), *hint_cells[seat])
    return table



class NabItSummary(GameSummary):
    DEFAULT_CSS = """
    NabItSummary #next { color: $text-muted; }
    """
    BINDINGS = [Binding("enter", "next", "Next", id="nabit_summary.next"),
                Binding("m,escape", "menu", "Menu", id="nabit_summary.menu")]

    def compose(self) -> ComposeResult:
        result = nabit_view(self.session.view(None))["result"]  # one view for the whole summary
        assert result is not None, "a summary follows the game's end"
        seats = self.session.seats
        winner = winner_line(seats, result["winners"])
        if result["decided_by"] == "top_tiles":
            winner += " " + _("(a tie on points, broken by the cells showing their colour)")
        with Vertical(id="box") as box:
            box.border_title = _("Game over")
            yield Static(headline(seats, result), id="headline", markup=False)
            yield Static(final_table(seats, result), id="table")
            yield Static(winner, id="winner", markup=False)
            yield RaceChart(seats, score_race(self.session, result["scores"]), title=_("Score by turn"),
                            x_label=_("turn"))
            yield Static(_("Enter or m: back to the menu"), id="next")
        yield KeysFooter()
        yield from self.compose_notice()

    def action_next(self) -> None:
        self.app.next_game()  # type: ignore[attr-defined]
