"""Scoring (RULES.md §4.8): a point per word controlled, a point per bank tile, and a point for
the player who played their own last tile (§4.7(a)).

During the game the same count, without the last-tile point, is what the views call the scores
so far. **Tie**: the tied players count the cells of the whole grid whose top tile is their own
colour (a blank in its owner's colour), and the most wins; if still tied, they share the win.
"""

from __future__ import annotations

from typing import Literal, Sequence

from tilegames.games.nabit.board import Surface
from tilegames.games.nabit.control import Controllers

DecidedBy = Literal["points", "top_tiles", "shared"]


def words_held(control: Controllers, players: int) -> tuple[int, ...]:
    counts = [0] * players
    for seat in control.values():
        counts[seat] += 1
    return tuple(counts)


def scores(control: Controllers, banks: Sequence[int], out_seat: int | None = None) -> tuple[int, ...]:
    """Words controlled + bank tiles (+1 for the player who played their last tile)."""
    held = words_held(control, len(banks))
    return tuple(w + b + (1 if seat == out_seat else 0) for seat, (w, b) in enumerate(zip(held, banks)))


def top_tiles(cells: Surface, players: int) -> tuple[int, ...]:
    """How many cells show a top tile of each seat's colour."""
    counts = [0] * players
    for top in cells.values():
        counts[top.owner] += 1
    return tuple(counts)


def winners(totals: Sequence[int], tops: Sequence[int]) -> tuple[tuple[int, ...], DecidedBy]:
    """The winners and what decided: the points, the tie-break on top tiles, or a shared win."""
    best = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == best]
    if len(tied) == 1:
        return tuple(tied), "points"
    most = max(tops[seat] for seat in tied)
    ahead = tuple(seat for seat in tied if tops[seat] == most)
    return ahead, "top_tiles" if len(ahead) == 1 else "shared"
