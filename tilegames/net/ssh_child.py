"""What the SSH door (ssh_door.py) tells the app it starts for a session, through its
environment, and what that app reads back.

This module imports nothing heavy (no asyncssh, no Textual), so that the app itself can ask
`served_over_ssh()` at start without loading the door.

A door child is driven by a stranger's keys on the server's machine, as the server's account.
So it is told so (SSH_SESSION_VARIABLE), and everything in it that would write a file refuses
with NOTHING_SAVED instead: a screenshot, a game record, a setting (docs/protocol.md, the SSH
front door).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable, Mapping

from tilegames.core.text.i18n import N_, language

JOIN_CODES_VARIABLE = "TILEGAMES_JOIN_CODES"  # read by `tilegames join` when no --code is given
SSH_SESSION_VARIABLE = "TILEGAMES_SSH_SESSION"  # "1" in a door child
NOTHING_SAVED = N_("This screen is served by the game server: nothing is saved on the server.")

DEFAULT_TERM = "xterm-256color"
# What describes the server's own terminal is not passed to a child drawing on a player's one;
# what a player's ssh sends (SendEnv) about theirs is.
_SERVER_TERMINAL = ("COLUMNS", "LINES", "COLORTERM", "NO_COLOR", "TERM_PROGRAM", "TERM_PROGRAM_VERSION",
                    "VTE_VERSION", "WT_SESSION", "KITTY_WINDOW_ID", "ITERM_SESSION_ID", "TMUX", "STY")
_FROM_CLIENT = ("COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE")


def served_over_ssh(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this process is a session's app started by the SSH door."""
    return (os.environ if environ is None else environ).get(SSH_SESSION_VARIABLE) == "1"


def child_env(term: str | None, client_env: Mapping[str, object], home: Path,
              codes: tuple[str, ...] = ()) -> dict[str, str]:
    """The environment of a session's child: the server's, with the player's terminal, and
    `home` as its TILEGAMES_HOME, so that the app a stranger drives never sees the server
    account's own saved games (nor its default server folder). The join codes travel here
    (JOIN_CODES_VARIABLE), not on the command line, where any local user could read them.
    Python writes no bytecode cache from it: nothing a session does writes a file."""
    env = {k: v for k, v in os.environ.items() if k not in _SERVER_TERMINAL}
    if codes:
        env[JOIN_CODES_VARIABLE] = ",".join(codes)
    env[SSH_SESSION_VARIABLE] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
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


def join_command(bind: str, port: int) -> Callable[[tuple[str, ...]], list[str]]:
    """What a door's session runs in production: `python -m tilegames join` to the game server
    listening on `bind:port`, from this machine, for one game. The codes go in the child's
    environment (`child_env`), never on its command line."""
    host = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(bind, bind.strip("[]"))
    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    def command_for(codes: tuple[str, ...]) -> list[str]:
        return [sys.executable, "-m", "tilegames", "join", address, "--one-game"]

    return command_for
