"""The turn controller (DESIGN.md §3), driven by the test-only pile game and a fake clock."""

from __future__ import annotations

import pytest

import pilegame
from pile_helpers import assert_tiles_conserved, rising_pair
from pilegame import Draw, PileConfig
from tilegames.core.parts.table_rows import MoveTile
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.errors import IllegalMove


def controller_with_pair(clock: FakeClock, **config) -> tuple[TurnController, tuple[int, int]]:
    """A controller whose first player holds two tiles that make a valid row."""
    for seed in range(100):
        state = pilegame.GAME.new_game(PileConfig(**config), ("Ann", "Bora"), seed)
        pair = rising_pair(state.racks[0])
        if pair:
            return TurnController(pilegame.GAME, state, clock=clock), pair
    raise AssertionError("no seed gives a pair")


def place(ctl: TurnController, seat: int, *tile_ids: int, row: int = 0) -> None:
    for tid in tile_ids:
        ctl.edit(seat, MoveTile(tid, row))


def test_commit_of_a_valid_draft_becomes_the_new_state(clock):
    ctl, (a, b) = controller_with_pair(clock)
    place(ctl, 0, a, b)
    events = ctl.commit(0)
    assert [e.kind for e in events] == ["play"]
    assert [t.id for t in ctl.state.table[0]] == [a, b]
    assert ctl.seat == 1
    assert ctl.draft.rows == ctl.state.table  # a fresh draft for the next player
    assert_tiles_conserved(ctl.state)


def test_invalid_commit_keeps_the_draft_and_lists_every_reason(clock):
    ctl, (a, b) = controller_with_pair(clock)
    before = ctl.state
    place(ctl, 0, b, a)  # falling, not rising
    draft = ctl.draft
    with pytest.raises(IllegalMove) as err:
        ctl.commit(0)
    assert any("not rising" in r for r in err.value.reasons)
    assert ctl.state is before and ctl.draft is draft
    ctl.edit(0, MoveTile(b, None))  # keep editing: fix it and commit
    ctl.edit(0, MoveTile(b, 0))
    ctl.commit(0)
    assert ctl.seat == 1


def test_commit_with_several_problems_reports_them_all(clock):
    ctl, (a, b) = controller_with_pair(clock)
    place(ctl, 0, b, a)
    ctl.edit(0, MoveTile(ctl.draft.rack[0].id, 1))  # a lone tile in a second row
    with pytest.raises(IllegalMove) as err:
        ctl.commit(0)
    assert len(err.value.reasons) == 2


def test_warning_comes_once_at_ten_seconds_left(clock):
    ctl, _ = controller_with_pair(clock)
    clock.advance(49.5)
    assert ctl.tick() == ()
    clock.advance(0.5)
    events = ctl.tick()
    assert [e.kind for e in events] == ["clock.warning"]
    assert events[0].public["seconds_left"] == 10
    clock.advance(5)
    assert ctl.tick() == ()
    assert ctl.remaining() == pytest.approx(5)


def test_timeout_with_the_table_untouched_draws_one(clock):
    ctl, _ = controller_with_pair(clock)
    rack = ctl.state.racks[0]
    clock.advance(60)
    events = ctl.tick()
    assert [e.kind for e in events] == ["clock.timeout", "timeout"]
    assert len(ctl.state.racks[0]) == len(rack) + 1
    assert ctl.seat == 1
    assert ctl.remaining() == pytest.approx(60)  # the next player's clock starts afresh


def test_timeout_rolls_back_exactly_and_applies_the_penalty(clock):
    ctl, (a, b) = controller_with_pair(clock, penalty=3)
    place(ctl, 0, a, b)  # Ann lays a row so the table has tiles to disturb
    ctl.commit(0)
    snapshot = ctl.snapshot
    rack = snapshot.racks[1]
    # Bora drags a table tile into a new row and lays a rack tile: the table is changed.
    ctl.edit(1, MoveTile(a, 1))
    ctl.edit(1, MoveTile(rack[0].id, 1))
    assert ctl.draft_changed()
    clock.advance(61)
    events = ctl.tick()
    state = ctl.state
    assert state.table == snapshot.table  # every table tile where it was
    assert state.racks[1][: len(rack)] == rack  # own tiles back, in their order
    assert len(state.racks[1]) == len(rack) + 3  # then the penalty
    assert state.racks[0] == snapshot.racks[0]
    assert state.bag.tiles == snapshot.bag.tiles[3:]
    drawn = [e for e in events if e.kind == "timeout"][0]
    assert drawn.public["count"] == 3
    assert_tiles_conserved(state)


def test_time_limit_off_never_times_out(clock):
    ctl, _ = controller_with_pair(clock, turn_seconds=None)
    assert ctl.remaining() is None
    clock.advance(10_000)
    assert ctl.tick() == ()
    assert ctl.seat == 0


def test_a_paused_clock_keeps_what_it_had_and_goes_on_from_there(clock):
    ctl, _ = controller_with_pair(clock)
    ctl.pause_clock()  # a hand-off screen: the player has not started yet
    clock.advance(30)
    ctl.restart_clock()
    assert ctl.remaining() == pytest.approx(60)
    clock.advance(15)
    ctl.pause_clock()
    clock.advance(100)
    assert ctl.remaining() == pytest.approx(45) and not ctl.tick()
    ctl.restart_clock()
    clock.advance(5)
    assert ctl.remaining() == pytest.approx(40)


def test_each_new_turn_has_the_full_time(clock):
    ctl, _ = controller_with_pair(clock)
    clock.advance(45)
    ctl.act(0, Draw())
    assert ctl.remaining() == pytest.approx(60)


def test_undo_takes_back_one_edit_and_redo_puts_it_back(clock):
    ctl, (a, b) = controller_with_pair(clock)
    start = ctl.draft
    place(ctl, 0, a, b)
    both = ctl.draft
    assert ctl.undo(0) and [t.id for t in ctl.draft.rows[0]] == [a]
    assert ctl.undo(0) and ctl.draft == start
    assert not ctl.undo(0)
    assert ctl.redo(0) and ctl.redo(0) and ctl.draft == both
    assert not ctl.redo(0)


def test_undo_all_can_be_redone_step_by_step_and_a_new_edit_clears_redo(clock):
    ctl, (a, b) = controller_with_pair(clock)
    start = ctl.draft
    place(ctl, 0, a, b)
    both = ctl.draft
    ctl.undo_all(0)
    assert ctl.draft == start
    assert ctl.redo(0) and ctl.redo(0) and ctl.draft == both
    ctl.undo(0)
    place(ctl, 0, b, row=1)
    assert not ctl.can_redo()


def test_table_tile_cannot_be_dragged_to_a_rack(clock):
    ctl, (a, b) = controller_with_pair(clock)
    place(ctl, 0, a, b)
    ctl.commit(0)
    with pytest.raises(IllegalMove, match="table tile"):
        ctl.edit(1, MoveTile(a, None))


def test_only_the_current_seat_edits_and_commits(clock):
    ctl, (a, _) = controller_with_pair(clock)
    with pytest.raises(IllegalMove, match="not your turn"):
        ctl.edit(1, MoveTile(a, 0))
    with pytest.raises(IllegalMove, match="not your turn"):
        ctl.commit(1)


def test_undo_all_returns_to_the_snapshot(clock):
    ctl, (a, b) = controller_with_pair(clock)
    place(ctl, 0, a, b)
    ctl.undo_all(0)
    assert ctl.draft == pilegame.GAME.new_draft(ctl.state, 0)
    assert not ctl.draft_changed()


def test_plain_action_discards_the_draft(clock):
    ctl, (a, b) = controller_with_pair(clock)
    place(ctl, 0, a, b)
    ctl.act(0, Draw())
    assert ctl.state.table == ()
    assert ctl.seat == 1


def test_listeners_hear_every_event(clock):
    ctl, _ = controller_with_pair(clock)
    heard = []
    ctl.subscribe(heard.append)
    ctl.act(0, Draw())
    clock.advance(60)
    ctl.tick()
    assert [e.kind for e in heard] == ["draw", "turn", "clock.timeout", "timeout", "turn"]
    assert [e.public["turn"] for e in heard if e.kind == "turn"] == [1, 2]  # new turns are told, not polled


def test_events_hide_drawn_tiles_from_other_seats(clock):
    ctl, _ = controller_with_pair(clock)
    (event,) = ctl.act(0, Draw())
    assert "tiles" in event.for_seat(0)
    assert "tiles" not in event.for_seat(1)
    assert "tiles" not in event.for_seat(None)
    assert event.for_seat(1)["count"] == 1


def test_no_move_after_the_game_is_over(clock):
    for seed in range(200):
        state = pilegame.GAME.new_game(PileConfig(hand=2), ("Ann", "Bora"), seed)
        if rising_pair(state.racks[0]):
            break
    ctl = TurnController(pilegame.GAME, state, clock=clock)
    place(ctl, 0, *rising_pair(state.racks[0]))
    ctl.commit(0)
    assert ctl.is_over and ctl.seat is None and ctl.remaining() is None
    with pytest.raises(IllegalMove, match="over"):
        ctl.act(1, Draw())
    assert pilegame.GAME.result(ctl.state).winners == (0,)


def test_a_seat_cannot_act_a_timeout_only_the_clock_can(clock):
    ctl, _ = controller_with_pair(clock)
    before = ctl.state
    with pytest.raises(IllegalMove, match="Only the turn clock"):
        ctl.act(0, pilegame.Timeout(touched=True))
    assert ctl.state is before and ctl.seat == 0
