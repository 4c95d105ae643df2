"""Setting up a game (RULES.md §2.2): who starts, and the deal.

Everyone turns up a tile and the letter nearest A starts; a joker does not count (its drawer
draws again at once) and players tied for the best letter draw again among themselves. The
draw is core's (core/kernel/game_setup.py), as in the other games; so is the deal of 14 tiles each.
"""

from __future__ import annotations

from tilegames.core.kernel.game_setup import FirstPlayer, draw_for_first_player, nearest_a
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.games.word_rummikub.tiles import is_joker


def first_player(bag: Bag, players: int) -> FirstPlayer:
    """The draw for the first player; every tile turned up is shuffled back into the bag."""
    return draw_for_first_player(bag, players, _rank)


def _rank(tile: Tile) -> int | None:
    """A tile's strength in the draw: A is 25 ... Z is 0; a joker does not count (None)."""
    return None if is_joker(tile) else nearest_a(tile.face)
