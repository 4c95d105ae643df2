"""What every game's summary screen shares: a wider box and a taller chart when the terminal
has room (classes `wide` and `tall`), and the way back to the menu; for a game's own summary
(`GameSummary`) also the box's look and the winner's line."""

from __future__ import annotations

from textual import events

from tilegames.core.text.i18n import N_, _
from tilegames.core.kernel.session_protocol import Session
from tilegames.core.kernel.views import scored_view
from tilegames.ui.screens.base import BaseScreen

WIDE_COLUMNS = 110
TALL_ROWS = 34


class SummaryBase(BaseScreen):
    # What the menu key says between two games of a series. A game played here comes back with
    # Resume; a flow whose game lives elsewhere (ui/remote.py) says where it goes on instead.
    leaving = N_("m: back to the menu (Resume goes on).")

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._fit()

    def on_mount(self) -> None:
        super().on_mount()
        self._fit()

    def _fit(self) -> None:
        self.set_class(self.app.size.width >= WIDE_COLUMNS, "wide")
        self.set_class(self.app.size.height >= TALL_ROWS, "tall")

    def action_menu(self) -> None:
        self.app.back_to_menu()  # type: ignore[attr-defined]


def hint_column(hints: list[int] | None, seats: int) -> tuple[list[str], list[list[str]]]:
    """A summary's Hints column, there only when someone asked for a hint: its heading (or none)
    and each seat's cell (or none). `hints`: the result's counts (None in records made before
    hints)."""
    counts = hints or [0] * seats
    if not any(counts):
        return [], [[] for _seat in range(seats)]
    return [_("Hints")], [[str(count)] for count in counts]


def winner_line(seats: tuple[str, ...] | list[str], winners: list[int]) -> str:
    if len(winners) > 1:
        return _("A tie: {names} share the win.").format(names=_(" and ").join(seats[w] for w in winners))
    return _("{name} wins!").format(name=seats[winners[0]])


class GameSummary(SummaryBase):
    """The end of one game, from its session: a box with a headline, a table, the winner and a
    chart (the game's screen composes them, with these ids)."""

    DEFAULT_CSS = """
    GameSummary { align: center middle; }
    GameSummary #box { width: 72; height: auto; max-height: 100%; border: round $accent; padding: 0 1; }
    GameSummary.wide #box { width: 96; }
    GameSummary #headline { padding: 1 0 0 0; }
    GameSummary #table { padding: 1 0; }
    GameSummary #winner { text-style: bold; }
    GameSummary RaceChart { height: 9; }
    GameSummary.tall RaceChart { height: 16; }
    """

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session


def score_race(session: Session, final: list[int]) -> list[list[int]]:
    """Everyone's score after each turn, from 0, ending with the `final` scores (a game whose
    views carry `scores`; the chart of a summary)."""
    steps = [[0] * len(session.seats)] + [scored_view(view)["scores"] for view in session.past_views()]
    if steps[-1] != final:
        steps.append(final)
    return steps
