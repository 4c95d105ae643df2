"""The declared Nab-It! view (games/nabit/view_types.py) is the view the game builds: every view
of seeded games played to their end (each seat's, a spectator's, the mover's draft after its
first tile and with the whole build down, open hands under the Table rules) has exactly the
declared keys, nested shapes included, each value of its declared type."""

from __future__ import annotations

from typing import Iterator

import pytest
from view_shapes import Look, nested_typeddicts, played_views, shape_problems

from tilegames.core.kernel.views import ScoredView, SpectatorView
from tilegames.core.kernel.protocol import Action, Edit
from tilegames.core.parts.grid_edits import PutTile
from tilegames.games.nabit.actions import Build
from tilegames.games.nabit.draft import Announce
from tilegames.games.nabit.game import GAME
from tilegames.games.nabit.view_types import NabItView, nabit_view
from tilegames.games.nabit.views import RULE_KEYS


def lay_out(action: Action, look: Look) -> Iterator[Edit]:
    """A build's tiles put down one by one, as typing does, then "last tile!" if it says so."""
    if isinstance(action, Build):
        for p in action.tiles:
            yield PutTile(p.tile, p.row, p.col, p.letter)
        if action.announce:
            yield Announce(True)

FACETS = (ScoredView, SpectatorView)  # what the generic screens read of this view

@pytest.mark.parametrize("preset, players, seed", [("standard", 2, 1), ("standard", 3, 2), ("table", 4, 3)])
def test_every_view_of_a_played_game_has_exactly_the_declared_shape(preset, players, seed):
    valid, refused, open_hands, last, ended = False, False, False, False, False
    for where, view in played_views(GAME, GAME.presets[preset], players, seed, lay_out):
        assert shape_problems(view, NabItView, where) == []
        assert [p for facet in FACETS for p in shape_problems(view, facet, where, exact=False)] == []
        typed = nabit_view(view)
        if typed["preview"] is not None:
            valid |= typed["preview"]["valid"] and bool(typed["preview"]["changes"])
            refused |= not typed["preview"]["valid"]
        open_hands |= typed["hands"] is not None
        last |= typed["last"] is not None
        ended |= typed["result"] is not None
        # The rules the computer players read back (games/nabit/moves.py), in that order.
        assert list(typed["rules"])[:len(RULE_KEYS)] == list(RULE_KEYS)
    # The optional parts were there to be checked: both kinds of preview, the last turn, the end.
    assert valid and refused and last and ended and open_hands == (preset == "table")


def test_the_declaration_nests_the_shapes_it_should():
    names = {t.__name__ for t in nested_typeddicts(NabItView)}
    assert names == {"NabItView", "NabRules", "GridCell", "Bounds", "DraftTile", "WordHeld", "NabTile", "Preview",
                     "PreviewWord", "Change", "FirstPlayer", "LastTurn", "NabResult"}
