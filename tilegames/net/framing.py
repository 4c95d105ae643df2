"""Reading a client's lines without ever holding more than one line's worth of its bytes.

`StreamReader.readline` gives up on a long line with an exception and leaves the stream in an
unknown place; here a line longer than the limit is reported once (as None, a bad message) and
read past, its bytes thrown away as they come, so the next line is read normally.
"""

from __future__ import annotations

import asyncio
from typing import AsyncIterator

CHUNK = 65_536


async def read_lines(reader: asyncio.StreamReader, limit: int) -> AsyncIterator[bytes | None]:
    """Each line (without its newline) as it arrives; None for a line longer than `limit`.
    Ends when the client closes; a last line without a newline is dropped (cut off)."""
    buffer = bytearray()
    skipping = False  # inside a line already reported as too long
    while True:
        chunk = await reader.read(CHUNK)
        if not chunk:
            return
        buffer += chunk
        while True:
            end = buffer.find(b"\n")
            if end < 0:
                if len(buffer) > limit:
                    if not skipping:
                        yield None
                    skipping = True
                    buffer.clear()
                break
            line = bytes(buffer[:end])
            del buffer[:end + 1]
            if skipping:
                skipping = False  # the rest of the long line
                continue
            yield None if len(line) > limit else line
