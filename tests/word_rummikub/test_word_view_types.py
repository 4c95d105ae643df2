"""The declared Rummikub Word view (games/word_rummikub/view_types.py) is the view the game
builds: every view of seeded games played to their end (each seat's, a spectator's, the mover's
draft laid out tile by tile with its jokers named) has exactly the declared keys, nested shapes
included, each value of its declared type."""

from __future__ import annotations

from typing import Iterator

import pytest
from view_shapes import Look, nested_typeddicts, played_views, rows_lay_out, shape_problems

from tilegames.core.kernel.views import RowsView, ScoredView, SpectatorView
from tilegames.core.kernel.protocol import Action, Edit
from tilegames.games.word_rummikub.actions import Play
from tilegames.games.word_rummikub.draft import NameJoker
from tilegames.games.word_rummikub.game import GAME
from tilegames.games.word_rummikub.view_types import WordRummikubView, word_rummikub_view
from tilegames.games.word_rummikub.views import RULE_KEYS

ROWS = rows_lay_out(lambda action: action.words if isinstance(action, Play) else None)


def lay_out(action: Action, look: Look) -> Iterator[Edit]:
    """The play's words laid out row by row, then its jokers named."""
    yield from ROWS(action, look)
    for joker in action.jokers if isinstance(action, Play) else ():
        yield NameJoker(joker.tile_id, joker.letter)

FACETS = (RowsView, ScoredView, SpectatorView)  # what the generic screens read of this view

@pytest.mark.parametrize("preset, players, seed", [("standard", 2, 1), ("standard", 3, 2), ("hard", 4, 3)])
def test_every_view_of_a_played_game_has_exactly_the_declared_shape(preset, players, seed):
    drafting, last, ended = False, False, False
    for where, view in played_views(GAME, GAME.presets[preset], players, seed, lay_out):
        assert shape_problems(view, WordRummikubView, where) == []
        assert [p for facet in FACETS for p in shape_problems(view, facet, where, exact=False)] == []
        typed = word_rummikub_view(view)
        drafting |= typed["drafting"] and typed["problems"] is not None
        last |= typed["last"] is not None
        ended |= typed["result"] is not None
        # The rules the computer players read back (games/word_rummikub/moves.py), in that order.
        assert list(typed["rules"])[:len(RULE_KEYS)] == list(RULE_KEYS)
    assert drafting and last and ended  # the optional parts were there to be checked


def test_the_declaration_nests_the_shapes_it_should():
    names = {t.__name__ for t in nested_typeddicts(WordRummikubView)}
    assert names == {"WordRummikubView", "WordRules", "WordTile", "WordRow", "DrawRounds", "LastTurn", "WordResult"}
