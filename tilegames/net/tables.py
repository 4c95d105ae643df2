"""A table: a series of games on the server (each a journaled LocalSession), its codes, and who
is at it.

The session is the same `LocalSession` hot-seat play uses, so every rule, the draft of the turn
in progress, the clock and the journal behave exactly as in the app; the table adds what a
server needs around it: the codes that open its seats, the connections watching it, the events
so far (a newcomer's history), and the STATE each connection is sent, built from views of its
own seats only.

A table's clock waits until every seat played by a person has joined once (after a new table,
or a server restart): a turn must not time out while its player is still typing the join
command. From then on it never stops for anyone; a dropped player's turn times out as usual.

A table plays a whole series, as hot-seat play does (ui/series_flow.py): a Rummikub match of
`rounds x players` games, one game for everything else. When a game ends and the series goes
on, its record is added and the next game is dealt at once (`deal_next`) into a journal of its
own (`journal_for(number)`), whose header carries the series so far (core/kernel/series_meta.py); so a
server stopped at any moment resumes the table at the right game, and a game already dealt is
opened again, never dealt twice. The next game's clock waits again, until every person's seat
has said it is ready for it (`ready`: they have read the summary) or has joined it afresh.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol

from tilegames.core.kernel.clock import Clock
from tilegames.core.kernel.protocol import TURN_EVENT, Event, Game
from tilegames.core.kernel.series import GameRecord, Series, new_series
from tilegames.core.kernel.series_meta import META_KEY, finished_record, match_meta, series_meta
from tilegames.core.kernel.session import LocalSession
from tilegames.net.wire import events_json, result_json, series_json

log = logging.getLogger(__name__)


def table_series(session: LocalSession) -> Series[GameRecord]:
    """The series the game of `session` belongs to, from its journal header (BadRecord if
    damaged); the finished games before it are its records. A table dealt before servers
    played series (no `match` in its header) is a series of one game."""
    header = session.header
    if META_KEY not in header.meta:
        return Series(header.seats, header.seed, 1)
    info = series_meta(header)
    config = session.game.config_from_json(header.config)
    return new_series(session.game, config, header.seats, info.seed, info.games)


def game_meta(table_id: str, series: Series[GameRecord]) -> dict[str, Any]:
    """The journal header meta of the series' next game at table `table_id`."""
    return {"server_table": table_id, **match_meta(series, open_hands=False, series_id=table_id)}


def start_game(game: Game[Any, Any, Any], config: Any, series: Series[GameRecord], table_id: str,
               path: Path, clock: Clock | None = None) -> LocalSession:
    """Deal the series' next game, journaled at `path` (readable by the server's owner only
    from its first byte: it holds the seed, so the bag's order), its lines flushed by the
    server off its event loop (`deferred`); SaveFailed if it cannot be saved. Its turn clock
    reads `clock` (the server's; None: the monotonic clock)."""
    return LocalSession.start(game, config, series.seats, series.next_seed(), path=path, clock=clock,
                              meta=game_meta(table_id, series), deferred=True)


def resume_game(path: Path, clock: Clock | None = None) -> LocalSession:
    """A game of the table journaled at `path`, opened again where it stopped (deferred too)."""
    return LocalSession.resume(path, clock=clock, deferred=True)


class Client(Protocol):
    """What a table knows of a connection: the seats it plays."""

    seats: tuple[int, ...]


@dataclass(eq=False)
class Table:
    id: str
    session: LocalSession
    seat_codes: tuple[str | None, ...]  # None: a computer seat
    spectator_code: str
    # Where game `number` (from 1) of the table's series is journaled.
    journal_for: Callable[[int], Path] | None = None
    clock: Clock | None = None  # what the next games' turn clocks read (None: the monotonic clock)
    clients: list[Client] = field(default_factory=list)
    # What happened so far, for a newcomer's history (the `turn` events are for screens to react
    # to at the moment, not for a log, so they are left out, as a resumed session leaves them).
    events: list[Event] = field(default_factory=list)
    started: bool = False
    joined: set[int] = field(default_factory=set)  # seats a person has joined since the table was loaded
    _news: list[Event] = field(default_factory=list)
    series: Series[GameRecord] = field(init=False)  # the finished games before this one

    def __post_init__(self) -> None:
        self.series = table_series(self.session)
        self._begin(self.session)

    def _begin(self, session: LocalSession) -> None:
        """`session` is the table's game now: its history, and a clock that waits for the people."""
        self.session = session
        self.events = list(session.history)
        self._news = []
        self.started = False
        self.joined = set()
        session.subscribe(self._news.append)
        session.pause_clock()  # until the players are here (`join`, `ready`)
        if not self.human_seats:
            self.start()

    # --- what it is -------------------------------------------------------------------------
    @property
    def game(self) -> Game[Any, Any, Any]:
        return self.session.game

    @property
    def seats(self) -> tuple[str, ...]:
        return self.session.seats

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(s for s, code in enumerate(self.seat_codes) if code is not None)

    @property
    def computer_seats(self) -> tuple[int, ...]:
        return tuple(s for s, code in enumerate(self.seat_codes) if code is None)

    @property
    def over(self) -> bool:
        return self.session.result() is not None

    @property
    def game_number(self) -> int:
        """Which game of the series is on the table now, from 1."""
        return len(self.series.games) + 1

    @property
    def done(self) -> bool:
        """The series is over: its last game has ended."""
        return self.over and self.game_number >= self.series.total_games

    def finished_journal(self, number: int) -> Path | None:
        """The journal of finished game `number` of the series (None: not one, or not kept)."""
        if not 1 <= number <= self.game_number or (number == self.game_number and not self.over):
            return None
        if number == self.game_number:
            return self.session.path
        return self.journal_for(number) if self.journal_for is not None else None

    @property
    def clock_running(self) -> bool:
        return self.session.controller.clock_running

    # --- the players arriving ---------------------------------------------------------------
    def join(self, client: Client) -> None:
        """`client` sits down; the table starts once every person's seat has been joined."""
        self.clients.append(client)
        self.ready(client.seats)

    def ready(self, seats: tuple[int, ...]) -> None:
        """A person at `seats` is here for the game now on the table (joined, or said ready
        after the last game's summary); the clock starts once every person's seat is."""
        self.joined.update(seats)
        if not self.started and set(self.human_seats) <= self.joined:
            self.start()

    def leave(self, client: Client) -> None:
        if client in self.clients:
            self.clients.remove(client)

    def start(self) -> None:
        self.started = True
        self.keep_clock_running()

    def keep_clock_running(self) -> None:
        """Every turn's clock runs on the server (there is no hand-off screen to wait for): the
        controller starts each new turn's clock; a resumed turn's waits paused until this."""
        if self.started and not self.over:
            self.session.restart_clock()

    # --- the next game of the series -------------------------------------------------------
    def deal_next(self) -> None:
        """The game ended and the series goes on: its record is added and the next game dealt
        and journaled, or opened again when it was dealt before a restart (never dealt twice).
        SaveFailed, GameInUse or BadRecord when it cannot be; the table then stays as it was."""
        if not self.over or self.done:
            raise RuntimeError("deal_next called while the game is on or the series is over")
        series = self.series.record(finished_record(self.session))
        if self.journal_for is None:
            raise RuntimeError("a table without journals cannot deal the next game")
        path = self.journal_for(len(series.games) + 1)
        if path.exists() and path.stat().st_size > 0:
            session = resume_game(path, self.clock)
        else:
            path.unlink(missing_ok=True)  # an empty file: a server stopped as it began the journal
            session = start_game(self.game, self.session.game.config_from_json(self.session.header.config),
                                 series, self.id, path, self.clock)
        old, self.series = self.session, series
        old.close()
        self._begin(session)
        log.info("Table %s: game %d of its series dealt", self.id, len(series.games) + 1)

    # --- what happened ----------------------------------------------------------------------
    def take_news(self) -> list[Event]:
        """The events since the last call (what the last request or tick caused), kept in the
        history too."""
        news, self._news[:] = list(self._news), []
        self.events.extend(e for e in news if e.kind != TURN_EVENT)
        return news

    def history_for(self, seats: tuple[int, ...]) -> list[dict[str, Any]]:
        return events_json(self.events, seats)

    # --- what a connection is sent ----------------------------------------------------------
    def state_for(self, seats: tuple[int, ...], spectator: dict[str, Any] | None = None) -> dict[str, Any]:
        """The STATE of docs/protocol.md for a connection playing `seats` (`spectator`: the
        public view, when already made for another connection of the same moment)."""
        session = self.session
        current = session.current_seat
        mine = current is not None and current in seats
        return {
            "views": {str(seat): session.view(seat) for seat in seats},
            "spectator": session.view(None) if spectator is None else spectator,
            "current": current,
            "who_may_act": list(session.who_may_act()),
            "turn": session.turn_number(),
            "remaining": session.remaining(),
            "turn_seconds": session.turn_seconds(),
            "game_clock": session.game_clock(),
            "clock_running": self.clock_running,
            "draft_changed": mine and session.draft_changed(),
            "can_undo": mine and session.can_undo(),
            "can_redo": mine and session.can_redo(),
            "result": result_json(session.result()),
            "series": series_json(self.game_number, self.series),
        }
