"""A simple automatic Nab-It! player, working from its seat's view only (DESIGN.md §4).

A policy over moves.py: it plays the build with the best immediate gain of those found (a nab
over a plain word; of equal gains, the first found). With no build it exchanges every tile but
the blank (as many as its bag allows), and passes when its bag is empty. It thinks for
`MAX_SECONDS` or the time budget, whichever is shorter.
"""

from __future__ import annotations

import time
from typing import Any

from tilegames.core.kernel.protocol import Action
from tilegames.games.nabit.actions import Exchange, Pass
from tilegames.games.nabit.moves import Seen, candidates
from tilegames.games.nabit.tiles import is_blank
from tilegames.games.nabit.view_types import nabit_view

MAX_SECONDS = 0.5  # the most it thinks about one move


class NabItAgent:
    """The player described above. Stateless: one instance can play several seats."""

    def choose(self, data: dict[str, Any], time_budget: float) -> Action | None:
        view = nabit_view(data)
        if view["you"] is None or view["current"] != view["you"]:
            return None  # Nab-It! never asks a seat out of turn
        seen = Seen.read(view)
        deadline = time.monotonic() + max(0.0, min(time_budget, MAX_SECONDS))
        best = max(candidates(seen, deadline), key=lambda c: c.value, default=None)
        if best is not None:
            return best.action
        if seen.bag:
            keep = [t for t in seen.hand if not is_blank(t)] or list(seen.hand)
            return Exchange(tuple(t.id for t in keep[:seen.bag]))
        return Pass()


def new_agent() -> NabItAgent:
    """The registry's factory (core/agents.py)."""
    return NabItAgent()
