"""A real server for tests: `tilegames.net.server.Server` on 127.0.0.1, an ephemeral port, in a
thread with its own event loop, on a data folder the test gives (so a second server started on
the same folder is a restart).

Everything that touches the server's tables runs on the loop's thread (`call`), as in
production. With a `timer` (fake_time.FakeTimer), every clock of the server reads it and every
wait of the server waits on it: `advance` moves it. With `record=True`, every line sent to
every connection is kept with the engine state it was built from (`sent`), which the secrecy
tests check.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TypeVar

from fake_time import FakeTimer
from tilegames.core.registry import get_game
from tilegames.net.codes import SignInThrottle
from tilegames.net.lobby import Lobby
from tilegames.net.server import Server, Settings
from tilegames.net.server_connection import Connection
from tilegames.net.store import TableStore
from tilegames.net.tables import Table
from tilegames.net.timer import LoopTimer

T = TypeVar("T")

# Scripted clients play far faster than people: their moves are not rate-limited here (the
# limits' own tests set them).
FAST = Settings(agent_seconds=0.05, tick_seconds=0.05, keepalive_seconds=1.0, join_seconds=60.0,
                move_burst=1e9, move_rate=1e9, replay_burst=1e9, replay_rate=1e9)


@dataclass(frozen=True)
class Sent:
    """One line sent: to which connection (its client's port), for which seats, and the state
    of its table at that moment (None before joining), in which game of its series."""

    port: int
    seats: tuple[int, ...]
    line: bytes
    state: Any
    game: int = 1


@dataclass(frozen=True)
class Codes:
    table: str
    seats: tuple[str | None, ...]
    spectator: str


class ServerThread:
    def __init__(self, data: Path, *, settings: Settings = FAST, throttle: SignInThrottle | None = None,
                 record: bool = False, timer: FakeTimer | None = None) -> None:
        self.data = data
        self.settings = settings
        self.timer = timer
        self.throttle = throttle or (SignInThrottle(clock=timer.now) if timer is not None else SignInThrottle())
        self.record = record
        self.sent: list[Sent] = []
        self.warnings: list[str] = []
        self.port = 0
        self.server: Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._thread = threading.Thread(target=self._main, name="test-server", daemon=True)

    # --- running ----------------------------------------------------------------------------
    def start(self) -> "ServerThread":
        self._thread.start()
        if not self._ready.wait(20):
            raise RuntimeError("the test server did not start")
        if self._failed is not None:
            raise self._failed
        return self

    def _main(self) -> None:
        try:
            asyncio.run(self._serve())
        except BaseException as exc:  # shown by start() or stop()
            self._failed = exc
            self._ready.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        lobby = Lobby(TableStore.open(self.data), clock=self.timer)
        self.warnings = lobby.load()
        self.server = Server(lobby, self.settings, self.throttle, on_sent=self._sent if self.record else None,
                             timer=self.timer or LoopTimer())
        _, self.port = await self.server.start("127.0.0.1", 0)
        self._ready.set()
        await self._stop.wait()
        await self.server.close()

    def _sent(self, connection: Connection, line: bytes) -> None:
        table = connection.table
        state = table.session.controller.state if table is not None else None
        game = table.game_number if table is not None else 1
        self.sent.append(Sent(connection.port, connection.seats, line, state, game))

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(20)
        if self._failed is not None:
            raise self._failed

    def __enter__(self) -> "ServerThread":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- reaching in, on the loop's thread -------------------------------------------------------
    def call(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` run on the server's loop thread, its result returned here."""
        assert self._loop is not None

        async def run() -> T:
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(20)

    def advance(self, seconds: float = 0.0) -> None:
        """The fake timer moved on by `seconds` (the waits it ends go on from there), every
        clock looked at, and what the clocks sent gone out, all before this returns."""
        assert self._loop is not None and self.server is not None and self.timer is not None
        server, timer = self.server, self.timer

        async def run() -> None:
            timer.advance(seconds)
            server.tick()
            await server.outbox.settled()

        asyncio.run_coroutine_threadsafe(run(), self._loop).result(20)

    def until(self, condition: Callable[[], bool], timeout: float = 10.0) -> None:
        """Until `condition()`, asked on the loop's thread, holds (AssertionError after
        `timeout` seconds: a guard against waiting forever, not a measure)."""
        deadline = time.monotonic() + timeout
        while not self.call(condition):
            if time.monotonic() > deadline:
                raise AssertionError("the server never got there")
            time.sleep(0.005)

    def sent_to(self, port: int) -> list[dict[str, Any]]:
        """Every message made so far for the connection from `port` (with `record=True`), read
        on the loop's thread."""
        return self.call(lambda: [json.loads(sent.line) for sent in self.sent if sent.port == port])

    def table(self, table_id: str) -> Table:
        assert self.server is not None
        return self.server.lobby.tables[table_id]

    def create(self, game_id: str, seats: tuple[str, ...], seed: int, config: Any = None,
               **options: Any) -> Codes:
        """A new table (the game's preset with `options` changed, or `config`); its codes."""
        game = get_game(game_id)
        if config is None:
            config = game.config_for({}, len(seats))
            if options:
                from dataclasses import replace
                config = replace(config, **options)
        assert self.server is not None
        table = self.call(self.server.create_table, game_id, seats, config, seed)
        return Codes(table.id, table.seat_codes, table.spectator_code)

    def state_of(self, table_id: str) -> Any:
        """The engine state of a table now (read on the loop's thread)."""
        return self.call(lambda: self.table(table_id).session.controller.state)
