"""The menu's Host a game: the game's own setup form in its hosting form deals the table the form
describes on the app's server, opens it to other machines when asked, refuses bad input with a
sentence, and the codes can be seen again from the Host picker."""

from __future__ import annotations

import ipaddress
import socket

import pytest
from test_remote_forms import choose_in_menu, said
from textual.widgets import Button, Checkbox, Input, OptionList, Select, Static

from tilegames.core.registry import get_game
from tilegames.net.client_hosting import ALL_ADDRESSES, LOOPBACK, machine_addresses
from tilegames.ui.games import playable
from tilegames.ui.screens.host import HostScreen, HostSetupScreen, hosted_server, stop_hosting
from tilegames.ui.screens.host_codes import HostCodesScreen
from tilegames.ui.screens.setup import GameSetupScreen


def free_port(bind: str = LOOPBACK) -> int:
    with socket.socket() as probe:
        probe.bind((bind, 0))
        return int(probe.getsockname()[1])


async def pick(pilot, option_id: str) -> None:
    """Choose `option_id` in the Host picker."""
    options = pilot.app.screen.query_one(OptionList)
    options.highlighted = options.get_option_index(option_id)
    await pilot.press("enter")
    await pilot.pause()


async def host_form(pilot, game_id: str) -> HostSetupScreen:
    """The hosting form of `game_id`, reached from the menu through the Host picker."""
    await choose_in_menu(pilot, "host")
    assert isinstance(pilot.app.screen, HostScreen)
    await pick(pilot, f"game:{game_id}")
    form = pilot.app.screen
    assert isinstance(form, HostSetupScreen)
    return form


async def host(pilot, form: HostSetupScreen, players: str, *, port: int | str, bind: str = LOOPBACK) -> None:
    form.query_one("#players", Input).value = players
    form.query_one("#port", Input).value = str(port)
    form.query_one("#bind", Select).value = bind
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_hosting_rummikub_deals_the_table_with_the_options_chosen_in_its_setup_form(app):
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            form = await host_form(pilot, "rummikub")
            assert isinstance(form, GameSetupScreen) and not form.query(Checkbox)  # no open hands
            assert str(form.query_one("#start", Button).label) == "Host"
            form.query_one("#rounds", Select).value = 3
            form.query_one("#turn_seconds", Select).value = 30
            await host(pilot, form, "Ann, Bob, cpu", port=free_port())
            codes = app.screen
            assert isinstance(codes, HostCodesScreen)
            server = hosted_server(app)
            assert server is not None
            config = server.table_config(codes.table.id)
            assert config.rounds == 3 and config.turn_seconds == 30
            assert config == get_game("rummikub").config_for({"rounds": 3, "turn_seconds": 30}, 3)
            assert codes.table.seats == ("Ann", "Bob", "CPU (normal)") and codes.table.codes[2] is None
        finally:
            stop_hosting(app)


async def test_opened_to_other_machines_the_server_listens_on_every_address_and_says_where(app):
    """Six seats (the longest list) and the network advice still fit 80x24; the server answers
    on the address the screen names, not only on loopback."""
    addresses = machine_addresses()
    ips = [a for a in addresses if _is_ip(a)]
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            form = await host_form(pilot, "rummikub")
            assert "Anyone who can reach this machine and has a code can join" not in said(app)
            form.query_one("#bind", Select).value = ALL_ADDRESSES
            await pilot.pause()
            assert "Anyone who can reach this machine and has a code can join" in said(app)
            port = free_port(ALL_ADDRESSES)
            await host(pilot, form, "Ann, Bob, Cho, Dan, Eun, cpu", port=port, bind=ALL_ADDRESSES)
            codes = app.screen
            assert isinstance(codes, HostCodesScreen)
            server = hosted_server(app)
            assert server is not None and server.bind == ALL_ADDRESSES and server.port == port
            text = said(app)
            assert addresses and f"tilegames join {addresses[0]}:{port} --code CODE" in text
            assert f"{LOOPBACK}:{port}" in text and "Anyone who can reach this machine" in text
            box = codes.query_one("#codes").region
            assert box.y >= 0 and box.bottom <= 23  # above the footer
            assert codes.query_one("#play").region.bottom <= box.bottom
            if not ips:
                pytest.skip("this machine has no address but loopback to join through")
            assert not ipaddress.ip_address(ips[0]).is_loopback
            with socket.create_connection((ips[0], port), timeout=5):
                pass  # a server on 127.0.0.1 only would refuse this
        finally:
            stop_hosting(app)


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


async def test_this_machine_only_listens_on_loopback_and_says_so(app):
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            form = await host_form(pilot, "scrabble")
            port = free_port()
            await host(pilot, form, "Ann, Bob", port=port)
            server = hosted_server(app)
            assert server is not None and server.bind == LOOPBACK and not server.open_to_others
            text = said(app)
            assert f"tilegames join {LOOPBACK}:{port} --code CODE" in text
            assert "Anyone who can reach" not in text and "another machine" not in text
        finally:
            stop_hosting(app)


async def test_the_codes_are_shown_again_from_the_host_picker_and_are_the_same(app):
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            form = await host_form(pilot, "scrabble")
            port = free_port()
            await host(pilot, form, "Ann, 민준, cpu", port=port)
            first = app.screen
            assert isinstance(first, HostCodesScreen)
            shown_first = said(app)
            await pilot.press("escape")  # back to the picker, which now lists the table
            await pilot.pause()
            picker = app.screen
            assert isinstance(picker, HostScreen)
            entry = f"table:{first.table.id}"
            prompt = str(picker.query_one(OptionList).get_option(entry).prompt)
            assert "Scrabble" in prompt and "민준" in prompt
            assert f"port {port}" in said(app)
            await pick(pilot, entry)
            again = app.screen
            assert isinstance(again, HostCodesScreen) and again is not first
            assert again.table.codes == first.table.codes and again.table.spectator == first.table.spectator
            assert said(app) == shown_first
            await pilot.press("escape", "escape")
            await pilot.pause()
            await choose_in_menu(pilot, "host")  # a second table shares the running server
            await pick(pilot, "game:rummikub")
            form = app.screen
            assert isinstance(form, HostSetupScreen)
            assert form.query_one("#port", Input).disabled and form.query_one("#port", Input).value == str(port)
            assert form.query_one("#bind", Select).disabled
            form.query_one("#players", Input).value = "Ann, Bob"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, HostCodesScreen) and app.screen.port == port
            await pilot.press("escape")
            await pilot.pause()
            tables = [o.id for o in app.screen.query_one(OptionList).options if (o.id or "").startswith("table:")]
            assert len(tables) == 2 and tables[0] == entry
        finally:
            stop_hosting(app)


async def test_every_refused_host_input_is_a_sentence_and_deals_nothing(app):
    async with app.run_test(size=(80, 24)) as pilot:
        listener = socket.socket()
        try:
            listener.bind((LOOPBACK, 0))
            listener.listen()
            taken = listener.getsockname()[1]
            form = await host_form(pilot, "scrabble")
            refusals = [
                ("Ann, Bob", "", "Type the port to serve on"),
                ("Ann, Bob", "seven", "'seven' is not a port number (1 to 65535)."),
                ("Ann, Bob", "70000", "'70000' is not a port number (1 to 65535)."),
                ("Ann", "7777", "Scrabble is for 2 to 4 players; you named 1."),
                ("Ann, ann", "7777", "Every player needs a different name."),
                ("cpu, cpu", "7777", "at least one seat must be a person's."),
                ("Ann, Bob", str(taken), f"Cannot serve on {LOOPBACK} port {taken}:"),
            ]
            for players, port, sentence in refusals:
                await host(pilot, form, players, port=port)
                error = str(form.query_one("#error", Static).content)
                assert app.screen is form, players
                assert sentence in error and error.endswith("."), error
                assert hosted_server(app) is None  # no server, so no table either
        finally:
            listener.close()
            stop_hosting(app)


async def test_the_longest_hosting_form_fits_80x24_opened_to_others(app):
    """The game with the most options has the tallest form; the others fit if it does."""
    game = max((get_game(entry.id) for entry in playable()),
               key=lambda g: sum(1 for o in g.setup_options if o.in_form))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HostSetupScreen(game))
        await pilot.pause()
        app.screen.query_one("#bind", Select).value = ALL_ADDRESSES
        await pilot.pause()
        form = app.screen.query_one("#form").region
        assert form.y >= 0 and form.bottom <= 23, game.id  # above the footer
        assert app.screen.query_one("#reach").region.height == 1
        assert app.screen.query_one("#start").region.bottom < form.bottom, game.id
