"""Tiles and the bag (pool) they are drawn from.

A tile is identified by its `id`, unique within one game, and shows a `face` in the game's
notation ("R7", "J", "Q", "?"). Two physical copies of R7 are two tiles with the same face and
different ids, which is what lets the engine prove that no tile is ever lost or duplicated.

The bag is an ordered, immutable sequence drawn from its front. Its order comes from a seeded
RNG (core/seeds.py says how a seed becomes one), so `(config, seed, actions)` always gives the
same game. Tiles put back are either placed at the bottom (`return_to_bottom`, seed 001's
"under the pool") or shuffled in (`shuffle_in`) with an RNG derived from the seed and a counter,
so shuffles replay exactly too.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Iterable

from tilegames.core import seeds


@dataclass(frozen=True, order=True)
class Tile:
    """One physical tile."""

    id: int
    face: str

    def __str__(self) -> str:
        return self.face


def make_tiles(faces: Iterable[str]) -> tuple[Tile, ...]:
    """Number the given faces 0, 1, 2, … as one game's full set of tiles."""
    return tuple(Tile(i, face) for i, face in enumerate(faces))


@dataclass(frozen=True)
class Bag:
    """The face-down pool. `tiles[0]` is drawn next. Never show `tiles` to a player."""

    tiles: tuple[Tile, ...]
    seed: int
    shuffles: int = field(default=0)

    @classmethod
    def shuffled(cls, tiles: Iterable[Tile], seed: int) -> "Bag":
        """A bag holding `tiles` in an order fixed by `seed`."""
        bag = cls(tuple(tiles), seed, 0)
        return bag._reshuffled(bag.tiles)

    def __len__(self) -> int:
        return len(self.tiles)

    def draw(self, n: int = 1) -> tuple[tuple[Tile, ...], "Bag"]:
        """Take up to `n` tiles from the front; fewer when the bag runs out."""
        if n < 0:
            raise ValueError("cannot draw a negative number of tiles")
        return self.tiles[:n], replace(self, tiles=self.tiles[n:])

    def return_to_bottom(self, tiles: Iterable[Tile]) -> "Bag":
        """Put tiles back under the pool, in the given order."""
        return replace(self, tiles=self.tiles + tuple(tiles))

    def shuffle_in(self, tiles: Iterable[Tile]) -> "Bag":
        """Put tiles back and shuffle the whole bag (reproducibly)."""
        return self._reshuffled(self.tiles + tuple(tiles))

    def _reshuffled(self, tiles: tuple[Tile, ...]) -> "Bag":
        order = list(tiles)
        seeds.rng(self.seed, str(self.shuffles)).shuffle(order)
        return replace(self, tiles=tuple(order), shuffles=self.shuffles + 1)

    def counts(self) -> Counter[str]:
        """How many tiles of each face are left (for players counting unseen tiles)."""
        return Counter(t.face for t in self.tiles)
