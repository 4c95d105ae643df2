"""A minimal blocking client for the server's tests: a socket and JSON lines, nothing else.

It keeps every byte it receives (`received`) so the secrecy tests can check all of it, and the
latest STATE it was sent (`state`), from a welcome, a reply or an update.
"""

from __future__ import annotations

import itertools
import json
import select
import socket
import time
from typing import Any, Callable

Message = dict[str, Any]


class Closed(Exception):
    """The server closed the connection."""


class WireClient:
    def __init__(self, port: int, host: str = "127.0.0.1", timeout: float = 10.0) -> None:
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.timeout = timeout
        self.local_port: int = self.sock.getsockname()[1]
        self.received = bytearray()  # every byte the server sent, in order
        self.messages: list[Message] = []  # every message read, in order
        self.state: Message | None = None
        self.you: tuple[int, ...] = ()
        self._buffer = bytearray()
        self._ids = itertools.count(1)
        self.eof = False

    # --- sending --------------------------------------------------------------------------
    def send(self, message: Message) -> None:
        self.send_raw(json.dumps(message).encode() + b"\n")

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def next_id(self) -> int:
        return next(self._ids)

    # --- reading --------------------------------------------------------------------------
    def read(self, timeout: float | None = None) -> Message:
        """The next message (Closed when the server has closed; TimeoutError when none comes)."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while b"\n" not in self._buffer:
            if self.eof:
                raise Closed("the server closed the connection")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no message came in time")
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(1 << 16)
            except socket.timeout:
                raise TimeoutError("no message came in time") from None
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                self.eof = True
                continue
            self.received += chunk
            self._buffer += chunk
        end = self._buffer.index(b"\n")
        line = bytes(self._buffer[:end])
        del self._buffer[:end + 1]
        message: Message = json.loads(line)
        self.messages.append(message)
        if isinstance(message.get("state"), dict):
            self.state = message["state"]
        return message

    def read_until(self, wanted: Callable[[Message], bool], timeout: float | None = None) -> Message:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            message = self.read(max(0.0, deadline - time.monotonic()))
            if wanted(message):
                return message

    def answer(self, id: int, timeout: float | None = None) -> Message:
        """The reply (or error) with this id; the updates before it are read on the way."""
        return self.read_until(lambda m: m.get("id") == id and m["type"] in ("reply", "error", "welcome", "pong"),
                               timeout)

    def drain(self, quiet: float = 0.05) -> list[Message]:
        """Every message already on its way (until none comes for `quiet` seconds)."""
        got = []
        while True:
            try:
                got.append(self.read(quiet))
            except (TimeoutError, Closed):
                return got

    def so_far(self) -> list[Message]:
        """Every message the server sent this client before it answers a ping sent now: the
        server answers a connection in order, so nothing it had sent before is missed."""
        id = self.next_id()
        self.send({"type": "ping", "id": id})
        got = []
        while (message := self.read())["type"] != "pong" or message.get("id") != id:
            got.append(message)
        return got

    def has_unread(self) -> bool:
        """Whether something the server sent is here, unread (a look, not a wait)."""
        return b"\n" in self._buffer or bool(select.select([self.sock], [], [], 0)[0])

    def closed_by_server(self, timeout: float = 5.0) -> bool:
        """Whether the server closes the connection within `timeout` (messages read on the way)."""
        try:
            while True:
                self.read(timeout)
        except Closed:
            return True
        except TimeoutError:
            return False

    # --- the protocol ---------------------------------------------------------------------
    def hello(self, *codes: str, v: int = 2) -> Message:
        id = self.next_id()
        message: Message = {"type": "hello", "v": v, "id": id}
        if len(codes) == 1:
            message["code"] = codes[0]
        else:
            message["codes"] = list(codes)
        self.send(message)
        answer = self.answer(id)
        if answer["type"] == "welcome":
            self.you = tuple(answer["you"])
        return answer

    def request(self, op: str, **fields: Any) -> Message:
        id = self.next_id()
        self.send({"type": "request", "id": id, "op": op, **fields})
        return self.answer(id)

    def sync(self, reference: Message, timeout: float | None = None) -> None:
        """Read until this client's state shows the same position as `reference` (another
        client's latest state)."""
        if self.state is not None and same_position(self.state, reference):
            return
        self.read_until(lambda m: self.state is not None and same_position(self.state, reference), timeout)

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


def same_position(a: Message, b: Message) -> bool:
    keys = ("spectator", "current", "who_may_act", "turn", "result")
    return all(a.get(k) == b.get(k) for k in keys)
