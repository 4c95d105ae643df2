"""What the SSH front door (ssh_door.py) asks of the game server beside it: which codes a
password opens, and the throttle on wrong ones. The door knows no tables; the server knows no
SSH: this module wires one to the other, in the server's process and event loop."""

from __future__ import annotations

from typing import Any, Callable

from tilegames.net.lobby import WrongCodes
from tilegames.net.server import Server


def check_code(server: Server) -> Callable[[str, str], tuple[str, ...] | None]:
    """The SSH door's password check: a code of a table this server has (any user name)."""
    def check(name: str, code: str) -> tuple[str, ...] | None:
        try:
            server.lobby.find((code,))
        except WrongCodes:
            return None
        return (code,)

    return check


async def open_door(server: Server, bind: str, tcp_port: int, ssh_port: int) -> Any:
    """The SSH front door beside the TCP listener, sharing its throttle on wrong codes."""
    from tilegames.net.ssh_door import join_command, start_ssh_door

    return await start_ssh_door(bind, ssh_port, server.lobby.store.dir, check_code=check_code(server),
                                command_for=join_command(bind, tcp_port), failed=server.throttle.failure)
