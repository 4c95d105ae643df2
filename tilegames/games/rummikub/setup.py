"""Setting up a game: who starts, the deal, and the three-doubles redeal (RULES.md §1.2)."""

from __future__ import annotations

from collections import Counter

from tilegames.core.kernel.game_setup import draw_for_first_player as draw_first
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.notation import face_of
from tilegames.games.rummikub.state import FirstDraw

HAND = 14
DOUBLES_FOR_REDEAL = 3


def draw_for_first_player(bag: Bag, players: int) -> tuple[int, tuple[FirstDraw, ...], Bag]:
    """Everyone turns up a tile; the highest number starts (RULES.md §1.2.2).

    A joker does not count and its drawer draws again; players tied for the highest number
    draw again among themselves. Every tile turned up goes back and the pool is reshuffled.
    """
    first = draw_first(bag, players, _number)
    return first.seat, tuple(FirstDraw(draws) for draws in first.rounds), first.bag


def _number(tile: Tile) -> int | None:
    """A tile's strength in the draw: its number; a joker does not count (None)."""
    return face_of(tile).number


def deal(bag: Bag, players: int, config: RummikubConfig) -> tuple[tuple[tuple[Tile, ...], ...], Bag]:
    """14 tiles each (RULES.md §1.2.3); under `mso_joker_deal` a joker and 13 others each."""
    racks: list[tuple[Tile, ...]] = []
    if config.mso_joker_deal:
        jokers = [t for t in bag.tiles if face_of(t).is_joker][:players]
        rest = Bag(tuple(t for t in bag.tiles if t not in jokers), bag.seed, bag.shuffles)
        for joker in jokers:
            hand, rest = rest.draw(HAND - 1)
            racks.append((joker,) + hand)
        return tuple(racks), rest
    for _ in range(players):
        hand, bag = bag.draw(HAND)
        racks.append(hand)
    return tuple(racks), bag


def count_doubles(rack: tuple[Tile, ...]) -> int:
    """Distinct (colour, number) faces held twice or more; jokers never count (RULES.md §5 #2)."""
    counts = Counter(t.face for t in rack if not face_of(t).is_joker)
    return sum(1 for n in counts.values() if n >= 2)


def redeal_candidates(racks: tuple[tuple[Tile, ...], ...], first_seat: int) -> tuple[int, ...]:
    """Seats that may demand a redeal, in turn order from the first player."""
    players = len(racks)
    order = [(first_seat + i) % players for i in range(players)]
    return tuple(seat for seat in order if count_doubles(racks[seat]) >= DOUBLES_FOR_REDEAL)
