"""When a joker counts as taken from the table, and when taking it is allowed (RULES.md §1.5).

A joker is *taken* when it leaves its set, when its set is broken up, or when it is moved
along its run to stand for another tile (`J R6 R7` → `R6 R7 J R9`). It is never taken merely
because its possible values narrow (`R5 B5 J` + `K5` leaves the joker in its group, now
standing for O5 only), nor when a tile added to its set makes the set read another way (`B11
J J` + `K11` is a group of 11s: the jokers stay where they are).

How a taken joker may be freed depends on the options:

* `joker_free_by_rearrange` (default): by any rearrangement that leaves a valid table;
* otherwise only by **substitution**: a tile it stands for comes into play (from the rack, or
  from another set on the table under `joker_sub_from_table`) and takes its place. What
  happens afterwards to that set is ordinary manipulation, so `R5 J R7` may become
  `R5 R6 R7 R8`, or be split, in the same turn;
* `joker_group_needs_both`: a joker in a 3-tile group needs *both* missing colours. This is
  the stricter rule, so it holds whichever way `joker_free_by_rearrange` is set.

Only the end-of-turn table is compared with the turn's snapshot, as everywhere in §1.4.2.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from tilegames.core.text.i18n import _
from tilegames.core.parts.tiles import Tile
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.notation import Face, face_of
from tilegames.games.rummikub.sets import best_reading, format_set, joker_substitutes

Table = Sequence[Sequence[Tile]]


def joker_meanings(table: Table) -> dict[int, frozenset[Face]]:
    """For each joker on a table, the faces it stands for (empty when its set is invalid)."""
    meanings: dict[int, frozenset[Face]] = {}
    for row in table:
        faces = [face_of(t) for t in row]
        if not any(f.is_joker for f in faces):
            continue
        check = best_reading(faces)
        options = joker_substitutes(faces, check.kind) if check.kind != "invalid" else ()
        jokers = [t for t in row if face_of(t).is_joker]
        for index, tile in enumerate(jokers):
            meanings[tile.id] = options[index] if options else frozenset()
    return meanings


def kept_with_its_set(tile: Tile, row: Sequence[Tile], after: Table) -> bool:
    """Whether one row of `after` still holds `tile` with every numbered tile of its old `row`.

    Other jokers of the row do not count: of `R5 B5 J J`, the joker left beside R5 and B5 stays
    in its set while the other one is taken."""
    ids = {t.id for t in row if not face_of(t).is_joker} | {tile.id}
    return any(ids <= {t.id for t in new_row} for new_row in after)


@dataclass(frozen=True)
class TakenJoker:
    joker: Tile
    old_row: tuple[Tile, ...]
    options: frozenset[Face]  # what it stood for in its old set

    @property
    def in_three_group(self) -> bool:
        return len(self.old_row) == 3 and best_reading([face_of(t) for t in self.old_row]).kind == "group"


def taken_jokers(before: Table, after: Table) -> list[TakenJoker]:
    """The jokers of `before` that the turn took (see the module docstring)."""
    old, new = joker_meanings(before), joker_meanings(after)
    row_of = {t.id: row for row in after for t in row}
    taken = []
    for row in before:
        for joker in (t for t in row if face_of(t).is_joker):
            if not kept_with_its_set(joker, row, after) or _moved_along_its_run(
                    row, row_of.get(joker.id, ()), old[joker.id], new.get(joker.id, frozenset())):
                taken.append(TakenJoker(joker, tuple(row), old[joker.id]))
    return taken


def _moved_along_its_run(old_row: Sequence[Tile], new_row: Sequence[Tile],
                         was: frozenset[Face], now: frozenset[Face]) -> bool:
    """A joker still in its run that stands for another tile than before was picked up and
    put back elsewhere in the run. A set read anew (a run of `B11 J J` that a K11 turns into
    a group of 11s) keeps its jokers where they are: that is not taking them."""
    if not now or now <= was:
        return False
    return _kind(old_row) == "run" and _kind(new_row) == "run"


def _kind(row: Sequence[Tile]) -> str:
    return best_reading([face_of(t) for t in row]).kind


def joker_problems(config: RummikubConfig, before: Table, after: Table, rack_ids: set[int]) -> list[str]:
    """Why the jokers taken this turn may not be taken, one sentence per joker (empty if fine)."""
    needing = [
        j for j in taken_jokers(before, after)
        if not config.joker_free_by_rearrange or (config.joker_group_needs_both and j.in_three_group)
    ]
    if not needing:
        return []
    substitutes = _substitutes(config, before, after, rack_ids)
    wants = [_wanted(config, j) for j in needing]
    if _assign(wants, substitutes, set()):
        return []
    alone = [j for j, want in zip(needing, wants) if not _assign([want], substitutes, set())]
    return [_refusal(config, j) for j in (alone or needing)]


def _substitutes(config: RummikubConfig, before: Table, after: Table, rack_ids: set[int]) -> list[Tile]:
    """Tiles that came into play this turn and so can stand in a joker's place: every rack tile
    laid, and (under `joker_sub_from_table`) every table tile taken out of its set."""
    tiles = [t for row in after for t in row if t.id in rack_ids]
    if config.joker_sub_from_table:
        tiles += [t for row in before for t in row if not kept_with_its_set(t, row, after)]
    return [t for t in tiles if not face_of(t).is_joker]


def _wanted(config: RummikubConfig, joker: TakenJoker) -> list[frozenset[Face]]:
    """The faces needed, one entry per tile: one of the options, or each missing colour."""
    if config.joker_group_needs_both and joker.in_three_group:
        return [frozenset({face}) for face in sorted(joker.options, key=str)]
    return [joker.options]


def _assign(wants: list[list[frozenset[Face]]], tiles: list[Tile], used: set[int]) -> bool:
    """Whether distinct tiles can meet every want (a few jokers at most: plain backtracking)."""
    slots = [faces for want in wants for faces in want]
    return _fill(slots, tiles, used)


def _fill(slots: list[frozenset[Face]], tiles: list[Tile], used: set[int]) -> bool:
    if not slots:
        return True
    first, rest = slots[0], slots[1:]
    for tile in tiles:
        if tile.id not in used and face_of(tile) in first:
            if _fill(rest, tiles, used | {tile.id}):
                return True
    return False


def _refusal(config: RummikubConfig, joker: TakenJoker) -> str:
    faces = sorted(str(f) for f in joker.options)
    row = format_set([face_of(t) for t in joker.old_row])
    if config.joker_group_needs_both and joker.in_three_group:
        wanted = _("both {tiles}").format(tiles=_(" and ").join(faces))
    else:
        wanted = _(" or ").join(faces) or _("its tile")
    if config.joker_sub_from_table:
        return _("The joker in {set} can only be taken by putting {tiles} in its place.").format(set=row, tiles=wanted)
    return _("The joker in {set} can only be taken by putting {tiles} from your rack in its place.").format(
        set=row, tiles=wanted)
