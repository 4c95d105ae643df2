"""The SSH front door: `ssh -p PORT NAME@HOST` plays a seat with nothing installed but ssh (the
pattern of charmbracelet/wish).

The door knows nothing about tables. Its policy is injected by whoever starts it, next to the
game server in the same event loop:

- `check_code(name, code)`: what a password opens (an `Admission`: a seat's code, or the
  spectator code), or None. It is asked first; only a wrong code goes to `failed(ip)`, the game
  server's own throttle, whose delay is waited out before refusing (ssh_gate.py), so guessing
  over SSH is no faster than over the wire protocol and never shuts a player out.
- `keys_for(name)` and `codes_for_name(name)`: a player whose public key is listed under NAME
  (`ssh_keys.py`) needs no password, when NAME has a seat in play (ssh_policy.py). Otherwise the
  key is refused and ssh falls back to asking for the code.
- `command_for(codes)`: the program a session runs, normally `tilegames join` back to this
  server (`join_command`).

Each session with a terminal runs that program in a child process on a PTY of its own
(`pty_bridge.py`), with the client's TERM and window size, and copies bytes both ways: the app
draws exactly as in a local terminal, colours and mouse included. Closing the window hangs the
child up; its connection to the game server drops, which the server treats as any disconnect
(the seat stays, the code joins it again). Nothing that goes wrong here reaches the player as a
traceback: they get a sentence, the server's log gets the details.

What one stranger can make the server spend is bounded: sessions per code, per address and in
all (`ssh_caps.py`); each app's window (300x100), memory (1 GiB of address space) and core
files (none) (`pty_bridge.py`); the output held for a client that does not read (OUTPUT_HELD).
The app itself is told it is served over SSH (`ssh_child.py`) and writes no file on the server.
"""

from __future__ import annotations

import asyncio
import logging
import shutil
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import asyncssh

from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.net.codes import SignInThrottle
from tilegames.net.pty_bridge import MEMORY_LIMIT, READ_SIZE, PtyChild
from tilegames.net.ssh_caps import Caps, SessionCounts
from tilegames.net.ssh_child import JOIN_CODES_VARIABLE, child_env, join_command
from tilegames.net.ssh_gate import Admission, CheckCode, CodesForName, Failed, Gatekeeper, KeysFor, Log
from tilegames.net.ssh_keys import KEYS_FILE, AuthorizedKeys, SshDoorError, host_key
from tilegames.net.timer import LoopTimer, Timer

__all__ = ["Admission", "SshDoor", "SshDoorError", "start_ssh_door", "join_command", "child_env",
           "JOIN_CODES_VARIABLE"]

CommandFor = Callable[[tuple[str, ...]], list[str]]
# The most of a child's output the door holds for a player whose client takes none: past it, the
# door reads no more of the child's terminal until the client has taken some, so the child
# waits on its writes (the kernel's terminal buffer is all it fills) and memory stays bounded.
OUTPUT_HELD = 65536
_log = logging.getLogger(__name__)


def _say(text: str) -> None:
    _log.warning(text)


@dataclass
class SshDoor:
    """The SSH server and its sessions. Made by `start_ssh_door`; `close()` then
    `await wait_closed()` stops it, hanging up every session."""

    check_code: CheckCode
    command_for: CommandFor
    keys_for: KeysFor
    codes_for_name: CodesForName
    failed: Failed
    grace: float = 2.0  # seconds a hung-up child has to end before it is killed
    memory: int = MEMORY_LIMIT  # bytes of address space a session's app may map
    counts: SessionCounts = field(default_factory=SessionCounts)  # the caps on sessions, and who holds them
    log: Log = _say
    timer: Timer = field(default_factory=LoopTimer)  # what a wrong code's delay is waited out on
    port: int = 0
    fingerprint: str = ""
    connections: set[asyncssh.SSHServerConnection] = field(default_factory=set)
    _acceptor: asyncssh.SSHAcceptor | None = None
    _children: dict[PtyChild, "asyncio.Task[int]"] = field(default_factory=dict)
    _players: dict[PtyChild, asyncssh.SSHServerProcess[bytes]] = field(default_factory=dict)

    async def start(self, bind: str, port: int, key: asyncssh.SSHKey) -> None:
        """Listen on `bind:port` (0: any free port); OSError when the address cannot be used."""
        self._acceptor = await asyncssh.create_server(
            lambda: Gatekeeper(self), bind, port, server_host_keys=[key], process_factory=self._session,
            encoding=None, line_editor=False, keepalive_interval=30, keepalive_count_max=3, login_timeout=60,
            reuse_address=True)
        self.port = self._acceptor.get_port()
        self.fingerprint = key.get_fingerprint()

    @property
    def session_count(self) -> int:
        """Children still running (a hung-up one counts until it has ended)."""
        return sum(1 for child in self._children if child.running)

    @property
    def held_output(self) -> int:
        """The most output one session holds now for its player (bytes its client has not
        taken): at most OUTPUT_HELD and one read of the child's terminal."""
        return max((process.channel.get_write_buffer_size() for process in self._players.values()), default=0)

    def close(self) -> None:
        """Stop listening and hang up every session and connection."""
        if self._acceptor is not None:
            self._acceptor.close()
        for child in list(self._children):
            child.hang_up()
        for connection in list(self.connections):
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
        _log.info("SSH: a session ended (%s)", "the player left" if status is None else f"exit status {status}")
        if status is not None:
            try:
                process.exit(status)
            except (OSError, asyncssh.Error):
                pass

    async def _play(self, process: asyncssh.SSHServerProcess[bytes], name: str) -> int | None:
        """Run the app for the session's codes; its exit status, or None when the player left."""
        gate = process.channel.get_connection().get_owner()
        if process.get_terminal_type() is None or process.subsystem:
            host = (process.get_extra_info("sockname") or ("HOST",))[0]
            _tell(process, _("Connect with a terminal: {command}").format(command=f"ssh -t -p {self.port} {shown(name, 40)}@{host}"))
            return 1
        admission = gate.admission if isinstance(gate, Gatekeeper) else None
        if not isinstance(gate, Gatekeeper) or admission is None or not admission.codes:
            _tell(process, _("This connection has no seat to play."))
            return 1
        place = self.counts.take(admission, gate.ip)  # the client's own address
        if isinstance(place, str):
            _log.info("SSH: a session from %s refused: %s", gate.ip, place)
            _tell(process, place)
            return 1
        _log.info("SSH: a session from %s began (%s)", gate.ip, "watching" if admission.watching else "playing")
        codes = admission.codes
        columns, rows, _width, _height = process.get_terminal_size()
        home = Path(tempfile.mkdtemp(prefix="tilegames-ssh-"))
        try:
            env = child_env(process.get_terminal_type(), process.env, home, codes)
            child = await PtyChild.spawn(self.command_for(codes), env, columns, rows, grace=self.grace,
                                         memory=self.memory, cwd=home)
        except BaseException:
            place.release()
            shutil.rmtree(home, ignore_errors=True)
            raise
        ended = self._children[child] = asyncio.ensure_future(child.wait())
        self._players[child] = process

        def gone(_result: object) -> None:
            self._children.pop(child, None)
            self._players.pop(child, None)
            place.release()
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
        process.channel.set_write_buffer_limits(high=OUTPUT_HELD)
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
    side went away. Each read waits until the channel holds no more than OUTPUT_HELD (`drain`
    returns once the client has taken enough: asyncssh's flow control, its high-water mark set
    by `_bridge`)."""
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


async def start_ssh_door(bind: str, port: int, data_dir: Path, check_code: CheckCode, command_for: CommandFor, *,
                         failed: Failed | None = None, keys_for: KeysFor | None = None,
                         codes_for_name: CodesForName | None = None, caps: Caps | None = None,
                         grace: float = 2.0, log: Log = _say, timer: Timer | None = None) -> SshDoor:
    """Open the SSH door on `bind:port` in the running loop, its host key in `data_dir`.

    `failed` defaults to a SignInThrottle of the door's own (pass the game server's to share
    it); `keys_for` to the `ssh_keys` file of `data_dir`; `codes_for_name` to nobody (key
    logins then fall back to the code); `caps` to `Caps()`; `timer` to the real time. SshDoorError
    (a key file) or OSError (the address), each with a sentence, when it cannot open."""
    door = SshDoor(check_code, command_for,
                   keys_for=keys_for or AuthorizedKeys(data_dir / KEYS_FILE, log).keys_for,
                   codes_for_name=codes_for_name or (lambda name: None),
                   failed=failed or SignInThrottle().failure, counts=SessionCounts(caps or Caps()), grace=grace,
                   log=log, timer=timer or LoopTimer())
    await door.start(bind, port, host_key(data_dir))
    return door
