"""The games the app offers: each game's manifest (core/manifest.py) names its plug-in module,
`ui/games/<id>/plugin.py`. The generic app (menu, setup, command palette, resume, `tilegames
play GAME`) asks a plug-in for a game's screens and the game's engine for its data (options,
seats, series), so it names no game itself.

A plug-in module defines `PLUGIN`, an object with the `GamePlugin` interface below. A game whose
manifest names no plug-in (one played only headless) is not offered.

A game may also offer tools that need no game in progress (Rummikub's initial-meld checker):
`Tool`s in its manifest, as data. Listing them (the menu does, at every start) imports no game's
module; a tool's screen is imported when the tool is opened.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Callable, Protocol

from tilegames.core.errors import BadRecord
from tilegames.core.manifest import Manifest, Tool
from tilegames.core.registry import manifest as registry_manifest
from tilegames.core.registry import manifests
from tilegames.core.text.i18n import _

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


def tool_screen(tool: Tool) -> Screen[Any]:
    """The tool's screen, made anew each time it is opened."""
    module, _colon, name = tool.screen.partition(":")
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


def game_tools() -> list[tuple[Manifest, Tool]]:
    """Every tool of every game the app can play, in menu order, with its game's manifest."""
    return [(entry, tool) for entry in playable() for tool in entry.tools]


_extra: dict[str, GamePlugin] = {}  # plug-in objects registered at run time (the tests' own game)


def register(plugin: GamePlugin) -> None:
    """Offer a game whose manifest names no plug-in module, with this plug-in (tests)."""
    _extra[plugin.id] = plugin


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)


def playable() -> list[Manifest]:
    """Every game the app offers, in menu order."""
    return [m for m in manifests() if m.ui is not None or m.id in _extra]


def check_playable(game_id: str) -> None:
    """BadRecord (a sentence) unless the app can play `game_id`; imports nothing of the game
    (the menu asks it of every save it lists)."""
    if game_id not in _extra and not any(m.id == game_id and m.ui is not None for m in manifests()):
        raise BadRecord(_("{game_id!r} games cannot be played in the app.").format(game_id=game_id))


def plugin(game_id: str) -> GamePlugin:
    """The plug-in of a game the app can play; BadRecord (a sentence) otherwise."""
    check_playable(game_id)
    if game_id in _extra:
        return _extra[game_id]
    module = registry_manifest(game_id).ui
    assert module is not None  # check_playable: a game offered without a registered plug-in names its module
    found: GamePlugin = importlib.import_module(module).PLUGIN
    return found
