"""Scrabble's computer players, one policy per level over moves.py, each working from its seat's
view only (DESIGN.md §4, §7a).

* **easy** plays common words only (every word it makes is one wordfreq sees at least once in
  a million words: `COMMON_ZIPF`), and not always the best of them: one of its `EASY_CHOICES`
  highest-scoring such plays, drawn by chance. A family beats it.
* **normal** makes the highest-scoring play (of equal scores, the one keeping blanks).
* **strong** ranks plays by equity and exchanges a poor rack; with the bag empty it looks one
  reply ahead (strong.py).

Every level exchanges (all but its blanks; strong: what strong.py chooses) when it has no play
and the bag holds 7 or more, and passes otherwise. Each challenges a play only when a word of
it is not in the game's word list (a sure win), and accepts the last play of the game
otherwise. Its choices are the same for the same view: easy's chance is drawn from the view.
"""

from __future__ import annotations

import json
import random
from typing import Any

from tilegames.core.computer_seats import DEFAULT_LEVEL, LEVELS
from tilegames.core.kernel.protocol import Action
from tilegames.core.parts.lexicon import COMMON_ZIPF, Lexicon, lexicon_or_default
from tilegames.games.scrabble.actions import AcceptPlay, Challenge, Exchange, Pass
from tilegames.games.scrabble.board import score_play
from tilegames.core.wordgraph import graph_for
from tilegames.games.scrabble.movegen import Play
from tilegames.games.scrabble.moves import Move, best_moves, board_of, generator, made_with, rack_of
from tilegames.games.scrabble.strong import endgame_choice, equity_choice
from tilegames.games.scrabble.tiles import BLANK, RACK_SIZE
from tilegames.games.scrabble.view_types import ScrabbleView, scrabble_view

__all__ = ["ScrabbleAgent", "new_agent"]

EASY_CHOICES = 6


class ScrabbleAgent:
    """The player of one level, described above. Stateless: one instance can play several seats."""

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        if level not in LEVELS:
            raise ValueError(f"no Scrabble level {level!r}")
        self.level = level

    def choose(self, data: dict[str, Any], time_budget: float) -> Action | None:
        view = scrabble_view(data)
        seat, rack = view["you"], view["rack"]
        if seat is None or rack is None or view["current"] is None:
            return None
        lexicon = lexicon_or_default(view["word_list"])
        pending = view["pending"]
        if (pending is not None and pending["seat"] != seat and view["challenge_mode"] != "void"
                and any(w not in lexicon for w in pending["words"])):
            return Challenge()  # a sure win: only words the list does not have are challenged
        if view["current"] != seat:
            return None  # out of turn: only a challenge is worth making
        if view["awaiting_final_challenge"]:
            return AcceptPlay()
        chosen = self.play(view, lexicon)
        if isinstance(chosen, Move):
            return chosen.action
        if isinstance(chosen, tuple):
            return Exchange(chosen)
        if view["bag"] >= RACK_SIZE:
            swap = tuple(t["id"] for t in rack if t["face"] != BLANK) or tuple(t["id"] for t in rack)
            return Exchange(swap)
        return Pass()

    def play(self, view: ScrabbleView, lexicon: Lexicon) -> Move | tuple[int, ...] | None:
        """This level's play, or tiles to exchange, or None (exchange all or pass, as above)."""
        if self.level == "easy":
            return easy_play(view, lexicon)
        if self.level == "normal":
            best = best_moves(view)
            return best[0] if best else None
        if not view["bag"] and len(view["seats"]) == 2:
            return endgame_choice(view)
        return equity_choice(view)


def easy_play(view: ScrabbleView, lexicon: Lexicon) -> Move | None:
    """One of the highest-scoring plays whose words are all common (see above), by chance. Only
    the play chosen is made with the rack's tiles."""
    board, rack = board_of(view), rack_of(view)
    common: list[Play] = []
    for play in sorted(generator(board, rack, graph_for(view["word_list"])).all(), key=lambda p: -p.score):
        words = score_play(board, dict(play.tiles), play.direction).word_scores
        if all(lexicon.is_common(w.word, COMMON_ZIPF) for w in words):
            common.append(play)
            if len(common) == EASY_CHOICES:
                break
    if not common:
        return None
    return made_with(board, rack, random.Random(json.dumps(view, sort_keys=True)).choice(common))


def new_agent(level: str = DEFAULT_LEVEL) -> ScrabbleAgent:
    """The registry's factory (core/agents.py)."""
    return ScrabbleAgent(level)
