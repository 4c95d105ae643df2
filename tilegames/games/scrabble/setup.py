"""Setting up a game: the seat count, who starts, and the racks (RULES.md §3.3)."""

from __future__ import annotations

from tilegames.core.kernel.game_setup import check_option_seats, draw_for_first_player, nearest_a
from tilegames.core.text.i18n import _
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.tiles import BLANK, RACK_SIZE


def check_players(config: ScrabbleConfig, players: int) -> None:
    """ValueError for a rule option the number of players does not allow."""
    if config.endgame == "naspa2p":
        check_option_seats(_("The NASPA end game (tournament rules)"), 2, players)


def first_player(bag: Bag, players: int) -> tuple[int, tuple[tuple[int, str], ...], Bag]:
    """Everyone draws a tile; a blank beats every letter, then the letter nearest A; ties draw
    again; the tiles go back (RULES.md §3.3). The draws come one after another, rounds joined."""
    first = draw_for_first_player(bag, players, _nearest_a)
    return first.seat, tuple(draw for draws in first.rounds for draw in draws), first.bag


def _nearest_a(tile: Tile) -> int:
    """A tile's strength in the draw: A is 25 ... Z is 0, and a blank beats them all."""
    return 26 if tile.face == BLANK else nearest_a(tile.face)


def deal(bag: Bag, players: int) -> tuple[tuple[tuple[Tile, ...], ...], Bag]:
    """Seven tiles each, in seat order."""
    racks = []
    for _seat in range(players):
        rack, bag = bag.draw(RACK_SIZE)
        racks.append(rack)
    return tuple(racks), bag
