"""The computer seats of a table: the server plays every seat named cpu with the game's agent.

As in the app (`TurnScreen._think`), an agent decides from its seat's view only, copied through
JSON, in a worker thread, so the server goes on answering everyone while it thinks. Its answer
comes back to the event loop, which applies it only if the game is still where it was when the
agent was asked (the same state, so the same turn): meanwhile the clock may have run out or
another seat may have acted, and then the agent is asked again about the game as it is now.

One seat of a table thinks at a time, in the order `core.agents.seats_asked` gives: seats
invited to act out of turn (a challenge window) first, because the current seat's move closes
their window.
"""

from __future__ import annotations

import asyncio
import json
import logging
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Callable

from tilegames.core.agents import Agent, agent_for, seats_asked
from tilegames.core.errors import BadRecord, IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.kernel.protocol import Action, Event
from tilegames.net.tables import Table

log = logging.getLogger(__name__)


def _say(table: Table, text: str) -> None:
    log.warning(_("Table {table}: {warning}").format(table=table.id, warning=text))


@dataclass
class Robots:
    table: Table
    executor: Executor
    budget: float  # seconds an agent may think about one move
    on_move: Callable[[Table, list[Event]], None]  # the server tells everyone what happened
    _agents: dict[int, Agent] = field(default_factory=dict)
    _asked: dict[int, Any] = field(default_factory=dict)  # seat -> the state it was last asked about
    _thinking: "asyncio.Future[Action | None] | None" = None
    _closed: bool = False

    def poke(self) -> None:
        """Something changed: ask the next computer seat that may act (one at a time)."""
        table = self.table
        if self._closed or self._thinking is not None or not table.started or table.over:
            return
        computers = set(table.computer_seats)
        state = table.session.controller.state
        for seat in seats_asked(table.game, state):
            if seat in computers and self._asked.get(seat) is not state:
                self._ask(seat, state)
                return

    def _ask(self, seat: int, state: Any) -> None:
        self._asked[seat] = state
        session = self.table.session
        try:
            agent = self._agent(seat)
        except BadRecord as exc:
            _say(self.table, _("{name} cannot be played by the computer: {why}").format(name=session.seats[seat], why=exc))
            return
        view = json.loads(json.dumps(session.view(seat)))  # nothing of the engine reaches the agent
        turn = session.turn_number()
        thinking = asyncio.get_running_loop().run_in_executor(self.executor, agent.choose, view, self.budget)
        self._thinking = thinking
        thinking.add_done_callback(lambda done: self._answered(seat, state, turn, done))

    def _agent(self, seat: int) -> Agent:
        if seat not in self._agents:
            self._agents[seat] = agent_for(self.table.game.id)
        return self._agents[seat]

    def _answered(self, seat: int, state: Any, turn: int, done: "asyncio.Future[Action | None]") -> None:
        self._thinking = None
        if self._closed or done.cancelled():
            return
        table, session = self.table, self.table.session
        problem = done.exception()
        action = None if problem is not None else done.result()
        if problem is not None:
            # The error's type only: its text could tell the computer's rack, and this is a log.
            _say(table, _("{name}'s computer player failed: {why}").format(name=session.seats[seat],
                                                                           why=type(problem).__name__))
        elif (action is not None and session.controller.state is state and session.turn_number() == turn
              and seat in session.who_may_act() and not action.controller_only):
            try:
                session.act(seat, action)
            except IllegalMove:
                _say(table, _("{name}'s move was refused by the rules (the reasons are left out: they would tell "
                              "its rack).").format(name=session.seats[seat]))
            else:
                log.debug("Table %s: the computer moved for seat %d", table.id, seat)
                self.on_move(table, table.take_news())  # which pokes again
                return
        self.poke()

    def close(self) -> None:
        """No more moves (the server stops): a thought in progress is dropped."""
        self._closed = True
        if self._thinking is not None:
            self._thinking.cancel()
            self._thinking = None
