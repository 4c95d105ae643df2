"""A simple automatic Rummikub player, working from its seat's view only (DESIGN.md §4).

Before the initial meld it lays the most valuable sets its rack holds if they reach 30;
afterwards it lays new sets from its rack and adds single rack tiles to the ends of runs and
to groups of three. It never rearranges the table, so it never takes a joker and never breaks
a set: that keeps every play legal under every rule option (the jokers' rules, the initial
meld's). Otherwise it draws, or passes when the pool is empty: the engine refuses a pass when
an obvious play exists (possible_play.py), and the plays it looks for are exactly those. It
declines every redeal. It is the opponent for automated full games; stronger computer players
build on the same view and actions.

Everything it reads is in the view: its rack (tile ids and faces), the table's rows, who has
melded and the pool's size. Tiles are rebuilt from their ids and faces, which is all a tile is.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from tilegames.core.kernel.protocol import Action
from tilegames.core.parts.tiles import Tile
from tilegames.games.rummikub.actions import Draw, Pass, Play, Redeal
from tilegames.games.rummikub.config import INITIAL_MELD_POINTS
from tilegames.games.rummikub.meld import best_meld
from tilegames.games.rummikub.notation import Face, face_of
from tilegames.games.rummikub.turn import read_set


class RummikubAgent:
    """The player described above. Stateless: one instance can play several seats."""

    def choose(self, view: dict[str, Any], time_budget: float) -> Action | None:
        seat = view["you"]
        if seat is None or view["current"] != seat:
            return None  # Rummikub never asks a seat out of turn
        if view["phase"] == "redeal":
            return Redeal(demand=False)
        rack = [_tile(t) for t in view["rack"]]
        table = [[_tile(t) for t in row["tiles"]] for row in view["table"]]
        return _play(rack, table, melded=view["melded"][seat], pool=view["pool"])


def _play(rack: list[Tile], table: list[list[Tile]], *, melded: bool, pool: int) -> Action:
    new_sets = _tiles_for(best_meld([face_of(t) for t in rack]), rack)
    if not melded:
        value = sum(read_set(s).value for s in new_sets)
        if value >= INITIAL_MELD_POINTS:
            return Play(_ids(table) + _ids(new_sets))
        return Draw() if pool else Pass()

    used = {t.id for s in new_sets for t in s}
    rows = [list(row) for row in table] + [list(s) for s in new_sets]
    for tile in rack:
        if tile.id in used:
            continue
        for row in rows:
            for candidate in (row + [tile], [tile] + row):
                if read_set(candidate).valid:
                    row[:] = candidate
                    used.add(tile.id)
                    break
            if tile.id in used:
                break
    if used:
        return Play(_ids(rows))
    return Draw() if pool else Pass()


def _tile(data: dict[str, Any]) -> Tile:
    return Tile(int(data["id"]), str(data["face"]))


def _ids(rows: list[list[Tile]] | list[tuple[Tile, ...]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(t.id for t in row) for row in rows)


def _tiles_for(sets: tuple[tuple[Face, ...], ...], rack: list[Tile]) -> list[tuple[Tile, ...]]:
    """Pick rack tiles showing the faces of each set, in the set's order."""
    by_face: dict[Face, list[Tile]] = defaultdict(list)
    for tile in rack:
        by_face[face_of(tile)].append(tile)
    return [tuple(by_face[face].pop() for face in faces) for faces in sets]


def new_agent() -> RummikubAgent:
    """The registry's factory (core/agents.py)."""
    return RummikubAgent()
