"""A game server inside the app (the menu's Host a game): the real server
(`tilegames.net.server.Server`, as `tilegames serve` runs it) on its own thread with its own
event loop, so the app stays responsive while it serves.

`tilegames host` (net/commands.py) blocks until Ctrl-C and prints the codes; the app needs the
same server started, asked for a table and its codes, and stopped when asked, so this runs the
server's parts the way `commands.serve` does, minus the signals and the printing. Everything
that touches the server runs on its loop's thread (`_call`), as in production.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TypeVar

from tilegames.core.errors import SaveFailed
from tilegames.core.inputs import shown
from tilegames.net.lobby import Lobby
from tilegames.net.server import Server, Settings
from tilegames.net.store import StoreError, TableStore

T = TypeVar("T")
START_SECONDS = 20.0


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
        self._server: Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._failed: str | None = None
        self._thread = threading.Thread(target=self._main, name="tilegames-hosted-server", daemon=True)

    @property
    def running(self) -> bool:
        return self._server is not None and self._thread.is_alive()

    def start(self) -> "HostedServer":
        """Serve (HostingFailed with a sentence when the folder or the port cannot be used);
        `port` is then the port listened on (a free one when it was 0)."""
        self._thread.start()
        if not self._ready.wait(START_SECONDS):
            raise HostingFailed(f"The server did not start within {START_SECONDS:.0f} seconds.")
        if self._failed is not None:
            raise HostingFailed(self._failed)
        return self

    def _main(self) -> None:
        try:
            asyncio.run(self._serve())
        except Exception as exc:  # the sentence for start(), which waits for it
            self._failed = self._failed or f"The server stopped: {type(exc).__name__}: {exc}"
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
            _, self.port = await server.start(self.bind, self.port)
        except OSError as exc:
            await server.close()
            self._failed = (f"Cannot serve on {shown(self.bind, 40)} port {self.port}: "
                            f"{exc.strerror or exc}. Try another port.")
            return
        self._server = server
        self._ready.set()
        await self._stop.wait()
        await server.close()

    def create_table(self, game_id: str, seats: tuple[str, ...], config: Any, seed: int) -> HostedTable:
        """A new table of `game_id` and its codes; HostingFailed when it cannot be set up."""
        server = self._server
        if server is None:
            raise HostingFailed("The server is not running.")
        try:
            table = self._call(server.create_table, game_id, seats, config, seed)
        except (StoreError, SaveFailed, ValueError) as exc:
            raise HostingFailed(f"The table could not be set up: {exc}") from None
        return HostedTable(table.id, game_id, tuple(table.seats), tuple(table.seat_codes), table.spectator_code)

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
            raise HostingFailed("The server did not answer in time.") from None
