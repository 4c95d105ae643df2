"""`tilegames serve` and `tilegames host GAME`: what the command line runs (cli.py parses).

`serve` hosts every table of its data folder until it is stopped (Ctrl-C or SIGTERM); `host`
first deals one new table and prints its codes, then serves the same way. Both resume the
folder's unfinished tables, so stopping a server, even with `kill -9`, and starting it again
loses nothing: players rejoin with the codes they had.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import os
import signal
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from tilegames.core.errors import SaveFailed
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.registry import get_game
from tilegames.core.seeds import new_seed
from tilegames.net.lobby import Lobby
from tilegames.net.server import Server, Settings
from tilegames.net.ssh_policy import open_door
from tilegames.net.store import StoreError, TableStore
from tilegames.net.tables import Table

Ready = Callable[[dict[str, Any]], None]
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Doors:
    """The doors opened beside the game server's own port: SSH (`--ssh PORT`) and the
    browser's (`--web PORT`, links at `public_url` when given)."""

    ssh_port: int | None = None
    web_port: int | None = None
    public_url: str | None = None


def _say(text: str) -> None:
    """The command's own words to whoever runs it (not log records: the seed warning holds the
    seed, and `Serving ...` is what tools wait for)."""
    print(text, file=sys.stderr, flush=True)


def is_loopback(bind: str) -> bool:
    if bind == "localhost":
        return True
    try:
        return ipaddress.ip_address(bind.strip("[]")).is_loopback
    except ValueError:
        return False


def warn_if_open(bind: str) -> None:
    if not is_loopback(bind):
        _say(_("Warning: listening on {address}, which other machines can reach. The games and the "
               "join codes travel unencrypted: serve on a network you trust, or keep the default 127.0.0.1 "
               "and let players in through an SSH tunnel.").format(address=shown(bind, 60)))


def serve(bind: str, port: int, data: Path | None, *, ready: Ready | None = None,
          settings: Settings | None = None, doors: Doors = Doors()) -> int:
    """Serve every table of the data folder on `bind:port` until SIGINT or SIGTERM. `ready` is
    told {"bind", "port", "data", "tables"} once connections are accepted. Returns the exit
    status (1 with a sentence on stderr when the folder or the address cannot be used)."""
    warn_if_open(bind)
    server = _open(data, settings)
    if server is None:
        return 1
    return asyncio.run(_run(server, bind, port, ready, doors))


def host(game_id: str, seats: tuple[str, ...], config: Any, seed: int | None, bind: str, port: int,
         data: Path | None, codes_json: Path | None, *, ready: Ready | None = None,
         settings: Settings | None = None, doors: Doors = Doors()) -> int:
    """Deal one new table of `game_id` (the first game of its series: a Rummikub match of
    `rounds x players` games is played out at the table), print its codes and the command to
    join, write them to `codes_json` once the server accepts connections, and serve until
    stopped."""
    get_game(game_id)  # an unknown game fails here, before the folder is touched
    warn_if_open(bind)
    if seed is not None:
        _say(_("Warning: this table is dealt from the seed you gave ({seed}), so anyone who knows or guesses it "
               "can work out every rack and the bag. Leave --seed out for a game played for real.").format(seed=seed))
    server = _open(data, settings)
    if server is None:
        return 1
    try:
        table = server.create_table(game_id, seats, config, new_seed() if seed is None else seed)
    except (StoreError, SaveFailed, ValueError) as exc:
        server.lobby.close()
        _say(_("tilegames host: the table could not be set up: {why}").format(why=exc))
        return 1

    def announce(info: dict[str, Any]) -> None:
        links = seat_links(table, _web_base(bind, info.get("web_port"), doors.public_url))
        written = codes_json if codes_json is not None and _write_codes(codes_json, table, links) else None
        if sys.stdout.isatty():
            _print_codes(table, bind, info["port"], links)
        else:  # a log or a pipe keeps what it is given: the codes go to a private file instead
            if written is None:
                beside = server.lobby.store.dir / f"{table.id}.codes.json"
                written = beside if _write_codes(beside, table, links) else None
            _print_where(table, written, bind, info["port"])
        if ready is not None:
            ready({**info, "table": table.id})

    return asyncio.run(_run(server, bind, port, announce, doors))


def stop_signals() -> asyncio.Event:
    """An event set by SIGINT (Ctrl-C) or SIGTERM, in the running loop: what a server waits on
    until it is stopped. Where the loop cannot take signals (Windows, or not the main thread) it
    is set only by whoever holds it."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, stop.set)
        except (NotImplementedError, RuntimeError, ValueError):  # Windows, or not the main thread
            pass
    return stop


def _open(data: Path | None, settings: Settings | None) -> Server | None:
    try:
        store = TableStore.open(data)
    except StoreError as exc:
        _say(f"tilegames: {exc}")
        return None
    lobby = Lobby(store)
    for warning in lobby.load():
        log.warning(warning)
    return Server(lobby, settings or Settings())


async def _run(server: Server, bind: str, port: int, ready: Ready | None, doors: Doors = Doors()) -> int:
    try:
        address = await server.start(bind, port)
    except OSError as exc:
        await server.close()
        _say(_("tilegames: cannot listen on {address} port {port}: {why}.").format(
            address=shown(bind, 60), port=port, why=exc.strerror or exc))
        return 1
    opened: list[Any] = []  # the doors, each with close() and wait_closed()
    info = {"bind": bind, "port": address[1], "data": str(server.lobby.store.dir)}
    if doors.ssh_port is not None:
        from tilegames.net.ssh_door import SshDoorError

        try:
            door = await open_door(server, bind, address[1], doors.ssh_port)
        except (OSError, SshDoorError) as exc:
            await server.close()
            _say(_("tilegames: cannot open the SSH door on port {port}: {why}").format(port=doors.ssh_port, why=exc))
            return 1
        opened.append(door)
        log.info("The SSH door listens on port %d", door.port)
        _say(_("SSH door on port {port}: players run `ssh -t -p {port} NAME@HOST` and type their "
               "code as the password (host key {fingerprint}).").format(port=door.port, fingerprint=door.fingerprint))
    if doors.web_port is not None:
        try:
            web = await open_web_door(server, bind, address[1], doors.web_port, doors.public_url)
        except OSError as exc:
            for door in opened:
                door.close()
                await door.wait_closed()
            await server.close()
            _say(_("tilegames: cannot open the browser door on port {port}: {why}").format(
                port=doors.web_port, why=exc.strerror or exc))
            return 1
        opened.append(web)
        info["web_port"] = web.port
        log.info("The browser door listens on port %d", web.port)
        warn_if_plain_http(bind)
        _say(_("Browser door on port {port}: each player opens their seat's link.").format(port=web.port))
    stop = stop_signals()
    info["tables"] = sorted(server.lobby.tables)
    log.info("Listening on %s port %d: %d table(s), records in %s", bind, address[1], len(server.lobby.tables),
             server.lobby.store.dir)
    _say(_("Serving {count} table(s) on {address} port {port} (records in {folder}). Stop with Ctrl-C.").format(
        count=len(server.lobby.tables), address=shown(bind, 60), port=address[1],
        folder=shown(server.lobby.store.dir, 120)))
    try:
        if ready is not None:
            ready(info)
        await stop.wait()
    finally:
        for door in opened:
            door.close()
            await door.wait_closed()
        await server.close()
    log.info("The server stopped")
    _say(_("The server stopped; its tables go on when it is started again."))
    return 0


def join_address(bind: str, port: int) -> str:
    """How players reach this server: the bound address, or this machine's name when it listens
    on every address."""
    host = bind
    if bind in ("", "0.0.0.0", "::"):
        host = socket.gethostname()
    elif ":" in bind:
        host = f"[{bind.strip('[]')}]"
    return f"{host}:{port}"


def _print_codes(table: Table, bind: str, port: int, links: dict[str, str]) -> None:
    where = join_address(bind, port)
    title = _(table.game.title)  # i18n: marked
    print(_("{game}, table {table}. Join codes (each is a seat's password):").format(game=title, table=table.id))
    for name, code in zip(table.seats, table.seat_codes):
        print(f"  {shown(name, 40)}: {code if code is not None else _('(played by the computer)')}")
    print("  " + _("Spectators: {code}").format(code=table.spectator_code))
    print(_("Join with: {command}").format(command=f"tilegames join {where} --code CODE"))
    if links:
        print(_("Or in a browser, each player their own link (a link is as secret as the code):"))
        for name, link in links.items():
            print(f"  {shown(name, 40)}: {link}")
    sys.stdout.flush()


def _print_where(table: Table, codes: Path | None, bind: str, port: int) -> None:
    """What `host` prints when its output is not a terminal: where the codes are, not them."""
    title = _(table.game.title)  # i18n: marked
    print(_("{game}, table {table}.").format(game=title, table=table.id))
    if codes is not None:
        print(_("The join codes are in {path}, readable by you only: this output is not a terminal, and a log "
                "must not keep them.").format(path=codes))
    else:
        print(_("The join codes are not printed, since this output is not a terminal: they are in the server's "
                "tables file, readable by you only."))
    print(_("Join with: {command}").format(command=f"tilegames join {join_address(bind, port)} --code CODE"))
    sys.stdout.flush()


def codes_document(table: Table, links: dict[str, str] | None = None) -> dict[str, Any]:
    """{"table": ..., "seats": {"Ann": CODE, ...}, "spectator": CODE}: the people's seats only;
    with a browser door, "links": {"Ann": URL, ...} too."""
    seats = {name: code for name, code in zip(table.seats, table.seat_codes) if code is not None}
    document = {"table": table.id, "seats": seats, "spectator": table.spectator_code}
    return {**document, "links": links} if links else document


def seat_links(table: Table, base: str | None) -> dict[str, str]:
    """Each person's seat link at the browser door reached at `base` (None: no door)."""
    if base is None:
        return {}
    return {name: f"{base}/seat/{code}" for name, code in zip(table.seats, table.seat_codes) if code is not None}


def _web_base(bind: str, web_port: int | None, public_url: str | None) -> str | None:
    """Where players reach the browser door: `public_url`, else this machine's address."""
    if web_port is None:
        return None
    return public_url.rstrip("/") if public_url else "http://" + join_address(bind, web_port)


def warn_if_plain_http(bind: str) -> None:
    if not is_loopback(bind):
        _say(_("Warning: the browser door listens on {address} with plain HTTP: the pages, the keys and the seat "
               "links travel unencrypted. Put a TLS proxy in front of it and give its address with --public-url "
               "(docs/web.md shows how).").format(address=shown(bind, 60)))


async def open_web_door(server: Server, bind: str, tcp_port: int, web_port: int, public_url: str | None) -> Any:
    """The browser door beside the game server: each seat link plays `tilegames join` to it,
    wrong codes counted by the server's own throttle."""
    from tilegames.net.ssh_child import join_command
    from tilegames.net.ssh_policy import check_code
    from tilegames.net.web_door import start_web_door

    return await start_web_door(bind, web_port, join_command(bind, tcp_port), whole_app=False,
                                check_code=check_code(server), failed=server.throttle.failure,
                                loopback=is_loopback(bind), public_url=public_url, timer=server.timer)


def _write_codes(path: Path, table: Table, links: dict[str, str] | None = None) -> bool:
    """The codes file, readable by its owner only from its first byte, written whole (aside,
    then renamed); False, with a sentence, when it cannot be."""
    aside = path.with_name(path.name + ".new")
    try:
        fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(codes_document(table, links), out, indent=1)
            out.write("\n")
        os.replace(aside, path)
        log.info("The join codes of table %s were written to %s", table.id, path)
    except OSError as exc:
        _say(_("tilegames host: could not write {path}: {why}.").format(path=shown(path), why=exc.strerror or exc))
        return False
    return True
