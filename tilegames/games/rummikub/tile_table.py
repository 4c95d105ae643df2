"""The table of the fast programme's play (tile_search.py) laid out as sets of faces, with its
free jokers laid where there is room.

Going up the numbers, each colour's open runs take their tiles and jokers as the play's steps
say; runs of one state are alike to the programme, so any of them may take a tile. Free jokers
go to the top end of a run (up to 13), else its bottom end, else to a group of 3.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tilegames.games.rummikub.notation import COLOURS, HIGHEST, Face
from tilegames.games.rummikub.notation import JOKER
from tilegames.games.rummikub.solver_groups import FACES, deal_groups
from tilegames.games.rummikub.tile_search import Cells, Play, Search
from tilegames.games.rummikub.tile_steps import J1, MOST_OF_A_TILE, ONE, WITH_JOKER, WITH_TILE

Sets = tuple[tuple[Face, ...], ...]


@dataclass
class _Run:
    """A run being laid: the number it starts at, its faces."""

    start: int
    faces: list[Face] = field(default_factory=list)

    def points(self) -> int:
        return sum(range(self.start, self.start + len(self.faces)))


def most_tiles(table: Cells, rack: Cells, jokers: int, limit: int | None
               ) -> tuple[Sets, int, tuple[Face, ...]] | None:
    """The new table of the play with the most rack tiles, every joker laid, its points and
    the numbered rack tiles it lays (sorted); None when it has no room for its free jokers, or
    more of one tile or more jokers than the search counts (`MOST_OF_A_TILE`): solver.py's full
    programme decides then. A ValueError when the table's tiles cannot be sets at all;
    TooManyStates past `limit`.

    The search goes up the numbers from whichever end the table holds fewer tiles at: from the
    top, it is given the position turned round (13 for 1, 12 for 2, ...), and its play is
    turned back. Either way it is exact; but the other way it enters half as many states at the
    90th percentile (measured on positions of another seed than the benchmark's: 2,225 states
    against 1,533), the table's crowded end coming last."""
    if jokers > MOST_OF_A_TILE or _most_of_a_tile(table, rack) > MOST_OF_A_TILE:
        return None
    low = sum(count for (_colour, number), count in table.items() if number < MIDDLE)
    high = sum(count for (_colour, number), count in table.items() if number > MIDDLE)
    turned = low > high
    if turned:
        table, rack = _turned_cells(table), _turned_cells(rack)
    play = Search(table, rack, jokers, limit).best()
    if play is None:
        raise ValueError("the table's tiles cannot all be in sets")
    runs, groups = _laid_out(play)
    placed = [(colour, number) for colour in range(4) for number in range(1, HIGHEST + 1)
              for _ in range(play.steps[number - 1][colour].used - table.get((colour, number), 0))]
    if turned:
        runs = [_Run(HIGHEST + 1 - (run.start + len(run.faces) - 1), [_turned(f) for f in reversed(run.faces)])
                for run in runs]
        groups = [[_turned(f) for f in group] for group in groups]
        placed = [(colour, HIGHEST + 1 - number) for colour, number in placed]
        # In the order the search going up would have laid them: runs by their last number
        # (then colour), groups by number.
        runs.sort(key=lambda run: (run.start + len(run.faces), next(f.rank for f in run.faces if not f.is_joker)))
        groups.sort(key=_number)
    if not _lay_free_jokers(runs, groups, jokers - play.jokers):
        return None
    points = sum(run.points() for run in runs)
    points += sum(len(group) * _number(group) for group in groups)
    sets = tuple(tuple(run.faces) for run in runs) + tuple(tuple(group) for group in groups)
    return sets, points, tuple(FACES[cell] for cell in sorted(placed))


MIDDLE = (HIGHEST + 1) // 2  # 7: the numbers below it and above it, for `most_tiles`'s way up


def _most_of_a_tile(table: Cells, rack: Cells) -> int:
    """The most of one tile the table and the rack hold together."""
    return max((table.get(cell, 0) + rack.get(cell, 0) for cell in table.keys() | rack.keys()), default=0)


def _turned_cells(cells: Cells) -> Cells:
    return {(colour, HIGHEST + 1 - number): count for (colour, number), count in cells.items()}


def _turned(face: Face) -> Face:
    return face if face.is_joker else FACES[(COLOURS.index(face.colour), HIGHEST + 1 - face.number)]  # type: ignore[operator]


def _laid_out(play: Play) -> tuple[list[_Run], list[list[Face]]]:
    """The runs and groups the play's steps make. Each colour's open runs are kept by state, in
    the order of the states, as a step counts them (tile_steps.kinds)."""
    done: list[_Run] = []
    groups: list[list[Face]] = []
    open_runs: list[dict[int, list[_Run]]] = [{}, {}, {}, {}]
    for number in range(1, HIGHEST + 1):
        grouped: list[list[Face]] = []
        for colour in range(4):
            step, face = play.steps[number - 1][colour], FACES[(colour, number)]
            by_state = open_runs[colour]
            if not by_state and not step.started and not step.grouped and not step.joker_started:
                grouped.append([])
                continue  # nothing of this colour and number on the table
            going: dict[int, list[_Run]] = {}
            for k, state in enumerate(sorted(by_state)):
                runs, tiles, jokers = by_state[state], step.tiles[k], step.jokers[k]
                for run in runs[:tiles]:
                    run.faces.append(face)
                    going.setdefault(WITH_TILE[state], []).append(run)
                for run in runs[tiles:tiles + jokers]:
                    run.faces.append(JOKER)
                    going.setdefault(WITH_JOKER[state], []).append(run)
                done += runs[tiles + jokers:]
            if step.started:
                going.setdefault(ONE, []).extend(_Run(number, [face]) for _ in range(step.started))
            if step.joker_started:
                going.setdefault(J1, []).extend(_Run(number, [JOKER]) for _ in range(step.joker_started))
            open_runs[colour] = going
            grouped.append([face] * step.grouped)
        if any(grouped):
            groups += [list(group) for group in deal_groups(grouped, play.group_jokers[number - 1])]
    done += [run for by_state in open_runs for runs in by_state.values() for run in runs]
    return done, groups


def _lay_free_jokers(runs: list[_Run], groups: list[list[Face]], free: int) -> bool:
    """Lay `free` jokers where there is room, each where it stands for the highest number (see
    the module's docstring); False when there is not room for them all."""
    for _ in range(free):
        slots = [(run.start + len(run.faces), 0, i) for i, run in enumerate(runs) if run.start + len(run.faces) <= HIGHEST]
        slots += [(run.start - 1, 1, i) for i, run in enumerate(runs) if run.start > 1]
        slots += [(_number(group), 2, i) for i, group in enumerate(groups) if len(group) == 3]
        if not slots:
            return False
        _worth, where, i = max(slots, key=lambda slot: (slot[0], -slot[1], -slot[2]))
        if where == 0:
            runs[i].faces.append(JOKER)
        elif where == 1:
            runs[i].faces.insert(0, JOKER)
            runs[i].start -= 1
        else:
            groups[i].append(JOKER)
    return True


def _number(group: list[Face]) -> int:
    return next(f.number for f in group if f.number is not None)
