"""The computer seats of a table: the server plays every seat named cpu with the game's agent.

Driven as every agent is (core/agents.py): the seat is asked a `Question` (its view only, copied
through JSON), here in a worker thread of an executor, so the server goes on answering everyone
while it thinks. Its answer comes back to the event loop, which applies it only if it is
`still_good`: the game still where it was when the agent was asked (the same state, so the same
turn); meanwhile the clock may have run out or another seat may have acted, and then the agent
is asked again about the game as it is now.

One seat of a table thinks at a time, in the order `core.agents.next_to_ask` gives: seats
invited to act out of turn (a challenge window) first, because the current seat's move closes
their window.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Callable

from tilegames.core.agents import Agent, Question, agent_for_seat, next_to_ask
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
        state = table.session.controller.state
        seat = next_to_ask(table.game, state, set(table.computer_seats), self._asked)
        if seat is not None:
            self._ask(seat, state)

    def _ask(self, seat: int, state: Any) -> None:
        self._asked[seat] = state
        session = self.table.session
        try:
            agent = self._agent(seat)
        except BadRecord as exc:
            _say(self.table, _("{name} cannot be played by the computer: {why}").format(name=session.seats[seat], why=exc))
            return
        question = Question.of(session, seat, state)  # nothing of the engine reaches the agent
        thinking = asyncio.get_running_loop().run_in_executor(self.executor, question.answer, agent, self.budget)
        self._thinking = thinking
        thinking.add_done_callback(lambda done: self._answered(question, done))

    def _agent(self, seat: int) -> Agent:
        if seat not in self._agents:
            self._agents[seat] = agent_for_seat(self.table.game.id, self.table.session.seats[seat])
        return self._agents[seat]

    def _answered(self, question: Question, done: "asyncio.Future[Action | None]") -> None:
        self._thinking = None
        if self._closed or done.cancelled():
            return
        table, session, seat = self.table, self.table.session, question.seat
        problem = done.exception()
        action = None if problem is not None else done.result()
        if problem is not None:
            # The error's type only: its text could tell the computer's rack, and this is a log.
            _say(table, _("{name}'s computer player failed: {why}").format(name=session.seats[seat],
                                                                           why=type(problem).__name__))
        elif question.still_good(action, session, session.controller.state):
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
