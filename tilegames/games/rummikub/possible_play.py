"""Can this player obviously still play? The check behind a pass with an empty pool.

With the pool empty, "pass" and a timeout mean "I cannot play", and under `first_stuck` they
end the game (RULES.md §1.6(5), §1.7). Taking that on trust would let a player who can play
end the game while ahead, so the cheap cases are checked first, with the questions moves.py
answers for the computer player too:

* before the initial meld: the rack alone holds a meld worth 30 (exact, `could_meld`);
* afterwards: the rack alone holds a valid set, or one rack tile extends a table set at
  either end or fills a group;
* else the solver (solver.py) looks for any play, the table rearranged as it needs, within
  `SOLVER_SECONDS` as it counts them (a count, so the engine stays deterministic), so a pass
  is taken exactly when nothing can be laid. Its play is checked against the game's joker
  rules (moves.py `best_play`); a table too large to search in time, or a play the joker
  options forbid, leaves the cheap checks' answer.
"""

from __future__ import annotations

from tilegames.core.text.i18n import _
from tilegames.games.rummikub.config import INITIAL_MELD_POINTS
from tilegames.games.rummikub.moves import Hand, best_play, could_meld, first_fit, rack_sets, set_on_rack
from tilegames.games.rummikub.notation import face_of
from tilegames.games.rummikub.sets import and_list, format_set
from tilegames.games.rummikub.state import RummikubState

SOLVER_SECONDS = 2.0
MOST_SETS_NAMED = 3  # a refusal names the sets a play makes up to this many (one sentence, not the table)


def obvious_play(state: RummikubState, seat: int) -> str | None:
    """A play `seat` can still make, as a sentence ("R7 extends R4 R5 R6"), or None."""
    hand = Hand.of(state, seat)
    if not hand.melded:
        if not could_meld(hand):
            return None
        sets = ", ".join(format_set([face_of(t) for t in s]) for s in rack_sets(hand))
        return _("your rack holds an initial meld of {points} or more ({sets})").format(
            points=INITIAL_MELD_POINTS, sets=sets)
    rack_set = set_on_rack(hand.faces())
    if rack_set is not None:
        return _("{set} is a set on your rack").format(set=format_set(rack_set))
    found = first_fit(hand)
    if found is None:
        return _rearranged(hand)
    row_text = format_set([face_of(t) for t in found.row])
    if found.check.kind == "group":
        return _("{tile} fills {set}").format(tile=found.tile.face, set=row_text)
    return _("{tile} extends {set}").format(tile=found.tile.face, set=row_text)


def _rearranged(hand: Hand) -> str | None:
    """The solver's play for a hand the cheap checks found nothing for, as a sentence: the
    tiles laid and the sets it makes or changes."""
    play = best_play(hand, "tiles", SOLVER_SECONDS)
    if play is None:
        return None
    old = {frozenset(t.id for t in row) for row in hand.table}
    by_id = hand.by_id()
    changed = [row for row in play.action.sets if frozenset(row) not in old]
    tiles = " ".join(t.face for t in play.placed)
    if len(changed) > MOST_SETS_NAMED:
        return _("lay {tiles}, rearranging the table").format(tiles=tiles)
    sets = [format_set([face_of(by_id[i]) for i in row]) for row in changed]
    return _("lay {tiles}, making {sets}").format(tiles=tiles, sets=and_list(sets))

