"""Each colour's share of one number in the fast programme (tile_search.py): the states of its
open runs, every way its tiles of the number can go, and those ways as changes to a search
state, which is one int.

A run's state is all the programme keeps of it (`ONE` to `J2`); a colour's open runs are the
sorted tuple of their states, known by an id (`run_id`) so that a whole search state fits in an
int: the tiles of the number set aside for groups so far, the most of one colour among them,
the jokers used, then each colour's runs. Ints hash and add fast, and the search does little
else.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache

from tilegames.games.rummikub.notation import HIGHEST

ONE, TWO, LONG, MUST, J1, J2 = 1, 2, 3, 4, 5, 6
"""A run's states: 1 or 2 tiles so far (must go on), 3 or more ending in a tile or 3 ending in
a joker (may stop), 4 or more ending in a joker (must go on, with a tile at last), and a run
begun with one or two jokers at 11 that has no tile yet."""
WITH_TILE = {ONE: TWO, TWO: LONG, LONG: LONG, MUST: LONG, J1: TWO, J2: LONG}
WITH_JOKER = {ONE: TWO, TWO: LONG, LONG: MUST, MUST: MUST, J1: J2}
JOKER_START = HIGHEST - 2  # the one number where a run may begin with a joker
LAST_START = HIGHEST - 2  # the last number where a run of 3 can begin with a tile

MOST_OF_A_TILE = 7
"""The most of one tile, and the most jokers, the programme counts (3 bits each in a state and
a cell's code): the XP set's 3 of a tile and its 4 jokers, each searched as that very tile
(joker_plays.py). A position with more is left to solver.py's full programme (tile_table.py)."""

# A state's fields: tiles in groups (5 bits), the most of one colour among them (3), jokers used
# (3), then 11 bits a colour for its runs' id.
GROUPED_MASK, MOST, MOST_MASK, USED, RUNS, RUN_BITS = 31, 5, 7, 8, 11, 11
RUN_MASK = (1 << RUN_BITS) - 1
_RUN_IDS: dict[tuple[int, ...], int] = {(): 0}
_RUN_TUPLES: list[tuple[int, ...]] = [()]
_NEW_ID = threading.Lock()


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
                    if (jokers_used or joker_started) and in_runs + started + grouped < table + rack:
                        continue  # a joker where a rack tile left on the rack could go instead
                    step = Step(tiles, jokers, started, joker_started, grouped)
                    new = tuple(sorted(after + (ONE,) * started + (J1,) * joker_started))
                    found.append((step, new))
    return tuple(found)


def can_go_on(runs: tuple[int, ...], number: int, ahead: tuple[int, int], jokers: int) -> bool:
    """Whether a colour's open runs after `number` can still be finished, given how many of
    its tiles the next two numbers have (`ahead`) and the jokers left: every run short of a
    tile needs one (or a joker) at the next number, and a run of one at the number after too;
    none goes past 13."""
    short = sum(1 for state in runs if state != LONG)
    shorter = sum(1 for state in runs if state == ONE or state == J1)
    if short and (number >= HIGHEST or short > ahead[0] + jokers):
        return False
    return not shorter or (number + 2 <= HIGHEST and shorter <= ahead[1] + jokers)


def run_id(runs: tuple[int, ...]) -> int:
    """The id of a colour's open runs (the same tuple, the same id, in every search). A new one
    is made under a lock: a computer player's search may run in a thread beside a hint's."""
    found = _RUN_IDS.get(runs)
    if found is None:
        with _NEW_ID:
            found = _RUN_IDS.get(runs)
            if found is None:
                _RUN_TUPLES.append(runs)
                found = _RUN_IDS[runs] = len(_RUN_TUPLES) - 1
    return found


def runs_of(key: int, colour: int) -> tuple[int, ...]:
    """A colour's open runs in a state."""
    return _RUN_TUPLES[(key >> (RUNS + RUN_BITS * colour)) & RUN_MASK]


def jokers_of(key: int) -> int:
    """The jokers a state has used."""
    return (key >> USED) & 7


Move = tuple[int, int, int, int, Step]
"""What a step adds to a state's key (its runs, jokers and tiles set aside), its score (rack
tiles laid), its tiles set aside for groups, its jokers, and the step."""


def cell_code(table: int, rack: int, number: int, colour: int, groups: bool, next1: int, next2: int) -> int:
    """All that one colour's moves at one number depend on but its runs and jokers left, as
    one int (a search adds those: `| run id | jokers left << 11`): the tiles there (table's,
    rack's), the number (1 to 10 behave alike), the colour, whether the number can have groups,
    and the colour's tiles at the next two numbers (each count 3 bits: `MOST_OF_A_TILE`)."""
    return ((table << 14) | (rack << 17) | ((number if number > LAST_START - 1 else LAST_START - 1) << 20)
            | (colour << 24) | (groups << 26) | (next1 << 27) | (next2 << 30))


_MOVES: dict[int, tuple[Move, ...]] = {}
_MOVES_KEPT = 1 << 17  # moves kept for the next searches before the store starts again


def moves_of(code: int) -> tuple[Move, ...]:
    """The moves for `cell_code(...) | runs' id | jokers left << 11` (a search looks in
    `_MOVES` first, then asks here, which keeps them there): `steps` as changes to a state's
    key, best score first,
    leaving out the steps whose runs cannot be finished (`can_go_on`); at a number that can
    have no group, none sets tiles aside."""
    run, jokers_left = code & RUN_MASK, (code >> 11) & 7
    table, rack, number, colour = (code >> 14) & 7, (code >> 17) & 7, (code >> 20) & 15, (code >> 24) & 3
    groups, ahead = bool((code >> 26) & 1), ((code >> 27) & 7, (code >> 30) & 7)
    shift = RUNS + RUN_BITS * colour
    found = tuple(((change << shift) + (jokers << USED) + grouped, gain, grouped, jokers, step)
                  for change, jokers, gain, grouped, step in _moves(run, table, rack, jokers_left, number, groups, ahead))
    if len(_MOVES) >= _MOVES_KEPT:
        _MOVES.clear()
    _MOVES[code] = found
    return found


@lru_cache(maxsize=1 << 16)
def _moves(run: int, table: int, rack: int, jokers_left: int, number: int, groups: bool, ahead: tuple[int, int]
           ) -> tuple[tuple[int, int, int, int, Step], ...]:
    """`moves` for any colour: each step's change to the runs' id (unshifted), its jokers, its
    score, its tiles set aside and the step."""
    found = [(run_id(after) - run, step.jokers_in, step.used - table, step.grouped, step)
             for step, after in steps(_RUN_TUPLES[run], table, rack, jokers_left, number)
             if (groups or not step.grouped) and can_go_on(after, number, ahead, jokers_left - step.jokers_in)]
    # Best score first; among equals, runs going on before runs stopping or starting, and the
    # fewest jokers, so the first play found keeps the table's runs whole where it can.
    found.sort(key=lambda move: (-move[2], move[4].started + move[4].joker_started, -sum(move[4].tiles),
                                 move[4].jokers_in))
    return tuple(found)
