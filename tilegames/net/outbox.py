"""What the server sends, sent only once the table's journal holds what it shows.

Journal lines of the server's tables are deferred (core/records/journal_writer.py): a request changes
the game in memory on the event loop, its lines wait, and the messages it causes are built at
once (so each shows the table as it was right after the change) but sent only after a flush
of that table's journal, run on a thread of the journal pool, has put every line so far on
the disk. So a move is acknowledged only once it is durable, as when every line was fsynced on
the loop; but the loop never waits for a disk, one table's slow fsync delays only that table,
and the edits that arrive while a flush is under way share the next one (group commit).

Per table, deliveries go out in the order they were made: each takes the table's lock (FIFO)
before it checks the journal, and sends before giving the loop back.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Protocol

from tilegames.net.tables import Table

# Journals flushed at once: a table's fsync never waits behind another's (up to this many).
JOURNAL_THREADS = 16


class Receiver(Protocol):
    def send_line(self, line: bytes) -> None: ...


Outgoing = list[tuple[Receiver, bytes]]


class Outbox:
    def __init__(self, threads: int = JOURNAL_THREADS) -> None:
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="tilegames-journal")
        self._locks: dict[str, asyncio.Lock] = {}
        self._posted: set[asyncio.Task[None]] = set()

    async def deliver(self, table: Table, lines: Outgoing) -> None:
        """Send `lines` (built just now) once the table's journal has everything they show."""
        await self.durable(table)
        for receiver, line in lines:
            receiver.send_line(line)

    def post(self, table: Table, lines: Outgoing) -> None:
        """`deliver`, from code that cannot wait for it (the clock, a computer player's move)."""
        task = asyncio.get_running_loop().create_task(self.deliver(table, lines))
        self._posted.add(task)
        task.add_done_callback(self._posted.discard)

    async def settled(self) -> None:
        """Until every delivery posted so far has been sent (a test that moved the server's
        fake timer then knows that what the clock sent is on its way)."""
        await asyncio.gather(*list(self._posted), return_exceptions=True)

    async def durable(self, table: Table) -> None:
        """Until every line the table's journal has been handed so far is on the disk (or
        saving has stopped: the game goes on in memory, as LocalSession says)."""
        journal = table.session.controller.journal
        lock = self._locks.setdefault(table.id, asyncio.Lock())
        async with lock:
            if journal is None or not journal.deferred:
                return
            mark = journal.appended
            if journal.durable >= mark or journal.stopped is not None:
                return
            failed = await asyncio.get_running_loop().run_in_executor(self._pool, journal.flush)
        if failed is not None:
            journal.fail(failed)

    def forget(self, table_id: str) -> None:
        self._locks.pop(table_id, None)

    def close(self) -> None:
        """No more deliveries; the journals are flushed by their sessions' close."""
        for task in list(self._posted):
            task.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)
