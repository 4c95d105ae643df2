"""The solver's fast programme for the most tiles (solver.py's `tiles` mode).

It is the same dynamic programme over the numbers 1 to 13 as solver.py's, made small by two
facts about jokers and one bound.

**Only the jokers a set needs.** Take any best table and lift off every joker whose set stays
valid without it (a joker at the end of a run of 4 or more, one in a group of 4): what is left
needs each of its jokers, and the lifted ones go back on anywhere there is room. So the
programme builds only tables whose jokers are needed, and lays the rest as *free* jokers at
the end (`Solution.free`), where the table has room (`room`): a run takes more up to 13, a
group of 3 a fourth. In such a table a run has a joker at its end only when it is 3 long
(`K5 K6 J`), and starts with one only when it must, because it ends at 13 (`J K12 K13`: such
a run starts at 11); a group has jokers only to make 3. That cuts the choices at every
number: a group's jokers follow from its tiles, a joker never starts a run before 11, and a
run that went on with a joker must go on with a tile (`MUST`) unless it is 3 long. A table
with too little room (almost none: an empty table, groups of 4 only) is left to solver.py's
full programme.

**A bound.** Every rack tile that fits in no set at all (given every tile on the table and
rack and every joker) is left out of the count from the start; the programme then looks for
a play of `target` tiles, dropping every state that could not reach it even if every rack tile
still to come were laid, with `target` going down from the most conceivable until one is
found. Most positions need one or two passes, each pass a fraction of the full programme.

Its score counts numbered rack tiles only: with every joker laid (free or needed), the rack's
jokers add the same to every play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from tilegames.games.rummikub.notation import HIGHEST
from tilegames.games.rummikub.solver_groups import jokers_needed

ONE, TWO, LONG, MUST, J1, J2 = 1, 2, 3, 4, 5, 6
"""A run's states: 1 or 2 tiles so far (must go on), 3 or more ending in a tile or 3 ending in
a joker (may stop), 4 or more ending in a joker (must go on, with a tile at last), and a run
begun with one or two jokers at 11 that has no tile yet."""
WITH_TILE = {ONE: TWO, TWO: LONG, LONG: LONG, MUST: LONG, J1: TWO, J2: LONG}
WITH_JOKER = {ONE: TWO, TWO: LONG, LONG: MUST, MUST: MUST, J1: J2}
STEPS_PER_SECOND = 80_000  # states the search takes up in a second: the slowest of 118 positions here took 86k/s
JOKER_START = HIGHEST - 2  # the one number where a run may begin with a joker
LAST_START = HIGHEST - 2  # the last number where a run of 3 can begin with a tile

Runs = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
Cells = dict[tuple[int, int], int]


@dataclass(frozen=True)
class Step:
    """One colour's share of one number: for each state of its open runs (in `runs` order of
    the distinct states), how many go on with a tile and with a joker (the rest of a LONG kind
    stop); the runs begun with a tile and with a joker; the tiles left for the groups."""

    tiles: tuple[int, ...]
    jokers: tuple[int, ...]
    started: int
    joker_started: int
    grouped: int

    @property
    def used(self) -> int:
        return sum(self.tiles) + self.started + self.grouped

    @property
    def jokers_in(self) -> int:
        return sum(self.jokers) + self.joker_started


def kinds(runs: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The distinct states of a colour's runs with how many of each, in state order."""
    return tuple((state, runs.count(state)) for state in sorted(set(runs)))


@lru_cache(maxsize=1 << 16)
def steps(runs: tuple[int, ...], table: int, rack: int, jokers_left: int, number: int
          ) -> tuple[tuple[Step, tuple[int, ...]], ...]:
    """Every way one colour's tiles of `number` can go, with the colour's runs after it."""
    shares: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = [((), (), ())]
    for state, count in kinds(runs):
        grown = []
        for tiles, jokers, after in shares:
            for with_tile in range(count + 1):
                most_jokers = count - with_tile if state in WITH_JOKER else 0
                for with_joker in range(most_jokers + 1):
                    if state != LONG and with_tile + with_joker < count:
                        continue  # a run that must go on
                    if sum(jokers) + with_joker > jokers_left:
                        break
                    moved = (WITH_TILE[state],) * with_tile + (WITH_JOKER.get(state, 0),) * with_joker
                    grown.append((tiles + (with_tile,), jokers + (with_joker,), after + moved))
        shares = grown
    found = []
    for tiles, jokers, after in shares:
        in_runs, jokers_used = sum(tiles), sum(jokers)
        if in_runs > table + rack:
            continue
        most_started = table + rack - in_runs if number <= LAST_START else 0
        for started in range(most_started + 1):
            most_joker_started = jokers_left - jokers_used if number == JOKER_START else 0
            for joker_started in range(most_joker_started + 1):
                for grouped in range(max(0, table - in_runs - started), table + rack - in_runs - started + 1):
                    step = Step(tiles, jokers, started, joker_started, grouped)
                    new = tuple(sorted(after + (ONE,) * started + (J1,) * joker_started))
                    found.append((step, new))
    return tuple(found)


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


class TooManyStates(Exception):
    """The search grew past its limit of states before it finished (a large table with many
    jokers)."""


# A state is one int: the tiles of the number in groups so far (4 bits), the most of one colour
# among them (2), the jokers used (3), then each colour's open runs (an id of their tuple, 11
# bits a colour). Ints hash and add fast, and the programme does little else.
_MOST, _USED, _RUNS, _RUN_BITS = 4, 6, 9, 11
_RUN_MASK = (1 << _RUN_BITS) - 1
_RUN_IDS: dict[tuple[int, ...], int] = {(): 0}
_RUN_TUPLES: list[tuple[int, ...]] = [()]


def run_id(runs: tuple[int, ...]) -> int:
    """The id of a colour's open runs (the same tuple, the same id, in every search)."""
    found = _RUN_IDS.get(runs)
    if found is None:
        found = _RUN_IDS[runs] = len(_RUN_TUPLES)
        _RUN_TUPLES.append(runs)
    return found


def runs_of(key: int, colour: int) -> tuple[int, ...]:
    """A colour's open runs in a state."""
    return _RUN_TUPLES[(key >> (_RUNS + _RUN_BITS * colour)) & _RUN_MASK]


def jokers_of(key: int) -> int:
    """The jokers a state has used."""
    return (key >> _USED) & 7


Move = tuple[int, int, int, Step]  # what a step adds to a state's key, its score, its tiles in groups, the step


@lru_cache(maxsize=1 << 16)
def moves(run: int, table: int, rack: int, jokers_left: int, number: int, colour: int, groups: bool
          ) -> tuple[Move, ...]:
    """`steps` for a colour's runs (by id) as changes to a state's key, best score first;
    without `groups` (no group of this number can be made) none sets tiles aside."""
    shift = _RUNS + _RUN_BITS * colour
    found = [(((run_id(after) - run) << shift) + (step.jokers_in << _USED), step.used - table, step.grouped, step)
             for step, after in steps(_RUN_TUPLES[run], table, rack, jokers_left, number)
             if groups or not step.grouped]
    # Best score first; among equals, runs going on before runs stopping or starting, and the
    # fewest jokers, so the first play found keeps the table's runs whole where it can.
    found.sort(key=lambda move: (-move[1], move[3].started + move[3].joker_started, -sum(move[3].tiles),
                                 move[3].jokers_in))
    return tuple(found)


@dataclass(frozen=True)
class Play:
    """The play found: each number's steps, colour by colour, the jokers of each number's
    groups, the jokers used in all, and the rack tiles laid (numbered ones)."""

    steps: list[list[Step]]
    group_jokers: list[int]
    jokers: int
    score: int


_GROUPS = 4  # the stage after a number's four colours: its groups


@dataclass
class Search:
    """The tiles of one position, what the passes have learnt, and the state count so far
    (bounded by `limit`)."""

    table: Cells
    rack: Cells
    jokers: int
    limit: int | None = None
    work: int = 0
    fit: Cells = field(init=False)
    groups_at: list[bool] = field(init=False)
    rest: list[int] = field(init=False)
    known: dict[int, int] = field(init=False, default_factory=dict)
    moves_at: dict[int, tuple[Move, ...]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        cells = {key: self.table.get(key, 0) + self.rack.get(key, 0) for key in set(self.table) | set(self.rack)}
        # The rack tiles that fit in some set: the only ones a play can lay.
        self.fit = {key: count for key, count in self.rack.items() if fits_somewhere(cells, self.jokers, *key)}
        self.groups_at = [sum(1 for c in range(4) if cells.get((c, n), 0)) + self.jokers >= 3
                          for n in range(HIGHEST + 2)]
        # For each stage (a number's colour, or its groups), the rack tiles that fit still to come.
        self.rest = [0] * ((HIGHEST + 2) * 5)
        for stage in range(_stage(HIGHEST, _GROUPS), _stage(1, 0) - 1, -1):
            number, colour = divmod(stage, 5)
            later = self.rest[stage + 1]
            self.rest[stage] = later + (self.fit.get((colour, number), 0) if colour < _GROUPS else 0)
        self.known = {}

    def best(self) -> Play | None:
        """The play with the most rack tiles: a pass for each count, from the most conceivable
        down, each learning from the last; None when the table cannot be sets at all."""
        for target in range(self.rest[_stage(1, 0)], -1, -1):
            self.target = target
            self.steps_at: list[list[Step]] = [[] for _ in range(HIGHEST + 1)]
            self.group_jokers_at = [0] * (HIGHEST + 1)
            self.end = 0
            if self.go(1, 0, 0, 0):
                return Play([row[::-1] for row in self.steps_at[1:]], self.group_jokers_at[1:],
                            jokers_of(self.end), target)
        return None

    def go(self, number: int, colour: int, key: int, score: int) -> bool:
        """Whether a play of `target` tiles goes on from this state at this stage (filling in
        its steps when it does). A state that fails is remembered with the most it can still
        add (less than it needed), so no pass explores it again for less. The bound of each
        state is looked at before it is entered (`enters`): most are not."""
        if number > HIGHEST:
            self.end = key
            return score >= self.target
        stage = number * 5 + colour
        memo = (key << 7) | stage
        known, target = self.known, self.target
        bound = known.get(memo, self.rest[stage])
        self.work += 1
        if self.limit is not None and self.work > self.limit:
            raise TooManyStates
        if colour == _GROUPS:
            if self.grouped(number, key, score):
                return True
        else:
            used = (key >> _USED) & 7
            most = (key >> _MOST) & 3
            run = (key >> (_RUNS + _RUN_BITS * colour)) & _RUN_MASK
            found = self.moves_at.get((run << 10) | (stage << 3) | used)
            if found is None:
                found = self.moves_at[(run << 10) | (stage << 3) | used] = moves(
                    run, self.table.get((colour, number), 0), self.fit.get((colour, number), 0), self.jokers - used,
                    number, colour, self.groups_at[number])
            child = stage + 1
            floor = target - self.rest[child] - score
            for delta, gain, grouped, step in found:
                if gain < floor:
                    break
                new_key = key + delta + grouped
                if grouped > most:
                    new_key += (grouped - most) << _MOST
                if score + gain + known.get((new_key << 7) | child, target) < target:
                    continue  # that state failed before with as much as this
                if self.go(number, colour + 1, new_key, score + gain):
                    self.steps_at[number].append(step)
                    return True
        known[memo] = min(bound, target - score - 1)
        return False

    def grouped(self, number: int, key: int, score: int) -> bool:
        """The groups of `number` from the tiles the state set aside, with the jokers they need,
        then the next number; at 13, every run must be done."""
        if number == HIGHEST and not all(state == LONG for colour in range(4) for state in runs_of(key, colour)):
            return False
        extra = _NEEDED[(key >> _MOST) & 3][key & 15]
        used = ((key >> _USED) & 7) + extra
        if used > self.jokers:
            return False
        after = ((key >> _RUNS) << _RUNS) + (used << _USED)
        child = (number + 1) * 5
        if score + self.known.get((after << 7) | child, self.target) < self.target:
            return False
        if self.go(number + 1, 0, after, score):
            self.group_jokers_at[number] = extra
            return True
        return False


# The jokers each number's groups need, by the most of one colour in them and their tiles.
_NEEDED = [[jokers_needed(max(1, most), real) for real in range(16)] for most in range(4)]


def _stage(number: int, colour: int) -> int:
    return number * 5 + colour
