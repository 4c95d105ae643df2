"""Computer players (DESIGN.md §4, "Agents"): the protocol, one agent per game, a headless driver.

An agent decides from its seat's **view** only: `choose(view, time_budget)`. It is never given
the state, so it cannot peek at other racks or the bag order even by accident; everything it
needs (its rack, the table or board, rack sizes, a redeal question, a play waiting for a
challenge) is in the view, the same JSON-able dict a UI or a network client gets. `play_out`
enforces this structurally: each view is built with `game.view(state, seat)` and copied
through JSON before the agent sees it, so no object of the engine's state reaches an agent.

The app runs an agent off the UI thread (a Textual worker): take `session.view(seat)`, call
`agent.choose(view, budget)` in the worker, and give the answer to `session.act(seat, action)`
on the UI thread. A seat may be asked out of turn (a challenge window: `who_may_act` names more
than the current seat); it answers None when it lets the moment pass.

A game names its agent module in its manifest (core/manifest.py), imported on first use, so
`core` does not import `games`.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import _
from tilegames.core.kernel.protocol import Action, Event, Game
from tilegames.core.registry import known_ids, manifest, manifests

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


def has_agent(game_id: str) -> bool:
    """Whether a computer player exists for this game (the setup form offers one only then)."""
    if game_id in _factories:
        return True
    try:
        return manifest(game_id).agent is not None
    except BadRecord:
        return False


def agent_for(game_id: str) -> Agent:
    """A new computer player for `game_id`; BadRecord (a readable sentence) if there is none."""
    factory = _factories.get(game_id)
    if factory is None:
        module_path = manifest(game_id).agent if game_id in known_ids() else None
        if module_path is None:
            known = ", ".join(sorted({m.id for m in manifests() if m.agent} | set(_factories))) or "none"
            raise BadRecord(_("There is no computer player for {game_id} (games with one: {known}).").format(game_id=repr(game_id), known=known))
        factory = importlib.import_module(module_path).new_agent
        _factories[game_id] = factory
    return factory()


def seat_view(game: AnyGame, state: Any, seat: int) -> dict[str, Any]:
    """What an agent at `seat` is given: the seat's own view as plain JSON data (a copy, so no
    engine object, and nothing the view does not show, can reach the agent)."""
    copied: dict[str, Any] = json.loads(json.dumps(game.view(state, seat)))
    return copied


def seats_asked(game: AnyGame, state: Any) -> tuple[int, ...]:
    """The seats that may act now, the current seat last: out-of-turn seats (a challenge window)
    are asked first, because the current seat's move closes their window."""
    current = game.current_seat(state)
    if current is None:
        return ()
    others = [s for s in game.who_may_act(state) if s != current]
    if others:
        count = len(game.view(state, None)["seats"])
        others.sort(key=lambda s: (s - current) % count)
    return (*others, current)


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

    Each agent sees only `seat_view(game, state, seat)`. An action the game refuses raises
    IllegalMove (an agent must never be refused); an agent that answers None on its own turn,
    or a game that does not end within `max_actions`, raises RuntimeError.
    """
    result = PlayOut(state)
    while len(result.moves) < max_actions:
        asked = seats_asked(game, result.state)
        if not asked:
            return result
        for seat in asked:
            action = agents[seat].choose(seat_view(game, result.state, seat), time_budget)
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
