"""The games the app offers: one plug-in module per game (`ui/games/<id>.py`), one line each in
`PLUGINS`. The generic app (menu, setup, command palette, resume, `tilegames play GAME`) asks a
plug-in for a game's screens and the game's core registry entry for its data (options, seats,
series), so it names no game itself.

A plug-in module defines `PLUGIN`, an object with the `GamePlugin` interface below. Games that
are announced but not built yet have a title and no module: the menu shows them as coming soon.

A game may also offer tools that need no game in progress (Rummikub's initial-meld checker):
`Tool`s in its entry, as data. Listing them (the menu does, at every start) imports no game's
module; a tool's screen is imported when the tool is opened.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Protocol

from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import N_, _

if TYPE_CHECKING:  # the list of games stays cheap to import: `tilegames` reads it at every start
    from textual.screen import Screen
    from textual.widget import Widget

    from tilegames.core.kernel.series import GameRecord, Series
    from tilegames.core.kernel.session_protocol import Session


class GamePlugin(Protocol):
    """A game's screens. Everything else the app needs of a game is data in its core registry
    entry (core/kernel/protocol.py's Game): title, seat range, presets and setup options (the setup
    form and `tilegames play` options are built from them), and its series rule."""

    id: str

    def play_screen(self, session: Session, *, open_hands: bool, series: Series[GameRecord], heading: str,
                    on_game_over: Callable[[Session], None]) -> Screen[Any]:
        """The screen `session` is played on; `heading` names the game within its series
        ("" for a game on its own) and `series` holds the games before it."""
        ...

    def summary(self, session: Session, series: Series[GameRecord]) -> Screen[Any]:
        """What follows the end of `session`'s game, the last of `series.games`; its Enter
        calls `app.next_game()`."""
        ...

    def position(self, view: dict[str, Any]) -> Widget:
        """The table or board of a spectator's `view`, read-only (a game open elsewhere)."""
        ...


@dataclass(frozen=True)
class Tool:
    """Something a game offers besides playing it: a title for the menu, a line saying what it
    is for (both English, marked with N_, shown through `_`), and where its screen is,
    "module:Class", imported only when the tool is opened."""

    title: str
    help: str
    screen: str

    def make_screen(self) -> Screen[Any]:
        """The tool's screen, made anew each time it is opened."""
        module, _colon, name = self.screen.partition(":")
        made: Screen[Any] = getattr(importlib.import_module(module), name)()
        return made


def summary_reads_past_views(game_plugin: GamePlugin) -> bool:
    """Whether the game's summary charts the game move by move from the session's `past_views`
    (over a network a round trip, which the networked flow makes in a worker before showing
    the summary); a plug-in says so with `summary_reads_past_views = True` (optional, like
    `rack`)."""
    return getattr(game_plugin, "summary_reads_past_views", False) is True


def rack_of(game_plugin: GamePlugin, view: dict[str, Any], owner: str) -> Widget | None:
    """The rack of the seat whose `view` it is, `owner`'s, drawn as its play screen draws it
    (a demonstration shows the rack of the player each step is about); None when the plug-in
    has no `rack(view, owner)` method (it is optional, like `tools`)."""
    draw: Callable[[dict[str, Any], str], Widget] | None = getattr(game_plugin, "rack", None)
    return draw(view, owner) if draw is not None else None


def game_tools() -> list[tuple[Entry, Tool]]:
    """Every tool of every game the app can play, in menu order, with its game's entry."""
    return [(entry, tool) for entry in playable() for tool in entry.tools]


@dataclass(frozen=True)
class Entry:
    id: str
    title: str  # English, marked with N_: shown as `_(entry.title)`, in the player's language
    module: str | None  # None: not built yet (coming soon)
    tools: tuple[Tool, ...] = ()


PLUGINS: tuple[Entry, ...] = (
    Entry("rummikub", N_("Rummikub"), "tilegames.ui.games.rummikub.plugin", tools=(
        Tool(N_("Initial meld checker"), N_("Type the sets of a first play and see if they make the 30 points."),
             "tilegames.ui.games.rummikub.meld_check:MeldCheckScreen"),)),
    Entry("word-rummikub", N_("Rummikub Word"), "tilegames.ui.games.word_rummikub.plugin"),
    Entry("scrabble", N_("Scrabble"), "tilegames.ui.games.scrabble.plugin"),
    Entry("nabit", N_("Nab-It!"), "tilegames.ui.games.nabit.plugin"),
)

_extra: dict[str, tuple[str, GamePlugin]] = {}  # plug-ins registered at run time (the tests' own game)


def register(plugin: GamePlugin, title: str) -> None:
    _extra[plugin.id] = (title, plugin)


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)


def entries() -> list[Entry]:
    """Every game the menu lists, in menu order, then the ones registered at run time."""
    return list(PLUGINS) + [Entry(game_id, title, "") for game_id, (title, _plugin) in _extra.items()]


def playable() -> list[Entry]:
    return [e for e in entries() if e.module is not None]


def plugin(game_id: str) -> GamePlugin:
    """The plug-in of a game the app can play; BadRecord (a sentence) otherwise."""
    if game_id in _extra:
        return _extra[game_id][1]
    entry = next((e for e in PLUGINS if e.id == game_id), None)
    if entry is None or entry.module is None:
        raise BadRecord(_("{game_id!r} games cannot be played in the app.").format(game_id=game_id))
    module = importlib.import_module(entry.module)
    found: GamePlugin = module.PLUGIN
    return found
