"""The one place that lists the games: one line per game, its package (`GAME_PACKAGES`).

Each package's `__init__.py` holds its manifest (core/manifest.py), the data that names the rest
of it: engine, agent, UI plug-in, tools, commands, benchmarks, rules. Reading the manifests
imports only those small `__init__` modules; a game's engine is imported on first use (by
module path), so `core` never imports `games` at import time and starting the app does not load
all four rule sets.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tilegames.core.errors import BadRecord
from tilegames.core.manifest import Manifest
from tilegames.core.text.i18n import _

# The games, in the menu's order: each a package whose `MANIFEST` says what it holds.
GAME_PACKAGES: tuple[str, ...] = (
    "tilegames.games.rummikub",
    "tilegames.games.word_rummikub",
    "tilegames.games.scrabble",
    "tilegames.games.nabit",
)

if TYPE_CHECKING:  # the menu reads the manifests at start; the protocol comes with a game
    from tilegames.core.kernel.protocol import Game

    AnyGame = Game[Any, Any, Any]

_packaged: list[Manifest] = []  # the packages' manifests, read once
_added: dict[str, Manifest] = {}  # games added at run time (the tests' own game)
_loaded: dict[str, AnyGame] = {}


def add(manifest: Manifest) -> None:
    """Add a game besides the packages' (the tests' own game); it replaces one of the same id."""
    _added[manifest.id] = manifest
    _loaded.pop(manifest.id, None)


def remove(game_id: str) -> None:
    """Take back what `add` added."""
    _added.pop(game_id, None)
    _loaded.pop(game_id, None)


def manifests() -> list[Manifest]:
    """Every game's manifest, in the menu's order: the packages', then the added ones."""
    if not _packaged:
        _packaged.extend(importlib.import_module(package).MANIFEST for package in GAME_PACKAGES)
    return [_added.get(m.id, m) for m in _packaged] + [
        m for m in _added.values() if all(p.id != m.id for p in _packaged)]


def manifest(game_id: str) -> Manifest:
    """The manifest of `game_id`; BadRecord (a readable sentence) for an unknown id."""
    found = next((m for m in manifests() if m.id == game_id), None)
    if found is None:
        known = ", ".join(known_ids()) or "none"
        raise BadRecord(_("Unknown game {game_id} (known games: {known}).").format(game_id=repr(game_id), known=known))
    return found


def known_ids() -> list[str]:
    return sorted(m.id for m in manifests())


def get_game(game_id: str) -> AnyGame:
    """The game with this id; BadRecord (a readable sentence) for an unknown id."""
    game = _loaded.get(game_id)
    if game is None:
        game = importlib.import_module(manifest(game_id).engine).GAME
        _loaded[game_id] = game
    return game
