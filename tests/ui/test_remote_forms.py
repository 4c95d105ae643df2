"""The menu's Join a game and Host a game: the forms, their refusals, and a game reached
through each over a real server on 127.0.0.1."""

from __future__ import annotations

import socket

from remote_helpers import LOCALHOST, join, new_table, serving
from textual.widgets import Input, OptionList, Static

from tilegames.ui.screens.host import HostScreen, HostSetupScreen, hosted_server, stop_hosting
from tilegames.ui.screens.host_codes import HostCodesScreen
from tilegames.ui.screens.join import JoinScreen
from tilegames.ui.screens.menu import MenuScreen
from tilegames.ui.games.scrabble.screen import ScrabbleScreen


def said(app) -> str:
    """Everything the screen's texts say, joined (an export would cut long lines)."""
    return "\n".join(str(s.content) for s in app.screen.query(Static))


async def choose_in_menu(pilot, option_id: str) -> None:
    menu = pilot.app.screen
    assert isinstance(menu, MenuScreen)
    options = menu.query_one(OptionList)
    options.highlighted = options.get_option_index(option_id)
    await pilot.press("enter")
    await pilot.pause()


async def fill_join(pilot, address: str, code: str) -> JoinScreen:
    form = pilot.app.screen
    assert isinstance(form, JoinScreen)
    form.query_one("#address", Input).value = address
    form.query_one("#code", Input).value = code
    await pilot.press("ctrl+s")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return form


async def test_the_menus_join_form_connects_and_shows_the_game(app, tmp_path):
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), 6)
        async with app.run_test(size=(80, 24)) as pilot:
            await choose_in_menu(pilot, "join")
            await fill_join(pilot, f"{LOCALHOST}:{server.port}", str(table.codes[1]).lower())  # codes forgive case
            screen = app.screen
            assert isinstance(screen, ScrabbleScreen) and screen.session.seats_here == (1,)
            assert app.playing is screen.session
            await pilot.press("f10")  # leaving asks, and says where the game goes on
            await pilot.pause()
            question = app.screen.question
            assert "goes on on the server" in question and str(table.codes[1]).lower() in question
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen) and app.playing is None
            await choose_in_menu(pilot, "join")  # the form remembers the last join
            form = app.screen
            assert isinstance(form, JoinScreen)
            assert form.query_one("#address", Input).value == f"{LOCALHOST}:{server.port}"
        # The game went on without Bob's terminal: Ann still finds it, and Bob's seat.
        ann = join(server, table.codes[0])
        assert ann.seats_here == (0,) and ann.result() is None
        ann.close()


async def test_the_join_form_says_what_is_wrong_in_a_sentence(app, tmp_path):
    with serving(tmp_path / "server") as server:
        async with app.run_test(size=(80, 24)) as pilot:
            await choose_in_menu(pilot, "join")
            form = await fill_join(pilot, "nowhere", "K7PQ-3MZD")
            assert "is not HOST:PORT" in said(app)
            form = await fill_join(pilot, f"{LOCALHOST}:{server.port}", "")
            assert "Type the join code" in said(app)
            form = await fill_join(pilot, f"{LOCALHOST}:{server.port}", "ZZZZ-ZZZZ")
            assert app.screen is form and "ZZZZ-ZZZZ" in said(app) and not form.joining
            with socket.socket() as probe:
                probe.bind((LOCALHOST, 0))
                closed = probe.getsockname()[1]
            await fill_join(pilot, f"{LOCALHOST}:{closed}", "K7PQ-3MZD")
            assert "No tilegames server is listening" in said(app)


async def test_the_menus_host_form_serves_a_game_shows_the_codes_and_seats_the_host(app):
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            await choose_in_menu(pilot, "host")
            picker = app.screen
            assert isinstance(picker, HostScreen)
            options = picker.query_one(OptionList)
            options.highlighted = options.get_option_index("game:scrabble")
            await pilot.press("enter")
            await pilot.pause()
            form = app.screen
            assert isinstance(form, HostSetupScreen)
            with socket.socket() as probe:
                probe.bind((LOCALHOST, 0))
                port = probe.getsockname()[1]
            form.query_one("#port", Input).value = str(port)
            form.query_one("#players", Input).value = "Ann, Bob, cpu"
            await pilot.press("ctrl+s")
            await pilot.pause()
            codes = app.screen
            assert isinstance(codes, HostCodesScreen)
            text = said(app)
            ann, bob, cpu = codes.table.codes
            assert ann and bob and cpu is None and ann in text and bob in text and "played by the computer" in text
            assert f"tilegames join {LOCALHOST}:{port} --code CODE" in text
            await pilot.press("enter")
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ScrabbleScreen) and screen.session.seats_here == (0,)
            server = hosted_server(app)
            assert server is not None and server.port == port
            guest = join(server, bob)  # Bob joins from another terminal of this machine
            assert guest.seats_here == (1,)
            guest.close()
        finally:
            stop_hosting(app)
