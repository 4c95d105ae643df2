"""The game server: one asyncio process hosting many tables (docs/protocol.md).

Everything that touches a table runs on the event loop's one thread: requests, the clock and
the computer players' answers take turns, so a table never sees two changes at once and every
message is built from the table as it is right after the change it tells of. Off the loop run
the computer players' thinking and the replays behind `past_views` and `export` (worker
threads, on copies), and the journals' writes: a message is sent once its table's journal has
what it shows on the disk (`outbox.py`), so a slow disk or a busy table holds up no other.

One connection cannot slow the others: its moves and edits, and its replays, are rate-limited
(`limits.py`; beyond, a `slow_down` refusal and a pause before its next message is read), its
turn's journal is bounded (core/kernel/controller.py), and it is read one message at a time.

After any change the server pushes an `update` to every other connection of the table: its
own seats' views and the events as those seats may see them. When a table's game ends and its
series (a Rummikub match) goes on, the next game is dealt at once and everyone is pushed its
state; its clock waits until every person's seat has said `next_game` or joined again. The
clock loop looks at every running turn clock four times a second (a warning or a timeout is
pushed as it happens) and sends everyone a fresh `remaining` about once a second while a clock
runs. Every clock read and every wait is the `timer`'s (timer.py): tests move time by hand.
"""

from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

from tilegames.core.errors import BadRecord, GameInUse, SaveFailed
from tilegames.core.text.i18n import _
from tilegames.core.kernel.protocol import Event
from tilegames.net import requests
from tilegames.net.codes import SignInThrottle, address_key
from tilegames.net.framing import read_lines
from tilegames.net.limits import TokenBucket
from tilegames.net.lobby import Lobby, WrongCodes
from tilegames.net.outbox import Outbox, Outgoing
from tilegames.net.robots import Robots
from tilegames.net.server_connection import Connection
from tilegames.net.tables import Table
from tilegames.net.timer import LoopTimer, Timer
from tilegames.net.wire import (MAX_LINE, MAX_SERVER_LINE, PROTOCOL_VERSION, SEAT_OPS, BadMessage, Hello, Ping,
                                Request, WrongVersion, error, events_json, pong, read_message, reply_ok,
                                reply_refused, update)

# A version-1 client knows nothing of series: it would take the next game's state for the one
# it shows, so it may join a table whose series is one game only.
SERIES_VERSION = 2

MAX_BAD = 10  # bad messages before a connection is closed
# Connections from one address (an IPv6 /64) at once: plenty for a household behind one router,
# and a flood of idle connections cannot take every file descriptor.
MAX_PER_ADDRESS = 64


@dataclass(frozen=True)
class Settings:
    agent_seconds: float = 1.0  # how long a computer player may think about one move
    tick_seconds: float = 0.25  # how often running clocks are looked at
    keepalive_seconds: float = 1.0  # how often `remaining` is sent while a clock runs
    join_seconds: float = 60.0  # a connection that has not joined by then is closed
    # A connection's moves and edits: this many at once, then this many a second (a person
    # typing a word or moving tiles fast stays well inside it).
    move_burst: float = 40.0
    move_rate: float = 20.0
    # Its requests that replay a game's journal (past_views, export).
    replay_burst: float = 4.0
    replay_rate: float = 0.5
    replays_at_once: int = 2  # on the whole server


log = logging.getLogger(__name__)
MOVE_OPS = SEAT_OPS  # edit, undo, redo, undo_all, commit, act
REPLAY_OPS = frozenset({"past_views", "export"})


@dataclass(eq=False)
class Server:
    lobby: Lobby
    settings: Settings = field(default_factory=Settings)
    throttle: SignInThrottle = field(default_factory=SignInThrottle)
    # Told every line made for a connection, as it is made (tests record every byte a client is sent).
    on_sent: Callable[[Connection, bytes], None] | None = None
    timer: Timer = field(default_factory=LoopTimer)  # every wait; the lobby's tables read it too (`Lobby.clock`)
    address: tuple[str, int] | None = None  # where it listens, once started
    _robots: dict[str, Robots] = field(default_factory=dict)
    _pushed: dict[str, float] = field(default_factory=dict)  # table id -> when everyone was last sent its state
    _connections: set[Connection] = field(default_factory=set)
    _listener: asyncio.Server | None = None
    _ticker: "asyncio.Task[None] | None" = None
    _executor: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(
        max_workers=min(4, os.cpu_count() or 2), thread_name_prefix="tilegames-server"))
    outbox: Outbox = field(default_factory=Outbox)
    _replays: asyncio.Semaphore | None = None

    # --- starting and stopping ----------------------------------------------------------------
    async def start(self, bind: str, port: int) -> tuple[str, int]:
        """Listen on `bind:port` (port 0: any free port) and run the clocks; OSError when the
        address cannot be used. Returns the address listened on."""
        self._listener = await asyncio.start_server(self._serve, bind, port, reuse_address=True)
        host, real_port = self._listener.sockets[0].getsockname()[:2]
        self.address = (host, real_port)
        for table in self.lobby.tables.values():
            self._watch(table)
        self._ticker = asyncio.create_task(self._tick_forever())
        return self.address

    def create_table(self, game_id: str, seats: tuple[str, ...], config: Any, seed: int) -> Table:
        """A new table (on the loop's thread once started); see `Lobby.create`."""
        table = self.lobby.create(game_id, seats, config, seed)
        if self._listener is not None:
            self._watch(table)
        return table

    async def close(self) -> None:
        """Stop listening, drop every connection, write each turn's time left and let the data
        folder go. Safe to call twice."""
        if self._listener is not None:
            self._listener.close()
        if self._ticker is not None:
            self._ticker.cancel()
        for connection in list(self._connections):
            connection.close()
        for robots in self._robots.values():
            robots.close()
        self._robots.clear()
        self._executor.shutdown(wait=False, cancel_futures=True)
        self.outbox.close()
        self.lobby.close()
        await asyncio.sleep(0)  # let the closed connections' handlers end

    def _let_go_if_done(self, table: Table) -> None:
        """A finished table nobody is at any more is closed and forgotten."""
        self.lobby.let_go_if_done(table)
        if table.id not in self.lobby.tables:
            self._robots.pop(table.id, None)
            self._pushed.pop(table.id, None)
            self.outbox.forget(table.id)

    def _watch(self, table: Table) -> None:
        robots = Robots(table, self._executor, self.settings.agent_seconds,
                        lambda table, events: self.outbox.post(table, self._changed(table, events)))
        self._robots[table.id] = robots
        robots.poke()

    # --- one connection -----------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername") or ("?", 0)
        settings = self.settings
        connection = Connection(writer, str(peer[0]), int(peer[1]), self.on_sent,
                                moves=TokenBucket(settings.move_rate, settings.move_burst, self.timer.now),
                                replays=TokenBucket(settings.replay_rate, settings.replay_burst, self.timer.now))
        key = address_key(connection.host)
        if sum(1 for c in self._connections if address_key(c.host) == key) >= MAX_PER_ADDRESS:
            connection.end(error("busy", _("Your address has {count} connections to this server "
                                           "already; close some, then try again.").format(count=MAX_PER_ADDRESS),
                                 fatal=True), f"its address has {MAX_PER_ADDRESS} connections already")
            return
        self._connections.add(connection)
        deadline = asyncio.create_task(self._join_deadline(connection))
        try:
            async for raw in read_lines(reader, MAX_LINE):
                await self._take(connection, raw)
                if connection.closed:
                    break
                await writer.drain()
        except (ConnectionError, OSError):
            pass  # the client went away
        except asyncio.CancelledError:
            pass  # the server is closing (a connection waiting out a wrong code's delay)
        except Exception:  # a bug: this connection ends, the server and its tables go on
            log.exception("A connection from %s failed:", connection.host)
        finally:
            deadline.cancel()
            self._connections.discard(connection)
            connection.close()
            table = connection.table
            if table is not None:
                table.leave(connection)
                self._let_go_if_done(table)

    async def _join_deadline(self, connection: Connection) -> None:
        await self.timer.sleep(self.settings.join_seconds)
        if connection.table is None and not connection.closed:
            connection.end(error("timeout", _("No hello with a join code came in time; the connection is closed."),
                                 fatal=True), f"no hello in {self.settings.join_seconds:g} s")

    async def _take(self, connection: Connection, raw: bytes | None) -> None:
        if raw is None:
            self._bad(connection, BadMessage(_("A message may be at most {size:,} bytes long; this one was "
                                               "longer, and was ignored.").format(size=MAX_LINE)))
            return
        try:
            message = read_message(raw)
        except WrongVersion as exc:
            connection.send(error(exc.error, exc.sentence, exc.id, fatal=True))
            connection.close()
            return
        except BadMessage as exc:
            self._bad(connection, exc)
            return
        if isinstance(message, Ping):
            connection.send(pong(message.id))
        elif isinstance(message, Hello):
            await self._hello(connection, message)
        else:
            await self._request(connection, message)

    def _bad(self, connection: Connection, exc: BadMessage) -> None:
        if exc.request and exc.id is not None:
            connection.send(reply_refused(exc.id, exc.error, [exc.sentence]))
        else:
            connection.send(error(exc.error, exc.sentence, exc.id))
        self._count_bad(connection)

    def _count_bad(self, connection: Connection) -> None:
        connection.bad += 1
        if connection.bad >= MAX_BAD:
            connection.end(error("bad_message", _("This connection sent {count} messages the server could not "
                                                  "use, so it is closed.").format(count=MAX_BAD), fatal=True),
                           f"{MAX_BAD} bad messages")

    async def _hello(self, connection: Connection, hello: Hello) -> None:
        if connection.table is not None:
            self._bad(connection, BadMessage(_("This connection has joined its table already."), hello.id))
            return
        try:
            seating = self.lobby.find(hello.codes)  # checked first: a right code is never held
        except WrongCodes as exc:
            log.info("Connection %s: hello refused (%s)", connection.name,
                     "a code no table has" if exc.unknown else "codes of different tables")
            if exc.unknown:
                # Held before it is answered, and nothing more is read from this connection
                # meanwhile: one guess at a time per connection, slowed per address and overall.
                await self.timer.sleep(self.throttle.failure(connection.host))
            connection.send(error("bad_code", str(exc), hello.id))
            return
        table = seating.table
        if hello.v < SERIES_VERSION and table.series.total_games > 1:
            connection.send(error("version", _("This table plays a series of {games} games, which needs version "
                                               "{version} of the tilegames protocol: use the same tilegames version on "
                                               "both sides.").format(games=table.series.total_games,
                                                                     version=PROTOCOL_VERSION), hello.id, fatal=True))
            connection.close()
            return
        connection.table, connection.seats, connection.last_id = table, seating.seats, hello.id
        was_started = table.started
        log.debug("Connection %s joined table %s (seats %s)", connection.name, table.id, list(seating.seats))
        table.join(connection)
        lines: Outgoing = [(connection, self._welcome(connection, hello.id))]
        if table.started and not was_started:
            lines += self._changed(table, [], exclude=connection)  # the clock runs now: everyone is told
        await self.outbox.deliver(table, lines)

    def _welcome(self, connection: Connection, id: int) -> bytes:
        table = connection.table
        assert table is not None
        history = table.history_for(connection.seats)
        state = table.state_for(connection.seats)
        while True:
            line = connection.encode({"type": "welcome", "id": id, "v": PROTOCOL_VERSION, "table": table.id,
                           "game": table.game.id, "seats": list(table.seats), "you": list(connection.seats),
                           "history": history, "state": state})
            if len(line) <= MAX_SERVER_LINE or not history:
                return line
            history = history[len(history) // 2 + 1:]  # too long to send: the latest events only

    async def _request(self, connection: Connection, request: Request) -> None:
        table = connection.table
        if table is None:
            self._bad(connection, BadMessage(_("Join a table first: send hello with your code."), request.id,
                                             request=True))
            return
        was_started = table.started
        bucket = None
        if request.id <= connection.last_id:
            answer = requests.refused("stale", _("That request was answered already: each request needs an id "
                                                 "above the last one's."))
        else:
            connection.last_id = request.id
            bucket = self._bucket(connection, request.op)
            if bucket is None or bucket.take():
                answer = await self._run(table, connection.seats, request)
            else:
                log.info("Connection %s: a %s request refused (too many too fast)", connection.name, request.op)
                answer = requests.refused("slow_down", _("Too many requests too fast from this terminal: that one "
                                                         "was not made. Slow down a little and try again."))
        log.debug("Table %s: %s from %s: %s", table.id, request.op, connection.name, answer.error or "ok")
        lines: Outgoing = [(connection, self._answer(connection, request.id, answer))]
        if request.op == "next_game" and answer.ok and table.started and not was_started:
            lines += self._changed(table, [], exclude=connection)  # the last one ready: the clock runs now
        elif answer.ok and request.op in requests.ACTIONS:
            lines += self._changed(table, list(answer.events), exclude=connection)
        elif answer.ok and request.op in SEAT_OPS and request.seat is not None:
            lines += self._push(table, [], exclude=connection, seat=request.seat)  # the draft: its seat's other terminals
        await self.outbox.deliver(table, lines)
        if answer.bad:
            self._count_bad(connection)  # after its answer: the tenth is answered, then the connection closed
        if answer.error == "slow_down" and bucket is not None:
            await self.timer.sleep(bucket.wait())  # nothing more is read from a flood until it may move again

    def _bucket(self, connection: Connection, op: str) -> TokenBucket | None:
        """The rate limit a request of `op` counts against (None: it has none)."""
        if op in MOVE_OPS:
            return connection.moves
        if op in REPLAY_OPS:
            return connection.replays
        return None

    async def _run(self, table: Table, seats: tuple[int, ...], request: Request) -> requests.Answer:
        loop = asyncio.get_running_loop()
        if request.op in REPLAY_OPS:
            if self._replays is None:
                self._replays = asyncio.Semaphore(self.settings.replays_at_once)
            async with self._replays:  # replays hold the GIL: only a few at once, whoever asks
                if request.op == "past_views":
                    return await loop.run_in_executor(self._executor, requests.past_views, table, request.game)
                return await loop.run_in_executor(self._executor, requests.export, table, request.fmt or "",
                                                  request.game)
        if request.op == "next_game":
            return requests.next_game(table, seats, request.game or 0)
        return requests.apply(table, seats, request)

    def _answer(self, connection: Connection, id: int, answer: requests.Answer) -> bytes:
        if not answer.ok:
            return connection.encode(reply_refused(id, answer.error, answer.reasons))
        table = connection.table
        assert table is not None
        line = connection.encode(reply_ok(id, answer.value, events_json(answer.events, connection.seats),
                                          table.state_for(connection.seats)))
        if len(line) > MAX_SERVER_LINE:
            return connection.encode(reply_refused(id, "too_big", [_("That answer is too long to send over the network.")]))
        return line

    # --- telling everyone -------------------------------------------------------------------
    def _changed(self, table: Table, events: list[Event], exclude: Connection | None = None) -> Outgoing:
        """The table changed (a move, the clock, a computer player, the start): the clock goes on,
        the computer players look again, and what every other connection is to be told is
        returned, for the caller to deliver once the journal has it."""
        table.keep_clock_running()
        lines = self._push(table, events, exclude=exclude)
        lines += self._next_game(table)
        robots = self._robots.get(table.id)
        if robots is not None:
            robots.poke()
        self._let_go_if_done(table)  # a game of computers, over with nobody watching
        return lines

    def _next_game(self, table: Table) -> Outgoing:
        """A game of a series that goes on has ended: the next is dealt now (so a server
        stopped from here on resumes it) and everyone is sent it, the finished game's
        final state going out just before."""
        if not table.over or table.done:
            return []
        try:
            table.deal_next()
        except (SaveFailed, GameInUse, BadRecord) as exc:
            log.error("Table %s: the next game of its series could not be dealt: %s", table.id, exc)
            return []
        return self._push(table, [])

    def _push(self, table: Table, events: list[Event], *, exclude: Connection | None = None,
              seat: int | None = None) -> Outgoing:
        """An update for each connection of `table` but `exclude` (only those holding `seat`,
        when given: a draft changed, which no one else sees)."""
        spectator = table.session.view(None)
        lines: Outgoing = []
        for client in list(table.clients):
            if not isinstance(client, Connection) or client is exclude or client.closed:
                continue
            if seat is not None and seat not in client.seats:
                continue
            lines.append((client, client.encode(update(events_json(events, client.seats),
                                                       table.state_for(client.seats, spectator)))))
        if seat is None:
            self._pushed[table.id] = self.timer.now()
        return lines

    # --- the clocks -------------------------------------------------------------------------
    async def _tick_forever(self) -> None:
        while True:
            await self.timer.sleep(self.settings.tick_seconds)
            self.tick()

    def tick(self) -> None:
        """Every table's clock looked at (each `tick_seconds`; and by tests that move a fake
        timer, so that what the clocks do is done when they look)."""
        now = self.timer.now()
        for table in list(self.lobby.tables.values()):
            try:
                self._tick(table, now)
            except Exception:  # one table's trouble must not stop every clock
                log.exception("Table %s: the clock failed:", table.id)

    def _tick(self, table: Table, now: float) -> None:
        if not table.started or table.over or table.session.turn_seconds() is None:
            return
        table.keep_clock_running()
        table.session.tick()
        news = table.take_news()
        if news:
            self.outbox.post(table, self._changed(table, news))
        elif table.clients and now - self._pushed.get(table.id, 0.0) >= self.settings.keepalive_seconds:
            self.outbox.post(table, self._push(table, []))
        elif table.session.controller.journal is not None and table.session.controller.journal.pending:
            self.outbox.post(table, [])  # the clock's own lines: on the disk within a tick
