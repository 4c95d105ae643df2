"""One client connection of the game server (server.py): the seats it holds once joined, the
last request id answered, its bad messages and its rate limits, and the sending of its lines.

A line is made (`encode`) when the change it tells of happens, and sent (`send_line`) once its
table's journal is durable (outbox.py); errors that tell of no change are sent at once (`send`).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Callable

from tilegames.net.limits import TokenBucket
from tilegames.net.tables import Table
from tilegames.net.wire import MAX_SERVER_LINE, encode

# A connection whose unsent bytes pile up past this does not read what it is sent: it is closed
# rather than let it fill the server's memory.
MAX_UNSENT = 8 * 1024 * 1024
log = logging.getLogger(__name__)


@dataclass(eq=False)
class Connection:
    """One client: the seats it holds once joined, the last id answered, its bad messages."""

    writer: asyncio.StreamWriter
    host: str
    port: int
    on_sent: Callable[["Connection", bytes], None] | None = None
    table: Table | None = None
    seats: tuple[int, ...] = ()
    last_id: int = -1
    bad: int = 0
    closed: bool = False
    moves: TokenBucket | None = None
    replays: TokenBucket | None = None

    def __post_init__(self) -> None:
        log.debug("Connection %s opened", self.name)

    @property
    def name(self) -> str:
        """host:port, for the log."""
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    def send(self, message: dict[str, Any]) -> bool:
        """Queue one message now; False (nothing sent) when it is too long to send."""
        line = self.encode(message)
        if len(line) > MAX_SERVER_LINE:
            return False
        self.send_line(line)
        return True

    def encode(self, message: dict[str, Any]) -> bytes:
        """`message` as the line to send this connection, built from the table as it is now
        (`on_sent` is told here: a line may be sent a moment later, once it is durable)."""
        line = encode(message)
        if self.on_sent is not None and len(line) <= MAX_SERVER_LINE:
            self.on_sent(self, line)
        return line

    def send_line(self, line: bytes) -> None:
        """Queue one line made by `encode`."""
        if self.closed:
            return
        if self.writer.is_closing():  # the client went; its handler has not noticed yet
            self.closed = True
            return
        if self.writer.transport.get_write_buffer_size() > MAX_UNSENT:
            log.info("Connection %s closed: it has not read the %d bytes it was sent", self.name, MAX_UNSENT)
            self.close()  # it has not read what it was sent before
            return
        self.writer.write(line)

    def end(self, message: dict[str, Any], why: str) -> None:
        """Send `message` (a fatal error) and close; the log says `why`."""
        log.info("Connection %s closed: %s", self.name, why)
        self.send(message)
        self.close()

    def close(self) -> None:
        if not self.closed:
            log.debug("Connection %s closed", self.name)
            self.closed = True
            self.writer.close()
