"""Hints in Nab-It!: `6` lists the best few builds for your hand (the words each makes or changes
and what it gains), and the one you pick goes on the grid as your draft, to build, change or take
back. Asking is counted (the engine's `Hint`: the log and the summary say how many each player
asked for); the builds are found from your own view (games/nabit/hints.py)."""

from __future__ import annotations

from tilegames.core.parts.grid_edits import PutTile
from tilegames.core.text.i18n import _
from tilegames.games.nabit.actions import Hint
from tilegames.games.nabit.draft import Announce
from tilegames.games.nabit.hints import best_builds
from tilegames.games.nabit.moves import Candidate
from tilegames.games.nabit.view_types import nabit_view
from tilegames.ui.screens.dialogs import Confirm
from tilegames.ui.screens.hint_list import HintList
from tilegames.ui.screens.turns import TurnScreen

HINTS_SHOWN = 5


def hint_row(build: Candidate) -> str:
    words = ", ".join(build.words) or "-"
    return _("{words}  gain {gain:+.1f}").format(words=words, gain=build.value)


class NabItHints(TurnScreen):
    """The play screen's hint key (mixed into NabItScreen)."""

    _hints_up = False

    def action_hint(self) -> None:
        if not self._my_turn():
            return
        if nabit_view(self.view)["draft"]:  # the Hint action puts the draft back: ask first
            def ask(yes: bool | None) -> None:
                if yes:
                    self._request_hint()

            self.app.push_screen(Confirm(_("Ask for a hint? The tiles you have put down go back to your hand. (y/n)")),
                                 ask)
            return
        self._request_hint()

    def _request_hint(self) -> None:
        self._do(lambda seat: self.session.act(seat, Hint()), lambda _events: self._show_hints())

    def _show_hints(self) -> None:
        if self._hints_up:
            return
        view = nabit_view(self.view)
        builds = best_builds(view, HINTS_SHOWN)
        if not builds:
            self._say(_("The hint finds no build for your hand: exchange (1) or pass (2)."))
            return
        self._hints_up = True

        def chosen(index: int | None) -> None:
            self._hints_up = False
            if index is not None:
                self._place_hint(builds[index], len(view["hand"] or []))

        title = _("Hint: the best builds for your hand (the words, and what each gains)")
        self.app.push_screen(HintList(title, [hint_row(b) for b in builds]), chosen)

    def _place_hint(self, build: Candidate, hand_size: int) -> None:
        def put(seat: int) -> None:
            for p in build.placements:
                self.session.edit(seat, PutTile(p.tile, p.row, p.col, p.letter))
            if build.action.announce and len(build.placements) == hand_size:
                self.session.edit(seat, Announce(True))

        self._do(put, lambda _nothing: self._say(
            _("The build is on the grid: Enter builds it, Esc takes it back.")))
