"""The game server's benchmarks (issue 15), run by `tilegames bench --only net`.

The server is a real `tilegames serve` in a subprocess of its own (its own interpreter, so its
own GIL and, on a machine of two cores or more, its own core): the clients here, in this
process, do not slow it down, and its memory is its alone (VmRSS from /proc/PID/status). Its
tables are dealt into a fresh data folder before it starts (the server resumes them, codes and
all), with no turn clock, so nothing is pushed but what the play causes.

- Latency: 16 Rummikub tables of 4 human seats, 64 connections (one per seat). The current
  player's client draws a tile (the cheapest move on the client side) as soon as the previous
  action is known, so the 16 tables play at once, flat out. A
  sample is the time from sending the action until all 4 connections of the table have the line
  it caused (the actor's reply, the 3 others' update), all timestamps taken here. The clients
  run in one thread (one select loop), so they never wait for each other's GIL.
- A slow disk: the same, with every fsync of the server delayed by 4 ms (a busy disk; the
  server's `os.fsync` is wrapped in its own process). Each table's journal is flushed on a
  thread of its own, so the delays overlap instead of queueing behind each other.
- A flood: the same 16 tables and one more, whose seat sends valid edits (a tile laid out and
  taken back) as fast as the server takes them, 16 always in flight; the latency of the 16
  others' draws (against the quiet p50, run for run), and in a run of its own, the flooding
  table's journal growth in 30 s.
- Memory: the server's VmRSS growth while 500 connections say hello (as spectators) and are
  welcomed, per connection; and the growth from 16 more tables, per table (a server resuming
  17 tables against one resuming 1, so the game's modules are loaded in both).
"""

from __future__ import annotations

import json
import select
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tilegames.core.manifest import BenchCase
from tilegames.core.registry import get_game
from tilegames.games.rummikub import MANIFEST as RUMMIKUB  # the network cases play Rummikub tables
from tilegames.net.lobby import Lobby
from tilegames.net.server import MAX_PER_ADDRESS
from tilegames.net.store import TableStore

TABLES = 16
SEATS = ("Ann", "Bora", "Chul", "Dee")
DRAWS_PER_TABLE = 25  # 16 x 25 = 400 samples a run (a Rummikub pool holds 50 tiles after the deal)
IDLE_CONNECTIONS = 500
TIMEOUT = 20.0


@dataclass(frozen=True)
class Dealt:
    codes: tuple[str, ...]  # the seats' codes
    spectator: str


def _deal(data: Path, count: int) -> list[Dealt]:
    """`count` new 4-seat Rummikub tables journaled in `data`: no turn clock (nothing pushed but
    what the play causes) and no redeal offer (the first move may be a draw)."""
    game = get_game(RUMMIKUB.id)
    config = replace(game.config_for({}, len(SEATS)), turn_seconds=None, allow_doubles_redeal=False)
    lobby = Lobby(TableStore.open(data))
    try:
        tables = [lobby.create(RUMMIKUB.id, SEATS, config, seed) for seed in range(count)]
        return [Dealt(tuple(c for c in t.seat_codes if c is not None), t.spectator_code) for t in tables]
    finally:
        lobby.close()


# `tilegames serve` with every fsync of its process delayed (sys.argv[1]: the seconds).
_SLOW_DISK = """
import os, sys, time
delay, fsync = float(sys.argv.pop(1)), os.fsync
def slow(fd):
    time.sleep(delay)
    fsync(fd)
os.fsync = slow
from tilegames.cli import main
sys.exit(main(sys.argv[1:]))
"""


class _Served:
    """`tilegames serve` on a data folder, in a subprocess, on 127.0.0.1 and a free port
    (`fsync_delay`: every fsync of the server waits that long first)."""

    def __init__(self, data: Path, fsync_delay: float = 0.0) -> None:
        self.data = data
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port: int = probe.getsockname()[1]
        start = [sys.executable, "-c", _SLOW_DISK, str(fsync_delay)] if fsync_delay else [sys.executable, "-m", "tilegames"]
        self.proc = subprocess.Popen(
            [*start, "serve", "--port", str(self.port), "--data", str(data)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert self.proc.stderr is not None
        said: list[str] = []
        for line in self.proc.stderr:  # the server says where it listens once it accepts connections
            said.append(line)
            if line.startswith("Serving "):
                break
        else:
            self.proc.wait(TIMEOUT)
            raise RuntimeError("the server did not start: " + "".join(said)[-500:])

    def rss(self) -> int:
        """The server's resident memory now, in bytes."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise RuntimeError("no VmRSS in /proc (this benchmark needs Linux)")

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.proc.stderr is not None:
            self.proc.stderr.close()


@contextmanager
def _serving(count: int, fsync_delay: float = 0.0) -> Iterator[tuple[_Served, list[Dealt]]]:
    data = Path(tempfile.mkdtemp(prefix="tilegames-bench-net-"))
    try:
        dealt = _deal(data, count)
        served = _Served(data, fsync_delay)
        try:
            yield served, dealt
        finally:
            served.stop()
    finally:
        shutil.rmtree(data, ignore_errors=True)


def _source(n: int) -> str:
    """A loopback source address for the `n`th connection: the server takes at most
    MAX_PER_ADDRESS from one address, and all of 127/8 is this host."""
    return f"127.0.0.{2 + n // (MAX_PER_ADDRESS - 4)}"


class _Line:
    """A connection read line by line, each line stamped with the moment its last byte came."""

    def __init__(self, port: int, n: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT, source_address=(_source(n), 0))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = bytearray()
        self.lines: list[tuple[float, bytes]] = []

    def fileno(self) -> int:
        return self.sock.fileno()

    def send(self, message: dict[str, Any]) -> float:
        data = json.dumps(message).encode() + b"\n"
        start = time.perf_counter()
        self.sock.sendall(data)
        return start

    def pump(self) -> None:
        """Read what is there (call when readable)."""
        chunk = self.sock.recv(1 << 20)
        now = time.perf_counter()
        if not chunk:
            raise RuntimeError("the server closed a connection")
        self.buffer += chunk
        while (end := self.buffer.find(b"\n")) >= 0:
            self.lines.append((now, bytes(self.buffer[:end])))
            del self.buffer[:end + 1]

    def wait(self, wanted: Callable[[bytes], bool]) -> tuple[float, bytes]:
        """The first line (and when it came) that is `wanted`, those before it dropped."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            while self.lines:
                stamped = self.lines.pop(0)
                if wanted(stamped[1]):
                    return stamped
            if time.monotonic() > deadline:
                raise RuntimeError("no answer from the server in time")
            self.pump()

    def hello(self, code: str) -> dict[str, Any]:
        self.send({"type": "hello", "v": 2, "id": 1, "code": code})
        welcome: dict[str, Any] = json.loads(self.wait(lambda line: b'"id":1,' in line[:40])[1])
        if welcome["type"] != "welcome":
            raise RuntimeError(f"the server refused a hello: {welcome}")
        return welcome

    def close(self) -> None:
        self.sock.close()


_UPDATE = b'{"type":"update","events":[{'  # an update an action caused (not the table's start)


@dataclass(eq=False)
class _Playing:
    """One table being played: its 4 connections, the draw in flight and who has seen it."""

    by_seat: dict[int, _Line]
    current: int | None
    next_id: int = 2
    started: float = 0.0
    actor: _Line | None = None
    got: dict[_Line, float] = field(default_factory=dict)
    reply: bytes = b""

    @property
    def done(self) -> bool:
        return self.current is None or self.next_id >= 2 + DRAWS_PER_TABLE and self.actor is None

    def draw(self) -> None:
        """The current seat's client draws a tile."""
        assert self.current is not None
        self.actor = self.by_seat[self.current]
        self.reply = b'{"type":"reply","id":%d,' % self.next_id
        self.got = {}
        self.started = self.actor.send({"type": "request", "id": self.next_id, "op": "act",
                                        "seat": self.current, "action": {"type": "draw"}})
        self.next_id += 1

    def heard(self, client: _Line, samples: list[float]) -> None:
        """Take `client`'s lines; once all 4 connections have the draw's line, a sample."""
        while client.lines:
            stamp, line = client.lines.pop(0)
            if self.actor is None or client in self.got:
                continue
            if line.startswith(self.reply if client is self.actor else _UPDATE):
                self.got[client] = stamp
                if client is self.actor:
                    answer = json.loads(line)
                    if not answer["ok"]:
                        raise RuntimeError(f"the server refused a draw: {answer.get('reasons')}")
                    self.current = answer["state"]["current"]
        if self.actor is not None and len(self.got) == len(self.by_seat):
            samples.append(max(self.got.values()) - self.started)
            self.actor = None
            if not self.done:
                self.draw()


FLOOD_IN_FLIGHT = 16  # edits a flooding client keeps sent and not yet answered


@dataclass(eq=False)
class _Flooding:
    """A seat sending valid edits as fast as the server takes them, FLOOD_IN_FLIGHT always in
    flight: a tile of its rack laid out as a new set, then taken back, again and again."""

    client: _Line
    seat: int
    tile: int
    next_id: int = 2
    answered: int = 0
    refused: int = 0

    def start(self) -> None:
        for _ in range(FLOOD_IN_FLIGHT):
            self._send()

    def _send(self) -> None:
        to_row = 0 if self.next_id % 2 == 0 else None
        self.client.send({"type": "request", "id": self.next_id, "op": "edit", "seat": self.seat,
                          "edit": {"type": "move", "tile_id": self.tile, "to_row": to_row}})
        self.next_id += 1

    def heard(self) -> None:
        while self.client.lines:
            _stamp, line = self.client.lines.pop(0)
            if line.startswith(b'{"type":"reply",'):
                self.answered += 1
                self.refused += b'"ok":false' in line
                self._send()


@dataclass(frozen=True)
class _Run:
    samples: list[float]  # the latency of each draw at the tables that do not flood


def _latencies(fsync_delay: float = 0.0, flood: bool = False) -> _Run:
    """One run: every table played at once, flat out (with one more table, whose seat floods
    edits, when `flood`); the latency of every draw.

    The clients are driven from one thread (a select loop over the 64 connections), so no
    client waits for Python's GIL to see its line: a sample measures the server and the
    loopback, not the benchmark's own threads. Each line is stamped as it is read."""
    samples: list[float] = []
    clients: list[_Line] = []
    with _serving(TABLES + flood, fsync_delay) as (served, dealt):
        try:
            tables: dict[_Line, _Playing] = {}
            flooder: _Flooding | None = None
            watching: list[_Line] = []  # the flooding table's other seats
            for n, table in enumerate(dealt):
                by_seat: dict[int, _Line] = {}
                current = None
                for k, code in enumerate(table.codes):
                    client = _Line(served.port, n * len(SEATS) + k)
                    clients.append(client)
                    welcome = client.hello(code)
                    by_seat[welcome["you"][0]] = client
                    current = welcome["state"]["current"]
                    if flood and n == 0 and welcome["you"][0] == current:
                        rack = welcome["state"]["views"][str(current)]["rack"]
                        flooder = _Flooding(client, current, rack[0]["id"])
                if flood and n == 0:
                    watching = [c for c in by_seat.values() if flooder is None or c is not flooder.client]
                    continue
                playing = _Playing(by_seat, current)
                tables.update({client: playing for client in by_seat.values()})
            if flooder is not None:
                flooder.start()
            for playing in set(tables.values()):
                playing.draw()
            deadline = time.monotonic() + TIMEOUT * 4
            while not all(p.done for p in tables.values()):
                if time.monotonic() > deadline:
                    raise RuntimeError("the tables did not finish their draws in time")
                ready, _, _ = select.select(clients, [], [], TIMEOUT)
                if not ready:
                    raise RuntimeError("an action's update did not reach every client in time")
                for client in ready:
                    client.pump()
                    if flooder is not None and client is flooder.client:
                        flooder.heard()
                    elif client in watching:
                        client.lines.clear()
                    else:
                        tables[client].heard(client, samples)
        finally:
            for client in clients:
                client.close()
    return _Run(samples)


# The runs of a p99 case, which the p50 case of the same kind reads back (one run, two figures).
_UNUSED: dict[tuple[float, bool], list[_Run]] = {}


def _percentile(p: int, fresh: bool, fsync_delay: float = 0.0, flood: bool = False) -> Callable[[], float]:
    def run() -> float:
        kept = _UNUSED.setdefault((fsync_delay, flood), [])
        measured = _latencies(fsync_delay, flood) if fresh or not kept else kept.pop(0)
        if fresh:
            kept.append(measured)
        return _quantile(measured.samples, p)

    return run


def _quantile(samples: list[float], p: int) -> float:
    return statistics.median(samples) if p == 50 else statistics.quantiles(samples, n=100, method="inclusive")[p - 1]


FLOOD_SECONDS = 30.0


def _flood_growth() -> float:
    """How much a table's journal grows while one seat floods it with edits for FLOOD_SECONDS,
    16 always in flight (the rate limit lets 20 a second through; the turn's lines are folded
    once past 64 kB, so the figure stops growing however long the flood goes on)."""
    with _serving(1) as (served, dealt):
        clients = [_Line(served.port, k) for k in range(len(SEATS))]
        try:
            welcomes = [client.hello(code) for client, code in zip(clients, dealt[0].codes)]
            current = welcomes[0]["state"]["current"]
            k = next(n for n, w in enumerate(welcomes) if w["you"][0] == current)
            flooder = _Flooding(clients[k], current, welcomes[k]["state"]["views"][str(current)]["rack"][0]["id"])
            journal = served.data / "t1.jsonl"
            size, end = journal.stat().st_size, time.monotonic() + FLOOD_SECONDS
            flooder.start()
            while time.monotonic() < end:
                ready, _, _ = select.select([flooder.client], [], [], TIMEOUT)
                if not ready:
                    raise RuntimeError("the server stopped answering the flood")
                flooder.client.pump()
                flooder.heard()
            return float(journal.stat().st_size - size)
        finally:
            for client in clients:
                client.close()


def _idle_connections() -> float:
    """The server's memory growth per connection welcomed and then idle."""
    with _serving(TABLES) as (served, dealt):
        time.sleep(0.2)
        before = served.rss()
        clients: list[_Line] = []
        try:
            for n in range(IDLE_CONNECTIONS):
                client = _Line(served.port, n)
                clients.append(client)
                client.hello(dealt[n % len(dealt)].spectator)
            time.sleep(0.5)
            after = served.rss()
            for client in clients:  # still held: every one answers a ping
                client.send({"type": "ping", "id": 2})
            for client in clients:
                client.wait(lambda line: line.startswith(b'{"type":"pong"'))
        finally:
            for client in clients:
                client.close()
    return (after - before) / IDLE_CONNECTIONS


def _table_memory() -> float:
    """The server's memory growth per table: resuming 1 + 16 tables against resuming 1."""
    rss: list[int] = []
    for count in (1, 1 + TABLES):
        with _serving(count) as (served, _):
            time.sleep(0.3)
            rss.append(served.rss())
    return (rss[1] - rss[0]) / TABLES


def cases() -> list[BenchCase]:
    """The network cases."""
    name = f"net: action to all views, {TABLES} tables x {len(SEATS)} clients"
    quiet = f"{name}, p50"
    return [
        BenchCase(f"{name}, p99", _percentile(99, True), target=0.050),
        BenchCase(quiet, _percentile(50, False)),
        BenchCase(f"{name}, fsync +4 ms, p99", _percentile(99, True, fsync_delay=0.004), target=0.050),
        BenchCase(f"{name}, fsync +4 ms, p50", _percentile(50, False, fsync_delay=0.004)),
        BenchCase("net: other tables' p50 while one floods edits", _percentile(50, True, flood=True), target=2.0,
             relative_to=quiet),
        BenchCase(f"net: a table's journal growth in {FLOOD_SECONDS:.0f} s of flooded edits", _flood_growth, unit="bytes"),
        BenchCase(f"net: {IDLE_CONNECTIONS} idle connections held", _idle_connections, unit="bytes"),
        BenchCase(f"net: memory per table ({TABLES} tables)", _table_memory, unit="bytes"),
    ]

