"""Rummikub Word's computer players, one policy per level over moves.py, each working from its
seat's view only (DESIGN.md §4, §7a). Every play moves.py finds has passed the engine's own
check, so no level is ever refused or penalised.

* **easy** makes common words only (each one wordfreq sees at least once in a million words:
  `COMMON_ZIPF`), plays one of the first `EASY_CHOICES` plays found by chance rather than the
  best, and now and then (`EASY_DRAWS`) draws although it could play. A family wins about half
  its games against it: a model of a casual player (common words of 7 letters or fewer, always
  the longest it sees, never breaking table words up) won 54.5 of 100 seeded games (95 %
  interval 45-64 %).
* **normal** plays the first play found: the longest word its rack spells or makes with a table
  word, with as many other finds as still fit.
* **strong** weighs the plays found within its time (moves.py's `best_plays`: rack words, table
  words extended, and table words broken up and remade with rack tiles: one into two, two into
  three or two) and plays the one that scores most (the longest new word, doubled when the rack
  is emptied: going out when it can), of equal scores the one laying more tiles.

With nothing to play each draws, or passes when the pool is empty. Each thinks for
`MAX_SECONDS` (strong: `STRONG_SECONDS`) or the time budget, whichever is shorter. Easy's
chance is drawn from the view itself, so a seeded game replays exactly.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

from tilegames.core.computer_seats import DEFAULT_LEVEL, LEVELS
from tilegames.core.kernel.protocol import Action
from tilegames.core.parts.lexicon import COMMON_ZIPF, lexicon_or_default
from tilegames.games.word_rummikub.actions import Draw, Pass
from tilegames.games.word_rummikub.moves import Candidate, best_plays, candidates
from tilegames.games.word_rummikub.view_types import WordRummikubView, word_rummikub_view

MAX_SECONDS = 0.5  # the most easy and normal think about one move
STRONG_SECONDS = 1.0
STRONG_CANDIDATES = 40  # plays strong weighs at most
EASY_CHOICES = 4
EASY_DRAWS = 0.25


class WordRummikubAgent:
    """The player of one level, described above. Stateless: one instance can play several seats."""

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        if level not in LEVELS:
            raise ValueError(f"no Rummikub Word level {level!r}")
        self.level = level

    def choose(self, data: dict[str, Any], time_budget: float) -> Action | None:
        view = word_rummikub_view(data)
        seat = view["you"]
        if seat is None or view["current"] != seat:
            return None  # Rummikub Word never asks a seat out of turn
        found = self.play(view, max(0.0, time_budget))
        if found is not None:
            return found.action
        return Draw() if view["pool"] else Pass()

    def play(self, view: WordRummikubView, budget: float) -> Candidate | None:
        """This level's play, or None to draw (or pass)."""
        if self.level == "strong":
            found = best_plays(view, min(budget, STRONG_SECONDS), STRONG_CANDIDATES)
            return found[0] if found else None
        seconds = min(budget, MAX_SECONDS)
        if self.level == "normal":
            return next(candidates(view, seconds), None)
        lexicon = lexicon_or_default(view["rules"]["word_list"])
        common = list(itertools.islice(candidates(view, seconds, lambda w: lexicon.is_common(w, COMMON_ZIPF)),
                                       EASY_CHOICES))
        chance = random.Random(json.dumps(view, sort_keys=True))
        if not common or (view["pool"] and chance.random() < EASY_DRAWS):
            return None
        return chance.choice(common)


def new_agent(level: str = DEFAULT_LEVEL) -> WordRummikubAgent:
    """The registry's factory (core/agents.py)."""
    return WordRummikubAgent(level)
