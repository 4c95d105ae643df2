"""A turn in progress is bounded, whatever a player (or a client on the network) sends: its
draft stands on at most MAX_TURN_EDITS edits, and its journal lines are folded into one draft
line once they pass the journal's budget, so the file grows by a bounded amount per turn and
a resumed game still comes back with the same draft, undo and redo."""

from __future__ import annotations

import pytest

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import MAX_TURN_EDITS
from tilegames.core.errors import IllegalMove
from tilegames.core.records.journal import load_journal
from tilegames.core.records.journal_writer import TURN_BUDGET
from tilegames.core.kernel.session import LocalSession
from tilegames.core.parts.table_rows import MoveTile
from tilegames.games.rummikub.game import GAME

# The most a turn may add to its journal: the budget of unfolded steps, plus the draft line
# (1,000 edits and as many taken back, ~200 bytes each), plus the line that went over the budget.
TURN_GROWTH_BOUND = TURN_BUDGET + 2 * MAX_TURN_EDITS * 200 + 1000


def test_the_bound_on_a_turns_growth_is_under_a_megabyte():
    assert TURN_GROWTH_BOUND < 1024 * 1024


@pytest.fixture
def started(tmp_path):
    clock = FakeClock()
    path = tmp_path / "game.jsonl"
    session = LocalSession.start(GAME, GAME.config_from_json({}), ("Ann", "Bora"), 2000, path=path, clock=clock)
    yield session, path, clock
    session.close()


def build(session: LocalSession, count: int) -> None:
    """`count` edits the draft stands on: a tile laid out and taken back, again and again,
    with an undo and a redo now and then."""
    seat = session.current_seat
    tiles = [t.id for t in session.controller.state.racks[seat][:2]]
    for n in range(count):
        session.edit(seat, MoveTile(tiles[n % 2], 0 if (n // 2) % 2 == 0 else None))
        if n % 7 == 0:
            session.undo(seat)
            session.redo(seat)


def churn(session: LocalSession, count: int) -> None:
    """`count` steps as a flooding client sends them: an edit and its undo, over and over."""
    seat = session.current_seat
    tile = session.controller.state.racks[seat][0].id
    for _ in range(count // 2):
        session.edit(seat, MoveTile(tile, 0))
        session.undo(seat)


def test_a_turns_journal_growth_stays_bounded_however_many_steps_are_sent(started, monkeypatch):
    budget = 16 * 1024  # the real one is TURN_BUDGET: the same rule, a smaller file
    monkeypatch.setattr("tilegames.core.kernel.controller.TURN_BUDGET", budget)
    session, path, _clock = started
    before = path.stat().st_size
    build(session, 100)
    churn(session, 3000)  # unfolded, some 450 kB
    fold_line = 2 * 100 * 200  # at most the turn's 100 edits and as many taken back, ~200 bytes each
    assert path.stat().st_size - before < budget + fold_line + 1000
    assert load_journal(path).turn_steps[0].step == "draft"
    assert len(session.controller._history) == 100


def test_a_folded_turn_resumes_with_the_same_draft_undo_and_redo(started, monkeypatch):
    monkeypatch.setattr("tilegames.core.kernel.controller.TURN_BUDGET", 16 * 1024)
    session, path, clock = started
    build(session, 600)
    seat = session.current_seat
    session.undo(seat)
    session.undo(seat)
    draft, history, redo = session.controller.draft, session.controller._history, session.controller._redo
    assert path.read_bytes().count(b"\n") < 600  # the steps were folded into fewer lines than there were
    assert load_journal(path).turn_steps[0].step == "draft"
    session.controller.journal.lock.release()  # kill -9
    again = LocalSession.resume(path, clock=clock)
    try:
        assert again.controller.draft == draft
        assert again.controller._history == history and again.controller._redo == redo
        assert again.redo(seat) and again.redo(seat) and not again.redo(seat)
    finally:
        again.close()


def test_a_turn_keeps_at_most_a_thousand_changes_and_says_so(started):
    session, _path, _clock = started
    seat = session.current_seat
    build(session, MAX_TURN_EDITS)
    draft = session.controller.draft
    with pytest.raises(IllegalMove, match="1000 changes, the most one turn keeps"):
        session.edit(seat, MoveTile(session.controller.state.racks[seat][0].id, 0))
    assert session.controller.draft == draft  # refused: nothing changed
    session.undo(seat)
    session.edit(seat, MoveTile(session.controller.state.racks[seat][0].id, 0))  # room again
    session.undo(seat)
    session.redo(seat)
    with pytest.raises(IllegalMove, match="the most one turn keeps"):
        session.edit(seat, MoveTile(session.controller.state.racks[seat][0].id, 0))


def test_the_next_action_ends_the_folded_turn_and_the_next_turn_starts_small(started, monkeypatch):
    monkeypatch.setattr("tilegames.core.kernel.controller.TURN_BUDGET", 16 * 1024)
    session, path, _clock = started
    build(session, 600)
    seat = session.current_seat
    session.undo_all(seat)
    from tilegames.games.rummikub.actions import Draw

    session.act(seat, Draw())
    loaded = load_journal(path)
    assert len(loaded.records) == 1 and loaded.turn_steps == []
    assert session.controller.journal.turn_bytes == 0
