"""Rummikub Word's clock through the turn controller (RULES.md §2.9): at 0 the table and rack
are restored exactly and the player draws `timeout_penalty_tiles`; a refused commit keeps the
draft."""

from __future__ import annotations

import pytest

from word_builder import GAME, arrange, position
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.errors import IllegalMove
from tilegames.core.parts.table_rows import MoveTile, SplitRow
from tilegames.games.word_rummikub.actions import Timeout
from tilegames.games.word_rummikub.config import WordRummikubConfig
from tilegames.games.word_rummikub.draft import NameJoker


def controller(state) -> TurnController:
    return TurnController(GAME, state, clock=FakeClock())


def test_the_default_turn_is_60_seconds_with_a_warning_at_10():
    ctl = controller(position(["SQ", "Z"], table=["CAT"]))
    assert ctl.remaining() == 60
    ctl.clock.advance(50)
    assert [e.kind for e in ctl.tick()] == ["clock.warning"]


def test_timeout_rolls_back_exactly_and_draws_one():
    state = position(["S*QE", "Z"], table=["CAT", "DOG"])
    ctl = controller(state)
    joker = next(t.id for t in state.racks[0] if t.face == "*")
    ctl.edit(0, MoveTile(state.racks[0][0].id, 0))  # CATS
    ctl.edit(0, MoveTile(joker, 1, 0))  # a joker before DOG…
    ctl.edit(0, NameJoker(joker, "X"))
    ctl.edit(0, SplitRow(0, 2))  # …and CA | TS
    assert ctl.draft_changed()
    ctl.clock.advance(60)
    events = ctl.tick()
    after = ctl.state
    assert after.table == state.table
    assert after.racks[0] == state.racks[0] + state.bag.tiles[:1]
    assert after.bag.tiles == state.bag.tiles[1:]
    assert after.current == 1 and after.last.kind == "timeout"
    assert events[-1].text == "Time's up for Ann. The table is restored. Ann draws 1 tile."
    assert events[-1].for_seat(1).get("tiles") is None


def test_timeout_penalty_tiles_sets_how_many_are_drawn():
    state = position(["SQ", "Z"], table=["CAT"], config=WordRummikubConfig(timeout_penalty_tiles=3))
    ctl = controller(state)
    ctl.clock.advance(60)
    events = ctl.tick()
    assert ctl.state.racks[0] == state.racks[0] + state.bag.tiles[:3]
    assert events[-1].text == "Time's up for Ann. Ann draws 3 tiles."
    none = position(["SQ", "Z"], table=["CAT"], config=WordRummikubConfig(timeout_penalty_tiles=0))
    assert GAME.apply(none, 0, Timeout(), by_controller=True).events[0].text == "Time's up for Ann. The turn passes."


def test_a_timeout_with_the_pool_empty_counts_as_a_turn_without_a_tile():
    state = position(["SQ", "Z"], table=["CAT"], pool="")
    outcome = GAME.apply(state, 0, Timeout(), by_controller=True)
    assert outcome.state.idle == 1 and outcome.state.racks == state.racks


def test_a_player_cannot_send_the_timeout():
    state = position(["SQ", "Z"], table=["CAT"])
    with pytest.raises(IllegalMove, match="Only the turn clock"):
        GAME.apply(state, 0, Timeout())


def test_a_refused_commit_keeps_the_draft_and_a_good_one_ends_the_turn():
    state = position(["SQ", "Z"], table=["CAT"], config=WordRummikubConfig(word_check="void"))
    ctl = controller(state)
    ctl.edit(0, MoveTile(state.racks[0][1].id, 0))  # CATQ
    with pytest.raises(IllegalMove, match="CATQ is not in the word list."):
        ctl.commit(0)
    assert ctl.draft_changed() and ctl.state == state
    ctl.undo(0)
    ctl.edit(0, MoveTile(state.racks[0][0].id, 0))  # CATS
    ctl.commit(0)
    assert ctl.state.scores[0] == 4 and ctl.seat == 1


def test_a_too_short_word_is_refused_at_commit_without_penalty():
    state = position(["ATQ", "Z"], table=["CAT"])
    ctl = controller(state)
    play = arrange(state, "CAT", "+A+T")
    for tile_id in play.words[1]:
        ctl.edit(0, MoveTile(tile_id, 1))
    with pytest.raises(IllegalMove, match="too short"):
        ctl.commit(0)
    assert ctl.state == state and ctl.draft_changed()
