"""Real servers for the client's tests (tests/net/test_remote_*, tests/ui/test_remote_*): the app's
own `HostedServer` (the production server on a thread) on 127.0.0.1, on a data folder the test
gives, so that stopping it and starting another on the same folder and port is a restart.
Clients are real `RemoteSession`s; `until` ticks them as a play screen's timer would."""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from tilegames.core.agents import agent_for
from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.protocol import Event, Result
from tilegames.core.registry import get_game
from tilegames.net.client_hosting import HostedServer, HostedTable
from tilegames.net.remote_session import RemoteSession
from tilegames.net.server import Settings

# Scripted players move far faster than people: their moves are not rate-limited here (the
# limits' own tests, tests/net/test_server_isolation.py, set them).
FAST = Settings(agent_seconds=0.05, tick_seconds=0.05, keepalive_seconds=1.0, join_seconds=60.0,
                move_burst=1e9, move_rate=1e9, replay_burst=1e9, replay_rate=1e9)
LOCALHOST = "127.0.0.1"


@contextmanager
def serving(data: Path, port: int = 0) -> Iterator[HostedServer]:
    server = HostedServer(LOCALHOST, port, data, FAST).start()
    try:
        yield server
    finally:
        server.stop()


def new_table(server: HostedServer, game_id: str, seats: tuple[str, ...], seed: int, **options: Any) -> HostedTable:
    """A table of the game's preset with `options` changed."""
    game = get_game(game_id)
    config = replace(game.config_for({}, len(seats)), **options)
    return server.create_table(game_id, seats, config, seed)


def join(server: HostedServer, *codes: str | None, timeout: float = 10.0) -> RemoteSession:
    return RemoteSession.connect(LOCALHOST, server.port, tuple(c for c in codes if c is not None), timeout)


def until(sessions: RemoteSession | Iterable[RemoteSession], done: Callable[[], bool], timeout: float = 15.0,
          ) -> list[Event]:
    """Tick `sessions` (as a play screen's timer does) until `done()`; the events they told."""
    group = [sessions] if isinstance(sessions, RemoteSession) else list(sessions)
    told: list[Event] = []
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"not done after {timeout} s; events told: {[e.kind for e in told]}")
        for session in group:
            told += session.tick()
        time.sleep(0.02)
    return told


class ScriptedPlayer:
    """A seat played from a thread by the game's computer player through its own RemoteSession,
    as a person at another terminal would play it; `moves` caps the moves it makes before it
    only passes (`pass_action`), so a test game ends soon."""

    def __init__(self, session: RemoteSession, *, moves: int | None = None, pass_action: Any = None,
                 budget: float = 0.1) -> None:
        self.session = session
        self.moves = moves
        self.pass_action = pass_action
        self.budget = budget
        self.made = 0
        self.refused: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._play, name="scripted-player", daemon=True)

    def start(self) -> "ScriptedPlayer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(10)
        self.session.close()

    def _play(self) -> None:
        session = self.session
        agent = agent_for(session.game_id)
        asked: set[tuple[int, int, tuple[int, ...]]] = set()  # each seat decides once a moment
        while not self._stop.is_set() and session.result() is None:
            session.tick()
            for seat in session.seats_here:
                turn = session.turn_number()
                moment = (turn, seat, session.who_may_act())
                if seat not in session.who_may_act() or moment in asked:
                    continue
                asked.add(moment)
                action = agent.choose(session.view(seat), self.budget)
                if self.moves is not None and self.made >= self.moves and self.pass_action is not None:
                    action = self.pass_action if seat == session.current_seat else None
                if action is None or session.turn_number() != turn:
                    continue
                try:
                    session.act(seat, action)
                    self.made += 1
                except IllegalMove as exc:
                    self.refused.append(" ".join(exc.reasons))
            time.sleep(0.03)


def edit_of(game_id: str, kind: str, **fields: Any) -> Any:
    """An edit of `game_id` by its kind ("put"…), whichever module defines it."""
    return get_game(game_id).decode_edit({"type": kind, **fields})


def draw_out(*sessions: RemoteSession, max_moves: int = 400) -> Result:
    """The Rummikub game the `sessions` show played to its end at once (some 80 moves), each
    seat by the session holding it: it draws while the pool lasts, then passes, or plays what
    the computer player would when passing is refused. Returns the game's result."""
    from tilegames.games.rummikub.actions import Draw, Pass

    agent = agent_for("rummikub")
    latest = sessions[0]  # the session that moved last knows the game as it is now
    for _ in range(max_moves):
        seat, result = latest.current_seat, latest.result()
        if result is not None:
            return result
        assert seat is not None
        session = next(s for s in sessions if seat in s.seats_here)
        for action in (Draw(), Pass(), None):
            if action is None:  # the computer player decides from the seat's own view, up to date
                until(session, lambda: session.turn_number() == latest.turn_number())
            try:
                session.act(seat, action if action is not None else agent.choose(session.view(seat), 0.05))
                break
            except IllegalMove:
                continue
        else:
            raise AssertionError(f"{session.seats[seat]} could not move")
        latest = session
    raise AssertionError(f"the game did not end within {max_moves} moves")


def clock_running(server: HostedServer, table_id: str) -> bool:
    """Whether the table's turn clock runs on the server now (read on its loop's thread)."""
    def running() -> bool:
        assert server._server is not None
        return server._server.lobby.tables[table_id].clock_running

    return server._call(running)
