"""Build Scrabble positions from words on squares, for rule tests."""

from __future__ import annotations

from dataclasses import replace

from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.games.scrabble.actions import Place, Placement
from tilegames.games.scrabble.board import parse_coordinate
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.state import Square
from tilegames.games.scrabble.tiles import full_set


class Tiles:
    def __init__(self) -> None:
        self.left: list[Tile] = list(full_set())

    def take(self, faces: str) -> tuple[Tile, ...]:
        out = []
        for face in faces:
            tile = next(t for t in self.left if t.face == face)
            self.left.remove(tile)
            out.append(tile)
        return tuple(out)


def position(racks: list[str], board: dict[str, str] | None = None, bag: str | None = None,
             config: ScrabbleConfig | None = None, current: int = 0, scores: list[int] | None = None):
    """Racks as letters (`?` a blank); board as {coordinate: word}, lower case for blanks;
    the bag is every other tile in a fixed order, or exactly `bag` when given."""
    config = config or ScrabbleConfig()
    seats = tuple("Ann Bora Chul Dan".split()[: len(racks)])
    state = GAME.new_game(config, seats, seed=1)
    tiles = Tiles()
    squares = []
    for coordinate, word in (board or {}).items():
        coord = parse_coordinate(coordinate)
        for pos, letter in zip(coord.cells(len(word)), word):
            if any(sq.pos == pos for sq in squares):
                continue
            (tile,) = tiles.take("?" if letter.islower() else letter)
            squares.append(Square(pos, tile, letter))
    rack_tiles = tuple(tiles.take(r) for r in racks)
    the_bag = Bag(tiles.take(bag), seed=1) if bag is not None else Bag.shuffled(tiles.left, 1)
    return replace(state, racks=rack_tiles, board=tuple(squares), bag=the_bag, order=SeatOrder(len(racks), current),
                   scores=tuple(scores or [0] * len(racks)), first_draw=())


def place(state, coordinate: str, word: str, seat: int | None = None) -> Place:
    """The Place action for `word` at `coordinate`, skipping squares already covered (through
    letters); lower case letters use a blank from the rack."""
    seat = state.order.current if seat is None else seat
    covered = state.cells()
    rack = list(state.racks[seat])
    placements = []
    for pos, letter in zip(parse_coordinate(coordinate).cells(len(word)), word):
        if pos in covered:
            continue
        face = "?" if letter.islower() else letter
        tile = next(t for t in rack if t.face == face)
        rack.remove(tile)
        placements.append(Placement(tile.id, pos[0], pos[1], letter.upper()))
    return Place(tuple(placements))


def act(state, action, seat: int | None = None):
    """Apply `action` for `seat` (default: the seat whose turn it is), as a player would."""
    return GAME.apply(state, state.order.current if seat is None else seat, action)
