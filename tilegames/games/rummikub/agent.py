"""A simple automatic Rummikub player, working from its seat's view only (DESIGN.md §4).

A policy over moves.py: it plays the play moves.py finds for its hand (before the initial meld,
the rack's most valuable sets if they reach 30; afterwards, new sets from its rack and single
rack tiles added to the ends of runs and to groups of three). It never rearranges the table,
so it never takes a joker and never breaks a set. Otherwise it draws, or passes when the pool
is empty: the engine refuses a pass when an obvious play exists (possible_play.py, which asks
moves.py the same questions). It declines every redeal. It is the opponent for automated full
games; stronger levels are other policies over the same moves.
"""

from __future__ import annotations

from typing import Any

from tilegames.core.kernel.protocol import Action
from tilegames.games.rummikub.actions import Draw, Pass, Redeal
from tilegames.games.rummikub.moves import Hand, find_play
from tilegames.games.rummikub.view_types import rummikub_view


class RummikubAgent:
    """The player described above. Stateless: one instance can play several seats."""

    def choose(self, data: dict[str, Any], time_budget: float) -> Action | None:
        view = rummikub_view(data)
        seat = view["you"]
        if seat is None or view["current"] != seat:
            return None  # Rummikub never asks a seat out of turn
        if view["phase"] == "redeal":
            return Redeal(demand=False)
        hand = Hand.from_view(view)
        play = find_play(hand)
        if play is not None:
            return play.action
        return Draw() if hand.pool else Pass()


def new_agent() -> RummikubAgent:
    """The registry's factory (core/agents.py)."""
    return RummikubAgent()
