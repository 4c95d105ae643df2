"""Hints on the Rummikub play screen, in the real app, headless: H shows the best play on the
table and rack (counted, and said in the log), H again lays it out as the move, any other key
puts it away; the summary counts each player's hints."""

from __future__ import annotations

from app_helpers import config, pick_from_rack, play_screen, screen_text, show_position, started, until
from rk_builder import position

from tilegames.ui.screens.dialogs import Confirm


def faces(rows):
    return [" ".join(t.face for t in row) for row in rows]


def split_position():
    # R4 goes down only by splitting R1-R6 around it.
    return position(["R4 K9", "K2 K3"], table=["R1 R2 R3 R4 R5 R6"], melded=[True, True], config=config())


async def test_a_hint_shows_the_rearranged_table_and_a_second_press_lays_it_out(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, split_position())
        await started(pilot)
        await pilot.press("H")
        await until(pilot, lambda: "Lay R4" in screen_text(app))
        text = screen_text(app)
        assert "Lay R4: 1 tile, 4 points." in text and "Ann asked for a hint." in text
        assert "hint: + laid" in text  # the table box shows the hint's table, marked
        assert session.view(0)["hints"] == [1, 0]
        assert faces(session.controller.state.table) == ["R1 R2 R3 R4 R5 R6"]  # nothing laid yet
        await pilot.press("H")
        await pilot.pause()
        draft = session.controller.draft
        assert sorted(faces(draft.rows)) == ["R1 R2 R3 R4", "R4 R5 R6"]
        assert session.view(0)["hints"] == [1, 0]  # laying it out is not another hint
        await pilot.press("c")
        await pilot.pause()
        assert sorted(faces(session.controller.state.table)) == ["R1 R2 R3 R4", "R4 R5 R6"]
        assert session.current_seat == 1


async def test_any_other_key_puts_the_hint_away_and_the_draft_is_as_it_was(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, split_position())
        await started(pilot)
        await pilot.press("H")
        await until(pilot, lambda: "Lay R4" in screen_text(app))
        await pilot.press("right")
        await pilot.pause()
        assert "Lay R4" not in screen_text(app) and "hint: + laid" not in screen_text(app)
        assert session.controller.draft.rows == session.controller.state.table


async def test_a_hint_asked_with_changes_on_the_table_asks_first_and_no_keeps_them(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, split_position())
        await started(pilot)
        await pick_from_rack(pilot, "K9")
        await pilot.press("tab")
        play_screen(app).table_cursor = (1, 0)  # a new set
        await pilot.press("space")
        await pilot.pause()
        assert session.draft_changed()
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("n")
        await pilot.pause()
        assert session.draft_changed() and session.view(0)["hints"] == [0, 0]
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: "Lay R4" in screen_text(app))
        assert not session.draft_changed() and session.view(0)["hints"] == [1, 0]


async def test_no_play_says_so_and_still_counts(app):
    state = position(["K9 O2", "K2 K3"], table=["R1 R2 R3"], melded=[True, True], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, state)
        await started(pilot)
        await pilot.press("H")
        await until(pilot, lambda: "finds no play" in screen_text(app))
        assert "draw a tile" in screen_text(app) and session.view(0)["hints"] == [1, 0]


async def test_the_summary_counts_each_players_hints(app):
    from textual.widgets import DataTable

    from tilegames.ui.games.rummikub.summary import SummaryScreen

    state = position(["R6", "K2 K3 J"], table=["R3 R4 R5"], melded=[True, True], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, state)
        await started(pilot)
        await pilot.press("H")
        await until(pilot, lambda: "Lay R6" in screen_text(app))
        await pilot.press("H", "c")
        await until(pilot, lambda: isinstance(app.screen, SummaryScreen))
        table = app.screen.query_one(DataTable)
        assert [str(c.label) for c in table.columns.values()][-1] == "Hints"
        assert [table.get_row_at(r)[-1] for r in range(table.row_count)] == ["1", "0"]


def test_snapshot_of_a_hint_on_show(snap_compare):
    from tilegames.core.kernel.clock import FakeClock
    from tilegames.ui.app import TilegamesApp

    # The same table as the mid-game snapshot's: the hint grows two sets and lays a new one.
    state = position(["R10 R11 J B7 K7 O2 O3 B12 K13 R1", "K2 K3 K4 K5", "B1 B2"],
                     table=["B3 B4 B5 B6", "R8 K8 O8", "O9 O10 O11 O12"], melded=[True, True, False], config=config())

    async def hint_shown(pilot):
        show_position(pilot.app, state)
        await started(pilot)
        await pilot.press("H")
        await until(pilot, lambda: "Hint keys" in screen_text(pilot.app))

    assert snap_compare(TilegamesApp(clock=FakeClock()), terminal_size=(80, 24), run_before=hint_shown)


def test_a_joker_taken_into_a_new_set_is_marked_moved():
    from tilegames.core.agents import seat_view
    from tilegames.games.rummikub.game import GAME
    from tilegames.games.rummikub.hints import hint_for
    from tilegames.games.rummikub.view_types import rummikub_view

    state = position(["R2 B2 B3 B5", "K2 K3"], table=["R1 J R3"], melded=[True, True], config=config())
    hint = hint_for(rummikub_view(seat_view(GAME, state, 0)))
    assert hint is not None and len(hint.placed) == 4
    joker = next(t.id for row in state.table for t in row if t.face == "J")
    assert hint.moved == (joker,)
    assert "It rearranges the table. 1 table tile moves to another set (~)." in hint.text
