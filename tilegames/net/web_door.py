"""The browser door: the app in a browser tab, one app process per tab, as the SSH door starts
one per SSH session (ssh_door.py). The page is textual-serve's terminal (xterm.js in
`textual.js`, with its stylesheet and font, all served from here: nothing from the internet),
wrapped in a page of ours (assets/web/); each tab's app is a child under Textual's web driver
(web_session.py).

Two ways in, each opened by whoever starts the door:

- **the whole app** (`tilegames web`): `/` is the menu, as `tilegames` in a terminal;
- **a seat** (`host GAME --web PORT`): `/seat/CODE` plays the seat of that join code, as
  `tilegames join` would. The code is the proof, checked as the SSH door checks a password: a
  right one at once, a wrong one only after the game server's throttle has waited its delay
  (codes.SignInThrottle, shared with the other doors).

A link holds a code, so links are secrets: aiohttp's access log is off and nothing here logs a
path. The limits are the SSH door's: sessions in all, per code and per address (ssh_caps.py),
each child's memory, and the window size; a message from a tab is at most `MOST_MESSAGE` bytes.
A seat's app, and the whole app when the door listens beyond this machine, runs with a home of
its own that is thrown away (ssh_child.child_env): a stranger's tab writes no file on the
server. With a loopback address the door answers only requests addressed to this machine by
name (`Host: 127.0.0.1`, `localhost`, `[::1]`), so a web page elsewhere cannot reach it by
DNS rebinding.
"""

from __future__ import annotations

import asyncio
import functools
import html
import ipaddress
import logging
import os
import shutil
import string
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable
from urllib.parse import quote

from aiohttp import WSMsgType, web

from tilegames.core.resources import assets_dir
from tilegames.core.text.i18n import N_, _, language
from tilegames.net.codes import canonical
from tilegames.net.pty_bridge import MEMORY_LIMIT
from tilegames.net.ssh_caps import Caps, SessionCounts
from tilegames.net.ssh_child import child_env
from tilegames.net.admission import Admission, CheckCode, Failed
from tilegames.net.timer import LoopTimer, Timer
from tilegames.net.web_session import WebSession

_log = logging.getLogger(__name__)

OPEN_YOUR_LINK = N_("Open your seat's link: the host of the game has one for each player.")
NOT_A_SEAT = N_("This link does not open a seat here: check it with the host of the game.")

CommandFor = Callable[[tuple[str, ...]], list[str]]  # the codes of a seat, () for the whole app
MOST_MESSAGE = 65536  # bytes in one message from a tab: keys typed or pasted, a window size
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")


def static_dir() -> Path:
    """textual-serve's page files: xterm.js in `js/textual.js`, its stylesheet and font."""
    import textual_serve

    return Path(textual_serve.__file__).resolve().parent / "static"


@dataclass
class WebDoor:
    """The door's policy and its sessions. Made by `start_web_door`; `close()` then
    `await wait_closed()` stops it, ending every tab's app."""

    command_for: CommandFor
    whole_app: bool  # `/` plays the whole app
    check_code: CheckCode | None  # seats: what a code opens (None: no seats here)
    failed: Failed  # a wrong code's delay (the game server's throttle)
    loopback: bool  # listening on this machine only
    public_url: str | None = None  # where players reach the door, when not the address they asked
    counts: SessionCounts = field(default_factory=SessionCounts)
    timer: Timer = field(default_factory=LoopTimer)
    grace: float = 2.0
    memory: int = MEMORY_LIMIT
    port: int = 0
    _runner: web.AppRunner | None = None
    _sessions: set[WebSession] = field(default_factory=set)
    _closing: bool = False

    def application(self) -> web.Application:
        app = web.Application(client_max_size=MOST_MESSAGE, middlewares=[self._only_loopback_names])
        app.router.add_get("/", self._index)
        app.router.add_get("/seat/{code}", self._seat_page)
        app.router.add_get("/ws", self._app_socket)
        app.router.add_get("/ws/seat/{code}", self._seat_socket)
        app.router.add_static("/static", static_dir())
        return app

    async def start(self, bind: str, port: int) -> None:
        """Listen on `bind:port` (0: any free port); OSError when the address cannot be used."""
        self._runner = web.AppRunner(self.application(), access_log=None, handle_signals=False,
                                     shutdown_timeout=self.grace + 1)
        await self._runner.setup()
        site = web.TCPSite(self._runner, bind or None, port, reuse_address=True)
        try:
            await site.start()
        except BaseException:
            await self._runner.cleanup()
            raise
        self.port = self._runner.addresses[0][1]

    @property
    def session_count(self) -> int:
        return sum(1 for session in self._sessions if session.running)

    def close(self) -> None:
        """Refuse new tabs and ask every tab's app to quit."""
        self._closing = True
        for session in list(self._sessions):
            asyncio.ensure_future(session.stop())

    async def wait_closed(self) -> None:
        """Until every tab's app has ended (killed `grace` after `close` at the latest) and the
        listener is gone."""
        while self._sessions:
            await asyncio.gather(*(s.stop() for s in list(self._sessions)), return_exceptions=True)
            await asyncio.sleep(0)  # the tabs' handlers let go of their sessions
            self._sessions = {s for s in self._sessions if s.running}
        if self._runner is not None:
            await self._runner.cleanup()

    # --- pages --------------------------------------------------------------------------------
    @web.middleware
    async def _only_loopback_names(self, request: web.Request, handler: Callable[..., object]) -> web.StreamResponse:
        if self.loopback and self.public_url is None:
            name = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
            if name.lower() not in LOOPBACK_HOSTS:
                return self._refused(_("This server answers only at 127.0.0.1 or localhost."), 421)
        response = await handler(request)  # type: ignore[misc]
        assert isinstance(response, web.StreamResponse)
        return response

    async def _index(self, request: web.Request) -> web.StreamResponse:
        if not self.whole_app:
            return self._refused(_(OPEN_YOUR_LINK), 404)  # i18n: marked
        return self._page(request, "/ws")

    async def _seat_page(self, request: web.Request) -> web.StreamResponse:
        code = request.match_info["code"]
        admission = await self._admit(request, code)
        if admission is None:
            return self._refused(_(NOT_A_SEAT), 403)  # i18n: marked
        full = self.counts.refusal(admission, self._address(request))
        if full is not None:
            return self._refused(full, 429)
        return self._page(request, "/ws/seat/" + quote(code, safe=""))

    def _page(self, request: web.Request, socket_path: str) -> web.Response:
        base = self.public_url or f"http://{request.host}"
        websocket = ("wss:" if base.startswith("https:") else "ws:") + base.split(":", 1)[1].rstrip("/") + socket_path
        text = _template("page.html").substitute(
            lang=html.escape(language()), title=html.escape(_("tilegames")), static=html.escape(base.rstrip("/") + "/static"),
            websocket=html.escape(websocket), font_size="16", starting=html.escape(_("Starting the game…")),
            ended=html.escape(_("The game in this tab has ended.")), again=html.escape(_("Open it again")))
        return web.Response(text=text, content_type="text/html", headers=_PRIVATE)

    def _refused(self, sentence: str, status: int) -> web.Response:
        text = _template("refused.html").substitute(lang=html.escape(language()), title=html.escape(_("tilegames")),
                                                    sentence=html.escape(sentence))
        return web.Response(text=text, status=status, content_type="text/html", headers=_PRIVATE)

    # --- sessions -----------------------------------------------------------------------------
    async def _app_socket(self, request: web.Request) -> web.StreamResponse:
        if not self.whole_app:
            return self._refused(_(OPEN_YOUR_LINK), 404)  # i18n: marked
        return await self._play(request, Admission(()))

    async def _seat_socket(self, request: web.Request) -> web.StreamResponse:
        admission = await self._admit(request, request.match_info["code"])
        if admission is None:
            return self._refused(_(NOT_A_SEAT), 403)  # i18n: marked
        return await self._play(request, admission)

    async def _admit(self, request: web.Request, code: str) -> Admission | None:
        """What `code` opens, or None once a wrong code's delay has been waited out."""
        admission = None
        if self.check_code is not None and canonical(code) is not None:
            admission = self.check_code("", code)
        if admission is None:
            address = self._address(request)
            _log.info("Web: a wrong code from %s", address)
            await self.timer.sleep(self.failed(address))
        return admission

    async def _play(self, request: web.Request, admission: Admission) -> web.StreamResponse:
        if self._closing:
            return self._refused(_("The server is stopping."), 503)
        address = self._address(request)
        place = self.counts.take(admission, address)
        if isinstance(place, str):
            _log.info("Web: a tab from %s refused: %s", address, place)
            return self._refused(place, 429)
        socket = web.WebSocketResponse(heartbeat=30, max_msg_size=MOST_MESSAGE + 1)  # aiohttp refuses the limit itself
        home: Path | None = None
        try:
            await socket.prepare(request)
            columns, rows = _number(request.query.get("width"), 80), _number(request.query.get("height"), 24)
            env, home = self._environment(admission.codes)
            session = await WebSession.spawn(self.command_for(admission.codes), env, columns, rows,
                                             socket.send_bytes, socket.send_str, socket.close,
                                             cwd=str(home) if home else None, grace=self.grace, memory=self.memory)
        except BaseException:
            place.release()
            if home is not None:
                shutil.rmtree(home, ignore_errors=True)
            raise
        self._sessions.add(session)
        _log.info("Web: a tab from %s began (%s)", address, "watching" if admission.watching else "playing")
        try:
            async for message in socket:
                if message.type == WSMsgType.TEXT:
                    await session.feed(message.data)
        finally:
            await asyncio.shield(self._end(session, place.release, home))
        return socket

    async def _end(self, session: WebSession, release: Callable[[], None], home: Path | None) -> None:
        try:
            status = await session.stop()
            _log.info("Web: a tab's app ended (exit status %d)", status)
        finally:
            self._sessions.discard(session)
            release()
            if home is not None:
                shutil.rmtree(home, ignore_errors=True)

    def _environment(self, codes: tuple[str, ...]) -> tuple[dict[str, str], Path | None]:
        """A seat's app, or the whole app served beyond this machine, gets a home of its own,
        thrown away when it ends; the whole app on a loopback door is the account's own."""
        if not codes and self.loopback:
            return dict(os.environ), None
        home = Path(tempfile.mkdtemp(prefix="tilegames-web-"))
        return child_env(None, {}, home, codes), home

    def _address(self, request: web.Request) -> str:
        """The player's address, for the caps and the throttle. Behind a TLS proxy on this
        machine (`public_url` given, the request from loopback) it is the last address the
        proxy added to X-Forwarded-For; otherwise the header is anyone's to write, so not read."""
        remote = request.remote or "unknown"
        forwarded = request.headers.get("X-Forwarded-For", "")
        if self.public_url is not None and forwarded and _is_loopback_address(remote):
            last = forwarded.split(",")[-1].strip()
            if _is_address(last):
                return last
        return remote


_PRIVATE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _is_loopback_address(text: str) -> bool:
    return _is_address(text) and ipaddress.ip_address(text).is_loopback


@functools.lru_cache(maxsize=None)
def _template(name: str) -> string.Template:
    """A page of assets/web/, read once per process."""
    return string.Template((assets_dir() / "web" / name).read_text(encoding="utf-8"))


def _number(text: str | None, default: int) -> int:
    return int(text) if text is not None and text.isascii() and text.isdigit() and len(text) <= 5 else default


async def start_web_door(bind: str, port: int, command_for: CommandFor, *, whole_app: bool,
                         check_code: CheckCode | None = None, failed: Failed, loopback: bool,
                         public_url: str | None = None, caps: Caps | None = None,
                         timer: Timer | None = None, grace: float = 2.0) -> WebDoor:
    """Open the browser door on `bind:port` in the running loop; OSError when it cannot listen."""
    door = WebDoor(command_for, whole_app, check_code, failed, loopback, public_url,
                   counts=SessionCounts(caps or Caps()), timer=timer or LoopTimer(), grace=grace)
    await door.start(bind, port)
    return door
