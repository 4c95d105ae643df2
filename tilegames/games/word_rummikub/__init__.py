"""Rummikub Word (letters): RULES.md §2; the rules as built are docs/rules.md, part 4."""

from tilegames.core.computer_seats import LEVELS
from tilegames.core.manifest import Manifest
from tilegames.core.text.i18n import N_

MANIFEST = Manifest.of_package(__name__, "word-rummikub", N_("Rummikub Word"), levels=LEVELS,
    bench="tilegames.games.word_rummikub.bench")
