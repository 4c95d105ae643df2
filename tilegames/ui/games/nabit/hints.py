"""Hints in Nab-It!: `6` lists the best few builds for your hand (the words each makes or changes
and what it gains), and the one you pick goes on the grid as your draft, to build, change or take
back. Asking is counted (the engine's `Hint`: the log and the summary say how many each player
asked for); the builds are found from your own view (games/nabit/hints.py)."""

from __future__ import annotations

from collections.abc import Sequence

from tilegames.core.parts.grid_edits import PutTile
from tilegames.core.text.i18n import _
from tilegames.games.nabit.actions import Hint
from tilegames.games.nabit.draft import Announce
from tilegames.games.nabit.hints import best_builds
from tilegames.games.nabit.moves import Candidate
from tilegames.games.nabit.view_types import nabit_view
from tilegames.ui.screens.hint_list import ListedHints

HINTS_SHOWN = 5


def hint_row(build: Candidate) -> str:
    words = ", ".join(build.words) or "-"
    return _("{words}  gain {gain:+.1f}").format(words=words, gain=build.value)


class NabItHints(ListedHints[Candidate]):
    """The play screen's hint key (mixed into NabItScreen)."""

    hint_action = Hint()

    def find_hints(self) -> list[Candidate]:
        return best_builds(nabit_view(self.view), HINTS_SHOWN)

    def hint_rows(self, plays: Sequence[Candidate]) -> list[str]:
        return [hint_row(build) for build in plays]

    def hint_texts(self) -> tuple[str, str, str]:
        return (_("Hint: the best builds for your hand (the words, and what each gains)"),
                _("Ask for a hint? The tiles you have put down go back to your hand. (y/n)"),
                _("The hint finds no build for your hand: exchange (1) or pass (2)."))

    def place_hint(self, play: Candidate) -> None:
        hand_size = len(nabit_view(self.view)["hand"] or [])

        def put(seat: int) -> None:
            for p in play.placements:
                self.session.edit(seat, PutTile(p.tile, p.row, p.col, p.letter))
            if play.action.announce and len(play.placements) == hand_size:
                self.session.edit(seat, Announce(True))

        self._do(put, lambda _nothing: self._say(_("The build is on the grid: Enter builds it, Esc takes it back.")))
