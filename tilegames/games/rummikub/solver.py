"""The exact Rummikub solver: the best play for a rack on a table (RULES.md §1.3-1.5).

Given the rack and the sets on the table, it finds which rack tiles to lay so that every table
tile stays on the table in valid sets and the most is laid: the most tiles (`tiles`), the most
points (`value`), or the best initial meld from the rack alone (`meld`). Ties go to the play
that leaves more of the table's sets as they were (`_keeping_sets`), then to the one that keeps
more jokers on the rack. It returns the whole new table.

How: a dynamic programme over the numbers 1 to 13, in the manner of van Rijn, Takes & Vis,
"The Complexity of Rummikub Problems" (2015). Going up the numbers, what matters of the sets
laid so far is only the runs still open in each colour and how long each is (1, 2, or 3 and
more: a run of 3 may stop, a shorter one must go on) and how many jokers are used. At each
number, each colour's tiles of that number continue open runs, start new ones or go to the
groups of that number; the groups are possible exactly when no colour has more tiles than
there are groups and the jokers fill each group to 3 or 4 (`_group_counts`). The table's
tiles must all be used, the rack's may be. The states are few (the tiles are), so this is exact
without a search over sets.

The `tiles` mode, the one the computer players and hints ask most, goes first to a faster form
of it (tile_search.py: only the jokers a set needs, a bound, a depth-first search; its table
laid out by tile_table.py); this full programme answers the other modes and the rare tables
that one leaves to it.

What a move is worth: `tiles` counts the rack tiles laid, jokers included; `value` adds their
numbers, a joker counting as the tile it stands for (as in the initial meld, §1.4.1), so it is
what the table gains in points; `meld` is `value` with the table left out, and is a meld only
at 30 or more.

Jokers follow the default options (`joker_free_by_rearrange`): only the final table must be
valid, so a table joker may stand for another tile afterwards. Under the strict options,
joker_plays.py asks again with the table's joker sets kept or freed as they allow. Every set
has a numbered tile (§1.3); that only binds the XP set's four jokers, and a play that would
need a set of jokers alone is not looked for there.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Literal, Sequence

from tilegames.games.rummikub.config import INITIAL_MELD_POINTS as MELD_POINTS
from tilegames.games.rummikub.notation import HIGHEST, Face
from tilegames.games.rummikub.sets import best_reading
from tilegames.games.rummikub.solver_groups import FACES as _FACES
from tilegames.games.rummikub.notation import JOKER
from tilegames.games.rummikub.solver_groups import deal_groups, group_count
from tilegames.games.rummikub import tile_search
from tilegames.games.rummikub.tile_search import TooManyStates
from tilegames.games.rummikub.tile_table import most_tiles

__all__ = ["JOKER", "Mode", "Solution", "TooManyStates", "solve"]

Mode = Literal["tiles", "value", "meld"]

STATES_PER_SECOND = 100_000  # states the full programme takes up in a second, on a slow machine (measured)

Runs = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""Each colour's open runs, as their lengths (3 standing for 3 or more), sorted."""


@dataclass(frozen=True)
class Solution:
    """A play: the rack tiles laid (`placed`), the whole table after it, and its worth."""

    placed: tuple[Face, ...]
    table: tuple[tuple[Face, ...], ...]
    tiles: int
    value: int


@dataclass(frozen=True)
class _Step:
    """One colour's share of one number: `used` real tiles (the table's and some of the
    rack's), `kept` of the long open runs going on, `started` new runs, `jokers` in runs, and
    `grouped` real tiles left for the groups."""

    used: int
    kept: int
    started: int
    jokers: int
    grouped: int


@lru_cache(maxsize=65536)
def _steps(runs: tuple[int, ...], table: int, rack: int, jokers_left: int, can_start: bool
           ) -> tuple[tuple[_Step, tuple[int, ...]], ...]:
    """Every way one colour's tiles of a number can go, given its open runs, each with the
    colour's open runs after it. The same few shapes come back at every number and in every
    position, so they are worked out once."""
    must = sum(1 for length in runs if length < 3)  # runs of 1 or 2 must go on
    long = len(runs) - must
    steps = []
    for used in range(table, table + rack + 1):
        for kept in range(long + 1):
            for started in range(used + jokers_left + 1 if can_start else 1):
                items = must + kept + started
                for jokers in range(max(0, items - used), min(jokers_left, items) + 1):
                    step = _Step(used, kept, started, jokers, used - (items - jokers))
                    steps.append((step, _advance(runs, step)))
    return tuple(steps)


def _advance(runs: tuple[int, ...], step: _Step) -> tuple[int, ...]:
    """The colour's open runs after `step`."""
    grown = [min(3, length + 1) for length in runs if length < 3] + [3] * step.kept + [1] * step.started
    return tuple(sorted(grown))


Score = int
ColourKey = tuple[Runs, int, int, int]  # open runs, jokers used, most real tiles of a colour in groups, real in groups
NumberKey = tuple[Runs, int]  # open runs, jokers used


@dataclass
class _Layers:
    """The programme's layers, for reading the best play back: for each number, one layer per
    colour (each state's best score and the step that reached it) and the groups' layer (the
    jokers given to the groups)."""

    colours: list[list[dict[ColourKey, tuple[Score, ColourKey, _Step]]]]
    groups: list[dict[NumberKey, tuple[Score, ColourKey, int]]]


def _search(table_counts: dict[tuple[int, int], int], rack_counts: dict[tuple[int, int], int], jokers: int,
            by_value: bool, limit: int | None = None) -> _Layers:
    """The programme itself: each state's best score up the numbers, colour by colour, then
    the groups of each number; `by_value` scores points instead of tiles."""
    empty: Runs = ((), (), (), ())
    frontier: dict[NumberKey, Score] = {(empty, 0): 0}
    work = 0  # states taken up, what `limit` bounds: a count, so a seeded game replays alike
    layers = _Layers([], [])
    for number in range(1, HIGHEST + 1):
        partial: dict[ColourKey, Score] = {(runs, used, 0, 0): score for (runs, used), score in frontier.items()}
        colour_layers: list[dict[ColourKey, tuple[Score, ColourKey, _Step]]] = []
        worth = number if by_value else 1
        can_start = number <= HIGHEST - 2  # a run started here still reaches 3 tiles
        for colour in range(4):
            work += len(partial)
            if limit is not None and work > limit:
                raise TooManyStates
            t, r = table_counts.get((colour, number), 0), rack_counts.get((colour, number), 0)
            following: dict[ColourKey, tuple[Score, ColourKey, _Step]] = {}
            for key, score in partial.items():
                runs, used, most, real = key
                for step, grown in _steps(runs[colour], t, r, jokers - used, can_start):
                    new_runs: Runs = runs[:colour] + (grown,) + runs[colour + 1:]  # type: ignore[assignment]
                    new_key = (new_runs, used + step.jokers, max(most, step.grouped), real + step.grouped)
                    total = score + (step.used - t) * worth + (step.jokers * number if by_value else 0)
                    if new_key not in following or following[new_key][0] < total:
                        following[new_key] = (total, key, step)
            colour_layers.append(following)
            partial = {key: entry[0] for key, entry in following.items()}
        layers.colours.append(colour_layers)
        groups: dict[NumberKey, tuple[Score, ColourKey, int]] = {}
        for key, score in partial.items():
            runs, used, most, real = key
            if number == HIGHEST and any(length < 3 for colour_runs in runs for length in colour_runs):
                continue  # a run of 1 or 2 left at 13
            for extra in range(jokers - used + 1):
                if group_count(most, real, extra) is None:
                    continue
                new_number_key = (runs, used + extra)
                total = score + (extra * number if by_value else 0)
                if new_number_key not in groups or groups[new_number_key][0] < total:
                    groups[new_number_key] = (total, key, extra)
        layers.groups.append(groups)
        frontier = {key: entry[0] for key, entry in groups.items()}
    return layers


def solve(rack: Sequence[Face], table: Sequence[Sequence[Face]], mode: Mode = "tiles",
          seconds: float | None = None, keep_sets: bool = True, lay_none: bool = False) -> Solution | None:
    """The best play for `rack` on `table` in `mode`, or None when no rack tile can be laid
    (in `meld` mode: no meld of 30 or more). A ValueError when the table's tiles cannot be
    sets at all; TooManyStates when the search would take longer than `seconds` on a slow
    machine, as its count of states says (a count, not a clock, so a seeded game replays alike;
    most positions take milliseconds, a table of 70 tiles with four jokers can take seconds).

    With `keep_sets`, of the plays as good, one that leaves more of the table's sets as they
    are (`_keeping_sets`); without, the search's own play (what the benchmark times). With
    `lay_none`, a table that takes no rack tile is still laid out (a Solution placing nothing)
    rather than None, for a caller that put tiles of its own on the table to be laid."""
    found = _solve(rack, table, mode, seconds, lay_none)
    if found is None or not keep_sets or mode == "meld" or not table:
        return found
    return _keeping_sets(rack, table, found, mode, seconds)


def _keeping_sets(rack: Sequence[Face], table: Sequence[Sequence[Face]], found: Solution, mode: Mode,
                  seconds: float | None) -> Solution:
    """`found`, or a play as good that leaves more of the table's sets untouched.

    The sets `found` leaves as they are are kept; then each set it changes, in turn, is kept
    too if the rest of the table with the rack still gives a play as good (the same tiles, or
    the same points and jokers laid). That is a search for each set changed, each on a smaller
    table; it keeps every set it can one at a time, which is not always the most sets that
    could be kept together. A search past `seconds` ends it with what it has."""
    new_sets = Counter(_set_key(row) for row in found.table)
    kept: list[int] = []
    changed: list[int] = []
    for index, row in enumerate(table):
        key = _set_key(row)
        if new_sets[key] > 0:
            new_sets[key] -= 1
            kept.append(index)
        else:
            changed.append(index)
    if not changed:
        return found
    best = found
    rest = [i for i in range(len(table)) if i not in kept]
    for index in sorted(changed, key=lambda i: -len(table[i])):
        if not best_reading(table[index]).valid:
            continue  # a row that is no set (a tile a caller wants laid) is never kept
        trial = [table[i] for i in rest if i != index]
        try:
            other = _solve(rack, trial, mode, seconds, True)
        except TooManyStates:
            break
        except ValueError:
            continue  # the rest of the table cannot be sets without this one
        if other is not None and _worth(other, mode) == _worth(found, mode):
            rest.remove(index)
            best = other
    if best is found:
        return found
    untouched = tuple(tuple(table[i]) for i in range(len(table)) if i not in rest)
    return Solution(best.placed, untouched + best.table, best.tiles, best.value)


def _worth(found: Solution, mode: Mode) -> tuple[int, int]:
    """What makes one play as good as another in `mode`: its tiles, or its points and then
    the fewest jokers laid."""
    if mode == "tiles":
        return (found.tiles, 0)
    return (found.value, -sum(1 for face in found.placed if face.is_joker))


def _set_key(row: Sequence[Face]) -> tuple[str, tuple[Face, ...]]:
    """A set as read, to tell the same set in another order: a run in its order (its jokers
    stand for their places), a group's tiles in any order."""
    kind = best_reading(row).kind
    return (kind, tuple(row) if kind == "run" else tuple(sorted(row)))


def _solve(rack: Sequence[Face], table: Sequence[Sequence[Face]], mode: Mode, seconds: float | None,
           lay_none: bool = False) -> Solution | None:
    """`solve` without keeping sets: the search's own play."""
    if mode == "meld":
        table = ()
    table_counts, rack_counts = _counts(face for row in table for face in row), _counts(rack)
    table_jokers = sum(1 for row in table for face in row if face.is_joker)
    jokers = table_jokers + sum(1 for face in rack if face.is_joker)
    by_value = mode != "tiles"
    if not by_value:
        fast = most_tiles(table_counts, rack_counts, jokers, _limit(seconds, tile_search.STEPS_PER_SECOND))
        if fast is not None:
            sets, points, numbered = fast
            placed = numbered + (JOKER,) * (jokers - table_jokers)
            if not placed and not lay_none:
                return None
            return Solution(placed, sets, len(placed), points - _points(table))
    return _full(table, table_counts, rack_counts, jokers, mode, _limit(seconds, STATES_PER_SECOND), lay_none)


def _full(table: Sequence[Sequence[Face]], table_counts: dict[tuple[int, int], int],
          rack_counts: dict[tuple[int, int], int], jokers: int, mode: Mode, limit: int | None,
          lay_none: bool = False) -> Solution | None:
    """`solve` by the full programme (`_search`): every mode, and the tables the fast one
    leaves (too little room for its free jokers)."""
    by_value = mode != "tiles"
    table_jokers = sum(1 for row in table for face in row if face.is_joker)
    layers = _search(table_counts, rack_counts, jokers, by_value, limit)
    best: tuple[tuple[int, int], NumberKey] | None = None
    for key, (score, _previous, _extra) in layers.groups[-1].items():
        from_rack = key[1] - table_jokers
        if from_rack < 0:
            continue  # a table joker left off the table
        rank = (score + (0 if by_value else from_rack), -from_rack)
        if best is None or rank > best[0]:
            best = (rank, key)
    if best is None:
        raise ValueError("the table's tiles cannot all be in sets")
    sets, points = _rebuild(layers, best[1])
    placed = _placed(table_counts, sets, best[1][1] - table_jokers)
    value = points - _points(table)
    if (not placed and not lay_none) or (mode == "meld" and value < MELD_POINTS):
        return None
    return Solution(placed, sets, len(placed), value)


def _points(table: Sequence[Sequence[Face]]) -> int:
    """The table's points, a joker counting as the tile it stands for (only a row with a joker
    needs reading for that)."""
    return sum(best_reading(row).value if any(face.is_joker for face in row) else sum(face.number or 0 for face in row)
               for row in table)


def _limit(seconds: float | None, per_second: int) -> int | None:
    return None if seconds is None else int(seconds * per_second)


def _counts(faces: Iterable[Face]) -> dict[tuple[int, int], int]:
    """How many of each numbered tile: (colour index, number) -> count."""
    counts: dict[tuple[int, int], int] = {}
    for face in faces:
        if not face.is_joker:
            counts[face.rank] = counts.get(face.rank, 0) + 1  # a face's rank is (colour index, number)
    return counts


def _rebuild(layers: _Layers, end: NumberKey) -> tuple[tuple[tuple[Face, ...], ...], int]:
    """The sets of the best play and their points, read back from the layers: each colour's
    steps and each number's group jokers, then the runs and groups built going up the numbers
    (a run's jokers stand for the numbers of their places, a group's for its number)."""
    steps: list[list[_Step]] = []
    extras: list[int] = []
    key: NumberKey = end
    for number in range(HIGHEST, 0, -1):
        _score, colour_key, extra = layers.groups[number - 1][key]
        extras.append(extra)
        these: list[_Step] = []
        for colour in range(3, -1, -1):
            _score2, colour_key, step = layers.colours[number - 1][colour][colour_key]
            these.append(step)
        steps.append(these[::-1])
        key = (colour_key[0], colour_key[1])
    steps.reverse()
    extras.reverse()
    sets: list[tuple[Face, ...]] = []
    points = 0
    open_runs: list[list[list[Face]]] = [[], [], [], []]
    for number in range(1, HIGHEST + 1):
        grouped: list[list[Face]] = []
        for colour in range(4):
            step = steps[number - 1][colour]
            long = [run for run in open_runs[colour] if len(run) >= 3]
            going = [run for run in open_runs[colour] if len(run) < 3] + long[:step.kept]
            sets.extend(tuple(run) for run in long[step.kept:])  # the long runs that stop here
            going += [[] for _ in range(step.started)]
            real = step.used - step.grouped
            # Real tiles first to the runs that have none yet, so that no run is jokers alone.
            going.sort(key=lambda run: any(not f.is_joker for f in run))
            for i, run in enumerate(going):
                run.append(_FACES[(colour, number)] if i < real else JOKER)
            points += number * len(going)
            open_runs[colour] = going
            grouped.append([_FACES[(colour, number)]] * step.grouped)
        groups = deal_groups(grouped, extras[number - 1])
        points += number * sum(len(group) for group in groups)
        sets.extend(groups)
    for colour_runs in open_runs:
        sets.extend(tuple(run) for run in colour_runs)
    return tuple(sets), points


def _placed(table_counts: dict[tuple[int, int], int], sets: Sequence[Sequence[Face]],
            jokers: int) -> tuple[Face, ...]:
    """The rack tiles the new table holds beyond the old table's."""
    laid = _counts(face for row in sets for face in row)
    placed = [face for key, count in sorted(laid.items()) for face in [_FACES[key]] * (count - table_counts.get(key, 0))]
    return tuple(sorted(placed)) + (JOKER,) * jokers
