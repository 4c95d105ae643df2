"""Rummikub's timer through the turn controller (RULES.md §1.6) and what views reveal."""

from __future__ import annotations

import json

import pytest

from rk_builder import position
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.parts.table_rows import MoveTile, SplitRow
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.game import GAME
from view_helpers import tile_ids_in


def controller(state) -> TurnController:
    return TurnController(GAME, state, clock=FakeClock())


def tile(state, face, seat=0):
    return next(t for t in list(state.racks[seat]) + [t for r in state.table for t in r] if t.face == face)


def test_default_turn_is_60_seconds_with_a_warning_at_10():
    ctl = controller(position(["R6", "K2"]))
    assert ctl.remaining() == 60
    ctl.clock.advance(50)
    assert [e.kind for e in ctl.tick()] == ["clock.warning"]


def test_timeout_with_the_table_untouched_draws_one():
    state = position(["R6", "K2"])
    ctl = controller(state)
    ctl.clock.advance(60)
    events = ctl.tick()
    assert [t.face for t in ctl.state.racks[0]] == ["R6", state.bag.tiles[0].face]
    assert events[-1].text == "Time's up for Ann, who draws a tile."


def test_timeout_rollback_leaves_table_and_racks_exactly_as_at_the_turn_start():
    state = position(["R6 B6 K6 O1", "K2"], table=["R3 R4 R5", "B7 B8 B9"])
    ctl = controller(state)
    # Mid-rearrangement: R5 moved off its run, B6 and K6 laid next to it, a run split.
    ctl.edit(0, MoveTile(tile(state, "R5").id, 2))
    ctl.edit(0, MoveTile(tile(state, "B6").id, 2))
    ctl.edit(0, MoveTile(tile(state, "K6").id, 2))
    ctl.edit(0, SplitRow(1, 1))
    assert ctl.draft_changed()
    ctl.clock.advance(60)
    events = ctl.tick()
    after = ctl.state
    assert after.table == state.table  # every tile in its set, in its place
    assert after.racks[0][:4] == state.racks[0]  # own tiles back on the rack, in order
    assert after.racks[0][4:] == state.bag.tiles[:3]  # then the 3-tile penalty
    assert after.racks[1] == state.racks[1]
    assert after.bag.tiles == state.bag.tiles[3:]
    assert events[-1].text == "Time's up for Ann: the table is restored and Ann draws 3."
    assert events[-1].for_seat(1).get("tiles") is None


def test_timeout_penalty_is_what_the_pool_has_left():
    state = position(["R6", "K2"], table=["R3 R4 R5"], pool="O1 O2")
    ctl = controller(state)
    ctl.edit(0, MoveTile(tile(state, "R6").id, 0))
    ctl.clock.advance(61)
    ctl.tick()
    assert [t.face for t in ctl.state.racks[0]] == ["R6", "O1", "O2"]
    assert len(ctl.state.bag) == 0


def test_timeout_with_an_empty_pool_counts_as_cannot_play():
    state = position(["R9", "K2"], table=["R3 R4 R5"], pool="")
    ctl = controller(state)
    ctl.edit(0, MoveTile(tile(state, "R9").id, 0))
    ctl.clock.advance(60)
    ctl.tick()
    assert ctl.state.phase == "over" and ctl.state.end.reason == "stuck"
    assert ctl.state.table == state.table


def test_timeout_with_an_empty_pool_while_a_play_exists_passes_the_turn_and_play_goes_on():
    state = position(["R6", "K2"], table=["R3 R4 R5"], pool="")
    ctl = controller(state)
    ctl.edit(0, MoveTile(tile(state, "R6").id, 0))
    ctl.clock.advance(60)
    events = ctl.tick()
    assert ctl.state.phase == "play" and ctl.seat == 1
    assert ctl.state.table == state.table and ctl.state.racks == state.racks
    assert "R6" not in events[-1].text  # the reason is public; the rack is not


def test_rows_rejoined_in_another_order_count_as_an_untouched_table():
    from tilegames.core.parts.table_rows import JoinRows

    state = position(["R9", "K2"], table=["R3 R4 R5", "B7 B8 B9"])
    ctl = controller(state)
    ctl.edit(0, JoinRows(1, 0))  # B7 B8 B9 R3 R4 R5
    ctl.edit(0, SplitRow(0, 3))  # the same two sets, in the other order
    assert [[t.face for t in row] for row in ctl.draft.rows] == [["B7", "B8", "B9"], ["R3", "R4", "R5"]]
    assert not ctl.draft_changed()
    ctl.clock.advance(60)
    assert ctl.tick()[-1].text == "Time's up for Ann, who draws a tile."


def test_penalty_swap_own_tiles_sends_laid_tiles_under_the_pool():
    config = RummikubConfig(penalty_swap_own_tiles=True)
    state = position(["R6 K1", "K2"], table=["R3 R4 R5"], pool="O1 O2 O3 O4 O5", config=config)
    ctl = controller(state)
    ctl.edit(0, MoveTile(tile(state, "R6").id, 0))
    ctl.clock.advance(60)
    events = ctl.tick()
    # R6 goes under the pool, Ann draws 1 to replace it, then the 3-tile penalty.
    assert [t.face for t in ctl.state.racks[0]] == ["K1", "O1", "O2", "O3", "O4"]
    assert [t.face for t in ctl.state.bag.tiles] == ["O5", "R6"]
    assert "went under the pool" in events[-1].text


def test_turn_timer_can_be_switched_off():
    ctl = controller(position(["R6", "K2"], config=RummikubConfig(turn_seconds=None)))
    ctl.clock.advance(1000)
    assert ctl.tick() == () and ctl.remaining() is None


def test_commit_through_the_controller_and_rejection_keeps_the_draft():
    state = position(["R6 R9", "K2"], table=["R3 R4 R5"])
    ctl = controller(state)
    ctl.edit(0, MoveTile(tile(state, "R9").id, 0))
    draft = ctl.draft
    with pytest.raises(Exception) as err:
        ctl.commit(0)
    assert "Set 1 (R3 R4 R5 R9)" in str(err.value)
    assert ctl.draft is draft
    ctl.edit(0, MoveTile(tile(state, "R9").id, None))
    ctl.edit(0, MoveTile(tile(state, "R6").id, 0))
    ctl.commit(0)
    assert [t.face for t in ctl.state.table[0]] == ["R3", "R4", "R5", "R6"]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_view_never_contains_another_players_rack_or_the_pool(players):
    state = GAME.new_game(RummikubConfig(), tuple(f"P{i}" for i in range(players)), seed=918273645)
    for seat in [None, *range(players)]:
        view = json.loads(json.dumps(GAME.view(state, seat)))
        seen = tile_ids_in(view)
        for other in range(players):
            if other != seat:
                assert not seen & {t.id for t in state.racks[other]}
        assert not seen & {t.id for t in state.bag.tiles}
        assert "918273645" not in json.dumps(view) and "seed" not in json.dumps(view)
        assert view["rack_sizes"] == [14] * players


def test_redeal_offer_shows_the_doubles_only_to_the_player_asked():
    for seed in range(500):
        state = GAME.new_game(RummikubConfig(), ("Ann", "Bora"), seed)
        if state.phase == "redeal":
            break
    asked = state.current
    assert "doubles" in GAME.view(state, asked)["redeal"]
    assert "doubles" not in GAME.view(state, 1 - asked)["redeal"]
