"""Helpers for tests on the pile game: tile accounting and finding plays."""

from __future__ import annotations

from collections import Counter

import pilegame
from pilegame import PileState
from tilegames.core.parts.table_rows import RowsDraft


def all_tile_ids(state: PileState) -> list[int]:
    """Every tile id in the bag, the racks and on the table (duplicates kept)."""
    ids = [t.id for t in state.bag.tiles]
    ids += [t.id for rack in state.racks for t in rack]
    ids += [t.id for row in state.table for t in row]
    return ids


def assert_tiles_conserved(state: PileState, draft: RowsDraft | None = None, seat: int | None = None) -> None:
    full = sorted(t.id for t in pilegame.GAME.full_set(state.config))
    assert sorted(all_tile_ids(state)) == full, Counter(all_tile_ids(state))
    if draft is not None:
        racks = list(state.racks)
        racks[seat] = draft.rack
        ids = [t.id for t in state.bag.tiles] + [t.id for r in racks for t in r]
        ids += [t.id for row in draft.rows for t in row]
        assert sorted(ids) == full


def rising_pair(rack) -> tuple[int, int] | None:
    """Two rack tiles with different numbers, low first, as tile ids."""
    tiles = sorted(rack, key=pilegame.value)
    for a in tiles:
        for b in tiles:
            if pilegame.value(a) < pilegame.value(b):
                return a.id, b.id
    return None
