"""Build Rummikub Word positions and plays from letters, for rule tests.

Tiles are taken from the real shipped set by face, so ids are genuine and the tile count is
conserved: whatever is not on a rack or the table stays in the pool.

Notation: a rack is a string of letters, `*` a joker (`"LTH*"`). A table word is its letters,
a joker written as the lower-case letter it stands for (`"CaT"`: C, a joker as A, T). In
`arrange`, an upper-case letter takes an unused table tile of that letter if there is one,
else a rack tile; `+X` forces the rack; a lower-case letter is a joker standing for it (a table
joker first, `+x` a rack joker).
"""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.games.word_rummikub.actions import JokerLetter, Play
from tilegames.games.word_rummikub.config import WordRummikubConfig
from tilegames.games.word_rummikub.game import GAME
from tilegames.games.word_rummikub.state import Table, WordState, named
from tilegames.games.word_rummikub.tiles import JOKER, full_set, is_joker, spell

NAMES = ("Ann", "Bora", "Chul", "Dan")


class Tiles:
    """Hands out tiles of the full set by face, each physical tile once."""

    def __init__(self) -> None:
        self.left: list[Tile] = list(full_set(None))

    def take(self, face: str) -> Tile:
        tile = next((t for t in self.left if t.face == face), None)
        if tile is None:
            raise ValueError(f"no tile {face} is left in the set")
        self.left.remove(tile)
        return tile

    def rack(self, text: str) -> tuple[Tile, ...]:
        return tuple(self.take(ch) for ch in text)


def position(racks: list[str], table: list[str] = (), melded: list[bool] | None = None,  # type: ignore[assignment]
             pool: str | None = None, current: int = 0, config: WordRummikubConfig | None = None,
             scores: list[int] | None = None) -> WordState:
    """A game in play: racks and table words in notation; the pool is every other tile (in a
    fixed shuffled order), or exactly `pool` ("" for an empty pool, the rest out of the game)."""
    config = config or WordRummikubConfig()
    state = GAME.new_game(config, NAMES[: len(racks)], seed=1)
    tiles = Tiles()
    rack_tiles = tuple(tiles.rack(r) for r in racks)
    rows, letters = [], {}
    for word in table:
        row = []
        for ch in word:
            tile = tiles.take(JOKER if ch.islower() else ch)
            if ch.islower():
                letters[tile.id] = ch.upper()
            row.append(tile)
        rows.append(tuple(row))
    bag = Bag(tiles.rack(pool), seed=1) if pool is not None else Bag.shuffled(tiles.left, 1)
    return replace(state, racks=rack_tiles, table=Table(tuple(rows), named(letters)), bag=bag,
                   melded=tuple(melded if melded is not None else [bool(table)] * len(racks)),
                   order=SeatOrder(len(racks), current=current),
                   scores=tuple(scores or [0] * len(racks)))


def arrange(state: WordState, *words: str, seat: int | None = None) -> Play:
    """The play leaving exactly `words` on the table (see the module docstring)."""
    seat = state.order.current if seat is None else seat
    table = [t for row in state.table.rows for t in row]
    rack = list(state.racks[seat])
    old = state.table.letters
    rows, jokers = [], []
    for word in words:
        row, i = [], 0
        while i < len(word):
            forced = word[i] == "+"
            ch = word[i + 1] if forced else word[i]
            i += 2 if forced else 1
            if ch.islower():
                pool = [] if forced else ([t for t in table if is_joker(t) and old.get(t.id) == ch.upper()]
                                          or [t for t in table if is_joker(t)])
                pool = pool or [t for t in rack if is_joker(t)]
            else:
                pool = [] if forced else [t for t in table if t.face == ch]
                pool = pool or [t for t in rack if t.face == ch]
            tile = pool[0]
            (table if tile in table else rack).remove(tile)
            if ch.islower():
                jokers.append(JokerLetter(tile.id, ch.upper()))
            row.append(tile.id)
        rows.append(tuple(row))
    return Play(tuple(rows), tuple(jokers))


def play(state: WordState, *words: str, seat: int | None = None):
    seat = state.order.current if seat is None else seat
    return GAME.apply(state, seat, arrange(state, *words, seat=seat))


def refused(state: WordState, *words: str) -> tuple[str, ...]:
    """The reasons a play is refused; the state is checked to be untouched."""
    before = pickle.dumps(state)
    with pytest.raises(IllegalMove) as err:
        play(state, *words)
    assert pickle.dumps(state) == before
    return err.value.reasons


def words(state: WordState) -> list[str]:
    letters = state.table.letters
    return [spell(row, letters) for row in state.table.rows]


def rack(state: WordState, seat: int = 0) -> str:
    return "".join(t.face for t in state.racks[seat])


def assert_conserved(state: WordState) -> None:
    ids = [t.id for t in state.bag.tiles] + [t.id for r in state.racks for t in r]
    ids += [t.id for row in state.table.rows for t in row]
    assert len(ids) == len(set(ids))
