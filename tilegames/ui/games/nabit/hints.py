"""Hints in Nab-It!: `6` lists the best few builds for your hand (the words each makes or changes
and what it gains), and the one you pick goes on the grid as your draft, to build, change or take
back. Asking is counted (the engine's `Hint`: the log and the summary say how many each player
asked for); the builds are found from your own view (games/nabit/hints.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tilegames.core.kernel.protocol import Edit
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


class NabItBuilds:
    """The hint's plays (ui/screens/hint_list.py's HintPlays): the builds strong ranks best."""

    def find(self, view: dict[str, Any]) -> list[Candidate]:
        return best_builds(nabit_view(view), HINTS_SHOWN)

    def rows(self, plays: Sequence[Candidate]) -> list[str]:
        return [hint_row(build) for build in plays]

    def edits(self, play: Candidate, view: dict[str, Any]) -> list[Edit]:
        edits: list[Edit] = [PutTile(p.tile, p.row, p.col, p.letter) for p in play.placements]
        if play.action.announce and len(play.placements) == len(nabit_view(view)["hand"] or []):
            edits.append(Announce(True))  # the build lays the last tile
        return edits

    def placed(self, play: Candidate) -> str:
        return _("The build is on the grid: Enter builds it, Esc takes it back.")

    def texts(self) -> tuple[str, str, str]:
        return (_("Hint: the best builds for your hand (the words, and what each gains)"),
                _("Ask for a hint? The tiles you have put down go back to your hand. (y/n)"),
                _("The hint finds no build for your hand: exchange (1) or pass (2)."))


class NabItHints(ListedHints):
    """The play screen's hint key (mixed into NabItScreen)."""

    hint_action = Hint()
    hint_plays = NabItBuilds()
