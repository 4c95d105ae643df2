"""The declared Rummikub view (games/rummikub/view_types.py) is the view the game builds: every
view of seeded games played to their end (each seat's, a spectator's, the mover's draft laid out
tile by tile, the redeal question after a deal with three doubles) has exactly the declared keys,
nested shapes included, each value of its declared type."""

from __future__ import annotations

import pytest
from view_shapes import nested_typeddicts, played_views, rows_lay_out, shape_problems

from tilegames.core.kernel.views import GameView, RowsView, SpectatorView
from tilegames.games.rummikub.actions import Play
from tilegames.games.rummikub.game import GAME
from tilegames.games.rummikub.view_types import RummikubView, rummikub_view

LAY_OUT = rows_lay_out(lambda action: action.sets if isinstance(action, Play) else None)
REDEAL_SEED = 5  # two players: a seat is dealt three doubles and asked

FACETS = (GameView, RowsView, SpectatorView)  # what the generic screens read of this view

@pytest.mark.parametrize("preset, players, seed", [("sabra", 2, REDEAL_SEED), ("sabra", 3, 1), ("tournament", 4, 2)])
def test_every_view_of_a_played_game_has_exactly_the_declared_shape(preset, players, seed):
    phases, doubles_shown, meld_points, ended = set(), False, False, False
    for where, view in played_views(GAME, GAME.presets[preset], players, seed, LAY_OUT):
        assert shape_problems(view, RummikubView, where) == []
        assert [p for facet in FACETS for p in shape_problems(view, facet, where, exact=False)] == []
        typed = rummikub_view(view)
        phases.add(typed["phase"])
        doubles_shown |= typed["redeal"] is not None and "doubles" in typed["redeal"]
        meld_points |= typed["meld_points"] is not None
        ended |= typed["result"] is not None
    # The optional parts were there to be checked: the redeal and its doubles, a draft, the end.
    assert phases == ({"redeal", "play", "over"} if seed == REDEAL_SEED else {"play", "over"})
    assert doubles_shown == (seed == REDEAL_SEED) and meld_points and ended


def test_the_declaration_nests_the_shapes_it_should():
    names = {t.__name__ for t in nested_typeddicts(RummikubView)}
    assert names == {"RummikubView", "RowTile", "RummikubSet", "DrawRounds", "RedealOffer", "RummikubResult", "TableRules"}
