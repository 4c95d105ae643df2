"""The one place that maps game ids to the games.

Games are imported on first use (by module path), so `core` never imports `games` at import
time and starting the app does not load all four rule sets. Adding a game means adding its
package and one line to `GAME_MODULES`.
"""

from __future__ import annotations

import importlib
from typing import Any

from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import _
from tilegames.core.kernel.protocol import Game

# game id -> module that defines `GAME`, an instance of its Game class.
GAME_MODULES: dict[str, str] = {
    "rummikub": "tilegames.games.rummikub.game",
    "scrabble": "tilegames.games.scrabble.game",
    "word-rummikub": "tilegames.games.word_rummikub.game",
    "nabit": "tilegames.games.nabit.game",
}

AnyGame = Game[Any, Any, Any]

_loaded: dict[str, AnyGame] = {}


def register(game: AnyGame) -> None:
    """Register a game object directly (tests and plug-ins)."""
    _loaded[game.id] = game


def unregister(game_id: str) -> None:
    _loaded.pop(game_id, None)


def known_ids() -> list[str]:
    return sorted(set(GAME_MODULES) | set(_loaded))


def get_game(game_id: str) -> AnyGame:
    """The game with this id; BadRecord (a readable sentence) for an unknown id."""
    if game_id in _loaded:
        return _loaded[game_id]
    module_path = GAME_MODULES.get(game_id)
    if module_path is None:
        known = ", ".join(known_ids()) or "none"
        raise BadRecord(_("Unknown game {game_id} (known games: {known}).").format(game_id=repr(game_id), known=known))
    game: AnyGame = importlib.import_module(module_path).GAME
    _loaded[game_id] = game
    return game
