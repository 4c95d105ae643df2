"""Host a game (the menu's entry): this app serves a table and the host plays the first person's
seat as any player joins, through `start_remote`.

"Host a game" opens `HostScreen`: the games to host, and, while this app hosts tables that are
not over, one entry per table that shows its join codes again (a friend who arrives late asks
for them). Choosing a game opens the game's own setup form (`GameSetupScreen`) in its hosting
form, `HostSetupScreen`: the same players, seats and options, no open hands (each player has
their own terminal, so there is no hand-off to skip), the port and who can join. Host deals the
table through `host_table` and shows its codes (`HostCodesScreen`).

The server runs on a thread of the app (net/client_hosting.py) until the app quits, so leaving
the game for the menu does not end it for the others; hosting again uses the same server, on
its port and addresses: those two fields are then shown and cannot be changed.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from tilegames.core.text.i18n import N_, _
from tilegames.core.text.inputs import shown, whole_number
from tilegames.core.registry import get_game
from tilegames.core.seeds import new_seed
from tilegames.net.client_hosting import ALL_ADDRESSES, LOOPBACK, HostedServer, HostedTable, HostingFailed
from tilegames.ui.games import playable
from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.screens.host_codes import HostCodesScreen
from tilegames.ui.screens.setup import GameSetupScreen
from tilegames.core.computer_seats import is_computer
from tilegames.ui.widgets.footer import KeysFooter

DEFAULT_PORT = 7777
WHO_CAN_JOIN = ((N_("This machine only (127.0.0.1)"), LOOPBACK), (N_("Other machines too (all addresses)"), ALL_ADDRESSES))
# One line, so that the longest form (Nab-It!'s) still fits 80x24.
OPEN_WARNING = N_("Anyone who can reach this machine and has a code can join.")
TABLE_CELLS = 56  # a hosted table's entry in the picker, cut to the list's width

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


def host_table(app: App[Any], game_id: str, seats: tuple[str, ...], config: Any, *, port: int,
               bind: str = LOOPBACK) -> HostedTable:
    """Deal a new table of `game_id` with `config` on this app's server, which is started on
    `bind:port` if it does not run yet (a running server keeps its own); ValueError or
    HostingFailed with a sentence when it cannot be."""
    if all(is_computer(name) for name in seats):
        raise ValueError(_("Name yourself among the players: at least one seat must be a person's."))
    server = hosted_server(app)
    if server is None:
        server = HostedServer(bind, port).start()
        _servers[app] = server
    return server.create_table(game_id, seats, config, new_seed())


def read_port(text: str) -> int:
    """The port field's number; ValueError with a sentence."""
    if not text.strip():
        raise ValueError(_("Type the port to serve on (1 to 65535), e.g. {port}.").format(port=DEFAULT_PORT))
    try:
        port = whole_number(text, "port number", max_digits=5)
    except ValueError:
        port = -1
    if not 1 <= port <= 65535:
        raise ValueError(_("'{text}' is not a port number (1 to 65535).").format(text=shown(text.strip(), 30)))
    return port


class HostScreen(BaseScreen):
    """The game to host, or a table this app hosts (its codes shown again)."""

    DEFAULT_CSS = """
    HostScreen { align: center middle; }
    HostScreen #picker { width: 64; height: auto; }
    HostScreen #title { width: 100%; text-align: center; text-style: bold; padding: 0 0 1 0; }
    HostScreen OptionList { height: auto; max-height: 16; border: round $primary; }
    HostScreen #serving { width: 100%; color: $text-muted; text-align: center; padding: 1 0 0 0; }
    """
    BINDINGS = [Binding("escape", "back", "Back", id="host.back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Static(_("Host a game: choose the game"), id="title")
            yield OptionList(*self._choices())
            yield Static(self._serving(), id="serving", markup=False)
        yield KeysFooter()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        """Back from a form or a codes screen: a table may have been dealt, or be over."""
        super().on_screen_resume()
        choices = self.query_one(OptionList)
        choices.clear_options()
        choices.add_options(self._choices())
        choices.highlighted = 0
        self.query_one("#serving", Static).update(self._serving())

    def _choices(self) -> list[Option | None]:
        choices: list[Option | None] = [Option(_(entry.title), id=f"game:{entry.id}")  # i18n: marked
                                        for entry in playable()]
        server = hosted_server(self.app)
        try:
            tables = server.tables_going_on() if server is not None else []
        except HostingFailed:  # a server too busy to answer: the games can still be chosen
            tables = []
        if tables:
            choices.append(None)
        for table in tables:
            prompt = Text(_("Codes: {game}, {players}").format(game=_(get_game(table.game).title),  # i18n: marked
                                                               players=", ".join(table.seats)))
            prompt.truncate(TABLE_CELLS, overflow="ellipsis")
            choices.append(Option(prompt, id=f"table:{table.id}"))
        return choices

    def _serving(self) -> str:
        server = hosted_server(self.app)
        if server is None:
            return _("Players join this terminal's server with the codes it shows.")
        if server.open_to_others:
            return _("This app serves on port {port} (this machine and others).").format(port=server.port)
        return _("This app serves on port {port} (this machine only).").format(port=server.port)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        kind, _colon, key = (event.option.id or "").partition(":")
        server = hosted_server(self.app)
        if kind == "game":
            self.app.push_screen(HostSetupScreen(get_game(key)))
        elif kind == "table" and server is not None:
            table = next((t for t in server.tables if t.id == key), None)
            if table is not None:
                self.app.push_screen(HostCodesScreen(table, server))

    def action_back(self) -> None:
        self.dismiss(None)


class HostSetupScreen(GameSetupScreen):
    """The game's setup form, hosting: the port and who can join instead of open hands; Host
    deals the table and shows its codes."""

    DEFAULT_CSS = """
    HostSetupScreen #reach { color: $warning; height: auto; }
    """
    BINDINGS = [Binding("ctrl+s", "start", "Host", id="host_setup.start")]
    BUTTON = N_("Host")

    def heading(self) -> str:
        return _("Host a {game} game").format(game=_(self.game.title))  # i18n: marked

    def compose_more_rows(self) -> ComposeResult:
        running = hosted_server(self.app)
        yield Label(_("Port"))
        yield Input(value=str(running.port if running else DEFAULT_PORT), id="port", compact=True,
                    disabled=running is not None, placeholder=_("a TCP port, e.g. 7777"))
        yield Label(_("Who can join"))
        bind = LOOPBACK
        if running is not None:
            bind = ALL_ADDRESSES if running.open_to_others else LOOPBACK
        who_can_join = [(_(label), value) for label, value in WHO_CAN_JOIN]  # i18n: marked
        yield Select(who_can_join, value=bind, allow_blank=False, id="bind", compact=True,
                     disabled=running is not None)

    def compose_notes(self) -> ComposeResult:
        yield Static("", id="reach", markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        self._reach_changed()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "bind":
            self._reach_changed()

    def _reach_changed(self) -> None:
        """Opening to other machines says plainly who can then join."""
        open_to_others = self.query_one("#bind", Select).value == ALL_ADDRESSES
        reach = self.query_one("#reach", Static)
        reach.update(_(OPEN_WARNING) if open_to_others else "")  # i18n: marked
        reach.display = open_to_others

    def begin(self, seats: tuple[str, ...], config: Any) -> None:
        running = hosted_server(self.app)
        try:
            port = running.port if running is not None else read_port(self.query_one("#port", Input).value)
            bind = str(self.query_one("#bind", Select).value)
            table = host_table(self.app, self.game.id, seats, config, port=port, bind=bind)
        except (ValueError, HostingFailed) as exc:
            self.refuse(str(exc))
            return
        server = hosted_server(self.app)
        assert server is not None  # host_table started it
        self.app.switch_screen(HostCodesScreen(table, server))
