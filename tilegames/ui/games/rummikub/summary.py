"""End of a game: each player's rack value, the game's scores, the match so far, and the
standings game by game as a chart."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from tilegames.core.text.i18n import _

from tilegames.core.kernel.series import GameRecord, Series
from tilegames.games.rummikub.view_types import rummikub_result
from tilegames.ui.screens.summary import SummaryBase, hint_column
from tilegames.ui.widgets.race_chart import RaceChart
from tilegames.ui.widgets.footer import KeysFooter


class SummaryScreen(SummaryBase):
    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen Vertical { width: 72; height: auto; border: round $accent; padding: 0 1; }
    SummaryScreen #headline { text-style: bold; padding: 1 0; }
    SummaryScreen DataTable { height: auto; }
    SummaryScreen RaceChart { height: 8; margin: 1 0 0 0; }
    SummaryScreen.tall RaceChart { height: 14; }
    SummaryScreen #next { padding: 1 0 0 0; color: $text-muted; }
    """
    BINDINGS = [Binding("enter", "next", "Next", id="rummikub_summary.next"),
                Binding("m,escape", "menu", "Menu", id="rummikub_summary.menu")]

    def __init__(self, match: Series[GameRecord], headline: str) -> None:
        super().__init__()
        self.match = match
        self.headline = headline

    def compose(self) -> ComposeResult:
        match = self.match
        game = match.games[-1]
        played, total = len(match.games), match.total_games
        with Vertical() as box:
            box.border_title = _("Game {number} of {total}").format(number=played, total=total)
            yield Static(self.headline, id="headline")
            table: DataTable[str] = DataTable(cursor_type="none", zebra_stripes=True)
            table.can_focus = False  # Enter belongs to the screen: next game
            result = rummikub_result(game.details)
            hint_heading, hint_cells = hint_column(result.get("hints"), len(match.seats))
            table.add_columns(_("Player"), _("Rack left"), _("This game"), _("Match"), _("Won"), *hint_heading)
            totals, wins = match.totals(), match.games_won()
            for seat, name in enumerate(match.seats):
                mark = " *" if seat in game.winners else ""
                table.add_row(name + mark, str(result["rack_values"][seat]), f"{game.scores[seat]:+d}",
                              f"{totals[seat]:+d}", str(wins[seat]), *hint_cells[seat])
            yield table
            yield RaceChart(match.seats, match.running_totals(), title=_("Match standings by game"), x_label=_("game"))
            if match.is_over:
                winners = _(" and ").join(match.seats[s] for s in match.winners())
                if match.winner_rule == "games_won":
                    over = _("The match is over: {names} won on most games won.")
                else:
                    over = _("The match is over: {names} won on points.")
                yield Static(over.format(names=winners) + " " + _("Enter or m: back to the menu."), id="next")
            else:
                yield Static(_("Enter: play game {number} of {total}.").format(number=played + 1, total=total)
                             + "   " + _(self.leaving), id="next")  # i18n: marked
        yield KeysFooter()
        yield from self.compose_notice()

    def action_next(self) -> None:
        if self.match.is_over:
            self.action_menu()
        else:
            self.app.next_game()  # type: ignore[attr-defined]

