"""Nab-It!'s computer players, one policy per level over moves.py, each working from its seat's
view only (DESIGN.md §4, §7a). Every build moves.py finds has passed the engine's own check.

* **easy** makes common words only (each one wordfreq sees at least once in a million words:
  `COMMON_ZIPF`), and plays one of its `EASY_CHOICES` best such builds by chance. A family
  wins about half its games against it: a model of a casual player (common words of 5 letters
  or fewer, always the build that gains most) won 56 of 100 seeded games (95 % interval
  47-66 %); with 4 choices it won 64 %.
* **normal** plays the build with the best immediate gain (a nab over a plain word; of equal
  gains, the first found).
* **strong** thinks twice as long and weighs the board beyond the gain: it prefers builds that
  cap stacks (a capped stack nabs its words for good) and shuns those that leave a stack 4 high
  where an opponent can cap it next (`STRONG_CAP`, `STRONG_RISK`).

With no build each exchanges every tile but the blank (as many as its bag allows), and passes
when its bag is empty. Every build says "last tile" when the rules ask for it. Easy's chance is
drawn from the view itself, so a seeded game replays exactly.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from tilegames.core.computer_seats import DEFAULT_LEVEL, LEVELS
from tilegames.core.kernel.protocol import Action
from tilegames.core.parts.lexicon import COMMON_ZIPF, lexicon_or_default
from tilegames.games.nabit.actions import Exchange, Pass
from tilegames.games.nabit.moves import Candidate, Seen, candidates
from tilegames.games.nabit.tiles import is_blank
from tilegames.games.nabit.view_types import NabItView, nabit_view

MAX_SECONDS = 0.5  # the most easy and normal think about one move
STRONG_SECONDS = 1.0
EASY_CHOICES = 2
STRONG_CAP = 0.4  # what capping a stack is worth to strong beside the immediate gain
STRONG_RISK = 0.6  # what a stack left 4 high costs strong (on top of the gain's 0.3)


class NabItAgent:
    """The player of one level, described above. Stateless: one instance can play several seats."""

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        if level not in LEVELS:
            raise ValueError(f"no Nab-It! level {level!r}")
        self.level = level

    def choose(self, data: dict[str, Any], time_budget: float) -> Action | None:
        view = nabit_view(data)
        if view["you"] is None or view["current"] != view["you"]:
            return None  # Nab-It! never asks a seat out of turn
        seen = Seen.read(view)
        seconds = min(time_budget, STRONG_SECONDS if self.level == "strong" else MAX_SECONDS)
        found = list(candidates(seen, time.monotonic() + max(0.0, seconds)))
        best = self.pick(view, found)
        if best is not None:
            return best.action
        if seen.bag:
            keep = [t for t in seen.hand if not is_blank(t)] or list(seen.hand)
            return Exchange(tuple(t.id for t in keep[:seen.bag]))
        return Pass()

    def pick(self, view: NabItView, found: list[Candidate]) -> Candidate | None:
        """This level's build of those found, or None (exchange or pass)."""
        if self.level == "normal":
            return max(found, key=lambda c: c.value, default=None)
        if self.level == "strong":
            return max(found, key=strong_value, default=None)
        lexicon = lexicon_or_default(view["rules"]["word_list"])
        common = [c for c in found if all(lexicon.is_common(w, COMMON_ZIPF) for w in c.words)]
        common.sort(key=lambda c: -c.value)
        if not common:
            return None
        return random.Random(json.dumps(view, sort_keys=True)).choice(common[:EASY_CHOICES])


def strong_value(candidate: Candidate) -> float:
    """How strong ranks a build (see the module docstring)."""
    return candidate.value + STRONG_CAP * candidate.caps - STRONG_RISK * candidate.risky


def new_agent(level: str = DEFAULT_LEVEL) -> NabItAgent:
    """The registry's factory (core/agents.py)."""
    return NabItAgent(level)
