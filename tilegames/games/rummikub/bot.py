"""`choose_action(state, seat)`: the Rummikub agent (agent.py) for callers that hold a state.

Tests, the benchmark and journaled bot games drive the engine directly; this keeps them short
while the agent itself still decides from `seat`'s view alone, as every agent does.
"""

from __future__ import annotations

from tilegames.core.agents import DEFAULT_TIME_BUDGET, seat_view
from tilegames.core.kernel.protocol import Action
from tilegames.games.rummikub.agent import RummikubAgent
from tilegames.games.rummikub.game import GAME
from tilegames.games.rummikub.state import RummikubState

_AGENT = RummikubAgent()


def choose_action(state: RummikubState, seat: int) -> Action:
    """The agent's move for `seat` (who must be the seat to act)."""
    action = _AGENT.choose(seat_view(GAME, state, seat), DEFAULT_TIME_BUDGET)
    if action is None:
        raise ValueError(f"Seat {seat} is not the seat to act.")
    return action
