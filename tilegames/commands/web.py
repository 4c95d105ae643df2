"""`tilegames web`: the whole app in browser tabs, each tab an app of its own (the menu, as
`tilegames` in a terminal: hot-seat at one screen, demonstrations, the tools), through the
browser door (net/web_door.py). Seats of a hosted game have their own links instead
(`tilegames host GAME --web PORT`).

The default address is this machine only, and then each tab's app is the account's own (its
saved games, its settings). Listening beyond it, the command says that the traffic is plain
HTTP and how to put a TLS proxy in front (docs/web.md), and each tab's app gets a home of its
own that is thrown away: a stranger's tab writes no file on the server.
"""

from __future__ import annotations

import asyncio
import sys

from tilegames.core.text.i18n import _, language
from tilegames.core.text.inputs import shown
from tilegames.net.codes import SignInThrottle
from tilegames.net.commands import is_loopback, join_address, stop_signals, warn_if_plain_http


def whole_app_command(codes: tuple[str, ...]) -> list[str]:
    """The app a tab runs: the menu, in the server's language."""
    return [sys.executable, "-m", "tilegames", "--lang", language()]


def web(bind: str, port: int, public_url: str | None) -> int:
    """Serve the app on `bind:port` until SIGINT or SIGTERM; 1 with a sentence when the address
    cannot be used."""
    warn_if_plain_http(bind)
    return asyncio.run(_serve(bind, port, public_url))


async def _serve(bind: str, port: int, public_url: str | None) -> int:
    from tilegames.net.web_door import start_web_door

    try:
        door = await start_web_door(bind, port, whole_app_command, whole_app=True, failed=SignInThrottle().failure,
                                    loopback=is_loopback(bind), public_url=public_url)
    except OSError as exc:
        print(_("tilegames: cannot listen on {address} port {port}: {why}.").format(
            address=shown(bind, 60), port=port, why=exc.strerror or exc), file=sys.stderr, flush=True)
        return 1
    stop = stop_signals()
    where = public_url or "http://" + join_address(bind, door.port)
    print(_("Serving tilegames to browsers at {url} (each tab is an app of its own). Stop with Ctrl-C.").format(
        url=where), file=sys.stderr, flush=True)
    try:
        await stop.wait()
    finally:
        door.close()
        await door.wait_closed()
    print(_("The web server stopped."), file=sys.stderr, flush=True)
    return 0
