"""The declared Scrabble view (games/scrabble/view_types.py) is the view the game builds: every
view of seeded games played to their end (each seat's, a spectator's, the mover's draft after
its first tile and with the whole play down, a play waiting for a challenge) has exactly the
declared keys, nested shapes included, each value of its declared type."""

from __future__ import annotations

from typing import Iterator

import pytest
from view_shapes import Look, nested_typeddicts, played_views, shape_problems

from tilegames.core.kernel.views import ScoredView, SpectatorView
from tilegames.core.kernel.protocol import Action, Edit
from tilegames.core.parts.grid_edits import PutTile
from tilegames.games.scrabble.actions import Place
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.view_types import ScrabbleView, scrabble_view


def lay_out(action: Action, look: Look) -> Iterator[Edit]:
    """A play's tiles put down one by one, as typing does."""
    for p in action.tiles if isinstance(action, Place) else ():
        yield PutTile(p.tile, p.row, p.col, p.letter)

FACETS = (ScoredView, SpectatorView)  # what the generic screens read of this view

@pytest.mark.parametrize("preset, players, seed", [("casual", 2, 1), ("tournament", 2, 3)])
def test_every_view_of_a_played_game_has_exactly_the_declared_shape(preset, players, seed):
    previews: set[str] = set()
    pending, spectators, ended = False, False, False
    # Unbounded thinking: the same game on any machine (a 0.01 s search finds nothing when busy).
    for where, view in played_views(GAME, GAME.presets[preset], players, seed, lay_out, budget=float("inf")):
        assert shape_problems(view, ScrabbleView, where) == []
        assert [p for facet in FACETS for p in shape_problems(view, facet, where, exact=False)] == []
        typed = scrabble_view(view)
        if typed["preview"] is not None:
            previews.add("problem" if "problem" in typed["preview"] else "score")
        pending |= typed["pending"] is not None
        spectators |= typed["you"] is None and typed["rack"] is None and typed["unseen"] is None
        ended |= typed["result"] is not None
    # The optional parts were there to be checked: both previews, a pending play, the end.
    assert previews == {"problem", "score"} and pending and spectators and ended


def test_the_declaration_nests_the_shapes_it_should():
    names = {t.__name__ for t in nested_typeddicts(ScrabbleView)}
    assert names == {"ScrabbleView", "FirstDraw", "ScrabbleTile", "BoardSquare", "DraftTile", "ScoredPreview",
                     "RefusedPreview", "PendingPlay", "ScrabbleResult"}
