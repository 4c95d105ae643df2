"""End of a Rummikub Word game: how it ended, each player's points from their turns, the jokers
left on their rack (RULES.md §2.8: 30 each), the final scores, the winner, and the race turn by
turn as a chart."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from tilegames.core.text.i18n import _, ngettext
from tilegames.games.word_rummikub.view_types import LastTurn, WordResult, word_rummikub_view
from tilegames.ui.screens.summary import GameSummary, hint_column, score_race, winner_line
from tilegames.ui.widgets.race_chart import RaceChart
from tilegames.ui.widgets.footer import KeysFooter


def headline(seats: list[str] | tuple[str, ...], result: WordResult, last: LastTurn | None = None) -> str:
    """How the game ended; a player who went out, with the play that did it (`last`, the view's
    last turn: it emptied the rack, so its score was doubled, RULES.md §2.8)."""
    out_seat = result["out_seat"]
    if result["reason"] == "out" and out_seat is not None:
        name = seats[out_seat]
        if last is not None and last["kind"] == "play" and last["seat"] == out_seat:
            return ngettext("{name} played their last tile with the pool empty: {words} for {count} point (doubled).",
                            "{name} played their last tile with the pool empty: {words} for {count} points (doubled).",
                            last["score"]).format(name=name, words=", ".join(last["words"]), count=last["score"])
        return _("{name} played their last tile with the pool empty.").format(name=name)
    return _("The pool is empty and no one could play: the game is over.")


def final_table(seats: list[str] | tuple[str, ...], result: WordResult) -> Table:
    table = Table(box=None, padding=(0, 1), pad_edge=False, expand=True)
    table.add_column(_("Player"), no_wrap=True, overflow="ellipsis", max_width=16)
    table.add_column(_("Words"), justify="right", no_wrap=True)
    table.add_column(_("Jokers left"), no_wrap=True, ratio=1)
    table.add_column(_("Final"), justify="right", no_wrap=True, style="bold")
    hint_heading, hint_cells = hint_column(result.get("hints"), len(seats))
    for heading in hint_heading:
        table.add_column(heading, justify="right", no_wrap=True)
    for seat, name in enumerate(seats):
        jokers = result["jokers_left"][seat]
        charge = f"{jokers} x -{result['joker_penalty']}" if jokers else _("none")
        mark = " *" if seat in result["winners"] else ""
        table.add_row(name + mark, str(result["turn_scores"][seat]), charge, str(result["scores"][seat]),
                      *hint_cells[seat])
    return table



class WordRummikubSummary(GameSummary):
    DEFAULT_CSS = """
    WordRummikubSummary #next { color: $text-muted; }
    """
    BINDINGS = [Binding("enter", "next", "Next", id="word_rummikub_summary.next"),
                Binding("m,escape", "menu", "Menu", id="word_rummikub_summary.menu")]

    def compose(self) -> ComposeResult:
        view = word_rummikub_view(self.session.view(None))  # one view for the whole summary
        result, seats = view["result"], self.session.seats
        assert result is not None, "a summary follows the game's end"
        winner = winner_line(seats, result["winners"])
        with Vertical(id="box") as box:
            box.border_title = _("Game over")
            yield Static(headline(seats, result, view["last"]), id="headline", markup=False)
            yield Static(final_table(seats, result), id="table")
            yield Static(winner, id="winner", markup=False)
            yield RaceChart(seats, score_race(self.session, result["scores"]), title=_("Points by turn"),
                            x_label=_("turn"))
            yield Static(_("Enter or m: back to the menu"), id="next")
        yield KeysFooter()
        yield from self.compose_notice()

    def action_next(self) -> None:
        self.app.next_game()  # type: ignore[attr-defined]

