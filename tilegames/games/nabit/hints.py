"""Hints in Nab-It!: the best few builds for the player's hand, as the strong computer ranks
them (agent.py's `strong_value`: the immediate gain, capping stacks, no stack left 4 high), found
from the player's own view. The engine only counts hints (the `Hint` action)."""

from __future__ import annotations

import time

from tilegames.games.nabit.agent import STRONG_SECONDS, strong_value
from tilegames.games.nabit.moves import Candidate, Seen, candidates
from tilegames.games.nabit.view_types import NabItView


def best_builds(view: NabItView, count: int) -> list[Candidate]:
    """Up to `count` builds for the viewer, best first (of equal value, the first found)."""
    found = list(candidates(Seen.read(view), time.monotonic() + STRONG_SECONDS))
    order = sorted(range(len(found)), key=lambda i: (-strong_value(found[i]), i))
    return [found[i] for i in order[:count]]
