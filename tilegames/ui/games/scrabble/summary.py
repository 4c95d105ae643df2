"""End of a Scrabble game: the final adjustments in a table, the winner, the score race move
by move as a chart, and saving as GCG."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from tilegames.core.text.i18n import _

from tilegames.core.kernel.session_protocol import Session
from tilegames.games.scrabble.view_types import ScrabbleResult, scrabble_view
from tilegames.ui.screens.asking import WAITING, Asking
from tilegames.ui.screens.summary import GameSummary, hint_column, winner_line
from tilegames.ui.widgets.race_chart import RaceChart
from tilegames.ui.widgets.footer import KeysFooter


def score_race(session: Session, result: ScrabbleResult) -> list[list[int]]:
    """Everyone's score after each move, from 0 at the start to the final scores (from the
    session's past views; when those do not reach the end, just the start, the end of play
    and the end). `result`: the view's."""
    start = [0] * len(session.seats)
    steps = [scrabble_view(view)["scores"] for view in session.past_views()]
    if steps and steps[-1] == result["scores"]:
        return [start] + steps
    return [start, result["before"], result["scores"]]


def adjustments_table(session: Session, result: ScrabbleResult) -> Table:
    """One row a player: score before the end, the adjustment and why, the overtime penalty
    (with the game clock, when someone went over), the final score, the hints asked for; the
    names and reasons are cut (never wrapped) so that every total stays on its row. `result`:
    the view's."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, expand=True)
    table.add_column(_("Player"), no_wrap=True, overflow="ellipsis", max_width=16)
    table.add_column(_("Score"), justify="right", no_wrap=True)
    table.add_column(_("End of game"), no_wrap=True, overflow="ellipsis", ratio=1)
    penalties = result.get("time_penalties") or [0] * len(session.seats)
    over = any(penalties)  # a column only when someone went over the game clock
    if over:
        table.add_column(_("Overtime"), justify="right", no_wrap=True)
    table.add_column(_("Final"), justify="right", no_wrap=True, style="bold")
    hint_heading, hint_cells = hint_column(result.get("hints"), len(session.seats))
    for heading in hint_heading:
        table.add_column(heading, justify="right", no_wrap=True)
    for seat, name in enumerate(session.seats):
        adjustment = result["adjustments"][seat]
        if adjustment > 0:
            how = _("{points} for the others' racks").format(points=f"{adjustment:+d}")
        else:
            how = _("{points} for the tiles left on the rack").format(points=f"{adjustment:+d}")
        overtime = [str(-penalties[seat])] if over else []
        table.add_row(name, str(result["before"][seat]), how if adjustment else _("no change"), *overtime,
                      str(result["scores"][seat]), *hint_cells[seat])
    return table


class ScrabbleSummary(Asking, GameSummary):
    DEFAULT_CSS = """
    ScrabbleSummary #saved { color: $success; height: auto; }
    """
    BINDINGS = [Binding("s", "save", "Save as .gcg", id="scrabble_summary.save"),
                Binding("m,escape", "menu", "Menu", id="scrabble_summary.menu")]

    def compose(self) -> ComposeResult:
        view = scrabble_view(self.session.view(None))  # one view for the whole summary
        result = view["result"]
        assert result is not None, "a summary follows the game's end"
        seats = self.session.seats
        if result["reason"] == "out":  # the rack left empty (its gain may be 0: a blank left)
            out = next((s for s, size in enumerate(view["rack_sizes"]) if size == 0), None)
            headline = _("{name} played out.").format(name=seats[out]) if out is not None else _("A player played out.")
        else:
            headline = _("The game ended with no progress (the stall rule).")
        winner = winner_line(seats, result["winners"])
        with Vertical(id="box") as box:
            box.border_title = _("Game over")
            yield Static(headline, id="headline", markup=False)
            yield Static(adjustments_table(self.session, result), id="table")
            yield Static(winner, id="winner", markup=False)
            yield RaceChart(seats, score_race(self.session, result), title=_("Score by move"), x_label=_("move"))
            yield Static(_("s: save the game as .gcg    m: back to the menu"), id="saved")
        yield KeysFooter()
        yield from self.compose_notice()

    def action_save(self) -> None:
        """The record asked for (of the server, for a networked game: the keys answer meanwhile)
        and written; where, or why not, on the line under the chart."""
        if self.answer_pending:
            return
        self.ask(lambda: export(self.session), self._said, lambda exc: self._said(" ".join(exc.reasons)))

    def _said(self, said: str) -> None:
        self.query_one("#saved", Static).update(said)

    def _show_waiting(self, waiting: bool) -> None:
        if waiting:
            self._said(_(WAITING))  # i18n: marked


def export(session: Session) -> str:
    """The game saved as GCG: where, or why it could not be (a sentence either way)."""
    try:
        return session.save_export("gcg")
    except ValueError as exc:
        return str(exc)

