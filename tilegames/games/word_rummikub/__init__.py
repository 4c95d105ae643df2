"""Rummikub Word (letters): RULES.md §2; the rules as built are docs/rules.md, part 4."""

from tilegames.core.manifest import Manifest
from tilegames.core.text.i18n import N_

MANIFEST = Manifest(
    id="word-rummikub",
    title=N_("Rummikub Word"),
    engine="tilegames.games.word_rummikub.game",
    agent="tilegames.games.word_rummikub.agent",
    ui="tilegames.ui.games.word_rummikub.plugin",
    rules="word-rummikub.md",
)
