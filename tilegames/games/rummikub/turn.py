"""End-of-turn validity of a play (RULES.md §1.4-1.5): the one place these rules live.

A play states the whole table as it should stand after the turn. It is checked against the
turn's snapshot, all at once, and every problem is reported, so a player whose commit is
rejected sees everything to fix:

1. ownership: tiles come from the player's rack or the table; no table tile returns to a rack
   (jokers included: a retrieved joker must be played again the same turn);
2. at least one rack tile placed;
3. every set valid;
4. before the initial meld: 30 points from the player's own tiles, in new sets only, with no
   manipulation of the table (unless `manipulate_on_meld_turn`) and never a joker retrieval;
5. jokers leave their sets only as the options allow (`joker_free_by_rearrange`,
   `joker_sub_from_table`, `joker_group_needs_both`; see `jokers.py`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Collection, Sequence

from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.parts.tiles import Tile
from tilegames.games.rummikub.config import INITIAL_MELD_POINTS
from tilegames.games.rummikub.jokers import joker_problems, taken_jokers
from tilegames.games.rummikub.notation import face_of
from tilegames.games.rummikub.sets import SetCheck, best_reading, format_set
from tilegames.games.rummikub.state import RummikubState
from tilegames.games.rummikub.view_types import RummikubSet


@dataclass(frozen=True)
class CheckedPlay:
    table: tuple[tuple[Tile, ...], ...]
    placed: tuple[Tile, ...]
    meld_points: int  # points of the new all-own-tile sets (what the initial meld counts)


def read_set(tiles: Sequence[Tile]) -> SetCheck:
    """How a row on the table reads: the valid reading worth most, the run on a tie."""
    return best_reading([face_of(t) for t in tiles])


def set_view(row: Sequence[Tile], new_ids: Collection[int]) -> RummikubSet:
    """A row as views show it: its tiles (those in `new_ids` marked new) and how it reads."""
    check = read_set(row)
    return {"tiles": [{"id": t.id, "face": t.face, "new": t.id in new_ids} for t in row], "kind": check.kind,
            "value": check.value, "reason": check.reason, "jokers": list(check.jokers)}


def check_play(state: RummikubState, seat: int, sets: Sequence[Sequence[int]]) -> CheckedPlay:
    """Validate a play completely; IllegalMove listing every problem otherwise."""
    rack = {t.id: t for t in state.racks[seat]}
    on_table = {t.id: t for row in state.table for t in row}
    config = state.config

    # 1. Ownership. Later checks are meaningless while this fails, so it stops here.
    problems: list[str] = []
    seen = Counter(tid for row in sets for tid in row)
    if any(n > 1 for n in seen.values()):
        problems.append(_("A tile cannot be in two sets at once."))
    unknown = [tid for tid in seen if tid not in rack and tid not in on_table]
    if unknown:
        problems.append(_("Some of those tiles are neither on your rack nor on the table."))
    left = [on_table[tid] for tid in on_table if tid not in seen]
    if left:
        problems.append(_("{tiles} must stay on the table: tiles on the table never go back to a rack.").format(
            tiles=format_set([face_of(t) for t in left])))
    if problems:
        raise IllegalMove(*problems)

    table = tuple(tuple(rack.get(tid) or on_table[tid] for tid in row) for row in sets)
    placed = tuple(t for row in table for t in row if t.id in rack)

    # 2. At least one tile from the rack.
    if not placed:
        problems.append(_("Place at least one tile from your rack, or draw a tile instead."))

    # 3. Every set valid, none left loose.
    checks = [read_set(row) for row in table]
    for number, (row, check) in enumerate(zip(table, checks), start=1):
        if not check.valid:
            problems.append(_("Set {number} ({set}): {reason}").format(
                number=number, set=format_set([face_of(t) for t in row]), reason=check.reason))

    # 4. The initial meld.
    own_sets = [(row, c) for row, c in zip(table, checks) if all(t.id in rack for t in row)]
    meld_points = sum(c.value for _, c in own_sets if c.valid)
    if not state.melded[seat]:
        if not config.manipulate_on_meld_turn and not _table_untouched(state.table, table):
            problems.append(_("Until your initial meld is down, you may not change the sets on the table: "
                              "lay new sets from your own tiles only."))
        elif taken_jokers(state.table, table):
            problems.append(_("You cannot take a joker from the table in your initial-meld turn."))
        if meld_points < INITIAL_MELD_POINTS and not any(not c.valid for c in checks):
            problems.append(_("Your initial meld is worth {points} points; it needs at least {needed} from your own "
                              "tiles.").format(points=meld_points, needed=INITIAL_MELD_POINTS))
    # 5. Jokers taken from the table.
    else:
        problems.extend(joker_problems(config, state.table, table, set(rack)))

    if problems:
        raise IllegalMove(*problems)
    return CheckedPlay(table, placed, meld_points)


def _table_untouched(before: Sequence[tuple[Tile, ...]], after: Sequence[tuple[Tile, ...]]) -> bool:
    """Every set that was on the table is still there, tile for tile, in the same order."""
    remaining = Counter(after)
    for row in before:
        if remaining[row] == 0:
            return False
        remaining[row] -= 1
    return True
