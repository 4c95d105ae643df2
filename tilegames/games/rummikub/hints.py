"""A hint for the player to move: the best play the solver finds for their rack, as the table
it would leave (RULES.md §1, DESIGN.md §4 "Strength").

The hint is worked out from the seat's own view, like a computer player's move (moves.py's
`best_play`: the most tiles, the table rearranged as it needs; before the initial meld, the
rack's most valuable meld), so it never knows more than the player. The engine only counts
hints (the `Hint` action); the screen shows the one found here and, asked again, lays it out
as the player's draft (`LayOut`).
"""

from __future__ import annotations

from tilegames.core.parts.table_rows import RowsHint, moved_tiles
from tilegames.core.text.i18n import _, ngettext
from tilegames.games.rummikub.moves import Hand, best_play
from tilegames.games.rummikub.turn import set_view
from tilegames.games.rummikub.view_types import RummikubView

HINT_SECONDS = 1.0  # the search's budget, as the solver counts it


def hint_for(view: RummikubView) -> RowsHint | None:
    """The hint for the viewer, whose turn it is, from the table as the turn began (the view
    after a `Hint` action, whose draft is put back); None when nothing can be laid."""
    hand = Hand.from_view(view)
    play = best_play(hand, "tiles", HINT_SECONDS)
    if play is None:
        return None
    tiles = hand.by_id()
    placed = tuple(t.id for t in play.placed)
    where = {t.id: (r, i) for r, row in enumerate(hand.table) for i, t in enumerate(row)}
    moved = moved_tiles(play.action.sets, where)
    table = [set_view([tiles[i] for i in row], set(placed)) for row in play.action.sets]
    faces = " ".join(tiles[i].face for i in placed)
    text = ngettext("Lay {tiles}: {count} tile, {points} points.", "Lay {tiles}: {count} tiles, {points} points.",
                    len(placed)).format(tiles=faces, count=len(placed), points=play.points)
    old_sets = {frozenset(t.id for t in row) for row in hand.table}
    if any(frozenset(i for i in row if i in where) not in old_sets | {frozenset()} for row in play.action.sets):
        text += " " + _("It rearranges the table.")
        if moved:
            text += " " + ngettext("{count} table tile moves to another set (~).",
                                   "{count} table tiles move to other sets (~).", len(moved)).format(count=len(moved))
    return RowsHint(play.action.sets, table, placed, moved, text)
