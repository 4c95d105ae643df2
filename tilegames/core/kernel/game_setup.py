"""Setting up a game, the same way in every game: how many seats, and who plays first.

The first-player draw: every seat turns up a tile, the best tile starts, and seats tied for the
best draw again among themselves; every tile turned up goes back and the bag is reshuffled. What
"best" means is the game's: it passes a ranking function (Rummikub: the highest number, a joker
is redrawn at once; Scrabble: a blank, then the letter nearest A; Rummikub Word: the letter
nearest A, a joker is redrawn at once).
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from tilegames.core.text.i18n import _
from tilegames.core.parts.tiles import Bag, Tile

# One round of the draw: (seat, face turned up), in the order the tiles were drawn.
DrawRound = tuple[tuple[int, str], ...]


class FirstPlayer(NamedTuple):
    """The result of the draw: the seat that starts, each round's draws, and the bag with
    every tile turned up shuffled back in."""

    seat: int
    rounds: tuple[DrawRound, ...]
    bag: Bag


def draw_for_first_player(bag: Bag, players: int, rank: Callable[[Tile], int | None]) -> FirstPlayer:
    """Draw for the first player (see the module's docstring).

    `rank(tile)` is the tile's strength, highest wins, or None for a tile that does not count:
    its drawer draws again at once, in the same round.
    """
    contenders = list(range(players))
    rounds: list[DrawRound] = []
    turned_up: list[Tile] = []
    while True:
        draws: list[tuple[int, str]] = []
        ranks: dict[int, int] = {}
        for seat in contenders:
            while seat not in ranks:
                drawn, bag = bag.draw(1)
                if not drawn:
                    raise ValueError(_("The bag ran out during the draw for the first player."))
                tile = drawn[0]
                turned_up.append(tile)
                draws.append((seat, tile.face))
                strength = rank(tile)
                if strength is not None:
                    ranks[seat] = strength
        rounds.append(tuple(draws))
        best = max(ranks.values())
        contenders = [seat for seat in contenders if ranks[seat] == best]
        if len(contenders) == 1:
            return FirstPlayer(contenders[0], tuple(rounds), bag.shuffle_in(turned_up))


def deal(bag: Bag, players: int, size: int) -> tuple[tuple[tuple[Tile, ...], ...], Bag]:
    """`size` tiles to each seat in turn, from the front of the bag; the rest stay in it."""
    racks = []
    for _seat in range(players):
        rack, bag = bag.draw(size)
        racks.append(rack)
    return tuple(racks), bag


def nearest_a(letter: str) -> int:
    """A letter's strength when the letter nearest A starts: A is 25 ... Z is 0."""
    return ord("Z") - ord(letter.upper())


def check_seat_count(title: str, min_seats: int, max_seats: int, players: int) -> None:
    """ValueError unless the game takes this many players ("Rummikub is for 2 to 6 players, not 1.")."""
    if not min_seats <= players <= max_seats:
        raise ValueError(_("{game} is for {least} to {most} players, not {players}.").format(
            game=_(title), least=min_seats, most=max_seats, players=players))  # i18n: marked


def check_option_seats(option: str, needed: int, players: int) -> None:
    """ValueError when a rule option needs a given number of players and the game has another
    ("The NASPA end game (tournament rules) is for 2 players.")."""
    if players != needed:
        raise ValueError(_("{option} is for {players} players.").format(option=_(option), players=needed))  # i18n: marked
