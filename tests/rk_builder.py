"""Build Rummikub positions from notation, for rule tests.

Tiles are taken from the real full set by face, so ids are genuine and the tile count is
conserved: whatever is not on a rack or the table stays in the pool.
"""

from __future__ import annotations

from dataclasses import replace

from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.game import GAME
from tilegames.games.rummikub.notation import full_set, parse_faces
from tilegames.games.rummikub.state import RummikubState


class Tiles:
    """Hands out tiles of a full set by face, each physical tile once."""

    def __init__(self, edition: str = "standard") -> None:
        self.left: list[Tile] = list(full_set(edition))  # type: ignore[arg-type]

    def take(self, text: str) -> tuple[Tile, ...]:
        out = []
        for face in parse_faces(text):
            tile = next(t for t in self.left if t.face == str(face))
            self.left.remove(tile)
            out.append(tile)
        return tuple(out)


def position(
    racks: list[str],
    table: list[str] = (),  # type: ignore[assignment]
    melded: list[bool] | None = None,
    pool: str | None = None,
    current: int = 0,
    config: RummikubConfig | None = None,
) -> RummikubState:
    """A game in play: racks and table sets in notation; the pool is every other tile (in a
    fixed shuffled order), or exactly `pool` when given ("" for an empty pool)."""
    config = config or RummikubConfig()
    seats = tuple("Ann Bora Chul Dan Eun Fay".split()[: len(racks)])
    state = GAME.new_game(replace(config, allow_doubles_redeal=False), seats, seed=1)
    tiles = Tiles(state.edition)
    rack_tiles = tuple(tiles.take(r) for r in racks)
    table_tiles = tuple(tiles.take(s) for s in table)
    # With `pool` given, the tiles not named anywhere are left out of the game entirely.
    bag = Bag(tiles.take(pool), seed=1) if pool is not None else Bag.shuffled(tiles.left, 1)
    state = replace(
        state,
        config=config,
        racks=rack_tiles,
        table=table_tiles,
        bag=bag,
        melded=tuple(melded if melded is not None else [bool(table)] * len(racks)),
        order=SeatOrder(len(racks), current=current),
        phase="play",
        redeal_asking=(),
    )
    return state


def ids(state: RummikubState, *sets: str, seat: int | None = None) -> tuple[tuple[int, ...], ...]:
    """Tile ids for sets written in notation, taking each face from the table first, then the
    rack of `seat` (default: the current seat), never the same tile twice."""
    seat = state.order.current if seat is None else seat
    available = [t for row in state.table for t in row] + list(state.racks[seat])
    out = []
    for text in sets:
        row = []
        for face in parse_faces(text):
            tile = next(t for t in available if t.face == str(face))
            available.remove(tile)
            row.append(tile.id)
        out.append(tuple(row))
    return tuple(out)
