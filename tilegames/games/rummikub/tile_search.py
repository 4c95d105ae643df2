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
for plays with more tiles than the best so far. A state is not entered when even every rack
tile still to come, with its own best step, could not lift it past the best (`rest`), and a
state it has finished is remembered with the most it can add, so it is never searched again
for less. What keeps that bound tight:

- a rack tile counts only where it fits at all (a run of 3 through it, or a group of 3 of its
  number, from the tiles and jokers there are: `fits_somewhere`), no more of one tile than the
  sets through its place can hold (`room`), and only while the jokers left could still bring
  it into a set (`_rest`);
- a colour's step is not taken when its runs could not be finished from the tiles of the next
  two numbers (tile_steps.can_go_on), nor when the tiles set aside for the number's groups
  could not be made groups whatever the later colours add (`_FEWEST_JOKERS`), nor when it lays
  a joker where a rack tile left on the rack could go instead (the tile would do better).

On the 1,000 positions of the benchmark (`tilegames bench --only rummikub-solver`) a search
enters a few hundred states at the median, a couple of thousand at the 90th percentile; the
positions with jokers are the costly ones.

Its score counts numbered rack tiles only: with every joker laid (free or needed), the rack's
jokers add the same to every play.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate

from tilegames.games.rummikub.notation import HIGHEST
from tilegames.games.rummikub.solver_groups import jokers_needed
from tilegames.games.rummikub.tile_steps import (
    GROUPED_MASK,
    MOST,
    MOST_MASK,
    MOST_OF_A_TILE,
    RUN_BITS,
    RUN_MASK,
    RUNS,
    USED,
    Move,
    Step,
    _MOVES,
    cell_code,
    jokers_of,
    moves_of,
)

STEPS_PER_SECOND = 100_000  # states entered a second: the slowest of 116 positions of 2,000+ states took 117k/s here

Cells = dict[tuple[int, int], int]

_GROUPS = 4  # the stage after a number's four colours: its groups
_FIRST, _END = 1 * 5, (HIGHEST + 1) * 5  # stage = number * 5 + colour (or _GROUPS)


Grid = list[list[int]]
"""Counts of tiles by colour, then number (0 and 14, 15 always 0, so no bounds to check)."""


def grid(cells: Cells) -> Grid:
    """`cells` as a grid."""
    counts = [[0] * (HIGHEST + 3) for _ in range(4)]
    for (colour, number), count in cells.items():
        counts[colour][number] = count
    return counts


def fits_somewhere(cells: Grid, jokers: int, colour: int, number: int) -> bool:
    """Whether a tile could be in some set, given how many of each tile there are (`cells`)
    and `jokers`: a group of 3 of its number, or a run of 3 in its colour through it."""
    if (cells[0][number] > 0) + (cells[1][number] > 0) + (cells[2][number] > 0) + (cells[3][number] > 0) + jokers >= 3:
        return True
    row = cells[colour]
    for start in range(max(1, number - 2), min(number, HIGHEST - 2) + 1):
        if (not row[start]) + (not row[start + 1]) + (not row[start + 2]) <= jokers:
            return True
    return False


def room(cells: Grid, jokers: int, colour: int, number: int) -> int:
    """The most tiles of one colour and number any table made of `cells` and `jokers` can hold.

    Runs: each run through the number holds the number before it or the one after it, and
    also the one two before or the one after, and the one before or two after; so there are no
    more runs than the tiles (and jokers) of the smallest such pair. Groups: as many as the
    number's colours can make three of each."""
    row = cells[colour]
    before2 = row[number - 2] if number > 1 else 0
    runs = jokers + min(row[number - 1] + row[number + 1], before2 + row[number + 1], row[number - 1] + row[number + 2])
    here = [cells[c][number] for c in range(4)]
    groups = 0
    for count in (1, 2, 3):
        if sum(tiles if tiles < count else count for tiles in here) + jokers >= 3 * count:
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
_NEEDED = [[jokers_needed(max(1, most), real) for real in range(GROUPED_MASK + 1)] for most in range(MOST_MASK + 1)]
_FEWEST_JOKERS = [[list(accumulate((_NEEDED[most][min(GROUPED_MASK, real + more)]
                                    for more in range(3 * MOST_OF_A_TILE + 1)), min))
                   for real in range(GROUPED_MASK + 1)] for most in range(MOST_MASK + 1)]


_NUMBER = [stage // 5 for stage in range(_END + 2)]
_COLOUR = [stage % 5 for stage in range(_END + 2)]
_SHIFT = [RUNS + RUN_BITS * min(colour, 3) for colour in _COLOUR]  # where a stage's colour's runs are in a key


class Search:
    """The tiles of one position and the bounds worked out from them; `best()` searches.

    `table` and `rack` count each numbered tile, `jokers` are all the jokers (table's and
    rack's); `limit` bounds the states taken up (a count, not a clock, so that a seeded game
    replays alike), past which TooManyStates."""

    def __init__(self, table: Cells, rack: Cells, jokers: int, limit: int | None = None) -> None:
        self.jokers, self.limit = jokers, limit
        self.work = 0
        self.fit = _fitting(grid(table), rack, jokers)
        cells = grid(table)
        for (colour, number), count in self.fit.items():
            cells[colour][number] += count
        colours_at = [sum(1 for c in range(4) if cells[c][n]) for n in range(HIGHEST + 3)]
        self.rest = _rest(cells, colours_at, self.fit, jokers)
        # For each colour stage, the tiles of the number's later colours (for its groups), and
        # what the colour's moves there depend on (tile_steps.cell_code): its tiles, whether
        # the number can have groups, the colour's tiles at the next two numbers (for its runs).
        self.later = [0] * (_END + 1)
        self.codes = [0] * (_END + 2)
        for number in range(1, HIGHEST + 1):
            groups = colours_at[number] + jokers >= 3
            later = 0
            for colour in range(3, -1, -1):
                stage, row = number * 5 + colour, cells[colour]
                self.later[stage] = later
                later += row[number]
                self.codes[stage] = cell_code(table.get((colour, number), 0), self.fit.get((colour, number), 0), number,
                                              colour, groups, row[number + 1], row[number + 2])

    def best(self) -> Play | None:
        """The play with the most rack tiles; None when the table cannot be sets at all."""
        jokers, limit, later_at = self.jokers, self.limit, self.later
        rest_by_used = self.rest[::-1]  # by the jokers used, not left
        known: dict[int, int] = {}  # (state << 7 | stage) -> the most it can add
        path: list[Step | int] = [0] * (_END + 1)  # each stage's step (a colour's) or jokers (groups')
        best_score, best_path, best_end = -1, path, 0
        work = self.work
        most_work = limit if limit is not None else 1 << 62
        codes, stored = self.codes, _MOVES

        def go(stage: int, key: int, score: int, found: tuple[Move, ...]) -> None:
            """Search on from `key` at `stage` (a number's colour), `score` tiles laid so far,
            with the colour's moves (`found`, looked up by the caller, which enters a state
            only when its best move could still beat the best play: a third of them cannot);
            the number's groups are made as its last colour is left (no stage of their own)."""
            nonlocal best_score, best_path, best_end, work
            work += 1
            if work > most_work:
                raise TooManyStates
            used = (key >> USED) & 7
            most = (key >> MOST) & MOST_MASK
            if _COLOUR[stage] < 3:
                child = stage + 1
                later, shift, after_child = later_at[stage], _SHIFT[child], child + 1
                rest_child = rest_by_used[used][child]
                for delta, gain, grouped, jokers_in, step in found:
                    total = score + gain
                    if total + rest_child <= best_score:
                        break  # sorted by gain: no later step can do better
                    new_key = key + delta
                    if grouped > most:
                        new_key += (grouped - most) << MOST
                    now_used = used + jokers_in
                    real = new_key & GROUPED_MASK
                    if real and now_used + _FEWEST_JOKERS[(new_key >> MOST) & MOST_MASK][real][later] > jokers:
                        continue  # the number's groups cannot be made, whatever the later colours add
                    memo = (new_key << 7) | child
                    if total + known.get(memo, rest_by_used[now_used][child]) <= best_score:
                        continue  # finished before, or too few jokers left: it cannot beat the best
                    code = codes[child] | ((new_key >> shift) & RUN_MASK) | ((jokers - now_used) << 11)
                    next_found = stored.get(code)
                    if next_found is None:
                        next_found = moves_of(code)
                    if not next_found or total + next_found[0][1] + rest_by_used[now_used][after_child] <= best_score:
                        known[memo] = best_score - total
                        continue  # its best move cannot beat the best
                    path[stage] = step
                    go(child, new_key, total, next_found)
            else:
                child = stage + 2  # past the groups, to the next number's first colour
                shift, after_child = _SHIFT[child], child + 1
                rest_child = rest_by_used[used][child]
                for delta, gain, grouped, jokers_in, step in found:
                    total = score + gain
                    if total + rest_child <= best_score:
                        break
                    new_key = key + delta
                    if grouped > most:
                        new_key += (grouped - most) << MOST
                    extra = _NEEDED[(new_key >> MOST) & MOST_MASK][new_key & GROUPED_MASK]
                    now_used = used + jokers_in + extra
                    if now_used > jokers:
                        continue  # the number's groups cannot be made
                    after = ((new_key >> RUNS) << RUNS) + (now_used << USED)
                    path[stage], path[stage + 1] = step, extra
                    if child == _END:
                        if total > best_score:
                            best_score, best_path, best_end = total, path[:], after
                        continue
                    memo = (after << 7) | child
                    if total + known.get(memo, rest_by_used[now_used][child]) <= best_score:
                        continue
                    code = codes[child] | ((after >> shift) & RUN_MASK) | ((jokers - now_used) << 11)
                    next_found = stored.get(code)
                    if next_found is None:
                        next_found = moves_of(code)
                    if not next_found or total + next_found[0][1] + rest_by_used[now_used][after_child] <= best_score:
                        known[memo] = best_score - total
                        continue
                    go(child, after, total, next_found)
            # Whatever this state could add that beats the old best, the new best holds.
            known[(key << 7) | stage] = best_score - score

        try:
            go(_FIRST, 0, 0, moves_of(codes[_FIRST] | (jokers << 11)))
        finally:
            self.work = work
        if best_score < 0:
            return None
        steps = [[best_path[number * 5 + colour] for colour in range(4)] for number in range(1, HIGHEST + 1)]
        group_jokers = [best_path[number * 5 + _GROUPS] for number in range(1, HIGHEST + 1)]
        return Play(steps, group_jokers, jokers_of(best_end), best_score)  # type: ignore[arg-type]


def _fitting(table: Grid, rack: Cells, jokers: int) -> Cells:
    """The rack tiles a play may lay, as many of each as can be laid at most: those that fit
    somewhere (again without those that do not, until none drops out: a tile that fits nowhere
    helps no other to fit), no more of each than its `room` beside the table's."""
    fit = dict(rack)
    cells = [row[:] for row in table]
    for (colour, number), count in fit.items():
        cells[colour][number] += count
    while True:
        dropped = [key for key in fit if not fits_somewhere(cells, jokers, *key)]
        if not dropped:
            break
        for colour, number in dropped:
            cells[colour][number] -= fit.pop((colour, number))
    capped = {}
    for (colour, number), count in fit.items():
        most = min(count, room(cells, jokers, colour, number) - table[colour][number])
        if most > 0:
            capped[(colour, number)] = most
    return capped


def _rest(cells: Grid, colours_at: list[int], fit: Cells, jokers: int) -> list[list[int]]:
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
    gaps: dict[int, list[int]] = {}  # a colour's numbers missing up to each number
    for (colour, number), count in fit.items():
        gap = gaps.get(colour)
        if gap is None:
            gap = gaps[colour] = [0] * (HIGHEST + 1)
            row = cells[colour]
            for n in range(1, HIGHEST + 1):
                gap[n] = gap[n - 1] + (0 if row[n] else 1)
        need = 3 - colours_at[number] if colours_at[number] < 3 else 0
        # runs begun at `first` or later, the latest first
        for first in range(number, 0, -1):
            if number - 2 <= first <= HIGHEST - 2:
                window = gap[first + 2] - gap[first - 1]
                if window < need:
                    need = window
            least = need
            if first > 1:
                reach = gap[number - 1] - gap[first - 1]
                if reach < least:
                    least = reach
            if least <= jokers:
                row = steps[least]
                row[_FIRST if first == 1 else (first - 1) * 5 + colour + 1] += count
                row[first * 5 + colour + 1] -= count
    rest = []
    running = [0] * (stages + 1)
    for left in range(jokers + 1):
        running = [a + b for a, b in zip(running, steps[left])]
        rest.append(list(accumulate(running)))
    return rest
