"""SVG snapshots at 80x24 of the tools that need no game in progress: the turn timer (in its
last seconds, digits and words in the warning look) and Rummikub's initial-meld checker.

Update after a deliberate change with `pytest tests/ui/test_tools_snapshots.py --snapshot-update`,
then look at the new SVGs before committing them.
"""

from __future__ import annotations

from textual.widgets import Input

from tilegames.core.kernel.clock import FakeClock
from tilegames.ui import games
from tilegames.ui.app import TilegamesApp
from tilegames.ui.screens.timer import run_timer_screen


def new_app() -> TilegamesApp:
    return TilegamesApp(clock=FakeClock())


def test_timer_in_its_last_seconds(snap_compare):
    async def warning(pilot):
        app = pilot.app
        app.bell = lambda: None
        screen = run_timer_screen(app, 60, "김민수,이지영,박서준", play_sound=lambda name: False)
        await pilot.pause()
        await pilot.press("space")  # 이지영's turn
        app.clock.advance(51.5)
        screen.tick()
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=warning)


def test_meld_checker_with_a_run_a_group_and_an_invalid_set(snap_compare):
    async def typed(pilot):
        ((_entry, tool),) = games.game_tools()
        pilot.app.push_screen(games.tool_screen(tool))
        await pilot.pause()
        field = pilot.app.screen.query_one(Input)
        field.cursor_blink = False
        field.insert_text_at_cursor("R10 R11 R12, K4 B4 O4 J, K1 K2 R3")
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=typed)
