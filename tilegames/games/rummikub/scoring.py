"""Scoring one game (RULES.md §1.8) and deciding who won a stuck game (§1.7)."""

from __future__ import annotations

from typing import Sequence

from tilegames.core.parts.tiles import Tile
from tilegames.games.rummikub.config import INITIAL_MELD_POINTS, RummikubConfig
from tilegames.games.rummikub.meld_search import can_meld
from tilegames.games.rummikub.notation import face_of

NEVER_MELDED = 100
COULD_HAVE_MELDED = 200


def rack_value(config: RummikubConfig, rack: Sequence[Tile], melded: bool) -> int:
    """What a rack left at the end costs its holder.

    Sabra: the numbers plus 30 per joker. Tournament: numbers plus 50 per joker for a player
    who melded; a player who never melded pays a flat 100, or 200 if this final rack could
    have made a 30-point initial meld (decided by an exact search over the rack).
    """
    faces = [face_of(t) for t in rack]
    if config.profile == "tournament" and not melded:
        return COULD_HAVE_MELDED if can_meld(faces, INITIAL_MELD_POINTS) else NEVER_MELDED
    return sum(config.joker_penalty if f.is_joker else f.number for f in faces)  # type: ignore[misc]


def score_going_out(values: Sequence[int], winner: int) -> tuple[int, ...]:
    """The winner takes what everyone else holds; each loser pays their own (zero-sum)."""
    return tuple(sum(values) - values[winner] if seat == winner else -v for seat, v in enumerate(values))


def stuck_winners(values: Sequence[int], rack_sizes: Sequence[int]) -> tuple[int, ...]:
    """Lowest rack value wins; then fewer tiles; still tied: co-winners (RULES.md §1.8)."""
    best = min(values)
    lowest = [seat for seat, v in enumerate(values) if v == best]
    fewest = min(rack_sizes[seat] for seat in lowest)
    return tuple(seat for seat in lowest if rack_sizes[seat] == fewest)


def score_stuck(config: RummikubConfig, values: Sequence[int], winners: Sequence[int]) -> tuple[int, ...]:
    """Scores when the pool is empty and the game is stuck.

    `difference` (default, seed 003): each loser pays the difference to the winner's value and
    the winners share the total, so the game sums to zero (less a remainder that does not
    divide among co-winners, which is dropped). `rummikub_org`: each loser pays their full
    value while the winners still share only the differences.
    """
    base = values[winners[0]]
    losers = [seat for seat in range(len(values)) if seat not in winners]
    differences = sum(values[seat] - base for seat in losers)
    scores = [0] * len(values)
    for seat in losers:
        scores[seat] = -(values[seat] if config.stuck_scoring == "rummikub_org" else values[seat] - base)
    for seat in winners:
        scores[seat] = differences // len(winners)
    return tuple(scores)
