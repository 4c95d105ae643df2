"""A hint for the player to move in Rummikub Word: the best-scoring play found for their rack
(moves.py's `best_plays`, as the strong computer plays), as the table it would leave.

The hint is worked out from the seat's own view, like a computer player's move, so it never
knows more than the player. The engine only counts hints (the `Hint` action); the screen shows
the one found here and, asked again, lays it out as the player's draft, the letters of its
jokers named (`edits`).
"""

from __future__ import annotations

from tilegames.core.parts.table_rows import RowsHint, moved_tiles
from tilegames.core.parts.tiles import Tile
from tilegames.core.text.i18n import ngettext
from tilegames.games.word_rummikub.draft import NameJoker
from tilegames.games.word_rummikub.moves import best_plays
from tilegames.games.word_rummikub.view_types import WordRummikubView
from tilegames.games.word_rummikub.views import tile_view

HINT_SECONDS = 1.0
HINT_CANDIDATES = 40


def hint_for(view: WordRummikubView) -> RowsHint | None:
    """The hint for the viewer, whose turn it is, from the table as the turn began (the view
    after a `Hint` action, whose draft is put back); None when nothing can be laid."""
    found = best_plays(view, HINT_SECONDS, HINT_CANDIDATES)
    if not found:
        return None
    play = found[0]
    tiles = {t["id"]: Tile(t["id"], t["face"]) for row in view["table"] for t in row["tiles"]}
    tiles.update({t["id"]: Tile(t["id"], t["face"]) for t in view["rack"] or []})
    letters = {t["id"]: str(t["letter"]) for row in view["table"] for t in row["tiles"] if t["joker"] and t["letter"]}
    named = [(tile_id, letter) for piece in play.pieces for tile_id, letter in piece.jokers]
    letters.update(named)
    placed = {t.id for t in play.placed}
    where = {t["id"]: (r, i) for r, row in enumerate(view["table"]) for i, t in enumerate(row["tiles"])}
    rows = play.action.words
    table = [{"tiles": [tile_view(tiles[i], letters, i in placed) for i in row], "word": "", "length": len(row),
              "is_word": True, "new": any(i in placed for i in row), "duplicate": False, "reason": ""}
             for row in rows]
    words = ", ".join(piece.word for piece in play.pieces)
    text = ngettext("Lay {words}: {count} point.", "Lay {words}: {count} points.", play.score).format(
        words=words, count=play.score)
    return RowsHint(rows, table, tuple(sorted(placed)), moved_tiles(rows, where), text,
                    tuple(NameJoker(tile_id, letter) for tile_id, letter in named))
