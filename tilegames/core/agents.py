"""Computer players (DESIGN.md §4, "Agents"): the protocol, one agent per game, and the one way
they are driven.

An agent decides from its seat's **view** only: `choose(view, time_budget)`. It is never given
the state, so it cannot peek at other racks or the bag order even by accident; everything it
needs (its rack, the table or board, rack sizes, a redeal question, a play waiting for a
challenge) is in the view, the same JSON-able dict a UI or a network client gets, copied
through JSON before the agent sees it (`seat_view`, `Question`), so no object of the engine's
state reaches an agent.

Every driver goes the same way, and only brings its own threading: the app's screens (a Textual
worker: ui/screens/turns.py, and the Scrabble challenge strip), the server (an executor:
net/robots.py) and the headless `play_out` below (a direct call). Which computer seat is asked
next is `seats_asked` (`next_to_ask` for a driver that keeps asking until someone acts); the
question (`Question`) holds the seat, its view and the moment it is about (the turn, and the
state when the driver holds it); its answer is applied only if `Question.still_good`: an
action, not the clock's, the same turn (and state), and the seat still allowed to act.
A seat may be asked out of turn (a challenge window: `who_may_act` names more than the current
seat); it answers None when it lets the moment pass.

A game names its agent module in its manifest (core/manifest.py), imported on first use, so
`core` does not import `games`.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeGuard, runtime_checkable

from tilegames.core.computer_seats import DEFAULT_LEVEL, computer_level, level_refused
from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import _
from tilegames.core.kernel.protocol import Action, Event, Game
from tilegames.core.kernel.session_protocol import Session
from tilegames.core.kernel.views import game_view
from tilegames.core.registry import manifest, manifests

AnyGame = Game[Any, Any, Any]
DEFAULT_TIME_BUDGET = 1.0  # seconds an agent may think about one move
MAX_ACTIONS = 20_000  # a headless game longer than this is a bug, not a long game


@runtime_checkable
class Agent(Protocol):
    """A computer player for one game.

    `choose` gets the view of the seat it plays (`view["you"]`) and returns that seat's action.
    On the seat's own turn it must return an action the game accepts; asked out of turn (a
    challenge window) it returns an action or None to let the moment pass. It should return
    within about `time_budget` seconds: the app waits for it, and a timer may be running.
    Agents keep no secrets between calls that a view would not give them again.
    """

    def choose(self, view: dict[str, Any], time_budget: float) -> Action | None: ...


_factories: dict[str, Callable[[], Agent]] = {}


def register_agent(game_id: str, factory: Callable[[], Agent]) -> None:
    """Register an agent factory directly (tests, plug-ins, a stronger player)."""
    _factories[game_id] = factory


def unregister_agent(game_id: str) -> None:
    _factories.pop(game_id, None)


def _agent_module(game_id: str) -> str | None:
    """The module of the game's own computer player, as its manifest names it (None: none,
    or no such game)."""
    try:
        return manifest(game_id).agent
    except BadRecord:
        return None


def has_agent(game_id: str) -> bool:
    """Whether a computer player exists for this game (the setup form offers one only then)."""
    return game_id in _factories or _agent_module(game_id) is not None


def levels_of(game_id: str) -> tuple[str, ...]:
    """The levels of the game's computer player (its manifest's; none for a game without one,
    or an unknown game)."""
    try:
        return manifest(game_id).levels
    except BadRecord:
        return ()


def agent_for(game_id: str, level: str | None = None) -> Agent:
    """A new computer player for `game_id`, at `level` (core/computer_seats.py; None: the
    default) when the game's player has levels; BadRecord (a readable sentence) if there is
    none. A factory registered directly plays at one level."""
    factory = _factories.get(game_id)
    if factory is not None:
        return factory()
    module_path = _agent_module(game_id)
    if module_path is None:
        known = ", ".join(sorted({m.id for m in manifests() if m.agent} | set(_factories))) or "none"
        raise BadRecord(_("There is no computer player for {game_id} (games with one: {known}).").format(game_id=repr(game_id), known=known))
    module = importlib.import_module(module_path)
    levels = levels_of(game_id)
    if not levels:
        made: Agent = module.new_agent()
        return made
    chosen = level or DEFAULT_LEVEL
    refused = level_refused(chosen, levels)
    if refused is not None:
        raise BadRecord(refused)
    leveled: Agent = module.new_agent(chosen)
    return leveled


def agent_for_seat(game_id: str, name: str) -> Agent:
    """The computer player for the seat named `name` (who must be a computer's seat), at the
    level its name gives."""
    return agent_for(game_id, computer_level(name))


def plain(view: dict[str, Any]) -> dict[str, Any]:
    """A view as plain JSON data: a copy, so no engine object, and nothing the view does not
    show, can reach an agent."""
    copied: dict[str, Any] = json.loads(json.dumps(view))
    return copied


def seat_view(game: AnyGame, state: Any, seat: int) -> dict[str, Any]:
    """What an agent at `seat` is given: the seat's own view as plain JSON data (`plain`)."""
    return plain(game.view(state, seat))


def seats_asked(game: AnyGame, state: Any) -> tuple[int, ...]:
    """The seats that may act now, the current seat last: out-of-turn seats (a challenge window)
    are asked first, because the current seat's move closes their window."""
    current = game.current_seat(state)
    if current is None:
        return ()
    others = [s for s in game.who_may_act(state) if s != current]
    if others:
        count = len(game_view(game.view(state, None))["seats"])
        others.sort(key=lambda s: (s - current) % count)
    return (*others, current)


def next_to_ask(game: AnyGame, state: Any, computers: Collection[int], asked: Mapping[int, Any]) -> int | None:
    """The computer seat to ask next about `state`: the first of `seats_asked` played by the
    computer and not asked about this very state yet (`asked`: seat -> the state it was last
    asked about). None: each one that may act has been asked."""
    for seat in seats_asked(game, state):
        if seat in computers and asked.get(seat) is not state:
            return seat
    return None


@dataclass(frozen=True)
class Question:
    """What a computer seat is asked: the seat, its view (plain JSON data) and the moment it is
    about, the turn number and, when the driver holds it, the state itself, so that the answer,
    which comes later from another thread, can be judged against the game as it is then."""

    seat: int
    view: dict[str, Any]
    turn: int
    state: Any = None

    @classmethod
    def of(cls, session: Session, seat: int, state: Any = None) -> Question:
        """The question for `seat` about the session as it is now (and about `state`, when the
        driver holds the session's state: the server)."""
        return cls(seat, plain(session.view(seat)), session.turn_number(), state)

    @classmethod
    def about(cls, game: AnyGame, state: Any, seat: int) -> Question:
        """The question for `seat` about `state`, for a driver that holds the state (headless)."""
        return cls(seat, seat_view(game, state, seat), game.turn_number(state), state)

    def answer(self, agent: Agent, time_budget: float) -> Action | None:
        """The agent's answer: what the driver runs in its worker, executor or at once."""
        return agent.choose(self.view, time_budget)

    def still_good(self, action: Action | None, session: Session, state: Any = None) -> TypeGuard[Action]:
        """Whether `action`, the answer to this question, may be applied to `session` now: an
        action (None lets the moment pass), not one only the controller takes (the clock's
        timeout), and the game still where it was when asked: the same turn (the same state, for
        a question about one: `state` is the session's now) and the seat still allowed to act.
        Meanwhile the clock may have run out, or another seat may have acted."""
        return (action is not None and not action.controller_only and session.turn_number() == self.turn
                and (self.state is None or state is self.state) and self.seat in session.who_may_act())


@dataclass
class PlayOut:
    """A game played headless: the last state, every (seat, action) applied, and the events."""

    state: Any
    moves: list[tuple[int, Action]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


def play_out(game: AnyGame, state: Any, agents: Sequence[Agent] | Mapping[int, Agent], *,
             time_budget: float = DEFAULT_TIME_BUDGET, max_actions: int = MAX_ACTIONS,
             on_move: Callable[[int, Action], None] | None = None) -> PlayOut:
    """Play `state` to the end with an agent at every seat (`agents[seat]`), headless.

    Each agent sees only its `Question.about` the state (its seat's view as plain data); the
    seats are asked in the order of `seats_asked`. An action the game refuses raises
    IllegalMove (an agent must never be refused); an agent that answers None on its own turn,
    or a game that does not end within `max_actions`, raises RuntimeError.
    """
    result = PlayOut(state)
    while len(result.moves) < max_actions:
        asked = seats_asked(game, result.state)
        if not asked:
            return result
        for seat in asked:
            action = Question.about(game, result.state, seat).answer(agents[seat], time_budget)
            if action is not None:
                break
            if seat == asked[-1]:
                raise RuntimeError(f"The agent at seat {seat} did not move on its own turn.")
        assert action is not None
        outcome = game.apply(result.state, seat, action)
        result.state = outcome.state
        result.moves.append((seat, action))
        result.events.extend(outcome.events)
        if on_move is not None:
            on_move(seat, action)
    raise RuntimeError(f"The game did not end within {max_actions} actions.")
