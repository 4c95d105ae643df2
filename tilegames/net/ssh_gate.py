"""Signing in at the SSH door (ssh_door.py): a join code as the password, or a listed key.

The rule is the game server's for a hello (codes.py, SignInThrottle): **the code is checked
first, and a right one is let in at once**, whoever sent wrong ones before it, so a guesser
can never shut a player out; only a wrong one waits, the delay the throttle gives (`failed`),
before it is refused (on the door's `timer`: the game server's, timer.py).

asyncssh runs each password try in a task of its own, and a client's next try cancels the one
in progress: a guesser sending tries back to back would have each checked at once and never
wait. So a connection here is answered one try at a time: a try that comes while an earlier
one's wait is running is not even looked at until that wait is over (the game server, likewise,
reads nothing more from a connection that is being held).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Callable, Protocol, Sequence

import asyncssh

from tilegames.core.text.i18n import N_, _
from tilegames.net.admission import Admission, CheckCode, Failed
from tilegames.net.timer import Timer

BANNER = N_("tilegames: your password is your seat's join code (it looks like K7PQ-3MZD-XW4R).")  # sent with _() and CRLF

_Challenge = tuple[str, str, str, tuple[tuple[str, bool], ...]]  # keyboard-interactive: name, text, lang, prompts


CodesForName = Callable[[str], "tuple[str, ...] | None"]
KeysFor = Callable[[str], Sequence[asyncssh.SSHKey]]
Log = Callable[[str], None]
_log = logging.getLogger(__name__)


class Door(Protocol):
    """What a gatekeeper asks of its door (ssh_door.SshDoor)."""

    @property
    def check_code(self) -> CheckCode: ...

    @property
    def failed(self) -> Failed: ...

    @property
    def keys_for(self) -> KeysFor: ...

    @property
    def codes_for_name(self) -> CodesForName: ...

    @property
    def log(self) -> Log: ...

    @property
    def timer(self) -> Timer: ...

    @property
    def connections(self) -> set[asyncssh.SSHServerConnection]: ...


class Gatekeeper(asyncssh.SSHServer):
    """One connection's sign-in. Remembers what it opened (`admission`) and the address it
    came from (`ip`) for the session that follows."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.ip = "?"
        self.admission: Admission | None = None
        self._connection: asyncssh.SSHServerConnection | None = None
        self._held: asyncio.Future[None] | None = None  # the wait of this connection's last wrong try

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._connection = conn
        peer = conn.get_extra_info("peername")
        self.ip = str(peer[0]) if peer else "?"
        self.door.connections.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._connection is not None:
            self.door.connections.discard(self._connection)
        if self._held is not None:
            self._held.cancel()

    def begin_auth(self, username: str) -> bool:
        if self._connection is not None:
            self._connection.send_auth_banner(_(BANNER) + "\r\n")  # i18n: marked
        return True  # everyone authenticates

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        if self._held is not None:
            await asyncio.shield(self._held)  # an earlier wrong try's wait runs out first
        door = self.door
        try:
            admission = door.check_code(username, password)
            if admission is not None:
                self.admission = admission
                return True
            _log.info("SSH: a wrong code from %s", self.ip)
            delay = door.failed(self.ip)
        except Exception as exc:  # a failing policy refuses; the log says why
            door.log(f"SSH: checking a code failed: {exc!r}")
            return False
        self._held = asyncio.ensure_future(door.timer.sleep(delay))
        await asyncio.shield(self._held)
        return False

    # keyboard-interactive: the same check, with a prompt that says what to type
    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> _Challenge:
        return "", "", "", ((_("Password (your join code): "), False),)

    async def validate_kbdint_response(self, username: str, responses: Sequence[str]) -> bool:
        return len(responses) == 1 and await self.validate_password(username, responses[0])

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """A key listed for NAME opens NAME's seat, if the door's policy finds one in play.
        A refused key is no wrong code: ssh goes on to ask for the password."""
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
        self.admission = Admission(tuple(codes))
        return True
