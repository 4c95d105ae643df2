"""Whole games for the games' tests: a game played by a computer player through a journaled
session, as the app plays it, and a move tried on a state that must stay untouched if refused."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any, Callable

from tilegames.core.agents import Agent
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.protocol import Action, Game
from tilegames.core.kernel.session import LocalSession

MAX_TURNS = 2000


def play_through_session(game: Game[Any, Any, Any], config: Any, seats: tuple[str, ...], seed: int, path: Path, *,
                         agent: Agent, budget: float, drafted: type[Action],
                         lay_out: Callable[[LocalSession, int, Any], None], ready: Callable[[dict[str, Any]], bool],
                         check: Callable[[Any], None]) -> Any:
    """Play a game to its end with `agent` at every seat through a journaled LocalSession on a
    fake clock, and return its final state.

    A move of type `drafted` is laid out edit by edit (`lay_out`), the view must then say the
    commit will stand (`ready`), and the commit must give what applying the move gives; other
    moves are plain actions. `check` runs on the state after every move. Resuming the journal
    must give the final state again."""
    session = LocalSession.start(game, config, seats, seed, path=path, clock=FakeClock())
    for _ in range(MAX_TURNS):
        seat = session.current_seat
        if seat is None:
            break
        before = session.controller.state
        action = agent.choose(session.view(seat), budget)
        if isinstance(action, drafted):
            lay_out(session, seat, action)
            assert ready(session.view(seat))
            session.commit(seat)
            assert session.controller.state == game.apply(before, seat, action).state
        else:
            assert action is not None
            session.act(seat, action)
        check(session.controller.state)
    final = session.controller.state
    session.close()
    resumed = LocalSession.resume(path)
    assert resumed.controller.state == final
    resumed.close()
    return final


def apply_or_unchanged(game: Game[Any, Any, Any], state: Any, seat: int, action: Action) -> Any | None:
    """The state after `action`, or None when the game refuses it: then `state` must be exactly
    as it was and every reason a sentence."""
    frozen = pickle.dumps(state)
    try:
        return game.apply(state, seat, action).state
    except IllegalMove as exc:
        assert pickle.dumps(state) == frozen
        assert exc.reasons and all(reason.endswith((".", ")")) for reason in exc.reasons)
        return None
