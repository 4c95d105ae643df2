"""Nab-It! (RULES.md §4): a crossword game of stacked tiles on an unbounded grid, where capping a
stack nabs the words through it. See docs/rules.md, Part 5."""

from tilegames.core.computer_seats import LEVELS
from tilegames.core.manifest import Manifest
from tilegames.core.text.i18n import N_

MANIFEST = Manifest.of_package(__name__, "nabit", N_("Nab-It!"), levels=LEVELS,
    bench="tilegames.games.nabit.bench")
