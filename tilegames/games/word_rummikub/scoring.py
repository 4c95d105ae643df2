"""Scores (RULES.md §2.7, §2.10) and the rack top-up (§2.4).

A turn scores the length of its longest new word, every tile (a joker too) counting 1; only
that word counts (TOY, CAPE, HEAVY, RECOVER score 7). The score is doubled when the player
placed every tile of their rack this turn, jokers included, judged before the top-up. At the
end each joker still on a rack costs 30; other letters cost nothing.
"""

from __future__ import annotations

from typing import Sequence

from tilegames.core.parts.tiles import Tile
from tilegames.games.word_rummikub.config import JOKER_PENALTY, RACK_TARGET, WinnerRule
from tilegames.games.word_rummikub.tiles import is_joker


def turn_score(new_word_lengths: Sequence[int], emptied: bool) -> int:
    """The longest new word's length, doubled when the rack was emptied."""
    longest = max(new_word_lengths, default=0)
    return longest * 2 if emptied else longest


def top_up(rack_size: int, placed: int) -> int:
    """How many tiles a player draws after their turn (before the pool's limit): a player who
    placed a tile draws up to 7, and only when below 7 (7 after emptying the rack); one who
    placed nothing draws exactly 1."""
    if placed == 0:
        return 1
    return max(0, RACK_TARGET - rack_size)


def jokers_on(rack: Sequence[Tile]) -> int:
    return sum(1 for t in rack if is_joker(t))


def final_scores(turn_scores: Sequence[int], racks: Sequence[Sequence[Tile]]) -> tuple[int, ...]:
    """The sum of the turn scores, minus 30 for each joker left on the rack."""
    return tuple(score - JOKER_PENALTY * jokers_on(rack) for score, rack in zip(turn_scores, racks))


def winners(scores: Sequence[int], rule: WinnerRule, out_seat: int | None) -> tuple[int, ...]:
    """The highest final score wins and ties share the win; under `first_out` the player who
    went out wins, and a game nobody went out of is decided by points."""
    if rule == "first_out" and out_seat is not None:
        return (out_seat,)
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)
