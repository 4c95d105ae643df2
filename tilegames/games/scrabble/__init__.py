"""Scrabble (English, standard): RULES.md §3, and GCG records."""

from tilegames.core.computer_seats import LEVELS
from tilegames.core.manifest import Manifest
from tilegames.core.text.i18n import N_

MANIFEST = Manifest.of_package(__name__, "scrabble", N_("Scrabble"),
    commands="tilegames.commands.scrabble", bench="tilegames.games.scrabble.bench",
    levels=LEVELS)
