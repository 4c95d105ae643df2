"""Rummikub's computer players, one policy per level over moves.py, each working from its
seat's view only (DESIGN.md §4, §7a).

* **easy** never rearranges the table: its rack's best sets and single tiles added to the ends
  of rows (moves.py's `find_play`), and now and then it draws although it could play. A family
  beats it more often than not.
* **normal** lays the most tiles it can now, rearranging the whole table (the exact solver,
  moves.py's `best_play`); its initial meld is the rack's most valuable.
* **strong** looks past this turn (strong.py): it goes out when it can; otherwise it lays the
  most tiles, of those the play worth most points, but when an opponent is about to go out it
  keeps back tiles, or draws, rather than leave a table that takes the opponent's last tiles;
  while it holds no more tiles than anyone it keeps its jokers back when they would only lay
  themselves.

Every level declines every redeal, draws when it lays nothing, and passes when the pool is
empty and it cannot play (with the pool empty, a level that found nothing lays what the
engine's pass check would find: a pass is refused while a play exists). Its choices are the
same for the same view: easy's chance is drawn from the view itself, so a seeded game replays
exactly.
"""

from __future__ import annotations

import json
import random
from typing import Any

from tilegames.core.computer_seats import DEFAULT_LEVEL, LEVELS
from tilegames.core.kernel.protocol import Action
from tilegames.games.rummikub.actions import Draw, Pass, Redeal
from tilegames.games.rummikub.moves import Candidate, Hand, best_play, find_play
from tilegames.games.rummikub.possible_play import SOLVER_SECONDS
from tilegames.games.rummikub.strong import strong_play
from tilegames.games.rummikub.view_types import RummikubView, rummikub_view

EASY_DRAWS = 0.3  # how often easy draws instead of a play it found


class RummikubAgent:
    """The player of one level, described above. Stateless: one instance can play several seats."""

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        if level not in LEVELS:
            raise ValueError(f"no Rummikub level {level!r}")
        self.level = level

    def choose(self, data: dict[str, Any], time_budget: float) -> Action | None:
        view = rummikub_view(data)
        seat = view["you"]
        if seat is None or view["current"] != seat:
            return None  # Rummikub never asks a seat out of turn
        if view["phase"] == "redeal":
            return Redeal(demand=False)
        hand = Hand.from_view(view)
        play = self.play(view, hand, time_budget / 3)
        if play is None and not hand.pool:
            # A pass is taken only when nothing can be laid, as the engine's own search says.
            play = best_play(hand, "tiles", SOLVER_SECONDS)
        if play is not None:
            return play.action
        return Draw() if hand.pool else Pass()

    def play(self, view: RummikubView, hand: Hand, seconds: float) -> Candidate | None:
        """The play this level makes, or None to draw (or pass); each search within `seconds`
        (strong makes several)."""
        if self.level == "easy":
            found = find_play(hand)
            if found is not None and hand.pool and random.Random(json.dumps(view, sort_keys=True)).random() < EASY_DRAWS:
                return None
            return found
        if self.level == "normal":
            return best_play(hand, "tiles", seconds)
        return strong_play(view, hand, seconds)


def new_agent(level: str = DEFAULT_LEVEL) -> RummikubAgent:
    """The registry's factory (core/agents.py)."""
    return RummikubAgent(level)
