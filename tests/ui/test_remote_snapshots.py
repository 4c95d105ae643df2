"""SVG snapshots of the network screens at 80x24: the Join form, the Host picker and form, and a
play screen of a game served by a real server (see tests/ui/test_snapshots.py for updating them)."""

from __future__ import annotations

from remote_helpers import LOCALHOST, new_table, serving
from textual.widgets import Input, Select

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.registry import get_game
from tilegames.net.client_hosting import ALL_ADDRESSES
from tilegames.ui.app import TilegamesApp
from tilegames.ui.remote import start_remote
from tilegames.ui.screens.host import HostScreen, HostSetupScreen
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
    """Rummikub's setup form hosting, opened to other machines (the sentence saying who can join
    then shows)."""
    async def open_form(pilot):
        pilot.app.push_screen(HostSetupScreen(get_game("rummikub")))
        await pilot.pause()
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        pilot.app.screen.query_one("#players", Input).value = "Ann, Bob, cpu"
        pilot.app.screen.query_one("#bind", Select).value = ALL_ADDRESSES
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=open_form)


def test_host_picker(snap_compare):
    async def open_picker(pilot):
        pilot.app.push_screen(HostScreen())
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=open_picker)


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
