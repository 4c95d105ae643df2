"""The turn in progress survives quitting, a crash and resuming (DESIGN.md §6): the draft and
the time left are journaled, so neither the clock nor a timeout penalty can be escaped."""

from __future__ import annotations

import pytest

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.records.journal import load_journal
from tilegames.core.kernel.session import LocalSession
from tilegames.core.parts.table_rows import MoveTile
from tilegames.games.rummikub.actions import Draw
from tilegames.games.rummikub.game import GAME


@pytest.fixture
def started(tmp_path):
    """A new Rummikub game, journaled, with the clock in the test's hands."""
    clock = FakeClock()
    path = tmp_path / "game.jsonl"
    session = LocalSession.start(GAME, GAME.config_from_json({}), ("Ann", "Bora"), 2000, path=path, clock=clock)
    return session, path, clock


def move_one_tile(session: LocalSession) -> None:
    seat = session.current_seat
    tile = session.controller.state.racks[seat][0].id
    session.edit(seat, MoveTile(tile, 0))


def test_quitting_mid_turn_keeps_the_draft_and_the_time_left(started):
    session, path, clock = started
    move_one_tile(session)
    draft = session.controller.draft
    clock.advance(55)
    session.tick()
    session.close()  # q, then y: back to the menu
    clock.advance(300)  # time away from the game does not count
    again = LocalSession.resume(path, clock=clock)
    assert again.controller.draft == draft
    assert again.remaining() == pytest.approx(5)
    again.restart_clock()  # after the hand-off screen
    clock.advance(5)
    events = again.tick()
    assert [e.kind for e in events][-1] == "timeout"
    assert events[-1].public["touched"] is True  # the 3-tile penalty, not a fresh turn
    again.close()


def test_a_crash_mid_turn_loses_at_most_two_seconds_of_clock(started):
    session, path, clock = started
    move_one_tile(session)
    draft = session.controller.draft
    for _ in range(55 * 4):  # the app ticks four times a second
        clock.advance(0.25)
        session.tick()
    clock.advance(0.2)
    # kill -9: nothing is closed or written any more; the lock goes with the process.
    session.controller.journal.lock.release()
    again = LocalSession.resume(path, clock=clock)
    assert again.controller.draft == draft
    assert 4.8 <= again.remaining() <= 4.8 + 2  # the clock lost 0.2 s, at most 2
    again.close()


def test_undo_and_redo_are_part_of_the_restored_turn(started):
    session, path, clock = started
    seat = session.current_seat
    rack = session.controller.state.racks[seat]
    session.edit(seat, MoveTile(rack[0].id, 0))
    session.edit(seat, MoveTile(rack[1].id, 0))
    session.undo(seat)
    draft = session.controller.draft
    session.close()
    again = LocalSession.resume(path, clock=clock)
    assert again.controller.draft == draft
    assert again.redo(seat)
    assert [t.id for t in again.controller.draft.rows[0]] == [rack[0].id, rack[1].id]
    again.close()


def test_a_new_turn_forgets_the_steps_of_the_last_one(started):
    session, path, clock = started
    move_one_tile(session)
    clock.advance(20)
    session.undo_all(session.current_seat)
    session.act(session.current_seat, Draw())
    session.close()
    loaded = load_journal(path)
    assert all(step.at == 1 for step in loaded.turn_steps)
    again = LocalSession.resume(path, clock=clock)
    assert again.remaining() == pytest.approx(60) and not again.controller.draft_changed()
    again.close()


def test_a_scrabble_turn_comes_back_with_its_tiles_on_the_board_and_its_clock(tmp_path):
    from tilegames.games.scrabble.config import ScrabbleConfig
    from tilegames.games.scrabble.draft import PutTile
    from tilegames.games.scrabble.game import GAME as SCRABBLE

    clock = FakeClock()
    path = tmp_path / "scrabble.jsonl"
    session = LocalSession.start(SCRABBLE, ScrabbleConfig(turn_seconds=90), ("Ann", "Bora"), 5, path=path, clock=clock)
    seat = session.current_seat
    first, second = session.controller.state.racks[seat][:2]
    letter = lambda t: t.face if t.face != "?" else "E"  # noqa: E731 - a blank needs a letter
    session.edit(seat, PutTile(first.id, 7, 7, letter(first)))
    session.edit(seat, PutTile(second.id, 7, 8, letter(second)))
    clock.advance(80)
    session.close()
    again = LocalSession.resume(path, clock=clock)
    assert again.controller.draft == session.controller.draft
    assert again.remaining() == pytest.approx(10)
    again.close()
