"""Rummikub's strong level: the exact best play of normal, with a look past this turn at what
the next player can do with the table it leaves (docs/architecture.md, "Computer players").

Normal lays the most tiles it can. Strong adds three things:

* **Going out** whenever the rack can be laid whole.
* **Points among equal plays.** Of the plays that lay the most tiles, the one worth most is
  laid: what is left on a rack when someone goes out counts against it, and a match is won on
  points.
* **Not opening the table to a player about to go out.** When an opponent who has melded holds
  `GUARD_AT` tiles or fewer, those tiles are ones they could not lay last turn (a player lays
  what it can; one tile may have been drawn since). A play that lets such tiles fit gives them
  the game. So strong weighs its most-tiles play against plays that hold some of its tiles
  back, and against drawing: for each, the chance that the opponent can lay their whole rack
  on the table left (`OutRisk`), plus `KEEP_WEIGHT` for each tile kept back, and the least of
  those is played.

While it holds no more tiles than anyone, it also keeps jokers back that would only lay
themselves: a joker on the rack fits the most future plays.

Every search is the exact solver's (moves.py's `best_play`), each within the turn's budget.
A guarded move checks each unseen face against each table it weighs (up to a few hundred
searches with a single tile); those checks stop at GUARD_SECONDS of work. Measured in 20
games against normal: median 46 ms, p90 0.3 s, slowest 1.1 s; other moves 1 ms, 25 ms.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace

from tilegames.games.rummikub.moves import Candidate, Hand, Row, best_play
from tilegames.games.rummikub.notation import Face, face_of, full_set
from tilegames.games.rummikub.solver import TooManyStates, solve
from tilegames.games.rummikub.view_types import RummikubView

GUARD_AT = 4
"""An opponent holding this many tiles or fewer may go out on the next turn: guard the table.
Chosen in 200 two-game matches against normal (seed 2; a tile held back weighed 0.05, one
tile held back at most): 3 won 56.0 %, 4 won 59.8 %, 5 won 59.3 %, 6 won 59.3 %."""

KEEP_WEIGHT = 0.02
"""What each tile held back costs, against a chance (0 to 1) that the opponent goes out next.
Chosen in 200 matches against normal (single games won in brackets), holding back tile after
tile: 0.02 won 61.0 % (64.7 %) on seed 2 and 62.0 % (66.7 %) on seed 3; 0.01 won 60.5 %
(64.7 %) on seed 2; 0.05, one tile at most, won 59.8 % (59.5 %) and 58.0 % (59.8 %)."""

GUARD_SECONDS = 1.0
"""What the guard's checks of faces on tables may take, at most: the computer's budget for a
move (core/agents.py, the app's and the arena's 1 s)."""

FIT_WORK_PER_SECOND = 6_000
"""Tiles of table the checks of faces go through in a second (a check on a table of 57 tiles
took about 10 ms here, the slowest measured): what turns GUARD_SECONDS into a count."""


def strong_play(view: RummikubView, hand: Hand, seconds: float) -> Candidate | None:
    """The strong level's play, or None to draw (see the module's docstring)."""
    most = best_play(hand, "tiles", seconds)
    if most is None or not hand.melded or len(most.placed) == len(hand.rack):
        return most
    richest = best_play(hand, "value", seconds)
    if richest is not None and len(richest.placed) == len(most.placed):
        most = richest
    closest = _closest_opponent(view)
    if closest is not None and closest <= GUARD_AT:
        return guarded(hand, most, OutRisk.facing(view, hand, closest, seconds), seconds)
    return _jokers_kept(view, hand, most, seconds)


def _closest_opponent(view: RummikubView) -> int | None:
    """The fewest tiles an opponent who has melded holds (one who has not cannot go out on
    the table), or None when none has melded."""
    seat = view["you"]
    sizes = [size for s, size in enumerate(view["rack_sizes"]) if s != seat and view["melded"][s]]
    return min(sizes, default=None)


def _jokers_kept(view: RummikubView, hand: Hand, most: Candidate, seconds: float) -> Candidate:
    """`most`, or while this seat holds no more tiles than anyone, the play without the
    rack's jokers when it lays every other tile `most` lays."""
    jokers = [t for t in most.placed if face_of(t).is_joker]
    seat = view["you"]
    others = [size for s, size in enumerate(view["rack_sizes"]) if s != seat]
    if not jokers or not others or len(hand.rack) > min(others):
        return most
    held = replace(hand, rack=tuple(t for t in hand.rack if not face_of(t).is_joker))
    without = best_play(held, "tiles", seconds)
    if without is not None and len(without.placed) >= len(most.placed) - len(jokers):
        return without
    return most


def guarded(hand: Hand, most: Candidate, risk: OutRisk, seconds: float) -> Candidate | None:
    """`most`, a play that holds tiles of it back, or a draw (None): whichever costs least,
    the cost being the `risk` that the opponent goes out on the table left plus KEEP_WEIGHT
    per tile held back. From `most`, one tile at a time is held back (the tile whose absence,
    the best play of the rest, lowers the cost most) while the cost falls."""
    laid = len(most.placed)
    first = risk.on(table_after(hand, most))
    if first == 0 or risk.spent:
        return most  # nothing to guard against, or no work left to weigh anything else
    best = _Held(first, most, hand)
    while (lower := _held_back(best, laid, risk, seconds)) is not None:
        best = lower
    # A draw leaves the table as it is, which takes none of the tiles the risk counts.
    if hand.pool and KEEP_WEIGHT * (laid + 1) < best.cost:
        return None
    return best.play


@dataclass(frozen=True)
class _Held:
    """A play considered by `guarded`, its cost, and the rack it was found for."""

    cost: float
    play: Candidate
    hand: Hand


def _held_back(best: _Held, laid: int, risk: OutRisk, seconds: float) -> _Held | None:
    """The cheapest play of `best`'s rack less one of the tiles `best` lays, if it costs less.
    A play whose tiles held back already cost as much is not weighed (its risk cannot be less
    than none), and a risk is counted only as far as it could still make a play cheaper."""
    lower = None
    for tile in {t.face: t for t in best.play.placed}.values():
        rest = replace(best.hand, rack=tuple(t for t in best.hand.rack if t.id != tile.id))
        play = best_play(rest, "tiles", seconds)
        if play is None:
            continue
        kept = KEEP_WEIGHT * (laid - len(play.placed))
        bound = (lower or best).cost - kept
        if bound <= 0:
            continue
        cost = risk.on(table_after(rest, play), above=bound) + kept
        if cost < (lower or best).cost:
            lower = _Held(cost, play, rest)
    return lower


def table_after(hand: Hand, play: Candidate) -> tuple[Row, ...]:
    """The table once `play` is laid."""
    by_id = hand.by_id()
    return tuple(tuple(by_id[i] for i in row) for row in play.action.sets)


@dataclass
class OutRisk:
    """How likely an opponent holding `tiles` tiles is to lay them all on a table.

    The tiles this seat cannot see are the candidates for the opponent's rack. Those that fit
    the table as it is now (`live`) are unlikely to be there: the opponent would have laid
    them. Those that fit nowhere now (`dead`, with their copies) are what the rack is made of,
    bar one tile perhaps drawn since. On a new table, the share of dead tiles it opens, `a`,
    is the chance one rack tile now fits, and `b`, the share of every unseen tile that fits,
    the chance for a drawn one: a**tiles for one, a**(tiles-1) * (a + b) / 2 for more. Tiles
    are taken one at a time, as if they did not make sets together: a rough estimate that
    orders the plays, which is all it is for.

    Each check of a face on a table costs its tiles out of `work` (FIT_WORK_PER_SECOND); once
    that is spent, a table not yet weighed counts as certain to let the opponent out, so the
    guard keeps the best play it has weighed, and lays the most when it could not weigh even
    that. The work is a count, not a clock: a seeded game replays alike."""

    dead: tuple[Face, ...]
    weights: tuple[int, ...]
    live: int
    tiles: int
    seconds: float
    work: float = math.inf

    @classmethod
    def facing(cls, view: RummikubView, hand: Hand, tiles: int, seconds: float) -> OutRisk:
        seen = Counter(face_of(t) for t in (*hand.rack, *(t for row in hand.table for t in row)))
        unseen = Counter(face_of(t) for t in full_set(view["edition"])) - seen
        now = _faces(hand.table)
        dead = [f for f in sorted(unseen) if not fits(f, now, seconds)]
        live = sum(unseen.values()) - sum(unseen[f] for f in dead)
        work = int(GUARD_SECONDS * FIT_WORK_PER_SECOND) - len(unseen) * _size(now)
        return cls(tuple(dead), tuple(unseen[f] for f in dead), live, tiles, seconds, work)

    def on(self, table: tuple[Row, ...], above: float = math.inf) -> float:
        """The chance, as described above, that the opponent goes out on `table`. Counting
        stops once it passes `above`: the chance returned is then at least `above`, which is
        all a caller weighing it against `above` needs."""
        dead = sum(self.weights)
        if not dead:
            return 0.0
        rows = _faces(table)
        size = _size(rows)
        opened = 0
        for face, weight in zip(self.dead, self.weights):
            self.work -= size
            if self.work < 0:
                return 1.0
            if fits(face, rows, self.seconds):
                opened += weight
                if self._chance(opened, dead) >= above:
                    break
        return self._chance(opened, dead)

    @property
    def spent(self) -> bool:
        """Whether the work ran out before a table was weighed to the end."""
        return self.work < 0

    def _chance(self, opened: int, dead: int) -> float:
        a = opened / dead
        if self.tiles == 1:
            return a
        b = (self.live + opened) / (self.live + dead)
        return a ** (self.tiles - 1) * (a + b) / 2


def fits(face: Face, rows: list[list[Face]], seconds: float) -> bool:
    """Whether one tile of `face` can be laid on the table of `rows`, rearranging it as needed:
    whether the table with the tile can still be laid out in sets (a search with no rack to
    choose from: on 400 tables of 50 tiles or more, 1.4 ms against 2.3 ms for the best play
    of a rack of one)."""
    try:
        solve([], [*rows, [face]], "tiles", seconds, keep_sets=False, lay_none=True)
    except (ValueError, TooManyStates):
        return False
    return True


def _faces(table: tuple[Row, ...]) -> list[list[Face]]:
    return [[face_of(t) for t in row] for row in table]


def _size(rows: list[list[Face]]) -> int:
    return sum(len(row) for row in rows)
