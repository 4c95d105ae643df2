"""One TCP connection to a tilegames server, as the client sees it (docs/protocol.md).

A reader thread reads the server's lines as they come: a reply wakes the request waiting for it
(on whichever thread asked: the app's, or a worker of a screen), and everything the server
pushes (`update`) is queued, numbered in arrival order, for the session to apply on the app's
own thread; a request's reply joins that queue too (`in_order`), so that whoever applies it
applies the news before it first and never undoes the news after it. Nothing here touches the
app: the thread only reads, parses, queues and calls `on_news` (which only wakes the app).

When the connection ends, for whatever reason, `lost` says why in a sentence and every request
waiting is woken to raise `SessionLost` (`NoAnswer` when no answer came in time).
"""

from __future__ import annotations

import json
import socket
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import _
from tilegames.core.records.jsonlines import json_line
from tilegames.net.client_messages import REJOIN, NoAnswer, SessionLost

# A server's line can be long (a welcome carries a whole game's history); past this it is not
# a tilegames server.
MAX_LINE = 32 * 1024 * 1024


@dataclass
class Incoming:
    """A message from the server, numbered in the order it arrived."""

    seq: int
    message: dict[str, Any]
    at: float  # the client's clock when it arrived


@dataclass
class Pending:
    """A request sent, waiting for the answer with its `id`."""

    id: int
    in_order: bool = False  # the answer joins the pushed messages' queue too, in arrival order
    done: threading.Event = field(default_factory=threading.Event)
    answer: Incoming | None = None


class Connection:
    """A socket, its reader thread, the requests waiting for replies and the pushed updates."""

    def __init__(self, sock: socket.socket, where: str, now: Callable[[], float]) -> None:
        self.where = where  # "the server at HOST:PORT", for sentences
        self._sock = sock
        self._now = now
        self._file = sock.makefile("rb")
        self._send_lock = threading.Lock()
        self._lock = threading.Lock()
        self._waiting: dict[int, Pending] = {}
        self._updates: deque[Incoming] = deque()
        self._seq = 0
        self.lost: str | None = None  # why the connection ended (None: it is up)
        # Called from the reader thread once news is queued or the connection ended: it may
        # only wake whoever applies the news (a screen), never apply it itself.
        self.on_news: Callable[[], None] | None = None
        self.last_heard = now()  # when the server last sent anything
        self._pinged: float | None = None  # when the last ping went, unanswered so far
        self._reader = threading.Thread(target=self._read, name=f"tilegames-client {where}", daemon=True)

    @classmethod
    def open(cls, host: str, port: int, timeout: float, now: Callable[[], float]) -> "Connection":
        """Connect (OSError when nothing answers at the address) and start reading."""
        sock = socket.create_connection((host, port), timeout=timeout)
        sock.settimeout(None)  # the reader blocks; requests time out on their own
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        connection = cls(sock, _("The server at {address}").format(address=f"{host}:{port}"), now)
        connection._reader.start()
        return connection

    # --- sending --------------------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        """One line to the server; SessionLost if the connection is gone."""
        line = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
        if self.lost is not None:
            raise SessionLost(self.lost)
        try:
            with self._send_lock:
                self._sock.sendall(line)
        except OSError:
            self._end(_("The connection to the server was lost. {rejoin}").format(rejoin=_(REJOIN)))  # i18n: marked
            raise SessionLost(self.lost or _("The connection to the server was lost.")) from None

    def call(self, message: dict[str, Any], timeout: float) -> Incoming:
        """Send a message with an `id` and wait for the answer with the same id (`ask`, then
        `answer`)."""
        return self.answer(self.ask(message), timeout)

    def ask(self, message: dict[str, Any], *, in_order: bool = False) -> Pending:
        """Send a message with an `id`, its answer awaited (`answer`); SessionLost if the
        connection is gone. `in_order`: the answer is also queued with the pushed messages."""
        pending = Pending(message["id"], in_order)
        with self._lock:
            self._waiting[pending.id] = pending
        try:
            self.send(message)
        except SessionLost:
            with self._lock:
                self._waiting.pop(pending.id, None)
            raise
        return pending

    def answer(self, pending: Pending, timeout: float) -> Incoming:
        """The answer to `pending`; SessionLost if the connection ends first, NoAnswer if none
        comes within `timeout` seconds (the connection is then given up: a late answer would
        be out of order)."""
        try:
            if not pending.done.wait(timeout):
                self._end(_("The server did not answer within {seconds:.0f} seconds, so the connection was given up. "
                            "{rejoin}").format(seconds=timeout, rejoin=_(REJOIN)))  # i18n: marked
                if pending.answer is None:
                    raise NoAnswer(self.lost or _("The connection to the server was lost. {rejoin}").format(
                        rejoin=_(REJOIN)))  # i18n: marked
        finally:
            with self._lock:
                self._waiting.pop(pending.id, None)
        if pending.answer is None:
            raise SessionLost(self.lost or _("The connection to the server was lost. {rejoin}").format(
                rejoin=_(REJOIN)))  # i18n: marked
        return pending.answer

    def keep_alive(self, ident: Callable[[], int], every: float, patience: float) -> None:
        """Ping a line that has been quiet for `every` seconds, and give the connection up when
        nothing at all comes back within `patience` seconds of a ping: a server gone without a
        word (a cable pulled, a machine asleep) is noticed, not waited for forever."""
        now = self._now()
        waiting = self._pinged is not None and self.last_heard < self._pinged
        if waiting and self._pinged is not None and now - self._pinged > patience:
            self._end(_("The server stopped answering (nothing for {seconds:.0f} seconds). {rejoin}").format(
                seconds=patience, rejoin=_(REJOIN)))  # i18n: marked
        elif not waiting and now - self.last_heard >= every:
            self._pinged = now
            try:
                self.send({"type": "ping", "id": ident()})
            except SessionLost:
                pass  # `lost` says why; the session notices

    # --- what the server pushed -------------------------------------------------------------
    def take_updates(self, through: int | None = None) -> list[Incoming]:
        """The pushed messages (and `in_order` answers) not taken yet, oldest first (only up to
        message number `through`, when given)."""
        taken: list[Incoming] = []
        with self._lock:
            while self._updates and (through is None or self._updates[0].seq <= through):
                taken.append(self._updates.popleft())
        return taken

    # --- ending ---------------------------------------------------------------------------
    def close(self) -> None:
        self._end(_("The connection was closed."))

    def _end(self, why: str) -> None:
        with self._lock:
            first = self.lost is None
            if first:
                self.lost = why
            waiting = list(self._waiting.values())
        for pending in waiting:
            pending.done.set()
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._sock.close()
        if first:
            self._wake()

    def _wake(self) -> None:
        wake = self.on_news
        if wake is None:
            return
        try:
            wake()
        except Exception:  # a wake that fails costs the news its hurry only: the timer finds it
            pass

    # --- the reader thread ----------------------------------------------------------------
    def _read(self) -> None:
        why = _("The connection to the server was lost. {rejoin}").format(rejoin=_(REJOIN))  # i18n: marked
        try:
            while self.lost is None:
                raw = self._file.readline(MAX_LINE)
                if not raw:
                    break
                if not raw.endswith(b"\n"):
                    why = _("{server} sent a line too long to be a tilegames message. {rejoin}").format(
                        server=self.where, rejoin=_(REJOIN))  # i18n: marked
                    break
                message = json_line(raw.rstrip(b"\r\n"))
                if not isinstance(message, dict) or not isinstance(message.get("type"), str):
                    raise BadRecord("a message must be a JSON object with a type.")
                if self._take(message):
                    why = _("{server} closed the connection: {why}").format(
                        server=self.where, why=message.get('message') or message.get('error'))
                    break
        except BadRecord as exc:
            why = _("{server} sent something this version cannot read ({problem}) {rejoin}").format(
                server=self.where, problem=exc, rejoin=_(REJOIN))  # i18n: marked
        except (OSError, ValueError):
            pass  # the socket was closed under the reader (close(), or the network went)
        self._end(why)

    def _take(self, message: dict[str, Any]) -> bool:
        """File one message; True when it ends the connection (a fatal error)."""
        news = False
        with self._lock:
            self._seq += 1
            incoming = Incoming(self._seq, message, self._now())
            self.last_heard = incoming.at
            kind, key = message["type"], message.get("id")
            pending = self._waiting.get(key) if type(key) is int else None
            if kind == "update":
                self._updates.append(incoming)
                news = True
            elif pending is not None and kind != "pong":
                if pending.in_order:
                    self._updates.append(incoming)
                pending.answer = incoming
                pending.done.set()
        if news:
            self._wake()
        return kind == "error" and message.get("fatal") is True
