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
   `joker_sub_from_table`, `joker_group_needs_both`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from tilegames.core.errors import IllegalMove
from tilegames.core.tiles import Tile
from tilegames.games.rummikub.config import INITIAL_MELD_POINTS
from tilegames.games.rummikub.notation import Face, face_of
from tilegames.games.rummikub.sets import SetCheck, best_reading, format_set, joker_substitutes
from tilegames.games.rummikub.state import RummikubState


@dataclass(frozen=True)
class CheckedPlay:
    table: tuple[tuple[Tile, ...], ...]
    placed: tuple[Tile, ...]
    meld_points: int  # points of the new all-own-tile sets (what the initial meld counts)


def read_set(tiles: Sequence[Tile]) -> SetCheck:
    """How a row on the table reads: the valid reading worth most, the run on a tie."""
    return best_reading([face_of(t) for t in tiles])


def joker_meanings(table: Sequence[Sequence[Tile]]) -> dict[int, frozenset[Face]]:
    """For each joker on a table, the faces it stands for (empty when its set is invalid)."""
    meanings: dict[int, frozenset[Face]] = {}
    for row in table:
        faces = [face_of(t) for t in row]
        check = best_reading(faces)
        options = joker_substitutes(faces, check.kind) if check.valid else ()
        jokers = [t for t in row if face_of(t).is_joker]
        for index, tile in enumerate(jokers):
            meanings[tile.id] = options[index] if options else frozenset()
    return meanings


def check_play(state: RummikubState, seat: int, sets: Sequence[Sequence[int]]) -> CheckedPlay:
    """Validate a play completely; IllegalMove listing every problem otherwise."""
    rack = {t.id: t for t in state.racks[seat]}
    on_table = {t.id: t for row in state.table for t in row}
    config = state.config

    # 1. Ownership. Later checks are meaningless while this fails, so it stops here.
    problems: list[str] = []
    seen = Counter(tid for row in sets for tid in row)
    if any(n > 1 for n in seen.values()):
        problems.append("A tile cannot be in two sets at once.")
    unknown = [tid for tid in seen if tid not in rack and tid not in on_table]
    if unknown:
        problems.append("Some of those tiles are neither on your rack nor on the table.")
    left = [on_table[tid] for tid in on_table if tid not in seen]
    if left:
        problems.append(
            f"{format_set([face_of(t) for t in left])} must stay on the table: "
            "tiles on the table never go back to a rack."
        )
    if problems:
        raise IllegalMove(*problems)

    table = tuple(tuple(rack.get(tid) or on_table[tid] for tid in row) for row in sets)
    placed = tuple(t for row in table for t in row if t.id in rack)

    # 2. At least one tile from the rack.
    if not placed:
        problems.append("Place at least one tile from your rack, or draw a tile instead.")

    # 3. Every set valid, none left loose.
    checks = [read_set(row) for row in table]
    for number, (row, check) in enumerate(zip(table, checks), start=1):
        if not check.valid:
            problems.append(f"Set {number} ({format_set([face_of(t) for t in row])}): {check.reason}")

    # 4. The initial meld.
    own_sets = [(row, c) for row, c in zip(table, checks) if all(t.id in rack for t in row)]
    meld_points = sum(c.value for _, c in own_sets if c.valid)
    if not state.melded[seat]:
        if not config.manipulate_on_meld_turn and not _table_untouched(state.table, table):
            problems.append(
                "Until your initial meld is down, you may not change the sets on the table: "
                "lay new sets from your own tiles only."
            )
        elif _jokers_moved(state.table, table):
            problems.append("You cannot take a joker from the table in your initial-meld turn.")
        if meld_points < INITIAL_MELD_POINTS and not any(not c.valid for c in checks):
            problems.append(
                f"Your initial meld is worth {meld_points} points; it needs at least "
                f"{INITIAL_MELD_POINTS} from your own tiles."
            )
    # 5. Jokers taken from the table.
    elif not config.joker_free_by_rearrange:
        problems.extend(_joker_substitution_problems(state, table, set(rack)))

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


def _jokers_moved(before: Sequence[tuple[Tile, ...]], after: Sequence[tuple[Tile, ...]]) -> bool:
    """Whether any joker that was on the table now stands for something else."""
    old, new = joker_meanings(before), joker_meanings(after)
    return any(new.get(tid) != meaning for tid, meaning in old.items())


def _joker_substitution_problems(
    state: RummikubState, table: tuple[tuple[Tile, ...], ...], rack_ids: set[int]
) -> list[str]:
    """With `joker_free_by_rearrange` off: a joker may leave its set only when the exact tile
    it stands for takes its place (both missing colours for a 3-tile group under
    `joker_group_needs_both`; a rack tile unless `joker_sub_from_table`)."""
    config = state.config
    old_meanings = joker_meanings(state.table)
    new_meanings = joker_meanings(table)
    new_rows = set(table)
    problems: list[str] = []
    for old_row in state.table:
        for joker in (t for t in old_row if face_of(t).is_joker):
            if new_meanings.get(joker.id) == old_meanings[joker.id]:
                continue
            options = old_meanings[joker.id]
            others = [t for t in old_row if t.id != joker.id]
            group = read_set(old_row).kind == "group"
            needs_both = group and config.joker_group_needs_both and len(old_row) == 3
            substituted = False
            for row in new_rows:
                added = [t for t in row if t not in others]
                if any(t not in row for t in others) or not added:
                    continue
                if group:
                    if len(added) != (2 if needs_both else 1) or len(row) != len(others) + len(added):
                        continue
                    if needs_both and {face_of(t) for t in added} != set(options):
                        continue
                    if not all(face_of(t) in options for t in added):
                        continue
                else:
                    position = old_row.index(joker)
                    if len(row) != len(old_row) or row[:position] + row[position + 1 :] != tuple(others):
                        continue
                    if face_of(row[position]) not in options:
                        continue
                if not config.joker_sub_from_table and not all(t.id in rack_ids for t in added):
                    continue
                substituted = True
                break
            if not substituted:
                wanted = " or ".join(sorted(str(f) for f in options)) or "its tile"
                where = "from your rack " if not config.joker_sub_from_table else ""
                problems.append(
                    f"The joker in {format_set([face_of(t) for t in old_row])} can only be taken "
                    f"by putting {wanted} {where}in its place."
                )
    return problems
