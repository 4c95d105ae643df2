"""A simple automatic Rummikub player.

It plays honestly from its own view of the game (its rack and the table): before the initial
meld it lays the most valuable sets its rack holds if they reach 30; afterwards it lays new
sets from its rack and adds single rack tiles to the ends of runs and to groups of three. It
never rearranges the table. Otherwise it draws, or passes when the pool is empty. It is the
opponent for automated full games; stronger computer opponents build on the same actions.
"""

from __future__ import annotations

from collections import defaultdict

from tilegames.core.protocol import Action
from tilegames.core.tiles import Tile
from tilegames.games.rummikub.actions import Draw, Pass, Play, Redeal
from tilegames.games.rummikub.config import INITIAL_MELD_POINTS
from tilegames.games.rummikub.meld import best_meld
from tilegames.games.rummikub.notation import Face, face_of
from tilegames.games.rummikub.state import RummikubState
from tilegames.games.rummikub.turn import read_set


def choose_action(state: RummikubState, seat: int) -> Action:
    """The bot's move for `seat` (who must be the seat to act)."""
    if state.phase == "redeal":
        return Redeal(demand=False)
    rack = list(state.racks[seat])
    table = [list(row) for row in state.table]

    new_sets = _tiles_for(best_meld([face_of(t) for t in rack]), rack)
    if not state.melded[seat]:
        value = sum(read_set(s).value for s in new_sets)
        if value >= INITIAL_MELD_POINTS:
            return Play(tuple(tuple(t.id for t in row) for row in state.table + tuple(new_sets)))
        return Draw() if len(state.bag) else Pass()

    used = {t.id for s in new_sets for t in s}
    table += [list(s) for s in new_sets]
    for tile in rack:
        if tile.id in used:
            continue
        for row in table:
            for candidate in (row + [tile], [tile] + row):
                if read_set(candidate).valid:
                    row[:] = candidate
                    used.add(tile.id)
                    break
            if tile.id in used:
                break
    if used:
        return Play(tuple(tuple(t.id for t in row) for row in table))
    return Draw() if len(state.bag) else Pass()


def _tiles_for(sets: tuple[tuple[Face, ...], ...], rack: list[Tile]) -> list[tuple[Tile, ...]]:
    """Pick rack tiles showing the faces of each set, in the set's order."""
    by_face: dict[Face, list[Tile]] = defaultdict(list)
    for tile in rack:
        by_face[face_of(tile)].append(tile)
    return [tuple(by_face[face].pop() for face in faces) for faces in sets]
