"""A simple automatic Scrabble player, working from its seat's view only (DESIGN.md §4).

A policy over moves.py: on its turn it plays the highest-scoring move found within its time
budget (of equal scores, the one keeping blanks), else exchanges (all but its blanks) when the
bag holds 7 or more, else passes. It challenges a play only when a word of it is not in the
game's word list (a sure win), and accepts the last play of the game otherwise.
"""

from __future__ import annotations

from typing import Any

from tilegames.core.kernel.protocol import Action
from tilegames.core.parts.lexicon import anagrams_for as words_for
from tilegames.games.scrabble.actions import AcceptPlay, Challenge, Exchange, Pass
from tilegames.games.scrabble.moves import best_moves
from tilegames.games.scrabble.tiles import BLANK, RACK_SIZE
from tilegames.games.scrabble.view_types import scrabble_view

__all__ = ["ScrabbleAgent", "new_agent", "words_for"]


class ScrabbleAgent:
    """The player described above. Stateless: one instance can play several seats."""

    def choose(self, data: dict[str, Any], time_budget: float) -> Action | None:
        view = scrabble_view(data)
        seat, rack = view["you"], view["rack"]
        if seat is None or rack is None or view["current"] is None:
            return None
        words = words_for(view["word_list"])
        pending = view["pending"]
        if (pending is not None and pending["seat"] != seat and view["challenge_mode"] != "void"
                and any(w not in words.lexicon for w in pending["words"])):
            return Challenge()  # a sure win: only words the list does not have are challenged
        if view["current"] != seat:
            return None  # out of turn: only a challenge is worth making
        if view["awaiting_final_challenge"]:
            return AcceptPlay()
        best = best_moves(view, words, time_budget)
        if best:
            return best[0].action
        if view["bag"] >= RACK_SIZE:
            swap = tuple(t["id"] for t in rack if t["face"] != BLANK) or tuple(t["id"] for t in rack)
            return Exchange(swap)
        return Pass()


def new_agent() -> ScrabbleAgent:
    """The registry's factory (core/agents.py)."""
    return ScrabbleAgent()
