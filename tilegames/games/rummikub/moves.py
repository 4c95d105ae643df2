"""Rummikub's moves: the plays a seat can find from what it sees, and what each is worth
(DESIGN.md §4 "Strength", §7a). The computer player (agent.py) is a policy over them, and the
pass check (possible_play.py) asks them whether an obvious play is left; hints and the solver
build on the same seam.

What is looked for, from the rack and the table as they are (a `Hand`, read from a seat's view
or from the state):

* before the initial meld: the rack's most valuable disjoint sets (the exact search of
  meld_search.py), a play only if they reach 30 (`initial_meld`);
* afterwards: those sets, then single rack tiles added to either end of a row (a run's end, a
  group's fourth colour), again and again, greedily (`lay_and_extend`);
* for the pass check, cheaper questions: could the rack meld 30 at all (`could_meld`), does
  the rack hold some valid set (`set_on_rack`), does one rack tile fit a table row on its own
  (`first_fit`).

Those never rearrange the table: no set is broken and no joker taken, so every play they find
is legal under every rule option (the jokers' rules, the initial meld's). The exact solver
(solver.py) does rearrange it: `best_play` asks it for the play that lays the most tiles (or
points), lays it out with the hand's tiles (arrange.py) and checks it against the jokers'
rules of the game (the view's `rules`); where those are not the defaults the solver assumes
and its play breaks them, the best play that keeps or frees each table joker as they allow
(joker_plays.py), or the greedy play, stands in.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import NamedTuple, Sequence

from tilegames.core.parts.tiles import Tile
from tilegames.games.rummikub.actions import Play
from tilegames.games.rummikub.arrange import arranged
from tilegames.games.rummikub.config import INITIAL_MELD_POINTS, RummikubConfig
from tilegames.games.rummikub.joker_plays import legal_plays
from tilegames.games.rummikub.jokers import joker_problems
from tilegames.games.rummikub.meld_search import best_meld, can_meld
from tilegames.games.rummikub.notation import HIGHEST, JOKER, LOWEST, Face, face_of
from tilegames.games.rummikub.sets import SetCheck
from tilegames.games.rummikub.solver import Mode, TooManyStates, solve
from tilegames.games.rummikub.state import RummikubState
from tilegames.games.rummikub.turn import read_set
from tilegames.games.rummikub.view_types import RummikubTile, RummikubView

Row = tuple[Tile, ...]


@dataclass(frozen=True)
class Hand:
    """What one seat knows of the game: its rack, the table's rows, whether it has melded and
    the pool's size. Tiles are rebuilt from their ids and faces, which is all a tile is."""

    rack: Row
    table: tuple[Row, ...]
    melded: bool
    pool: int
    config: RummikubConfig = RummikubConfig()  # only its table rules count here

    @classmethod
    def from_view(cls, view: RummikubView) -> Hand:
        """The hand of the view's seat (`view["you"]`, who must not be a spectator)."""
        seat, own = view["you"], view["rack"]
        assert seat is not None and own is not None, "a spectator has no hand"
        rack = tuple(_tile(t) for t in own)
        table = tuple(tuple(_tile(t) for t in row["tiles"]) for row in view["table"])
        rules = view.get("rules") or {}  # a server older than the rules in views: the defaults
        return cls(rack, table, view["melded"][seat], view["pool"], RummikubConfig.of_table_rules(rules))

    @classmethod
    def of(cls, state: RummikubState, seat: int) -> Hand:
        """`seat`'s hand in `state` (the engine's own checks, which hold the state)."""
        return cls(state.racks[seat], state.table, state.melded[seat], len(state.bag),
                   RummikubConfig.of_table_rules(state.config.table_rules()))

    def faces(self) -> list[Face]:
        return [face_of(t) for t in self.rack]

    def by_id(self) -> dict[int, Tile]:
        """Every tile of the hand, rack and table, by id (to read a play's rows of ids)."""
        return {t.id: t for t in (*self.rack, *(t for row in self.table for t in row))}


@dataclass(frozen=True)
class Candidate:
    """A play found: the action, the rack tiles it lays (in the order laid), the new sets made
    of rack tiles alone, and `points`, what it adds to the value of the table (before the initial
    meld, the meld's value, which must reach 30)."""

    action: Play
    points: int
    placed: Row
    new_sets: tuple[Row, ...]


class Fit(NamedTuple):
    """A rack tile that fits a table row on its own: the tile, the row, the row with the tile
    (at its end or its start) and how that reads."""

    tile: Tile
    row: Row
    fitted: Row
    check: SetCheck


def rack_sets(hand: Hand) -> tuple[Row, ...]:
    """The most valuable disjoint sets of the rack alone, each a row of rack tiles in play order."""
    by_face: dict[Face, list[Tile]] = defaultdict(list)
    for tile in hand.rack:
        by_face[face_of(tile)].append(tile)
    return tuple(tuple(by_face[face].pop() for face in faces) for faces in best_meld(hand.faces()))


def initial_meld(hand: Hand) -> Candidate | None:
    """The rack's best sets laid beside the table, if they are worth an initial meld."""
    new_sets = rack_sets(hand)
    points = sum(read_set(s).value for s in new_sets)
    if points < INITIAL_MELD_POINTS:
        return None
    placed = tuple(t for s in new_sets for t in s)
    return Candidate(Play(_ids(hand.table) + _ids(new_sets)), points, placed, new_sets)


def lay_and_extend(hand: Hand) -> Candidate | None:
    """After the initial meld: the rack's best sets, then each rack tile left that fits a row (an
    old one or a new one) at either end, taking the first row it fits. None: nothing to lay."""
    new_sets = rack_sets(hand)
    rows = [*hand.table, *new_sets]
    changed = set(range(len(hand.table), len(rows)))
    placed = [t for s in new_sets for t in s]
    used = {t.id for t in placed}
    for tile in hand.rack:
        if tile.id in used:
            continue
        for number, row in enumerate(rows):
            fitted = fit(row, tile)
            if fitted is not None:
                rows[number] = fitted[0]
                changed.add(number)
                placed.append(tile)
                used.add(tile.id)
                break
    if not used:
        return None
    points = sum(read_set(rows[i]).value - (read_set(hand.table[i]).value if i < len(hand.table) else 0)
                 for i in changed)
    return Candidate(Play(_ids(rows)), points, tuple(placed), new_sets)


def find_play(hand: Hand) -> Candidate | None:
    """The play described above for this hand: the initial meld, or laying and extending."""
    return lay_and_extend(hand) if hand.melded else initial_meld(hand)


def best_play(hand: Hand, mode: Mode = "tiles", seconds: float | None = None) -> Candidate | None:
    """The solver's best play for the hand: before the initial meld, the rack's most valuable
    meld (`initial_meld`, whatever `mode` says); afterwards the most tiles (`tiles`) or points
    (`value`) laid, the table rearranged as it needs. None: nothing to lay. Given `seconds`,
    a search that would take longer (as the solver counts it: a count, not a clock, so a
    seeded game replays alike) gives way to the greedy play (`find_play`). Of plays that lay
    as many tiles, the one that leaves the table's sets as they were is taken: when the greedy
    play, which only adds to sets, lays as many as the solver's, it is the play."""
    try:
        solved = _solved(hand, mode, seconds)
    except TooManyStates:
        return find_play(hand)
    if solved is None or not hand.melded or mode != "tiles":
        return solved
    greedy = lay_and_extend(hand)
    return greedy if greedy is not None and len(greedy.placed) == len(solved.placed) else solved


def _solved(hand: Hand, mode: Mode, seconds: float | None) -> Candidate | None:
    if not hand.melded:
        return initial_meld(hand)  # the rack's most valuable meld, exact already (meld_search.py)
    table_faces = [[face_of(t) for t in row] for row in hand.table]
    rack_ids = {t.id for t in hand.rack}
    for keep_sets in (True, False):  # the tidier play first; the search's own may free a joker where it may not
        solution = solve(hand.faces(), table_faces, mode, seconds, keep_sets)
        if solution is None:
            return None
        rows = arranged(hand.table, hand.rack, solution.table)
        if not joker_problems(hand.config, hand.table, rows, rack_ids):
            return _candidate(hand, rows, solution.value)
    # The strict joker rules keep a joker the solver took: the best of the plays that keep or
    # free each table joker as they allow (joker_plays.py), or the greedy play.
    plays = [_candidate(hand, p.rows, p.points) for p in legal_plays(hand.table, hand.rack, hand.config, mode, seconds)]
    greedy = lay_and_extend(hand)
    plays += [greedy] if greedy is not None else []
    worth = (lambda c: (len(c.placed), c.points)) if mode == "tiles" else (lambda c: (c.points, len(c.placed)))
    return max(plays, key=worth, default=None)


def _candidate(hand: Hand, rows: Sequence[Row], points: int) -> Candidate:
    """The play of the new table `rows`, adding `points`."""
    rack_ids = {t.id for t in hand.rack}
    placed = tuple(t for row in rows for t in row if t.id in rack_ids)
    new_sets = tuple(row for row in rows if all(t.id in rack_ids for t in row))
    return Candidate(Play(_ids(rows)), points, placed, new_sets)


def could_meld(hand: Hand) -> bool:
    """Whether the rack alone holds an initial meld (exact, and cheaper than finding the best)."""
    return can_meld(hand.faces(), INITIAL_MELD_POINTS)


def fit(row: Sequence[Tile], tile: Tile) -> tuple[Row, SetCheck] | None:
    """`row` with `tile` at its end, else at its start, if that reads as a valid set."""
    for candidate in ((*row, tile), (tile, *row)):
        check = read_set(candidate)
        if check.valid:
            return candidate, check
    return None


def first_fit(hand: Hand) -> Fit | None:
    """The first rack tile (in rack order) that fits some table row on its own."""
    for tile in hand.rack:
        for row in hand.table:
            fitted = fit(row, tile)
            if fitted is not None:
                return Fit(tile, row, *fitted)
    return None


def set_on_rack(faces: Sequence[Face]) -> tuple[Face, ...] | None:
    """Some valid set made of `faces` alone, or None. Linear in the rack: groups by number,
    runs by three-number windows of each colour, jokers filling what is missing."""
    jokers = sum(1 for f in faces if f.is_joker)
    by_number: dict[int, dict[str, Face]] = defaultdict(dict)
    by_colour: dict[str, set[int]] = defaultdict(set)
    for face in faces:
        if face.number is not None and face.colour is not None:
            by_number[face.number][face.colour] = face
            by_colour[face.colour].add(face.number)
    for number in sorted(by_number):
        colours = list(by_number[number].values())[:3]
        if len(colours) + jokers >= 3:
            return tuple(colours) + (JOKER,) * (3 - len(colours))
    for colour in sorted(by_colour):
        numbers = by_colour[colour]
        for start in range(LOWEST, HIGHEST - 1):
            window = range(start, start + 3)
            missing = sum(1 for n in window if n not in numbers)
            if missing < 3 and missing <= jokers:
                return tuple(Face(colour, n) if n in numbers else JOKER for n in window)
    return None


def _tile(data: RummikubTile) -> Tile:
    return Tile(data["id"], data["face"])


def _ids(rows: Sequence[Row]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(t.id for t in row) for row in rows)
