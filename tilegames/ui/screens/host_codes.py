"""The join codes of a table this app hosts, and how to join it: shown once the table is dealt,
and again from the Host picker while the game goes on. Enter takes the host's seat (again,
after leaving the game for the menu).

How to join depends on who the server lets in: on 127.0.0.1 only this machine's terminals can,
so the line names that address; opened to other machines, it names this machine's address on
the network and its name (found without any network traffic, net/client_hosting.py).
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Static

from tilegames.core.text.i18n import N_, _
from tilegames.core.text.inputs import shown
from tilegames.core.registry import get_game
from tilegames.net.client_hosting import LOOPBACK, HostedServer, HostedTable, machine_addresses
from tilegames.ui.remote import start_remote
from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.widgets.footer import KeysFooter

NAME_CELLS = 20  # the longest a name is shown in the list
WATCHERS = N_("Watchers")  # the spectators' line


def join_advice(port: int, open_to_others: bool, addresses: list[str]) -> str:
    """How the others join a server on `port`; `addresses`: how other machines reach this one."""
    here = f"tilegames join {LOOPBACK}:{port} --code CODE"
    if not open_to_others:
        return _("They join from this machine with: {command}, or the menu's Join a game.").format(command=here)
    if not addresses:
        return _("From this machine: {command}. Other machines use this machine's network address "
                 "with port {port} (none was found here).").format(command=here, port=port)
    first, *others = (shown(a, 60) for a in addresses)
    also = _(" (or {addresses})").format(addresses=", ".join(f"{a}:{port}" for a in others)) if others else ""
    return _("From another machine: tilegames join {address}:{port} --code CODE{also}; from this one, "
             "{loopback}:{port}. Anyone who can reach this machine and has a code can join.").format(
                 address=first, port=port, also=also, loopback=LOOPBACK)


class HostCodesScreen(BaseScreen):
    """The codes of a hosted table, to give to the players; Enter takes the host's seat."""

    DEFAULT_CSS = """
    HostCodesScreen { align: center middle; }
    HostCodesScreen #codes { width: 72; height: auto; border: round $accent; padding: 1 1 0 1; }
    HostCodesScreen #how { color: $text-muted; padding: 1 0 0 0; height: auto; }
    HostCodesScreen Button { width: 100%; margin: 1 0 0 0; }
    """
    BINDINGS = [Binding("enter", "play", "Take your seat", id="host_codes.play"),
                Binding("escape", "back", "Back", id="host_codes.back")]

    def __init__(self, table: HostedTable, server: HostedServer) -> None:
        super().__init__()
        self.table = table
        self.port = server.port
        self.open_to_others = server.open_to_others
        self.seat = next(s for s, code in enumerate(table.codes) if code is not None)

    def lines(self) -> list[str]:
        """One line a seat, the names padded in cells so that the codes line up."""
        table = self.table
        watchers = _(WATCHERS)  # i18n: marked
        width = min(NAME_CELLS, max(cell_len(shown(name, NAME_CELLS)) for name in (*table.seats, watchers)))
        out = []
        for seat, (name, code) in enumerate(zip(table.seats, table.codes)):
            who = set_cell_size(shown(name, NAME_CELLS), width)
            if code is None:
                out.append(_("{name}  played by the computer").format(name=who))
            elif seat == self.seat:
                out.append(_("{name}  {code}  (you)").format(name=who, code=code))
            else:
                out.append(f"{who}  {code}")
        out.append(f"{set_cell_size(watchers, width)}  {table.spectator}")
        return out

    def how_to_join(self) -> str:
        addresses = machine_addresses() if self.open_to_others else []
        return _("Each code is a seat's password: give each player theirs. {advice} "
                 "The server runs while this app is open.").format(
                     advice=join_advice(self.port, self.open_to_others, addresses))

    def compose(self) -> ComposeResult:
        title = _(get_game(self.table.game).title)  # i18n: marked
        with Vertical(id="codes") as box:
            box.border_title = _("{game}: the join codes").format(game=title)
            yield Static("\n".join(self.lines()), id="list", markup=False)
            yield Static(self.how_to_join(), id="how", markup=False)
            yield Button(_("Take your seat"), variant="primary", id="play", compact=True)
        yield KeysFooter()
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
        start_remote(self.app, LOOPBACK, self.port, (code,))  # type: ignore[arg-type]
