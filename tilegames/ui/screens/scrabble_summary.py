"""End of a Scrabble game: the final adjustments line by line, the winner, and saving as GCG."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Static

from tilegames.core.errors import BadRecord
from tilegames.core.journal import load_journal
from tilegames.core.session import LocalSession
from tilegames.games.scrabble.gcg_export import export_gcg
from tilegames.ui.screens.base import BaseScreen


class ScrabbleSummary(BaseScreen):
    DEFAULT_CSS = """
    ScrabbleSummary { align: center middle; }
    ScrabbleSummary Vertical { width: 72; height: auto; border: round $accent; padding: 0 1; }
    ScrabbleSummary #lines { padding: 1 0; }
    ScrabbleSummary #saved { color: $success; height: auto; }
    """
    BINDINGS = [Binding("s", "save", "Save as .gcg"), Binding("m,escape", "menu", "Menu")]

    def __init__(self, session: LocalSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        result = self.session.view(None)["result"]
        seats = self.session.seats
        lines = []
        if result["reason"] == "out":
            out = next(s for s, a in enumerate(result["adjustments"]) if a > 0) if any(
                a > 0 for a in result["adjustments"]) else None
            lines.append(f"{seats[out]} played out." if out is not None else "A player played out.")
        else:
            lines.append("The game ended with no progress (the stall rule).")
        lines.append("")
        for seat, name in enumerate(seats):
            before, adjustment, final = result["before"][seat], result["adjustments"][seat], result["scores"][seat]
            how = "for the tiles left on the others' racks" if adjustment > 0 else "for the tiles left on the rack"
            change = f"{adjustment:+d} {how}" if adjustment else "no change"
            lines.append(f"{name:<16} {before:>4}  {change:<44} = {final}")
        winners = result["winners"]
        lines.append("")
        if len(winners) > 1:
            lines.append("A draw: " + " and ".join(seats[w] for w in winners) + ".")
        else:
            lines.append(f"{seats[winners[0]]} wins!")
        with Vertical() as box:
            box.border_title = "Game over"
            yield Static("\n".join(lines), id="lines")
            yield Static("s: save the game as .gcg    m: back to the menu", id="saved")
        yield Footer()
        yield from self.compose_notice()

    def action_save(self) -> None:
        saved = self.query_one("#saved", Static)
        if self.session.path is None:
            saved.update("This game was not recorded, so it cannot be saved.")
            return
        target = self.session.path.with_suffix(".gcg")
        try:
            target.write_text(export_gcg(load_journal(self.session.path)), encoding="utf-8")
        except (OSError, BadRecord) as exc:
            saved.update(f"Could not save: {exc}")
            return
        saved.update(f"Saved as {target}")

    def action_menu(self) -> None:
        self.app.back_to_menu()  # type: ignore[attr-defined]
