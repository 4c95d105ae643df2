"""A simple automatic Rummikub Word player, working from its seat's view only (DESIGN.md §4).

A policy over moves.py: it plays the first play moves.py finds (the longest word its rack
spells or makes with a table word, with as many other finds as still fit; before its first
meld, a word of 6 letters or more from its rack alone), which the engine's own check has
passed, so it is never refused and never penalised. With nothing to play it draws, or passes
when the pool is empty. It thinks for `MAX_SECONDS` or the time budget, whichever is shorter.
"""

from __future__ import annotations

from typing import Any

from tilegames.core.kernel.protocol import Action
from tilegames.games.word_rummikub.actions import Draw, Pass
from tilegames.games.word_rummikub.moves import candidates
from tilegames.games.word_rummikub.view_types import word_rummikub_view

MAX_SECONDS = 0.5  # the most it thinks about one move


class WordRummikubAgent:
    """The player described above. Stateless: one instance can play several seats."""

    def choose(self, data: dict[str, Any], time_budget: float) -> Action | None:
        view = word_rummikub_view(data)
        seat = view["you"]
        if seat is None or view["current"] != seat:
            return None  # Rummikub Word never asks a seat out of turn
        found = next(candidates(view, max(0.0, min(time_budget, MAX_SECONDS))), None)
        if found is not None:
            return found.action
        return Draw() if view["pool"] else Pass()


def new_agent() -> WordRummikubAgent:
    """The registry's factory (core/agents.py)."""
    return WordRummikubAgent()
