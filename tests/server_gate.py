"""A real server (tests/remote_helpers.py) made slow, silent or strict for the client's tests,
by a wrapper around its own handling: of each request (`Server._run`: held while the gate is
shut, or refused with the error the test gives) and of each line (`Server._take`: ignored while
the server is silent, as a server gone quiet without closing anything). Switched from the
test's thread; the server's loop polls, so nothing else of the server waits meanwhile."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from tilegames.net import requests
from tilegames.net.server import Server


class ServerGate:
    """Requests of the ops `held_ops` wait while `hold()` is on and go on at `answer()`;
    `refuse(error, sentence)` has the next one refused instead; `silence()` makes the server
    ignore every line (hellos and pings too) until `speak()`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, held_ops: tuple[str, ...] = ("edit",)) -> None:
        self.held_ops = held_ops
        self._open = threading.Event()
        self._open.set()
        self.holding = threading.Event()  # set while a request is being held
        self.silent = threading.Event()
        self.ignored = 0  # lines ignored while silent
        self._refusals: list[tuple[str, str]] = []
        run, take = Server._run, Server._take

        async def gated_run(server: Server, table: Any, seats: tuple[int, ...], request: Any) -> requests.Answer:
            if request.op in self.held_ops:
                if self._refusals:
                    error, sentence = self._refusals.pop(0)
                    return requests.refused(error, sentence)
                while not self._open.is_set():
                    self.holding.set()
                    await asyncio.sleep(0.01)
                self.holding.clear()
            return await run(server, table, seats, request)

        async def silent_take(server: Server, connection: Any, raw: bytes | None) -> None:
            if self.silent.is_set():
                self.ignored += 1
                return
            await take(server, connection, raw)

        monkeypatch.setattr(Server, "_run", gated_run)
        monkeypatch.setattr(Server, "_take", silent_take)

    def hold(self) -> None:
        self._open.clear()

    def answer(self) -> None:
        self._open.set()

    def refuse(self, error: str, sentence: str) -> None:
        self._refusals.append((error, sentence))

    def silence(self) -> None:
        self.silent.set()

    def speak(self) -> None:
        self.silent.clear()
