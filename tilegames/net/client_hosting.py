"""A game server inside the app (the menu's Host a game): the real server
(`tilegames.net.server.Server`, as `tilegames serve` runs it) on its own thread with its own
event loop, so the app stays responsive while it serves.

`tilegames host` (net/commands.py) blocks until Ctrl-C and prints the codes; the app needs the
same server started, asked for a table and its codes, and stopped when asked, so this runs the
server's parts the way `commands.serve` does, minus the signals and the printing. Everything
that touches the server runs on its loop's thread (`_call`), as in production.

The server keeps the tables it dealt (`tables`), so that the app can show their codes again
while they are played, and says where other machines reach it (`machine_addresses`).
"""

from __future__ import annotations

import asyncio
import socket
import threading
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TypeVar

from tilegames.core.errors import SaveFailed
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.net.commands import is_loopback
from tilegames.net.lobby import Lobby
from tilegames.net.server import Server, Settings
from tilegames.net.store import StoreError, TableStore

T = TypeVar("T")
START_SECONDS = 20.0
LOOPBACK = "127.0.0.1"  # this machine only
ALL_ADDRESSES = "0.0.0.0"  # every IPv4 address of this machine: other machines too
# A documentation address (TEST-NET-1, RFC 5737): a UDP socket "connected" to it asks the
# routing table which of this machine's addresses faces the network; no packet is sent.
_ROUTE_PROBE = ("192.0.2.1", 9)


class HostingFailed(Exception):
    """The server could not be started, or the table not set up (one sentence)."""


@dataclass(frozen=True)
class HostedTable:
    """A table the app's server deals: its seats and their codes (None: a computer seat)."""

    id: str
    game: str
    seats: tuple[str, ...]
    codes: tuple[str | None, ...]
    spectator: str


class HostedServer:
    """One server on `bind:port` over the data folder `data` (None: the default, as
    `tilegames serve` uses), serving until `stop()`."""

    def __init__(self, bind: str = "127.0.0.1", port: int = 0, data: Path | None = None,
                 settings: Settings | None = None) -> None:
        self.bind, self.port, self.data = bind, port, data
        self.settings = settings or Settings()
        self.warnings: list[str] = []  # tables of the folder that could not be resumed
        self.tables: list[HostedTable] = []  # dealt by this app, oldest first
        self._server: Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._failed: str | None = None
        self._thread = threading.Thread(target=self._main, name="tilegames-hosted-server", daemon=True)

    @property
    def running(self) -> bool:
        return self._server is not None and self._thread.is_alive()

    @property
    def open_to_others(self) -> bool:
        """Whether other machines can reach it (it listens on more than loopback)."""
        return not is_loopback(self.bind)

    def start(self) -> "HostedServer":
        """Serve (HostingFailed with a sentence when the folder or the port cannot be used);
        `port` is then the port listened on (a free one when it was 0)."""
        self._thread.start()
        if not self._ready.wait(START_SECONDS):
            raise HostingFailed(_("The server did not start within {seconds:.0f} seconds.").format(seconds=START_SECONDS))
        if self._failed is not None:
            raise HostingFailed(self._failed)
        return self

    def _main(self) -> None:
        try:
            asyncio.run(self._serve())
        except Exception as exc:  # the sentence for start(), which waits for it
            self._failed = self._failed or _("The server stopped: {why}").format(why=f"{type(exc).__name__}: {exc}")
        finally:
            self._server = None
            self._ready.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        try:
            store = TableStore.open(self.data)
        except StoreError as exc:
            self._failed = str(exc)
            return
        lobby = Lobby(store)
        self.warnings = lobby.load()
        server = Server(lobby, self.settings)
        try:
            _address, self.port = await server.start(self.bind, self.port)
        except OSError as exc:
            await server.close()
            self._failed = _("Cannot serve on {address} port {port}: {why}. Try another port.").format(
                address=shown(self.bind, 40), port=self.port, why=exc.strerror or exc)
            return
        self._server = server
        self._ready.set()
        await self._stop.wait()
        await server.close()

    def create_table(self, game_id: str, seats: tuple[str, ...], config: Any, seed: int) -> HostedTable:
        """A new table of `game_id` and its codes; HostingFailed when it cannot be set up."""
        server = self._server
        if server is None:
            raise HostingFailed(_("The server is not running."))
        try:
            table = self._call(server.create_table, game_id, seats, config, seed)
        except (StoreError, SaveFailed, ValueError) as exc:
            raise HostingFailed(_("The table could not be set up: {why}").format(why=exc)) from None
        hosted = HostedTable(table.id, game_id, tuple(table.seats), tuple(table.seat_codes), table.spectator_code)
        self.tables.append(hosted)
        return hosted

    def tables_going_on(self) -> list[HostedTable]:
        """The tables this app dealt that are not over (nor let go by the server), oldest first."""
        server = self._server
        if server is None:
            return []
        lobby = server.lobby

        def going_on() -> set[str]:
            return {t.id for t in lobby.tables.values() if not t.over}

        ids = self._call(going_on)
        return [t for t in self.tables if t.id in ids]

    def table_config(self, table_id: str) -> Any:
        """The config the server plays table `table_id` with, as its journal header records it
        (HostingFailed when the server has no such table)."""
        server = self._server
        if server is None:
            raise HostingFailed(_("The server is not running."))
        lobby = server.lobby

        def config() -> Any:
            table = lobby.tables.get(table_id)
            if table is None:
                raise HostingFailed(_("The server has no table {table}.").format(table=shown(table_id, 20)))
            return table.game.config_from_json(table.session.header.config)

        return self._call(config)

    def stop(self) -> None:
        """Stop serving (every table's turn and journal kept: a server started on the same
        folder goes on with them)."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and self._thread.is_alive():
            loop.call_soon_threadsafe(stop.set)
        if self._thread.is_alive():
            self._thread.join(START_SECONDS)

    def _call(self, fn: Callable[..., T], *args: Any) -> T:
        assert self._loop is not None

        async def run() -> T:
            return fn(*args)

        try:
            return asyncio.run_coroutine_threadsafe(run(), self._loop).result(START_SECONDS)
        except FutureTimeout:
            raise HostingFailed(_("The server did not answer in time.")) from None


def machine_addresses() -> list[str]:
    """How other machines may reach this one: the IPv4 address facing the network (when there
    is a route out), then the machine's name. Found without sending anything and without asking
    a name server, so it is instant even offline; loopback addresses are left out."""
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(_ROUTE_PROBE)
        address = str(probe.getsockname()[0])
        if not is_loopback(address) and address != ALL_ADDRESSES:
            found.append(address)
    except OSError:  # no route out: the name is all there is
        pass
    finally:
        probe.close()
    name = socket.gethostname()
    if name and name != "localhost" and name not in found:
        found.append(name)
    return found
