"""The SSH front door: `ssh -p PORT NAME@HOST` plays a seat with nothing installed but ssh (the
pattern of charmbracelet/wish).

The door knows nothing about tables. Its policy is injected by whoever starts it, next to the
game server in the same event loop:

- `check_code(name, code)`: the codes a password opens (a seat code or a spectator code), or
  None. Wrong ones go through `allow(ip)` / `failed(ip)`, the server's own wrong-code rate limit,
  so guessing over SSH is no faster than over the wire protocol.
- `keys_for(name)` and `codes_for_name(name)`: a player whose public key is listed under NAME
  (`ssh_keys.py`) needs no password, when NAME has a seat in play. Otherwise the key is refused
  and ssh falls back to asking for the code.
- `command_for(codes)`: the program a session runs, normally `tilegames join` back to this
  server (`join_command`).

Each session with a terminal runs that program in a child process on a PTY of its own
(`pty_bridge.py`), with the client's TERM and window size, and copies bytes both ways: the app
draws exactly as in a local terminal, colours and mouse included. Closing the window hangs the
child up; its connection to the game server drops, which the server treats as any disconnect
(the seat stays, the code joins it again). Nothing that goes wrong here reaches the player as a
traceback: they get a sentence, the server's log gets the details.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping, Sequence

import asyncssh

from tilegames.core.i18n import N_, _, language
from tilegames.core.inputs import shown
from tilegames.net.codes import RateLimiter
from tilegames.net.pty_bridge import READ_SIZE, PtyChild
from tilegames.net.ssh_keys import KEYS_FILE, AuthorizedKeys, SshDoorError, host_key

__all__ = ["SshDoor", "SshDoorError", "start_ssh_door", "join_command", "child_env"]

CheckCode = Callable[[str, str], "tuple[str, ...] | None"]
CodesForName = Callable[[str], "tuple[str, ...] | None"]
CommandFor = Callable[[tuple[str, ...]], list[str]]
KeysFor = Callable[[str], Sequence[asyncssh.SSHKey]]
Log = Callable[[str], None]
_Challenge = tuple[str, str, str, tuple[tuple[str, bool], ...]]  # keyboard-interactive: name, text, lang, prompts

DEFAULT_TERM = "xterm-256color"
BANNER = N_("tilegames: your password is your seat's join code (it looks like K7PQ-3MZD).")  # sent with _() and CRLF
# What describes the server's own terminal is not passed to a child drawing on a player's one;
# what a player's ssh sends (SendEnv) about theirs is.
_SERVER_TERMINAL = ("COLUMNS", "LINES", "COLORTERM", "NO_COLOR", "TERM_PROGRAM", "TERM_PROGRAM_VERSION",
                    "VTE_VERSION", "WT_SESSION", "KITTY_WINDOW_ID", "ITERM_SESSION_ID", "TMUX", "STY")
_FROM_CLIENT = ("COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE")


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


JOIN_CODES_VARIABLE = "TILEGAMES_JOIN_CODES"  # read by `tilegames join` when no --code is given


def child_env(term: str | None, client_env: Mapping[str, object], home: Path,
              codes: tuple[str, ...] = ()) -> dict[str, str]:
    """The environment of a session's child: the server's, with the player's terminal, and
    `home` as its TILEGAMES_HOME, so that the app a stranger drives never sees the server
    account's own saved games (nor its default server folder). The join codes travel here
    (JOIN_CODES_VARIABLE), not on the command line, where any local user could read them."""
    env = {k: v for k, v in os.environ.items() if k not in _SERVER_TERMINAL}
    if codes:
        env[JOIN_CODES_VARIABLE] = ",".join(codes)
    env["TILEGAMES_HOME"] = str(home)
    env["TERM"] = term if term and term.isprintable() and len(term) < 64 else DEFAULT_TERM
    for key in _FROM_CLIENT:
        value = client_env.get(key)
        if isinstance(value, str) and value.isprintable() and len(value) < 64:
            env[key] = value
    if not any(key in env and key in client_env for key in ("LANG", "LC_ALL")):
        # A player whose ssh sends no locale sees the server's language (`tilegames --lang ko
        # serve`); one whose ssh sends theirs sees that, as the app chooses from the locale.
        env["LANGUAGE"] = language()
    return env


def join_command(bind: str, port: int) -> CommandFor:
    """`command_for` in production: `python -m tilegames join` to the game server listening on
    `bind:port`, from this machine. The codes go in the child's environment (`child_env`)."""
    host = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(bind, bind.strip("[]"))
    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    def command_for(codes: tuple[str, ...]) -> list[str]:
        return [sys.executable, "-m", "tilegames", "join", address, "--one-game"]

    return command_for


@dataclass
class SshDoor:
    """The SSH server and its sessions. Made by `start_ssh_door`; `close()` then
    `await wait_closed()` stops it, hanging up every session."""

    check_code: CheckCode
    command_for: CommandFor
    keys_for: KeysFor
    codes_for_name: CodesForName
    allow: Callable[[str], bool]
    failed: Callable[[str], None]
    grace: float = 2.0  # seconds a hung-up child has to end before it is killed
    max_sessions: int = 64  # each runs an app process: an upper bound on what players can start
    log: Log = _say
    port: int = 0
    fingerprint: str = ""
    _acceptor: asyncssh.SSHAcceptor | None = None
    _connections: set[asyncssh.SSHServerConnection] = field(default_factory=set)
    _children: dict[PtyChild, "asyncio.Task[int]"] = field(default_factory=dict)

    async def start(self, bind: str, port: int, key: asyncssh.SSHKey) -> None:
        """Listen on `bind:port` (0: any free port); OSError when the address cannot be used."""
        self._acceptor = await asyncssh.create_server(
            lambda: _Gatekeeper(self), bind, port, server_host_keys=[key], process_factory=self._session,
            encoding=None, line_editor=False, keepalive_interval=30, keepalive_count_max=3, login_timeout=60,
            reuse_address=True)
        self.port = self._acceptor.get_port()
        self.fingerprint = key.get_fingerprint()

    @property
    def session_count(self) -> int:
        """Children still running (a hung-up one counts until it has ended)."""
        return sum(1 for child in self._children if child.running)

    def close(self) -> None:
        """Stop listening and hang up every session and connection."""
        if self._acceptor is not None:
            self._acceptor.close()
        for child in list(self._children):
            child.hang_up()
        for connection in list(self._connections):
            connection.close()

    async def wait_closed(self) -> None:
        """Until the listener is closed and every child has ended (at most `grace` after `close`)."""
        if self._acceptor is not None:
            await self._acceptor.wait_closed()
        if self._children:
            await asyncio.gather(*self._children.values(), return_exceptions=True)

    # --- one session ------------------------------------------------------------------------
    async def _session(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        name = str(process.get_extra_info("username") or "")
        try:
            status = await self._play(process, name)
        except Exception as exc:  # the player gets a sentence; the log gets the details
            self.log(f"SSH: {shown(name, 40)}'s session failed: {exc!r}\n{traceback.format_exc()}")
            _tell(process, _("The game could not be started here; the server's log says why."))
            status = 1
        if status is not None:
            try:
                process.exit(status)
            except (OSError, asyncssh.Error):
                pass

    async def _play(self, process: asyncssh.SSHServerProcess[bytes], name: str) -> int | None:
        """Run the app for the session's codes; its exit status, or None when the player left."""
        owner = process.channel.get_connection().get_owner()
        codes = owner.codes if isinstance(owner, _Gatekeeper) else None
        if process.get_terminal_type() is None or process.subsystem:
            host = (process.get_extra_info("sockname") or ("HOST",))[0]
            _tell(process, _("Connect with a terminal: {command}").format(command=f"ssh -t -p {self.port} {shown(name, 40)}@{host}"))
            return 1
        if not codes:
            _tell(process, _("This connection has no seat to play."))
            return 1
        if self.session_count >= self.max_sessions:
            _tell(process, _("The server has as many SSH players as it can take: try again in a few minutes."))
            return 1
        columns, rows, _width, _height = process.get_terminal_size()
        home = Path(tempfile.mkdtemp(prefix="tilegames-ssh-"))
        try:
            env = child_env(process.get_terminal_type(), process.env, home, codes)
            child = await PtyChild.spawn(self.command_for(codes), env, columns, rows, grace=self.grace)
        except BaseException:
            shutil.rmtree(home, ignore_errors=True)
            raise
        ended = self._children[child] = asyncio.ensure_future(child.wait())

        def gone(_result: object) -> None:
            self._children.pop(child, None)
            shutil.rmtree(home, ignore_errors=True)

        ended.add_done_callback(gone)
        try:
            return await self._bridge(process, child, ended)
        finally:
            child.hang_up()

    async def _bridge(self, process: asyncssh.SSHServerProcess[bytes], child: PtyChild,
                      ended: "asyncio.Future[int]") -> int | None:
        """Bytes both ways until one side ends: the child's exit status, or None if the player
        left first (the child is then hung up). The end of the player's input is not their
        leaving: what they sent is still played, and the child's output still shown."""
        output = asyncio.ensure_future(_copy_out(child, process))
        typing = asyncio.ensure_future(_copy_in(process, child))
        closed = asyncio.ensure_future(process.channel.wait_closed())
        try:
            await asyncio.wait({output, closed}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (output, typing, closed):
                task.cancel()
            await asyncio.gather(output, typing, closed, return_exceptions=True)
        if output.cancelled() or output.exception() is not None or not output.result():
            return None
        try:  # its output has ended, so the child is ending: its status
            status = await asyncio.wait_for(asyncio.shield(ended), self.grace)
        except TimeoutError:
            child.hang_up()
            status = await ended
        return status if status >= 0 else 128 - status  # killed by signal N: 128 + N, as shells say


async def _copy_out(child: PtyChild, process: asyncssh.SSHServerProcess[bytes]) -> bool:
    """The child's output to the player: True when the child ended it, False when the player's
    side went away."""
    while True:
        data = await child.read()
        if not data:
            return True
        try:
            process.stdout.write(data)
            await process.stdout.drain()
        except (OSError, asyncssh.Error):
            return False


async def _copy_in(process: asyncssh.SSHServerProcess[bytes], child: PtyChild) -> None:
    """The player's keys (and window sizes) to the child, until the player's side ends."""
    while True:
        try:
            data = await process.stdin.read(READ_SIZE)
        except asyncssh.TerminalSizeChanged as change:
            child.resize(change.width, change.height)
            continue
        except (asyncssh.BreakReceived, asyncssh.SignalReceived):
            continue
        except (OSError, asyncssh.Error):
            return
        if not data:
            return
        await child.write(data)


def _tell(process: asyncssh.SSHServerProcess[bytes], sentence: str) -> None:
    """One line to the player: on their screen with a terminal, on their stderr without."""
    stream = process.stdout if process.get_terminal_type() is not None else process.stderr
    try:
        stream.write(sentence.encode("utf-8") + b"\r\n")
    except (OSError, asyncssh.Error):
        pass


class _Gatekeeper(asyncssh.SSHServer):
    """One connection's authentication: a join code as the password, or a listed public key.
    Remembers the codes it opened for the session that follows."""

    def __init__(self, door: SshDoor) -> None:
        self.door = door
        self.ip = "?"
        self.codes: tuple[str, ...] | None = None
        self._connection: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._connection = conn
        peer = conn.get_extra_info("peername")
        self.ip = str(peer[0]) if peer else "?"
        self.door._connections.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._connection is not None:
            self.door._connections.discard(self._connection)

    def begin_auth(self, username: str) -> bool:
        if self._connection is not None:
            self._connection.send_auth_banner(_(BANNER) + "\r\n")  # i18n: marked
        return True  # everyone authenticates

    def password_auth_supported(self) -> bool:
        return True

    def validate_password(self, username: str, password: str) -> bool:
        door = self.door
        try:
            if not door.allow(self.ip):
                return False
            codes = door.check_code(username, password)
            if codes is None:
                door.failed(self.ip)
                return False
        except Exception as exc:  # a failing policy refuses; the log says why
            door.log(f"SSH: checking a code failed: {exc!r}")
            return False
        self.codes = tuple(codes)
        return True

    # keyboard-interactive: the same check, with a prompt that says what to type
    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> _Challenge:
        return "", "", "", ((_("Password (your join code): "), False),)

    def validate_kbdint_response(self, username: str, responses: Sequence[str]) -> bool:
        return len(responses) == 1 and self.validate_password(username, responses[0])

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """A key listed for NAME opens NAME's seats, if NAME has any in play right now."""
        door = self.door
        try:
            if not any(key.public_data == known.public_data for known in door.keys_for(username)):
                return False
            codes = door.codes_for_name(username)
        except Exception as exc:
            door.log(f"SSH: checking a key failed: {exc!r}")
            return False
        if not codes:
            return False
        self.codes = tuple(codes)
        return True


async def start_ssh_door(bind: str, port: int, data_dir: Path, check_code: CheckCode, command_for: CommandFor, *,
                         allow: Callable[[str], bool] | None = None, failed: Callable[[str], None] | None = None,
                         keys_for: KeysFor | None = None, codes_for_name: CodesForName | None = None,
                         grace: float = 2.0, log: Log = _say) -> SshDoor:
    """Open the SSH door on `bind:port` in the running loop, its host key in `data_dir`.

    `allow`/`failed` default to a rate limit of the door's own (pass the game server's to share
    it); `keys_for` to the `ssh_keys` file of `data_dir`; `codes_for_name` to nobody (key
    logins then fall back to the code). SshDoorError (a key file) or OSError (the address),
    each with a sentence, when it cannot open."""
    limiter = RateLimiter()
    door = SshDoor(check_code, command_for,
                   keys_for=keys_for or AuthorizedKeys(data_dir / KEYS_FILE, log).keys_for,
                   codes_for_name=codes_for_name or (lambda name: None),
                   allow=allow or limiter.allows, failed=failed or limiter.wrong_code, grace=grace, log=log)
    await door.start(bind, port, host_key(data_dir))
    return door
