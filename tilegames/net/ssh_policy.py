"""What the SSH front door (ssh_door.py) asks of the game server beside it: which codes a
password opens, and the throttle on wrong ones. The door knows no tables; the server knows no
SSH: this module wires one to the other, in the server's process and event loop."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from tilegames.net.codes import canonical
from tilegames.net.lobby import WrongCodes
from tilegames.net.server import Server

if TYPE_CHECKING:  # the door (and asyncssh) is imported only when a door is opened
    from tilegames.net.ssh_door import SshDoor
    from tilegames.net.ssh_gate import Admission


def check_code(server: Server) -> "Callable[[str, str], Admission | None]":
    """The SSH door's password check: a code of a table this server has (any user name);
    the spectator code only watches."""
    from tilegames.net.ssh_gate import Admission

    def check(name: str, code: str) -> Admission | None:
        try:
            seating = server.lobby.find((code,))
        except WrongCodes:
            return None
        return Admission((canonical(code) or code,), watching=not seating.seats)

    return check


async def open_door(server: Server, bind: str, tcp_port: int, ssh_port: int) -> "SshDoor":
    """The SSH front door beside the TCP listener, sharing its throttle on wrong codes."""
    from tilegames.net.ssh_door import join_command, start_ssh_door

    return await start_ssh_door(bind, ssh_port, server.lobby.store.dir, check_code=check_code(server),
                                command_for=join_command(bind, tcp_port), failed=server.throttle.failure)
