"""The games the app offers: one plug-in module per game (`ui/games/<id>.py`), one line each in
`PLUGINS`. The generic app (menu, setup, command palette, resume, `tilegames play GAME`) asks a
plug-in for everything game-specific, so it names no game itself.

A plug-in module defines `PLUGIN`, an object with the `GamePlugin` interface below. Games that
are announced but not built yet have a title and no module: the menu shows them as coming soon.
"""

from __future__ import annotations

import argparse
import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from tilegames.core.errors import BadRecord

if TYPE_CHECKING:  # the list of games stays cheap to import: `tilegames` reads it at every start
    from textual.screen import Screen
    from textual.widget import Widget

    from tilegames.core.journal import JournalHeader
    from tilegames.core.session import LocalSession
    from tilegames.ui.app import TilegamesApp


class GamePlugin(Protocol):
    id: str
    title: str
    most_players: int

    def setup_screen(self) -> Screen[Any]:
        """The setup form for a new game."""
        ...

    def add_cli_options(self, parser: argparse.ArgumentParser) -> None:
        """The game's own options of `tilegames play GAME` (players, seed, open hands are shared)."""
        ...

    def config_from_cli(self, args: argparse.Namespace, seats: tuple[str, ...]) -> Any:
        """The game's config from its command-line options (ValueError with a sentence)."""
        ...

    def start(self, app: TilegamesApp, seats: tuple[str, ...], config: Any, *, open_hands: bool,
              seed: int) -> None:
        """Deal a new game (or match) and show it."""
        ...

    def check_meta(self, header: JournalHeader) -> None:
        """BadRecord when the app's part of a saved game's header (`meta`) is unusable."""
        ...

    def show_resumed(self, app: TilegamesApp, session: LocalSession) -> None:
        """Show a saved game just opened for play (a match: with the match around it)."""
        ...

    def position(self, view: dict[str, Any]) -> Widget:
        """The table or board of a spectator's `view`, read-only (a game open elsewhere)."""
        ...


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    module: str | None  # None: not built yet (coming soon)


PLUGINS: tuple[Entry, ...] = (
    Entry("rummikub", "Rummikub", "tilegames.ui.games.rummikub"),
    Entry("word-rummikub", "Rummikub Word", None),
    Entry("scrabble", "Scrabble", "tilegames.ui.games.scrabble.plugin"),
    Entry("nabit", "Nab-It!", None),
)

_extra: dict[str, GamePlugin] = {}  # plug-ins registered at run time (the tests' own game)


def register(plugin: GamePlugin) -> None:
    _extra[plugin.id] = plugin


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)


def entries() -> list[Entry]:
    """Every game the menu lists, in menu order, then the ones registered at run time."""
    return list(PLUGINS) + [Entry(p.id, p.title, "") for p in _extra.values()]


def playable() -> list[Entry]:
    return [e for e in entries() if e.module is not None]


def plugin(game_id: str) -> GamePlugin:
    """The plug-in of a game the app can play; BadRecord (a sentence) otherwise."""
    if game_id in _extra:
        return _extra[game_id]
    entry = next((e for e in PLUGINS if e.id == game_id), None)
    if entry is None or entry.module is None:
        raise BadRecord(f"{game_id!r} games cannot be played in the app.")
    module = importlib.import_module(entry.module)
    found: GamePlugin = module.PLUGIN
    return found
