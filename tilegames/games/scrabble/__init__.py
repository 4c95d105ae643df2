"""Scrabble (English, standard): RULES.md §3, and GCG records."""

from tilegames.core.manifest import Manifest
from tilegames.core.text.i18n import N_

MANIFEST = Manifest(
    id="scrabble",
    title=N_("Scrabble"),
    engine="tilegames.games.scrabble.game",
    agent="tilegames.games.scrabble.agent",
    ui="tilegames.ui.games.scrabble.plugin",
    commands="tilegames.commands.scrabble",
    rules="scrabble.md",
)
