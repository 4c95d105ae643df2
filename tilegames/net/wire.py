"""The messages of docs/protocol.md: JSON objects, one per line, read strictly.

Everything a connection sends is data from outside, like a journal: a line is read with the
same strict JSON reader (`core.records.jsonlines`: no NaN, no 5,000-digit numbers, no lone
surrogates, no nesting bombs), and every field the server uses is checked for its type and
range before anything acts on it. What is wrong is a `BadMessage` carrying the sentence the
client is sent, so a careless or hostile client learns what it did and the game never sees it.

What the server sends is built here too, so the shapes the contract promises live in one place.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.records.jsonlines import json_line
from tilegames.core.kernel.protocol import Event, Result
from tilegames.core.kernel.series import GameRecord, Series

# Version 2: a table plays a whole series (a Rummikub match), and STATE says which game it is.
# A version-1 client would take the next game's state for the finished one's, so it may only
# join a table whose series is a single game (server.py).
PROTOCOL_VERSION = 2
OLDEST_VERSION = 1
MAX_GAME = 10_000  # a game number a request may name (a series has at most a few dozen)
# The longest line a client may send (its bytes before the newline). Requests are small; a
# longer line is a bad message, read past without being kept.
MAX_LINE = 65_536
# The longest line the server sends: a welcome's history and `past_views` of a long game run to
# hundreds of kilobytes, so clients must read long lines; an answer longer than this is refused.
MAX_SERVER_LINE = 16 * 1024 * 1024
# Ids are JSON numbers every client can hold exactly (JavaScript's safe integers).
MAX_ID = 2**53 - 1
MAX_CODES = 8  # codes in one hello: a table has at most a handful of seats
MAX_CODE_LENGTH = 40

SEAT_OPS = frozenset({"edit", "undo", "redo", "undo_all", "commit", "act"})
OPS = SEAT_OPS | {"past_views", "export", "next_game"}
GAME_OPS = frozenset({"past_views", "export", "next_game"})  # the requests that may name a game


class BadMessage(Exception):
    """A message the server cannot use. `error` is the protocol's error code, `sentence` what
    the client is told, `id` the message's id when it could be read. A request whose id could
    be read is answered like any refused request (a `reply`), anything else with an `error`."""

    def __init__(self, sentence: str, id: int | None = None, error: str = "bad_message", *,
                 request: bool = False) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.id = id
        self.error = error
        self.request = request  # a request with a good id: answered by a refused reply


class WrongVersion(BadMessage):
    """A hello in another protocol version: answered, then the connection is closed."""


@dataclass(frozen=True)
class Hello:
    id: int
    codes: tuple[str, ...]
    v: int = PROTOCOL_VERSION


@dataclass(frozen=True)
class Request:
    """One request. `body` is the edit's or the action's JSON form (decoded by the table's
    game, which alone knows its kinds); `fmt` the export format; `game` the game of the series
    a `past_views` or `export` is about (None: the one on the table), or the one `next_game` is
    ready for."""

    id: int
    op: str
    seat: int | None = None
    body: dict[str, Any] | None = None
    fmt: str | None = None
    game: int | None = None


@dataclass(frozen=True)
class Ping:
    id: int


Message = Hello | Request | Ping


def read_message(raw: bytes) -> Message:
    """One line from a client (without its newline) as a message; BadMessage saying why not."""
    if len(raw) > MAX_LINE:
        raise BadMessage(_("A message may be at most {size:,} bytes long; this one was longer.").format(size=MAX_LINE))
    try:
        data = json_line(raw)
    except BadRecord as exc:
        raise BadMessage(_("The message could not be read: {why}").format(why=exc)) from None
    if not isinstance(data, dict):
        raise BadMessage(_("A message must be a JSON object with a \"type\"."))
    kind = data.get("type")
    if kind == "hello":
        return _hello(data)
    if kind == "request":
        return _request(data)
    if kind == "ping":
        return Ping(_id(data))
    raise BadMessage(_("Unknown message type {kind}: a client sends hello, request or ping.").format(kind=shown(repr(kind), 30)),
                     _readable_id(data))


def _readable_id(data: Mapping[str, Any]) -> int | None:
    """The message's id when it is one, to echo in an answer about a message that is wrong."""
    value = data.get("id")
    return value if type(value) is int and 0 <= value <= MAX_ID else None


def _id(data: Mapping[str, Any]) -> int:
    if "id" not in data:
        raise BadMessage(_("A {kind} needs an \"id\": a whole number the answer repeats.").format(kind=data.get('type')))
    value = data["id"]
    if type(value) is not int or not 0 <= value <= MAX_ID:
        raise BadMessage(_("An \"id\" must be a whole number from 0 to {most}, not {value}.").format(
            most=MAX_ID, value=shown(repr(value), 30)))
    return value


def _hello(data: Mapping[str, Any]) -> Hello:
    id = _id(data)
    version = data.get("v")
    if type(version) is not int:
        raise BadMessage(_("A hello needs \"v\", the protocol version ({version}).").format(version=PROTOCOL_VERSION), id)
    if not OLDEST_VERSION <= version <= PROTOCOL_VERSION:
        raise WrongVersion(_("This server speaks version {ours} of the tilegames protocol, not "
                             "{theirs}: use the same tilegames version on both sides.").format(
            ours=PROTOCOL_VERSION, theirs=shown(version, 20)), id, "version")
    if "codes" in data:
        codes = data["codes"]
        if not isinstance(codes, list) or not 1 <= len(codes) <= MAX_CODES:
            raise BadMessage(_("\"codes\" must be a list of 1 to {most} join codes.").format(most=MAX_CODES), id)
    elif "code" in data:
        codes = [data["code"]]
    else:
        raise BadMessage(_("A hello needs \"code\", the join code you were given (like K7PQ-3MZD-XW4R)."), id)
    for code in codes:
        if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE_LENGTH:
            raise BadMessage(_("A join code is a short text, like K7PQ-3MZD-XW4R."), id)
    return Hello(id, tuple(codes), version)


def _request(data: Mapping[str, Any]) -> Request:
    id = _id(data)
    op = data.get("op")
    if not isinstance(op, str) or op not in OPS:
        known = ", ".join(sorted(OPS))
        raise BadMessage(_("Unknown request {request}; the requests are: {known}.").format(
            request=shown(repr(op), 30), known=known), id, request=True)
    seat = body = fmt = None
    if op in SEAT_OPS:
        seat = data.get("seat")
        if type(seat) is not int:
            raise BadMessage(_("The {request} request needs \"seat\", the number of the seat you play.").format(request=op),
                             id, request=True)
    if op in ("edit", "act"):
        field = "edit" if op == "edit" else "action"
        body = data.get(field)
        if not isinstance(body, dict):
            raise BadMessage(_("The {request} request needs \"{field}\", a JSON object with its \"type\".").format(
                request=op, field=field), id, request=True)
    if op == "export":
        fmt = data.get("fmt")
        if not isinstance(fmt, str) or not 0 < len(fmt) <= 20:
            raise BadMessage(_("The export request needs \"fmt\", the name of a record format (like gcg)."), id,
                             request=True)
    game = data.get("game")
    if op in GAME_OPS and (game is not None or op == "next_game"):
        if type(game) is not int or not 1 <= game <= MAX_GAME:
            raise BadMessage(_("The {request} request's \"game\" must be a game's number in the series, from 1.").format(
                request=op), id,
                             request=True)
    return Request(id, op, seat, body, fmt, game if op in GAME_OPS else None)


# --- what the server sends -----------------------------------------------------------------
def encode(message: Mapping[str, Any]) -> bytes:
    """One line: compact JSON, ASCII only (so any text the engine holds can be sent)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode("ascii") + b"\n"


def event_json(event: Event, seats: Iterable[int]) -> dict[str, Any]:
    """An event as a connection playing `seats` may see it: its private part only when it is
    about one of them."""
    private = dict(event.private) if event.seat is not None and event.seat in set(seats) else {}
    return {"kind": event.kind, "text": event.text, "seat": event.seat, "public": dict(event.public),
            "private": private}


def events_json(events: Iterable[Event], seats: tuple[int, ...]) -> list[dict[str, Any]]:
    return [event_json(event, seats) for event in events]


def result_json(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"scores": list(result.scores), "winners": list(result.winners), "reason": result.reason}


def series_json(game: int, series: Series[GameRecord]) -> dict[str, Any]:
    """Which game of how many is on the table, and the records of the finished ones before it."""
    return {"game": game, "games": series.total_games, "winner_rule": series.winner_rule,
            "records": [record.to_json() for record in series.games]}


def error(error: str, sentence: str, id: int | None = None, *, fatal: bool = False) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "error", "error": error, "message": sentence}
    if id is not None:
        message["id"] = id
    if fatal:
        message["fatal"] = True
    return message


def reply_ok(id: int, value: Any, events: list[dict[str, Any]], state: dict[str, Any]) -> dict[str, Any]:
    return {"type": "reply", "id": id, "ok": True, "value": value, "events": events, "state": state}


def reply_refused(id: int, error: str, reasons: Iterable[str]) -> dict[str, Any]:
    return {"type": "reply", "id": id, "ok": False, "error": error, "reasons": list(reasons)}


def update(events: list[dict[str, Any]], state: dict[str, Any]) -> dict[str, Any]:
    return {"type": "update", "events": events, "state": state}


def pong(id: int) -> dict[str, Any]:
    return {"type": "pong", "id": id}
