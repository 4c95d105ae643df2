"""What a server says to a client (docs/protocol.md), read strictly.

A server is data from outside like a journal: every message is checked before the app sees it,
and anything unusable is a `BadRecord` with a sentence, which the connection turns into "the
server sent something this version cannot read" instead of a crash deep in a screen. The errors
a client raises live here too, so the app can tell a lost connection from a refused join.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from tilegames.core.errors import BadRecord, IllegalMove
from tilegames.core.text.i18n import N_, _
from tilegames.core.text.inputs import shown
from tilegames.core.kernel.protocol import Event, Result
from tilegames.core.kernel.series import GameRecord, WinnerRule
from tilegames.core.kernel.session_protocol import NotNow
from tilegames.core.kernel.turn_steps import MAX_LEFT as MAX_SECONDS

PROTOCOL_VERSION = 2  # 2: STATE says which game of a series it is (docs/protocol.md)
MAX_GAMES = 10_000

REJOIN = N_("Join again with your code to go on where you left off: the game waits on the server.")  # shown with _()


class SessionLost(IllegalMove):
    """The connection to the server is gone, or the server did not answer in time.

    An `IllegalMove`, so that every screen that shows a refused move's reasons shows this
    sentence too instead of a traceback: the move was not made, and the player learns why.
    """

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)


class NoAnswer(SessionLost):
    """No answer came within the time a request may take: the connection was given up (a late
    answer would come out of order)."""


class SlowDown(NotNow):
    """The server refused a request because this connection sends too many (`slow_down`, its
    rate limit on draft edits): nothing was done, the connection stays, and the same move may
    be tried again in a moment."""


class JoinFailed(Exception):
    """A join that did not happen: a wrong code, no server at the address, another protocol
    version. The message is one sentence for the player; `error` is the server's error code
    ("bad_code", "slow_down", "version") or "unreachable" / "protocol"."""

    def __init__(self, error: str, sentence: str) -> None:
        super().__init__(sentence)
        self.error = error


@dataclass(frozen=True)
class RemoteState:
    """The server's STATE: everything a screen reads between requests, for this connection's
    seats, with the moment it arrived so that the turn clock can count down locally."""

    views: Mapping[int, dict[str, Any]]
    spectator: dict[str, Any]
    current: int | None
    who_may_act: tuple[int, ...]
    turn: int
    remaining: float | None
    turn_seconds: float | None
    draft_changed: bool = False
    can_undo: bool = False
    can_redo: bool = False
    result: Result | None = None
    received: float = 0.0  # the client's clock when the message arrived
    clock_running: bool = True  # false while the table waits for its players to join
    game_clock: bool = False  # the turn clock is a player's clock for the game: it may run below 0
    # Which game of the table's series this is (from 1) of how many, the rule that picks the
    # series' winner, and the finished games before this one.
    game: int = 1
    games: int = 1
    winner_rule: WinnerRule = "points"
    records: tuple[GameRecord, ...] = ()

    def left(self, now: float) -> float | None:
        """The turn clock's seconds left at `now`: the server's figure, less the time since
        (while the clock runs)."""
        if self.remaining is None or self.result is not None:
            return None
        if not self.clock_running:
            return self.remaining
        left = self.remaining - max(0.0, now - self.received)
        return left if self.game_clock else max(0.0, left)


@dataclass(frozen=True)
class Welcome:
    """The answer to a good hello."""

    table: str
    game: str
    seats: tuple[str, ...]
    you: tuple[int, ...]
    state: RemoteState
    history: tuple[Event, ...] = field(default=())


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, float, (int, float))):
        raise BadRecord(f"{where}.{key}: expected {_kind_name(kind)}, got {shown(repr(value), 40)}.")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {dict: "an object", list: "a list", str: "a text", int: "a whole number", bool: "true or false",
             float: "a number", type(None): "null"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _seat(value: Any, seats: int, where: str) -> int:
    if type(value) is not int or not 0 <= value < seats:
        raise BadRecord(f"{where}: expected a seat number below {seats}, got {shown(repr(value), 40)}.")
    return value


def _number(value: Any, where: str, below_zero: bool = False) -> float | None:
    """Seconds, or None; below 0 only where `below_zero` (a game clock in overtime)."""
    if value is None:
        return None
    if (isinstance(value, bool) or not isinstance(value, (int, float)) or value != value
            or abs(value) > MAX_SECONDS or (value < 0 and not below_zero)):
        raise BadRecord(f"{where}: expected a number of seconds, got {shown(repr(value), 40)}.")
    return float(value)


def read_result(data: Any, seats: int) -> Result | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise BadRecord("state.result: expected an object or null.")
    scores = _get(data, "scores", list, "state.result")
    winners = _get(data, "winners", list, "state.result")
    if len(scores) != seats or not all(type(s) is int for s in scores):
        raise BadRecord(f"state.result.scores: expected {seats} whole numbers.")
    reason = data.get("reason", "")
    return Result(tuple(scores), tuple(_seat(w, seats, "state.result.winners") for w in winners),
                  reason if isinstance(reason, str) else "")


def read_series(data: Any, seats: int) -> tuple[int, int, WinnerRule, tuple[GameRecord, ...]]:
    """STATE's `series`: (this game's number, the number of games, the winner rule, the finished
    games' records). A server that does not say plays a single game."""
    if data is None:
        return 1, 1, "points", ()
    if not isinstance(data, dict):
        raise BadRecord("state.series: expected an object.")
    game, games, rule = data.get("game"), data.get("games"), data.get("winner_rule")
    if type(games) is not int or not 1 <= games <= MAX_GAMES:
        raise BadRecord("state.series.games: expected the number of games of the series.")
    if type(game) is not int or not 1 <= game <= games:
        raise BadRecord(f"state.series.game: expected a game's number from 1 to {games}.")
    if rule not in ("points", "games_won"):
        raise BadRecord(f"state.series.winner_rule: expected points or games_won, got {shown(repr(rule), 40)}.")
    records = _get(data, "records", list, "state.series")
    if len(records) != game - 1:
        raise BadRecord(f"state.series.records: expected the {game - 1} games before game {game}.")
    return game, games, rule, tuple(GameRecord.from_json(r, seats, f"state.series.records[{i}]")
                                    for i, r in enumerate(records))


def read_state(data: Any, seats: int, received: float) -> RemoteState:
    """A STATE for a table of `seats` seats, arrived at `received`."""
    if not isinstance(data, dict):
        raise BadRecord("state: expected an object.")
    views_data = _get(data, "views", dict, "state")
    views: dict[int, dict[str, Any]] = {}
    for key, view in views_data.items():
        if not (isinstance(key, str) and key.isdigit()) or not isinstance(view, dict):
            raise BadRecord(f"state.views: {shown(key, 20)} is not a seat with its view.")
        views[_seat(int(key), seats, "state.views")] = view
    current = data.get("current")
    turn = data.get("turn")
    if type(turn) is not int:
        raise BadRecord("state.turn: expected a whole number.")
    game, games, rule, records = read_series(data.get("series"), seats)
    game_clock = data.get("game_clock") is True
    return RemoteState(
        views=views,
        spectator=_get(data, "spectator", dict, "state"),
        current=None if current is None else _seat(current, seats, "state.current"),
        who_may_act=tuple(_seat(s, seats, "state.who_may_act") for s in _get(data, "who_may_act", list, "state")),
        turn=turn,
        remaining=_number(data.get("remaining"), "state.remaining", below_zero=game_clock),
        turn_seconds=_number(data.get("turn_seconds"), "state.turn_seconds", below_zero=game_clock),
        game_clock=game_clock,
        draft_changed=data.get("draft_changed") is True,
        can_undo=data.get("can_undo") is True,
        can_redo=data.get("can_redo") is True,
        result=read_result(data.get("result"), seats),
        received=received,
        clock_running=data.get("clock_running") is not False,
        game=game,
        games=games,
        winner_rule=rule,
        records=records,
    )


def read_event(data: Any, seats: int) -> Event:
    """An EVENT: `{"kind", "text", "seat", "public", "private"}`."""
    if not isinstance(data, dict):
        raise BadRecord("event: expected an object.")
    seat = data.get("seat")
    return Event(
        kind=_get(data, "kind", str, "event"),
        text=_get(data, "text", str, "event"),
        seat=None if seat is None else _seat(seat, seats, "event.seat"),
        public=dict(data.get("public") or {}),
        private=dict(data.get("private") or {}),
    )


def read_events(data: Any, seats: int) -> tuple[Event, ...]:
    if data is None:
        return ()
    if not isinstance(data, list):
        raise BadRecord("events: expected a list.")
    return tuple(read_event(e, seats) for e in data)


def read_welcome(data: Mapping[str, Any], received: float) -> Welcome:
    names = _get(data, "seats", list, "welcome")
    if not names or not all(isinstance(n, str) for n in names):
        raise BadRecord("welcome.seats: expected the players' names.")
    seats = len(names)
    you = tuple(_seat(s, seats, "welcome.you") for s in _get(data, "you", list, "welcome"))
    table = data.get("table")
    return Welcome(
        table=str(table) if isinstance(table, (str, int)) else "",
        game=_get(data, "game", str, "welcome"),
        seats=tuple(names),
        you=you,
        state=read_state(data.get("state"), seats, received),
        history=read_events(data.get("history"), seats),
    )


def join_error(message: Mapping[str, Any], where: str) -> JoinFailed:
    """The server's refusal of a hello, as a sentence for the player."""
    error = str(message.get("error", ""))
    said = shown(message.get("message") or "", 200)
    if error == "bad_code":
        return JoinFailed(error, _("{server} refused the code: {why}").format(server=where, why=said) if said else
                          _("{server} does not know that code: check it (it looks like K7PQ-3MZD-XW4R) and try again.").format(
                              server=where))
    if error == "slow_down":
        return JoinFailed(error, _("{server} refuses joins from here for a minute after too many wrong codes; "
                                   "wait a minute, then try again.").format(server=where))
    if error == "version":
        return JoinFailed(error, _("{server} speaks another version of the tilegames protocol: "
                                   "use the same tilegames version on both sides.").format(server=where))
    return JoinFailed(error or "protocol", _("{server} refused to let this terminal join: {why}").format(
        server=where, why=said or error))


def _key(event: Event) -> tuple[str, str, int | None]:
    return event.kind, event.text, event.seat


def missed_events(seen: int, recent: list[Event], history: tuple[Event, ...]) -> tuple[Event, ...]:
    """What happened while a connection was down: the events of a reconnect's `history` after
    the ones already told. `seen` counts the events told so far (a server that kept running
    lists them first, in the same order); `recent` are the last of them, to check that, and to
    find the place again in the history of a restarted server, which has lost the clock's
    warnings. Nothing is told twice: when the place cannot be found, nothing is told."""
    if not recent:
        return history[seen:] if len(history) >= seen else ()
    window = [_key(e) for e in recent]
    if len(history) >= seen and [_key(e) for e in history[seen - len(window):seen]] == window:
        return history[seen:]
    game = [e for e in history if not e.kind.startswith("clock.")]
    window = [_key(e) for e in recent if not e.kind.startswith("clock.")]
    if not window:
        return ()
    for end in range(len(game), len(window) - 1, -1):
        if [_key(e) for e in game[end - len(window):end]] == window:
            return tuple(game[end:])
    return ()


_REFUSALS = {
    "not_your_seat": N_("That seat is not played at this terminal."),
    "stale": N_("The server had already answered that request."),
}


SLOW_DOWN = N_("The server asks this terminal to slow down: that move was not made; try it again in a moment.")


def refusal(message: dict[str, Any]) -> IllegalMove:
    """What a refused request raises: `SlowDown` for the server's rate limit (said in passing,
    the connection kept), otherwise an `IllegalMove` with the sentences of `refusal_reasons`."""
    if message.get("error") == "slow_down":
        reasons = message.get("reasons")
        if isinstance(reasons, list) and reasons and all(isinstance(r, str) for r in reasons):
            return SlowDown(*[shown(r, 400) for r in reasons])
        return SlowDown(_(SLOW_DOWN))  # i18n: marked
    return IllegalMove(*refusal_reasons(message))


def refusal_reasons(message: dict[str, Any]) -> list[str]:
    """A refused request's sentences: the game's reasons for an illegal move (or the server's
    for another refusal), else what the server said."""
    error = message.get("error")
    reasons = message.get("reasons")
    if isinstance(error, str) and error in _REFUSALS:
        return [_(_REFUSALS[error])]  # i18n: marked
    if isinstance(reasons, list) and reasons and all(isinstance(r, str) for r in reasons):
        return [shown(r, 400) for r in reasons]
    said = message.get("message")
    return [_("The server refused the request: {why}").format(
        why=shown(said if isinstance(said, str) and said else error, 200))]
