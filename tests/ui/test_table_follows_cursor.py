"""A table longer than its box scrolls to keep the cursor in sight (found in a networked game
at 80x24: with 20 sets on the table, the cursor went below the box and moving it showed
nothing)."""

from __future__ import annotations

from app_helpers import config, play_screen, session_for, show_position, started, until
from json_session import JsonSession
from rk_builder import position

# 20 sets: every colour's 1-2-3 ... 10-11-12, then groups, more rows than the box holds at 80x24.
TABLE = [f"{c}{n} {c}{n + 1} {c}{n + 2}" for c in "KRBO" for n in (1, 4, 7, 10)] + ["K13 R13 B13"]


def cursor_is_in_sight(screen) -> bool:
    box = screen.query_one("#table-box")
    table = box.children[0]
    row = table.cursor[0]
    line = table._line_of_row[row]
    top = box.scroll_offset.y
    return top <= line < top + box.scrollable_content_region.height


async def test_the_table_scrolls_to_keep_the_cursor_in_sight(app):
    state = position(["K5 R8", "B5 O8"], TABLE, melded=[True, True], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, state)
        await started(pilot)
        screen = play_screen(app)
        if screen.zone != "table":
            await pilot.press("tab")
        for _ in range(len(TABLE)):  # down to the new-set slot below every row
            await pilot.press("down")
        await pilot.pause()
        assert screen.query_one("#table-box").max_scroll_y > 0  # the table is taller than its box
        assert cursor_is_in_sight(screen)
        for _ in range(len(TABLE)):  # and back up to the first row
            await pilot.press("up")
        await pilot.pause()
        assert cursor_is_in_sight(screen)


async def test_a_tile_held_when_time_runs_out_is_let_go(app):
    """Found in a networked game: after a timeout the status line still said "holding K6"
    through the other players' turns. Ann plays at this terminal, Bora elsewhere."""

    class AnnHere(JsonSession):
        @property
        def seats_here(self) -> tuple[int, ...]:
            return (0,)

    state = position(["K5 R8 B9", "B5 O8"], ["R3 R4 R5"], melded=[True, True], config=config(turn_seconds=30))
    local = session_for(state, app.clock)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_in_series(AnnHere(local), local.header, open_hands=False)
        await started(pilot)
        screen = play_screen(app)
        if screen.zone != "rack":
            await pilot.press("tab")
        await pilot.press("space")  # picks up K5
        await pilot.pause()
        assert screen.held is not None
        app.clock.advance(31)
        # the clock ticks: time is up, Bora's turn, and the screen has let go of the tile
        await until(pilot, lambda: screen.session.current_seat == 1 and screen.held is None
                    and "holding" not in str(screen.query_one("#status").render()))
        assert screen.held is None
        assert "holding" not in str(screen.query_one("#status").render())
