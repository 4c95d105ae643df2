"""Saying hello: open a connection, send the codes, and read the welcome (docs/protocol.md,
"Joining"). Used for the first join and for every reconnect, so both say the same sentences."""

from __future__ import annotations

import socket
import threading
from typing import Callable, Iterator, Sequence

from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown, whole_number
from tilegames.net.client_connection import Connection
from tilegames.net.client_messages import (PROTOCOL_VERSION, REJOIN, JoinFailed, SessionLost, Welcome, join_error,
                                           read_welcome)


def parse_address(text: str) -> tuple[str, int]:
    """HOST:PORT as typed (an IPv6 host in brackets: [::1]:7777); ValueError with a sentence."""
    host, sep, port = text.strip().rpartition(":")
    host = host.strip("[]")
    if not sep or not host:
        raise ValueError(_("{text} is not HOST:PORT (e.g. 127.0.0.1:7777).").format(text=repr(shown(text, 40))))
    try:
        number = whole_number(port, _("port number"), max_digits=5)
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    if not 1 <= number <= 65535:
        raise ValueError(_("{number} is not a port number (1 to 65535).").format(number=number))
    return host, number


def parse_codes(text: str) -> tuple[str, ...]:
    """The join codes typed in one field (two people sharing a terminal give two, separated by
    commas or spaces); ValueError with a sentence when there is none."""
    codes = tuple(c.strip() for c in text.replace(",", " ").split() if c.strip())
    if not codes:
        raise ValueError(_("Type the join code you were given (it looks like K7PQ-3MZD-XW4R)."))
    if len(codes) > 8 or any(len(c) > 40 for c in codes):
        raise ValueError(_("That does not look like join codes (each looks like K7PQ-3MZD-XW4R)."))
    return codes


def hello(codes: tuple[str, ...], ident: int) -> dict[str, object]:
    """The first message of a connection: one seat's code, or several (`codes`) for people
    sharing a terminal."""
    message: dict[str, object] = {"type": "hello", "v": PROTOCOL_VERSION, "id": ident}
    if len(codes) == 1:
        message["code"] = codes[0]
    else:
        message["codes"] = list(codes)
    return message


def unreachable(host: str, port: int, exc: OSError, timeout: float) -> JoinFailed:
    """Why nothing could be reached at HOST:PORT, as a sentence for the player."""
    address = f"{host}:{port}"
    if isinstance(exc, ConnectionRefusedError):
        return JoinFailed("unreachable", _("No tilegames server is listening at {address}: check the address "
                                           "and that the server is running.").format(address=address))
    if isinstance(exc, socket.gaierror):
        return JoinFailed("unreachable", _("The host name {host} is unknown: check the address.").format(host=repr(host)))
    if isinstance(exc, (socket.timeout, TimeoutError)):
        return JoinFailed("unreachable", _("Nothing answered at {address} within {seconds:.0f} seconds: "
                                           "check the address and the network.").format(address=address, seconds=timeout))
    reason = exc.strerror or type(exc).__name__
    return JoinFailed("unreachable", _("Could not reach {address} ({reason}): check the address and the network.").format(
        address=address, reason=reason))


def join(host: str, port: int, codes: tuple[str, ...], timeout: float, ids: Iterator[int],
         now: Callable[[], float]) -> tuple[Connection, Welcome]:
    """A connection that has said hello with `codes`, and its welcome; JoinFailed (a sentence)
    for an unreachable server, a wrong code, another protocol version or a server that does
    not speak tilegames."""
    try:
        connection = Connection.open(host, port, timeout, now)
    except OSError as exc:
        raise unreachable(host, port, exc, timeout) from None
    where = connection.where
    try:
        answer = connection.call(hello(codes, next(ids)), timeout)
    except SessionLost:
        connection.close()
        raise JoinFailed("protocol", _("{server} did not welcome this terminal: it closed the connection "
                                       "or did not answer. Is it a tilegames server?").format(server=where)) from None
    message = answer.message
    if message["type"] != "welcome":
        connection.close()
        if message["type"] == "error":
            raise join_error(message, where)
        raise JoinFailed("protocol", _("{server} answered the hello with {answer}, not a welcome.").format(
            server=where, answer=repr(message['type'])))
    if message.get("v", PROTOCOL_VERSION) != PROTOCOL_VERSION:
        connection.close()
        raise JoinFailed("version", _("{server} speaks version {theirs} of the tilegames protocol, and "
                                      "this terminal version {ours}: use the same tilegames version.").format(
            server=where, theirs=message.get('v'), ours=PROTOCOL_VERSION))
    try:
        return connection, read_welcome(message, answer.at)
    except BadRecord as exc:
        connection.close()
        raise JoinFailed("protocol", _("{server} sent a welcome this version cannot read: {problem}").format(
            server=where, problem=exc)) from None


def rejoin(host: str, port: int, codes: tuple[str, ...], timeout: float, ids: Iterator[int],
           now: Callable[[], float], delays: Sequence[float], stop: threading.Event,
           address: str) -> tuple[Connection, Welcome] | str | None:
    """Join again after a lost connection, waiting `delays[i]` before each try: the connection
    and its welcome; or the sentence saying it gave up (the codes no longer open a table, the
    server changed version, or every try failed); or None when `stop` was set meanwhile."""
    sentence = _("Could not reach the server at {address} again after {tries} tries. {rejoin}").format(
        address=address, tries=len(delays), rejoin=_(REJOIN))  # i18n: marked
    for delay in delays:
        if stop.wait(delay):
            return None
        try:
            return join(host, port, codes, timeout, ids, now)
        except JoinFailed as exc:
            if exc.error in ("bad_code", "version"):  # the table is gone, or the server changed
                return _("Could not rejoin: {why}").format(why=exc)
    return sentence
