"""The app behind one browser tab, for the browser door (web_door.py).

The tab runs textual-serve's page script (xterm.js), which speaks JSON over a WebSocket; the
app runs as a child process under Textual's web driver (`TEXTUAL_DRIVER`), which speaks
length-prefixed packets on its stdin and stdout. This module carries one to the other:

- the child's packets: `D` is screen output, sent to the tab as it is (binary frames); `M` is
  a JSON note (`exit` closes the tab's socket; nothing else is passed on: the app opens no
  links and sends no files from the server);
- the tab's messages: `["stdin", text]` are keys, `["resize", {"width", "height"}]` a window
  size (clamped as the SSH door's: pty_bridge.clamp_size), `["focus"]`/`["blur"]`, and
  `["ping", x]`, answered `["pong", x]`. Anything else, or anything malformed, is ignored.

The child's stderr is read and dropped (the app's own errors go to its log, and a stranger's
session must not fill the server's). It is started with the SSH door's limits (memory, no core
file); a tab that closes asks it to quit and, `grace` seconds later, kills it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import resource
import signal
from collections.abc import Awaitable, Callable, Mapping, Sequence

from tilegames.net.pty_bridge import MEMORY_LIMIT, clamp_size

_log = logging.getLogger(__name__)

READY_LINE = b"__GANGLION__\n"  # what Textual's web driver prints before its first packet
LINES_BEFORE_READY = 10  # lines a child may print before it (a warning or two), at most
MOST_PACKET = 1 << 24  # a packet longer than this is not the web driver's: the child is stopped

SendBytes = Callable[[bytes], Awaitable[None]]
SendText = Callable[[str], Awaitable[None]]
Close = Callable[[], Awaitable[object]]


def _limits(memory: int) -> Callable[[], None]:
    """What runs in the child between fork and exec: its memory cap and no core file (only
    system calls, so it is safe in a forked child of a process with threads)."""
    def setup() -> None:
        for which, most in ((resource.RLIMIT_AS, memory), (resource.RLIMIT_CORE, 0)):
            _soft, hard = resource.getrlimit(which)
            most = most if hard == resource.RLIM_INFINITY else min(most, hard)
            resource.setrlimit(which, (most, most))

    return setup


def web_driver_env(env: Mapping[str, str], columns: int, rows: int) -> dict[str, str]:
    """`env` with what makes a Textual app draw for a browser tab of `columns` x `rows`."""
    return {**env, "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver", "TEXTUAL_COLOR_SYSTEM": "truecolor",
            "TEXTUAL_FPS": "60", "COLUMNS": str(columns), "ROWS": str(rows), "TERM_PROGRAM": "tilegames-web"}


class WebSession:
    """A running child for one tab: `feed` it the tab's messages, `stop` it; `ended` is done
    when it has exited."""

    def __init__(self, process: asyncio.subprocess.Process, send: SendBytes, send_text: SendText, close: Close,
                 grace: float) -> None:
        self.process = process
        self._send = send
        self._send_text = send_text
        self._close = close
        self._grace = grace
        self._pump = asyncio.ensure_future(self._copy_out())
        self._drain = asyncio.ensure_future(self._drop_stderr())
        self.ended: asyncio.Future[int] = asyncio.ensure_future(self._wait())

    @classmethod
    async def spawn(cls, argv: Sequence[str], env: Mapping[str, str], columns: int, rows: int, send: SendBytes,
                    send_text: SendText, close: Close, *, cwd: str | None = None, grace: float = 2.0,
                    memory: int = MEMORY_LIMIT) -> "WebSession":
        """Start the child (in a session of its own, so that a kill reaches whatever it starts)."""
        columns, rows = clamp_size(columns, rows)
        process = await asyncio.create_subprocess_exec(
            *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            env=web_driver_env(env, columns, rows), cwd=cwd, preexec_fn=_limits(memory), start_new_session=True)
        return cls(process, send, send_text, close, grace)

    @property
    def running(self) -> bool:
        return self.process.returncode is None

    async def feed(self, text: str) -> None:
        """One message from the tab (see the module docstring)."""
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):  # not JSON, or nested past Python's depth
            return
        if not isinstance(message, list) or not message or not isinstance(message[0], str):
            return
        kind, body = message[0], message[1] if len(message) > 1 else None
        if kind == "stdin" and isinstance(body, str):
            await self._packet(b"D", body.encode("utf-8", "replace"))
        elif kind == "resize" and isinstance(body, dict):
            width, height = body.get("width"), body.get("height")
            if type(width) is int and type(height) is int:  # not a bool, which is an int to Python
                columns, rows = clamp_size(width, height)
                await self._meta({"type": "resize", "width": columns, "height": rows})
        elif kind in ("focus", "blur"):
            await self._meta({"type": kind})
        elif kind == "ping" and isinstance(body, str) and len(body) <= 32:
            await self._send_text(json.dumps(["pong", body]))

    async def stop(self) -> int:
        """Ask the child to quit; kill it if it has not within `grace` seconds. Its exit status."""
        if self.running:
            await self._meta({"type": "quit"})
            try:
                await asyncio.wait_for(asyncio.shield(self.ended), self._grace)
            except TimeoutError:
                self._kill()
        return await self.ended

    # --- the child's side ---------------------------------------------------------------------
    async def _packet(self, kind: bytes, payload: bytes) -> None:
        stdin = self.process.stdin
        if stdin is None or stdin.is_closing() or not self.running:
            return
        try:
            stdin.write(kind + len(payload).to_bytes(4, "big") + payload)
            await stdin.drain()
        except (ConnectionError, RuntimeError, OSError):
            pass  # the child has gone; `ended` says so

    async def _meta(self, note: dict[str, object]) -> None:
        await self._packet(b"M", json.dumps(note).encode("utf-8"))

    async def _copy_out(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            for _line in range(LINES_BEFORE_READY):
                line = await stdout.readline()
                if not line or line == READY_LINE:
                    break
            else:
                _log.warning("A web session's app did not start as a Textual app; it is stopped")
                self._kill()
                return
            while True:
                head = await stdout.readexactly(5)
                size = int.from_bytes(head[1:], "big")
                if size > MOST_PACKET:
                    self._kill()
                    return
                payload = await stdout.readexactly(size)
                if head[:1] == b"D":
                    await self._send(payload)
                elif head[:1] == b"M" and _is_exit(payload):
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        except ValueError:  # a line before the ready one longer than the stream's limit: not the web driver
            self._kill()
        finally:
            await self._close()

    async def _drop_stderr(self) -> None:
        stderr = self.process.stderr
        assert stderr is not None
        while await stderr.read(65536):
            pass

    async def _wait(self) -> int:
        status = await self.process.wait()
        for task in (self._pump, self._drain):
            try:
                await asyncio.wait_for(asyncio.shield(task), 1.0)
            except (TimeoutError, asyncio.CancelledError):
                task.cancel()
            except Exception:  # the copying failed; the child has ended all the same
                _log.exception("A web session's output could not be copied to its tab")
        return status

    def _kill(self) -> None:
        if self.running:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def _is_exit(payload: bytes) -> bool:
    try:
        note = json.loads(payload)
    except ValueError:
        return False
    return isinstance(note, dict) and note.get("type") == "exit"
