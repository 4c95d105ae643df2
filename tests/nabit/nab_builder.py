"""Build Nab-It! positions and builds from letters, for rule tests.

Tiles are taken from the real shipped set by colour and letter, so ids are genuine and every
colour is conserved: whatever is not in a hand, a bank or on the grid stays in its bag.

Notation. A hand is a string of letters, `?` a blank (`"FUN?"`). The grid is a dict from cell to
the stack's letters, bottom first (`{(0, 0): "SF"}`: an S under an F); a lower-case letter is a
blank standing for it. `owners` gives each stack's tiles' seats as digits, bottom first (default
`*`: any colour that still has the letter, the last seat's first). `across(0, 0, "SUN")` and `down(...)` write a word. A build is a list of
`(row, col, letter)`: an upper-case letter takes a hand tile of that letter, a lower-case one
the blank standing for it.
"""

from __future__ import annotations

import pickle
from dataclasses import replace
from typing import Mapping, Sequence

import pytest

from tilegames.core.errors import IllegalMove
from tilegames.core.parts.grid import Pos
from tilegames.core.kernel.protocol import Outcome
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.games.nabit.actions import Build, Placement
from tilegames.games.nabit.board import Layer, spell, with_tiles, words_on
from tilegames.games.nabit.config import NabItConfig
from tilegames.games.nabit.game import GAME
from tilegames.games.nabit.state import Control, NabState
from tilegames.games.nabit.tiles import BLANK, full_set, owner

NAMES = ("Ann", "Bora", "Chul", "Dan")


class Tiles:
    """Hands out tiles of the full set by seat and letter, each physical tile once."""

    def __init__(self, players: int, config: NabItConfig) -> None:
        self.left: list[Tile] = list(full_set(config.nab_letters, players))

    def take(self, seat: int | None, letter: str) -> Tile:
        """A tile of `seat`'s colour (None: of any colour, the last seat's first)."""
        shown = BLANK if letter.islower() else letter
        tile = next((t for t in sorted(self.left, key=lambda t: -owner(t))
                     if t.face[-1] == shown and seat in (None, owner(t))), None)
        if tile is None:
            raise ValueError(f"no tile {seat}{shown} is left in the set")
        self.left.remove(tile)
        return tile

    def bag(self, seat: int, seed: int = 1) -> Bag:
        return Bag.shuffled([t for t in self.left if owner(t) == seat], seed)


def across(row: int, col: int, word: str) -> dict[Pos, str]:
    return {(row, col + i): ch for i, ch in enumerate(word)}


def down(row: int, col: int, word: str) -> dict[Pos, str]:
    return {(row + i, col): ch for i, ch in enumerate(word)}


def position(hands: Sequence[str], grid: Mapping[Pos, str] | None = None, *, owners: Mapping[Pos, str] | None = None,
             control: Mapping[str, int] | None = None, current: int = 0, config: NabItConfig | None = None,
             banks: Sequence[int] | None = None, bags: Sequence[str | None] | None = None, turn: int = 10,
             idle: int = 0) -> NabState:
    """A game in play. Every word on `grid` is controlled by seat 0 unless `control` (spelling
    -> seat) says otherwise. Each bag holds the rest of its colour, or exactly `bags[seat]`
    (letters; the rest of that colour then is out of the game). `banks[seat]` tiles go to each
    bank from the own bag's letters."""
    config = config or NabItConfig()
    players = len(hands)
    state = GAME.new_game(config, NAMES[:players], seed=1)
    tiles = Tiles(players, config)
    hand_tiles = tuple(tuple(tiles.take(seat, ch) for ch in hand) for seat, hand in enumerate(hands))
    placed: list[tuple[Pos, Layer]] = []
    for pos, letters in (grid or {}).items():
        seats = (owners or {}).get(pos, "*" * len(letters))
        for height, (ch, seat) in enumerate(zip(letters, seats)):
            placed.append((pos, Layer(tiles.take(None if seat == "*" else int(seat), ch), ch.upper(), height)))
    stacks: tuple = ()
    for height in range(5):
        stacks = with_tiles(stacks, {pos: layer for pos, layer in placed if layer.turn == height})
    bank_tiles = []
    for seat in range(players):
        bank_tiles.append(tuple(tiles.take(seat, t.face[-1]) for t in tiles.bag(seat).tiles[: (banks or [0] * 4)[seat]]))
    bag_list = []
    for seat in range(players):
        wanted = (bags or [None] * players)[seat]
        bag_list.append(tiles.bag(seat) if wanted is None else Bag(tuple(tiles.take(seat, ch) for ch in wanted), 1))
    state = replace(state, hands=hand_tiles, grid=stacks, bags=tuple(bag_list), banks=tuple(bank_tiles),
                    order=SeatOrder(players, current=current), turn=turn, idle=idle)
    cells = state.cells()
    by_word = dict(control or {})
    return replace(state, control=tuple(Control(w, by_word.get(spell(cells, w), 0)) for w in words_on(cells)))


def build(state: NabState, *tiles: tuple[int, int, str], seat: int | None = None, announce: bool = False) -> Build:
    """The build putting hand tiles on cells (see the module docstring)."""
    seat = state.order.current if seat is None else seat
    free = list(state.hands[seat])
    placements = []
    for row, col, letter in tiles:
        face = f"{seat}{BLANK if letter.islower() else letter}"
        tile = next(t for t in free if t.face == face)
        free.remove(tile)
        placements.append(Placement(tile.id, row, col, letter.upper()))
    return Build(tuple(placements), announce)


def play(state: NabState, *tiles: tuple[int, int, str], seat: int | None = None, announce: bool = False) -> Outcome[NabState]:
    seat = state.order.current if seat is None else seat
    return GAME.apply(state, seat, build(state, *tiles, seat=seat, announce=announce))


def refused(state: NabState, *tiles: tuple[int, int, str]) -> tuple[str, ...]:
    """The reasons a build is refused; the state is checked to be untouched."""
    before = pickle.dumps(state)
    with pytest.raises(IllegalMove) as err:
        play(state, *tiles)
    assert pickle.dumps(state) == before
    return err.value.reasons


def words(state: NabState) -> dict[str, int]:
    """Each word on the grid (its spelling) -> its controller."""
    cells = state.cells()
    return {spell(cells, c.cells): c.seat for c in state.control}


def hand(state: NabState, seat: int) -> str:
    return "".join(t.face[-1] for t in state.hands[seat])


def assert_conserved(state: NabState) -> None:
    """Every tile of every colour is in its bag, its hand, its bank or on the grid, once."""
    players = len(state.seats)
    everything = sorted(full_set(state.config.nab_letters, players))
    found = [t for bag in state.bags for t in bag.tiles] + [t for h in state.hands for t in h]
    found += [t for bank in state.banks for t in bank] + [layer.tile for stack in state.grid for layer in stack.layers]
    assert sorted(found) == everything
    for seat in range(players):
        assert all(owner(t) == seat for t in state.bags[seat].tiles + state.hands[seat] + state.banks[seat])
