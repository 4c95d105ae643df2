"""Rummikub (numbers): RULES.md §1."""

from tilegames.core.computer_seats import LEVELS
from tilegames.core.manifest import Manifest, Tool
from tilegames.core.text.i18n import N_

MANIFEST = Manifest.of_package(__name__, "rummikub", N_("Rummikub"),
    commands="tilegames.commands.rummikub", bench="tilegames.games.rummikub.bench", levels=LEVELS,
    tools=(Tool(N_("Initial meld checker"), N_("Type the sets of a first play and see if they make the 30 points."),
                "tilegames.ui.games.rummikub.meld_check:MeldCheckScreen"),))
