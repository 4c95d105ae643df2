"""SVG snapshots of the network screens at 80x24: the Join and Host forms, and a play screen of
a game served by a real server (see tests/ui/test_snapshots.py for updating them)."""

from __future__ import annotations

from remote_helpers import LOCALHOST, new_table, serving
from textual.widgets import Input

from tilegames.core.clock import FakeClock
from tilegames.ui.app import TilegamesApp
from tilegames.ui.remote import start_remote
from tilegames.ui.screens.host import HostScreen
from tilegames.ui.screens.join import JoinScreen


def new_app() -> TilegamesApp:
    return TilegamesApp(clock=FakeClock())


def test_join_form(snap_compare):
    async def open_form(pilot):
        pilot.app.push_screen(JoinScreen("127.0.0.1:7777"))
        await pilot.pause()
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        pilot.app.screen.query_one("#code", Input).value = "K7PQ-3MZD"
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=open_form)


def test_host_form(snap_compare):
    async def open_form(pilot):
        pilot.app.push_screen(HostScreen())
        await pilot.pause()
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        pilot.app.screen.query_one("#players", Input).value = "Ann, Bob, cpu"
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=open_form)


def test_remote_play_screen(snap_compare, tmp_path):
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), 6)

        async def joined(pilot):
            start_remote(pilot.app, LOCALHOST, server.port, (str(table.codes[1]),))
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            pilot.app.clear_notifications()  # "Connecting to 127.0.0.1:<a port of the day>"
            await pilot.pause()

        assert snap_compare(new_app(), terminal_size=(80, 24), run_before=joined)
