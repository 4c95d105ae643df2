"""What a RemoteSession asks of the server besides play: the public view after each action (a
summary's chart) and a finished game's record in one of its formats, written to the saves
folder here (docs/protocol.md, the `past_views` and `export` requests). Each is a round trip,
which a screen makes in a worker (the session's calls block); a finished game's past views are
kept once asked, so that a summary asked for them ahead (ui/remote.py, in a worker) has them
at once.
"""

from __future__ import annotations

import copy
import time
from typing import Any, Callable, TypeVar

from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.kernel.protocol import Event
from tilegames.core.records.saves import saves_dir
from tilegames.net.client_messages import RemoteState
from tilegames.net.ssh_child import NOTHING_SAVED, served_over_ssh

T = TypeVar("T")


class AskedRecords:
    """`past_views` and `save_export` of a RemoteSession."""

    # The session's, which this part reads.
    _state: RemoteState
    _game_id: str
    table: str
    _past: tuple[int, list[dict[str, Any]]] | None
    _request: Callable[..., tuple[Any, tuple[Event, ...]]]
    _at_home: Callable[[Callable[[], T]], T]
    view: Callable[[int | None], dict[str, Any]]

    def past_views(self) -> list[dict[str, Any]]:
        """The public view after each action so far of the game shown, asked of the server
        (once the game is over, once: a summary asked for them ahead gets them at once);
        without a connection, the view now only (as an unsaved local game gives)."""
        game, over = self._state.game, self._state.result is not None
        kept = self._past
        if over and kept is not None and kept[0] == game:
            return copy.deepcopy(kept[1])
        try:
            value, _events = self._request("past_views", game=game)
        except IllegalMove:
            return [self.view(None)]
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            return [self.view(None)]
        if over:
            self._at_home(lambda: self._keep_past(game, value))
        return value

    def _keep_past(self, game: int, views: list[dict[str, Any]]) -> None:
        self._past = (game, copy.deepcopy(views))

    def has_past_views(self) -> bool:
        """Whether the finished game shown has its past views here already (asked ahead)."""
        kept = self._past
        return self._state.result is not None and kept is not None and kept[0] == self._state.game

    def save_export(self, fmt: str) -> str:
        """The game's record in `fmt`, asked of the server, written to the saves folder here;
        refused (ValueError, a sentence) in an app the SSH door serves: "here" is the server."""
        if served_over_ssh():
            raise ValueError(_(NOTHING_SAVED))  # i18n: marked
        try:
            text, _events = self._request("export", fmt=fmt, game=self._state.game)
        except IllegalMove as exc:
            raise ValueError(" ".join(exc.reasons)) from None
        if not isinstance(text, str):
            raise ValueError(_("The server sent no {format} record.").format(format=shown(fmt, 10)))
        folder = saves_dir()
        target = folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{self._game_id}-{_safe(self.table)}.{_safe(fmt)}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise ValueError(_("Could not save: {why}.").format(why=exc.strerror or exc)) from None
        return _("Saved as {path}").format(path=target)


def _safe(text: str) -> str:
    """A piece of a file name made of what the server sent."""
    return "".join(c for c in text if c.isalnum() or c in "-_")[:40] or "table"
