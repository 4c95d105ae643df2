"""The solver's fast programme for the most tiles (solver.py's `tiles` mode).

It is the same dynamic programme over the numbers 1 to 13 as solver.py's, made small by two
facts about jokers, searched depth first with bounds that prune most of it.

**Only the jokers a set needs.** Take any best table and lift off every joker whose set stays
valid without it (a joker at the end of a run of 4 or more, one in a group of 4): what is left
needs each of its jokers, and the lifted ones go back on anywhere there is room. So the
programme builds only tables whose jokers are needed, and lays the rest as *free* jokers at
the end (tile_table.py), where the table has room: a run takes more up to 13, a group of 3 a
fourth. In such a table a run has a joker at its end only when it is 3 long (`K5 K6 J`), and
starts with one only when it must, because it ends at 13 (`J K12 K13`: such a run starts at
11); a group has jokers only to make 3. That cuts the choices at every number: a group's
jokers follow from its tiles, a joker never starts a run before 11, and a run that went on with
a joker must go on with a tile (`MUST`) unless it is 3 long. A table with too little room
(almost none: an empty table, groups of 4 only) is left to solver.py's full programme.

**Branch and bound.** The search goes up the numbers, colour by colour (tile_steps.py), each
colour's best-scoring steps first, so its first play is a good one; from then on it looks only
for plays with more tiles than the best so far. A state is dropped when even every rack tile
still to come could not lift it past the best (`rest`), and a state it has finished is
remembered with the most it can add, so it is never searched again for less. Three things
keep the bound tight:

- a rack tile counts only where it fits at all (a run of 3 through it, or a group of 3 of its
  number, from the tiles and jokers there are: `fits_somewhere`), and no more of one tile than
  the sets through its place can hold (`room`);
- a colour's step is not taken when its runs could not be finished from the tiles of the next
  two numbers (tile_steps.can_go_on);
- nor when the tiles set aside for the number's groups could not be made groups whatever the
  later colours add (`_FEWEST_JOKERS`).

Its score counts numbered rack tiles only: with every joker laid (free or needed), the rack's
jokers add the same to every play.
"""

from __future__ import annotations

from dataclasses import dataclass

from tilegames.games.rummikub.notation import HIGHEST
from tilegames.games.rummikub.solver_groups import jokers_needed
from tilegames.games.rummikub.tile_steps import (
    GROUPED_MASK,
    MOST,
    RUN_BITS,
    RUN_MASK,
    RUNS,
    USED,
    Move,
    Step,
    jokers_of,
    moves,
)

STEPS_PER_SECOND = 80_000  # states the search takes up in a second on a slow machine (measured)

Cells = dict[tuple[int, int], int]

_GROUPS = 4  # the stage after a number's four colours: its groups
_FIRST, _END = 1 * 5, (HIGHEST + 1) * 5  # stage = number * 5 + colour (or _GROUPS)


def fits_somewhere(cells: Cells, jokers: int, colour: int, number: int) -> bool:
    """Whether a tile could be in some set, given how many of each tile there are (`cells`)
    and `jokers`: a run of 3 in its colour through it, or a group of 3 of its number."""
    colours = sum(1 for c in range(4) if cells.get((c, number), 0))
    if colours + jokers >= 3:
        return True
    for start in range(max(1, number - 2), min(number, HIGHEST - 2) + 1):
        missing = sum(1 for n in range(start, start + 3) if not cells.get((colour, n), 0))
        if missing <= jokers:
            return True
    return False


def room(cells: Cells, jokers: int, colour: int, number: int) -> int:
    """The most tiles of one colour and number any table made of `cells` and `jokers` can hold.

    Runs: each run through the number holds the number before it or the one after it, and
    also the one two before or the one after, and the one before or two after; so there are no
    more runs than the tiles (and jokers) of the smallest such pair. Groups: as many as the
    number's colours can make three of each."""
    def at(n: int) -> int:
        return cells.get((colour, n), 0)
    runs = jokers + min(at(number - 1) + at(number + 1), at(number - 2) + at(number + 1),
                        at(number - 1) + at(number + 2))
    groups = 0
    for count in (1, 2, 3):
        real = sum(min(cells.get((c, number), 0), count) for c in range(4))
        if real + jokers >= 3 * count:
            groups = count
    return runs + groups


class TooManyStates(Exception):
    """The search grew past its limit of states before it finished (a large table with many
    jokers)."""


@dataclass(frozen=True)
class Play:
    """The play found: each number's steps, colour by colour, the jokers of each number's
    groups, the jokers used in all, and the rack tiles laid (numbered ones)."""

    steps: list[list[Step]]
    group_jokers: list[int]
    jokers: int
    score: int


# The jokers each number's groups need, by the most of one colour in them and their tiles; and
# the fewest they can need when up to `later` more tiles of other colours may still join them.
_NEEDED = [[jokers_needed(max(1, most), real) for real in range(16)] for most in range(4)]
_FEWEST_JOKERS = [[[min(_NEEDED[most][min(15, real + more)] for more in range(later + 1)) for later in range(16)]
                   for real in range(16)] for most in range(4)]


_NUMBER = [stage // 5 for stage in range(_END + 1)]
_COLOUR = [stage % 5 for stage in range(_END + 1)]


class Search:
    """The tiles of one position and the bounds worked out from them; `best()` searches.

    `table` and `rack` count each numbered tile, `jokers` are all the jokers (table's and
    rack's); `limit` bounds the states taken up (a count, not a clock, so that a seeded game
    replays alike), past which TooManyStates."""

    def __init__(self, table: Cells, rack: Cells, jokers: int, limit: int | None = None) -> None:
        self.table, self.jokers, self.limit = table, jokers, limit
        self.work = 0
        self.fit = _fitting(table, rack, jokers)
        cells = {key: table.get(key, 0) + self.fit.get(key, 0) for key in set(table) | set(self.fit)}
        self.groups_at = [sum(1 for c in range(4) if cells.get((c, n), 0)) + jokers >= 3 for n in range(HIGHEST + 2)]
        stages = _END + 1
        # For each stage, the rack tiles that fit still to come, the tiles of the number's later
        # colours (for its groups) and the colour's tiles at the next two numbers (for its runs).
        self.rest = _rest(cells, self.fit, jokers)
        self.later = [0] * stages
        self.ahead = [(0, 0)] * stages
        for stage in range(_END - 1, _FIRST - 1, -1):
            number, colour = divmod(stage, 5)
            if colour < _GROUPS:
                self.later[stage] = sum(cells.get((c, number), 0) for c in range(colour + 1, 4))
                self.ahead[stage] = (cells.get((colour, number + 1), 0), cells.get((colour, number + 2), 0))

    def best(self) -> Play | None:
        """The play with the most rack tiles; None when the table cannot be sets at all."""
        table, fit, jokers, limit = self.table, self.fit, self.jokers, self.limit
        rests, later_at, ahead, groups_at = self.rest, self.later, self.ahead, self.groups_at
        known: dict[int, int] = {}  # (state << 7 | stage) -> the most it can add
        moves_at: dict[int, tuple[Move, ...]] = {}
        path: list[Step | int] = [0] * (_END + 1)  # each stage's step (a colour's) or jokers (groups')
        best_score, best_path, best_end = -1, path, 0
        work = self.work

        def go(stage: int, key: int, score: int) -> None:
            """Search on from `key` at `stage` (a number's colour), `score` tiles laid so far;
            the number's groups are made as its last colour is left (no stage of their own)."""
            nonlocal best_score, best_path, best_end, work
            work += 1
            if limit is not None and work > limit:
                raise TooManyStates
            colour = _COLOUR[stage]
            used = (key >> USED) & 7
            index = (((key >> (RUNS + RUN_BITS * colour)) & RUN_MASK) << 10) | (stage << 3) | used
            found = moves_at.get(index)
            if found is None:
                number = _NUMBER[stage]
                found = moves_at[index] = moves(index >> 10, table.get((colour, number), 0),
                                                fit.get((colour, number), 0), jokers - used, number, colour,
                                                groups_at[number], ahead[stage])
            most = (key >> MOST) & 3
            later = later_at[stage]
            if colour < 3:
                child = stage + 1
                rest_child = rests[jokers - used][child]
                for delta, gain, grouped, step in found:
                    if score + gain + rest_child <= best_score:
                        break  # sorted by gain: no later step can do better
                    new_key = key + delta + grouped
                    if grouped > most:
                        new_key += (grouped - most) << MOST
                    real = new_key & GROUPED_MASK
                    now_used = (new_key >> USED) & 7
                    if real and now_used + _FEWEST_JOKERS[(new_key >> MOST) & 3][real][later] > jokers:
                        continue  # the number's groups cannot be made, whatever the later colours add
                    if score + gain + known.get((new_key << 7) | child, rests[jokers - now_used][child]) <= best_score:
                        continue  # finished before, or too few jokers left: it cannot beat the best
                    path[stage] = step
                    go(child, new_key, score + gain)
            else:
                child = stage + 2  # past the groups, to the next number's first colour
                rest_child = rests[jokers - used][child]
                for delta, gain, grouped, step in found:
                    if score + gain + rest_child <= best_score:
                        break
                    new_key = key + delta + grouped
                    if grouped > most:
                        new_key += (grouped - most) << MOST
                    extra = _NEEDED[(new_key >> MOST) & 3][new_key & GROUPED_MASK]
                    jokers_used = ((new_key >> USED) & 7) + extra
                    if jokers_used > jokers:
                        continue  # the number's groups cannot be made
                    after = ((new_key >> RUNS) << RUNS) + (jokers_used << USED)
                    path[stage], path[stage + 1] = step, extra
                    if child == _END:
                        if score + gain > best_score:
                            best_score, best_path, best_end = score + gain, path[:], after
                    elif score + gain + known.get((after << 7) | child, rests[jokers - jokers_used][child]) > best_score:
                        go(child, after, score + gain)
            # Whatever this state could add that beats the old best, the new best holds.
            known[(key << 7) | stage] = best_score - score

        try:
            go(_FIRST, 0, 0)
        finally:
            self.work = work
        if best_score < 0:
            return None
        steps = [[best_path[number * 5 + colour] for colour in range(4)] for number in range(1, HIGHEST + 1)]
        group_jokers = [best_path[number * 5 + _GROUPS] for number in range(1, HIGHEST + 1)]
        return Play(steps, group_jokers, jokers_of(best_end), best_score)  # type: ignore[arg-type]


def _fitting(table: Cells, rack: Cells, jokers: int) -> Cells:
    """The rack tiles a play may lay, as many of each as can be laid at most: those that fit
    somewhere (again without those that do not, until none drops out: a tile that fits nowhere
    helps no other to fit), no more of each than its `room` beside the table's."""
    fit = dict(rack)
    while True:
        cells = {key: table.get(key, 0) + fit.get(key, 0) for key in set(table) | set(fit)}
        kept = {key: count for key, count in fit.items() if fits_somewhere(cells, jokers, *key)}
        if len(kept) == len(fit):
            break
        fit = kept
    capped = {key: min(count, room(cells, jokers, *key) - table.get(key, 0)) for key, count in fit.items()}
    return {key: count for key, count in capped.items() if count > 0}


def _rest(cells: Cells, fit: Cells, jokers: int) -> list[list[int]]:
    """For each count of jokers left and each stage, the most rack tiles still to come that a
    play can lay: each counted only while the jokers left could still bring it into a set.

    A tile still to come goes in a group of its number (short of colours, with jokers laid
    then), in a run begun later (the jokers it lacks laid then too), or in a run open now that
    reaches it (every number up to it filled, by tiles or jokers laid from now on). So a tile
    that needs a joker counts no more once the jokers are gone, unless a run already open can
    reach it."""
    stages = _END + 1
    # Added up as differences: a tile adds its count from the jokers it needs up, over the
    # stages where its colour's first number not yet passed is `first`.
    steps = [[0] * (stages + 1) for _ in range(jokers + 1)]
    colours_at = [sum(1 for c in range(4) if cells.get((c, n), 0)) for n in range(HIGHEST + 1)]
    gaps: dict[int, list[int]] = {}  # a colour's numbers missing up to each number
    for (colour, number), count in fit.items():
        gap = gaps.get(colour)
        if gap is None:
            gap = gaps[colour] = [0] * (HIGHEST + 1)
            for n in range(1, HIGHEST + 1):
                gap[n] = gap[n - 1] + (0 if cells.get((colour, n), 0) else 1)
        group = max(0, 3 - colours_at[number])
        need = group
        # runs begun at `start` or later, the latest first
        for first in range(number, 0, -1):
            if first <= HIGHEST - 2 and first >= number - 2:
                need = min(need, gap[first + 2] - gap[first - 1])
            reach = gap[number - 1] - gap[first - 1] if first > 1 else need
            if min(need, reach) <= jokers:
                low = _FIRST if first == 1 else (first - 1) * 5 + colour + 1
                row = steps[min(need, reach)]
                row[low] += count
                row[first * 5 + colour + 1] -= count
    rest = []
    running = [0] * (stages + 1)
    for left in range(jokers + 1):
        total, row = 0, []
        for stage in range(stages):
            running[stage] += steps[left][stage]
            total += running[stage]
            row.append(total)
        rest.append(row)
    return rest
