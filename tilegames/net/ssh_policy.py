"""What the SSH front door (ssh_door.py) asks of the game server beside it: which codes a
password opens, the throttle on wrong ones, and which seat a listed key signs in to. The door
knows no tables; the server knows no SSH: this module wires one to the other, in the server's
process and event loop."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from tilegames.net.codes import canonical
from tilegames.net.lobby import WrongCodes
from tilegames.net.server import Server

if TYPE_CHECKING:  # the door (and asyncssh) is imported only when a door is opened
    from tilegames.net.ssh_door import SshDoor
    from tilegames.net.admission import Admission


def check_code(server: Server) -> "Callable[[str, str], Admission | None]":
    """The SSH door's password check: a code of a table this server has (any user name);
    the spectator code only watches."""
    from tilegames.net.admission import Admission

    def check(name: str, code: str) -> Admission | None:
        try:
            seating = server.lobby.find((code,))
        except WrongCodes:
            return None
        return Admission((canonical(code) or code,), watching=not seating.seats)

    return check


def codes_for_name(server: Server) -> Callable[[str], tuple[str, ...] | None]:
    """The seat a key listed for NAME (ssh_keys.py) signs in to: the one seat named NAME
    (without case, as people type it) that a person plays at a table whose series is not
    over. None when there is no such seat, or more than one (NAME at two tables, or two
    players of that name): which one they meant is for their code to say, so ssh asks for it."""
    def codes(name: str) -> tuple[str, ...] | None:
        wanted = name.casefold()
        found = [code for table in server.lobby.tables.values() if not table.done
                 for seat, code in enumerate(table.seat_codes)
                 if code is not None and table.seats[seat].casefold() == wanted]
        return (found[0],) if len(found) == 1 else None

    return codes


async def open_door(server: Server, bind: str, tcp_port: int, ssh_port: int) -> "SshDoor":
    """The SSH front door beside the TCP listener, sharing its throttle on wrong codes (and the
    time their delays are waited out on); its players' keys are the `ssh_keys` file of the server's data folder."""
    from tilegames.net.ssh_door import join_command, start_ssh_door

    return await start_ssh_door(bind, ssh_port, server.lobby.store.dir, check_code=check_code(server),
                                command_for=join_command(bind, tcp_port), failed=server.throttle.failure,
                                codes_for_name=codes_for_name(server), timer=server.timer)
