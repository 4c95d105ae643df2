"""Rummikub (numbers): RULES.md §1."""

from tilegames.core.manifest import Manifest, Tool
from tilegames.core.text.i18n import N_

MANIFEST = Manifest(
    id="rummikub",
    title=N_("Rummikub"),
    engine="tilegames.games.rummikub.game",
    agent="tilegames.games.rummikub.agent",
    ui="tilegames.ui.games.rummikub.plugin",
    commands="tilegames.commands.rummikub",
    bench="tilegames.games.rummikub.bench",
    tools=(Tool(N_("Initial meld checker"), N_("Type the sets of a first play and see if they make the 30 points."),
                "tilegames.ui.games.rummikub.meld_check:MeldCheckScreen"),),
    rules="rummikub.md",
)
