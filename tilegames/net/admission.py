"""What a door to the app (SSH: ssh_door.py; the browser: web_door.py) lets in, in the types
both share. Nothing heavy is imported here, so the browser door never loads asyncssh."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Admission:
    """What a sign-in opens: the codes its session plays with, and whether they only watch a
    table (the spectator code, which more sessions may share than a seat's)."""

    codes: tuple[str, ...]
    watching: bool = False


CheckCode = Callable[[str, str], "Admission | None"]  # (name, code): what the code opens, or None
Failed = Callable[[str], float]  # a wrong code from this address: the seconds to wait before saying so
