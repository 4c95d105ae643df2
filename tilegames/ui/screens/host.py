"""Host a game (the menu's entry): choose the game and the players, and this app serves it on
this machine (127.0.0.1); the join codes are shown for the others, then the host takes the
first person's seat as any player joins, through `start_remote`.

The server runs on a thread of the app (net/client_hosting.py) until the app quits, so leaving
the game for the menu does not end it for the others; hosting again uses the same server.
A game the app plays as a match of several games (Rummikub) is hosted as one game: a server's
table plays one game.
"""

from __future__ import annotations

import secrets
from typing import Any
from weakref import WeakKeyDictionary

from rich.cells import cell_len, set_cell_size
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.widgets import Button, Footer, Input, Label, Select, Static

from tilegames.core.inputs import shown, whole_number
from tilegames.core.registry import get_game
from tilegames.net.client_hosting import HostedServer, HostedTable, HostingFailed
from tilegames.ui.games import playable
from tilegames.ui.remote import start_remote
from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.screens.setup import names_typed, parse_players, seat_names
from tilegames.ui.screens.turns import is_agent_name
from tilegames.ui.widgets.seat_kinds import SeatKinds

LOCALHOST = "127.0.0.1"
DEFAULT_PORT = 7777

_servers: "WeakKeyDictionary[App[Any], HostedServer]" = WeakKeyDictionary()


def hosted_server(app: App[Any]) -> HostedServer | None:
    """The server this app started, while it runs."""
    server = _servers.get(app)
    return server if server is not None and server.running else None


def stop_hosting(app: App[Any]) -> None:
    """Stop the server this app started (its tables are kept in its folder)."""
    server = _servers.pop(app, None)
    if server is not None:
        server.stop()


def host_table(app: App[Any], game_id: str, players: str, port: int) -> HostedTable:
    """Deal a new table of `game_id` on this app's server (started on `port` if need be);
    ValueError or HostingFailed with a sentence when it cannot be."""
    game = get_game(game_id)
    seats = parse_players(players, game.title, game.max_seats)
    if all(is_agent_name(name) for name in seats):
        raise ValueError("Name yourself among the players: at least one seat must be a person's.")
    config = game.config_for({}, len(seats))
    server = hosted_server(app)
    if server is None:
        server = HostedServer(LOCALHOST, port).start()
        _servers[app] = server
    return server.create_table(game_id, seats, config, secrets.randbelow(10**9))


class HostScreen(BaseScreen):
    DEFAULT_CSS = """
    HostScreen { align: center middle; }
    HostScreen #form { width: 64; height: auto; border: round $primary; padding: 0 1; }
    HostScreen SeatKinds { margin: 0; }
    HostScreen Grid { grid-size: 2; grid-columns: 9 1fr; grid-rows: 1; grid-gutter: 1 0; height: auto; margin: 1 0; }
    HostScreen #about { color: $text-muted; height: auto; }
    HostScreen #error { color: $error; height: auto; }
    HostScreen Button { width: 100%; }
    """
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "host", "Host")]

    def compose(self) -> ComposeResult:
        games = [(entry.title, entry.id) for entry in playable()]
        running = hosted_server(self.app)
        with Vertical(id="form") as form:
            form.border_title = "Host a game"
            yield Static("This terminal serves the game; the others join it with the codes shown next. "
                         "You play the first person named.", id="about")
            with Grid():
                yield Label("Game")
                yield Select(games, value=games[0][1], allow_blank=False, id="game", compact=True)
                yield Label("Players")
                yield Input(value="Player 1, Player 2", id="players", compact=True,
                            placeholder="names, separated by commas (cpu: the computer)")
                yield Label("Computer")
                yield SeatKinds(id="seats")
                yield Label("Port")
                yield Input(value=str(running.port if running else DEFAULT_PORT), id="port", compact=True,
                            disabled=running is not None, placeholder="a TCP port, e.g. 7777")
            yield Static("", id="error")
            yield Button("Host", variant="primary", id="host", compact=True)
        yield Footer()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#players", Input).focus()
        self._players_changed()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "players":
            self._players_changed()

    def _players_changed(self) -> None:
        """The seats line shows who the computer plays, as the setup form's does."""
        names = seat_names(self.query_one("#players", Input).value)
        self.query_one(SeatKinds).show([(name, is_agent_name(name)) for name in names])

    def on_seat_kinds_switched(self, event: SeatKinds.Switched) -> None:
        """A seat switched to the computer is named cpu; back to a person, it gets a name."""
        players = self.query_one("#players", Input)
        names = names_typed(players.value)
        if event.seat < len(names):
            names[event.seat] = f"Player {event.seat + 1}" if is_agent_name(names[event.seat]) else "cpu"
            players.value = ", ".join(names)

    def on_input_submitted(self) -> None:
        self.action_host()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_host()

    def action_back(self) -> None:
        self.dismiss(None)

    def action_host(self) -> None:
        error = self.query_one("#error", Static)
        try:
            port = whole_number(self.query_one("#port", Input).value, "port number", max_digits=5)
            if not 1 <= port <= 65535:
                raise ValueError(f"{port} is not a port number (1 to 65535).")
            game_id = str(self.query_one("#game", Select).value)
            table = host_table(self.app, game_id, self.query_one("#players", Input).value, port)
        except (ValueError, HostingFailed) as exc:
            error.update(shown(str(exc), 300))
            return
        server = hosted_server(self.app)
        self.app.switch_screen(HostCodesScreen(table, server.port if server else port))


class HostCodesScreen(BaseScreen):
    """The codes of a table just dealt, to give to the players; Enter takes the host's seat."""

    DEFAULT_CSS = """
    HostCodesScreen { align: center middle; }
    HostCodesScreen #codes { width: 72; height: auto; border: round $accent; padding: 1 1 0 1; }
    HostCodesScreen #how { color: $text-muted; padding: 1 0 0 0; height: auto; }
    HostCodesScreen Button { width: 100%; margin: 1 0 0 0; }
    """
    BINDINGS = [Binding("enter", "play", "Take your seat"), Binding("escape", "back", "Menu")]

    def __init__(self, table: HostedTable, port: int) -> None:
        super().__init__()
        self.table = table
        self.port = port
        self.seat = next(s for s, code in enumerate(table.codes) if code is not None)

    def lines(self) -> list[str]:
        """One line a seat, the names padded in cells so that the codes line up."""
        table = self.table
        width = min(20, max(cell_len(shown(name, 20)) for name in table.seats))
        out = []
        for seat, (name, code) in enumerate(zip(table.seats, table.codes)):
            who = set_cell_size(shown(name, 20), width)
            if code is None:
                out.append(f"{who}  played by the computer")
            else:
                out.append(f"{who}  {code}{'  (you)' if seat == self.seat else ''}")
        out.append(f"{set_cell_size('Watchers', width)}  {table.spectator}")
        return out

    def compose(self) -> ComposeResult:
        title = get_game(self.table.game).title
        with Vertical(id="codes") as box:
            box.border_title = f"{title}: the join codes"
            yield Static("\n".join(self.lines()), id="list", markup=False)
            yield Static(f"Each code is a seat's password: give each player theirs. They join from this "
                         f"machine with: tilegames join {LOCALHOST}:{self.port} --code CODE, or the menu's "
                         "Join a game. The server runs while this app is open.", id="how", markup=False)
            yield Button("Take your seat", variant="primary", id="play", compact=True)
        yield Footer()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_play()

    def action_back(self) -> None:
        self.dismiss(None)

    def action_play(self) -> None:
        code = self.table.codes[self.seat]
        assert code is not None
        start_remote(self.app, LOCALHOST, self.port, (code,))  # type: ignore[arg-type]
