"""The SSH front door's keys: the server's host key, and the players' public keys.

The host key is made once (ed25519) and kept in the server's data folder, readable by its owner
only: players' ssh remembers it on the first connection and warns loudly if it ever changes, so
a new key on every start would teach them to ignore that warning.

Players' public keys are optional: a file `ssh_keys` in the data folder, one key a line,
`NAME KEYTYPE BASE64 [comment]` (the middle is what `~/.ssh/id_ed25519.pub` holds), `#` for
comments. It is read again whenever it changes, so keys can be added while the server runs.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

import asyncssh

from tilegames.core.errors import BadRecord
from tilegames.core.records.file_limits import AUTHORIZED_KEYS, read_limited
from tilegames.core.text.inputs import shown

HOST_KEY_FILE = "ssh_host_key"
KEYS_FILE = "ssh_keys"


class SshDoorError(Exception):
    """The SSH door cannot open (a key file that cannot be read or written), with a sentence."""


def host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The server's host key from `data_dir`, made and written there (mode 600) the first time."""
    path = data_dir / HOST_KEY_FILE
    if path.exists():
        try:
            return asyncssh.read_private_key(path)
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            raise SshDoorError(f"The SSH host key {shown(path, 120)} cannot be read ({exc}). Move it away and a new "
                            "one is made, but players' ssh will then warn that the server's key changed.") from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    aside = path.with_name(path.name + ".new")
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            os.fchmod(out.fileno(), 0o600)  # in case an older copy was left with other modes
            out.write(key.export_private_key())
            out.flush()
            os.fsync(out.fileno())
        os.replace(aside, path)
    except OSError as exc:
        raise SshDoorError(f"The SSH host key could not be written to {shown(path, 120)}: "
                        f"{exc.strerror or exc}.") from None
    return key


def parse_keys(text: str) -> tuple[dict[str, list[asyncssh.SSHKey]], list[str]]:
    """The keys of each name (names compared without case, as people type them) and a sentence
    for each line that is not a key; those lines are skipped, the others still count."""
    keys: dict[str, list[asyncssh.SSHKey]] = {}
    warnings: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        try:
            if len(words) < 3:
                raise ValueError("too few words")
            key = asyncssh.import_public_key(f"{words[1]} {words[2]}")
        except (ValueError, asyncssh.KeyImportError):
            warnings.append(f"Line {number} of {KEYS_FILE} is not 'NAME KEYTYPE KEY' (as in a .pub file), so "
                            "it is skipped.")
            continue
        keys.setdefault(words[0].casefold(), []).append(key)
    return keys, warnings


class AuthorizedKeys:
    """The players' keys file, read again when it changes. `log` is told about unusable lines."""

    def __init__(self, path: Path, log: Callable[[str], None]) -> None:
        self.path = path
        self._log = log
        self._stamp: tuple[int, int, int] | None = None
        self._keys: dict[str, list[asyncssh.SSHKey]] = {}

    def keys_for(self, name: str) -> list[asyncssh.SSHKey]:
        self._refresh()
        return self._keys.get(name.casefold(), [])

    def _refresh(self) -> None:
        try:
            status = self.path.stat()
        except FileNotFoundError:
            self._stamp, self._keys = None, {}
            return
        except OSError as exc:
            self._log(f"SSH: {shown(self.path, 120)} cannot be read: {exc.strerror or exc}.")
            return
        stamp = (status.st_mtime_ns, status.st_size, status.st_ino)
        if stamp == self._stamp:
            return
        try:
            text = read_limited(self.path, shown(self.path, 120), AUTHORIZED_KEYS).decode("utf-8", errors="replace")
        except BadRecord as exc:
            self._log(f"SSH: {exc}")
            return
        self._stamp = stamp
        self._keys, warnings = parse_keys(text)
        for warning in warnings:
            self._log(f"SSH: {warning}")
