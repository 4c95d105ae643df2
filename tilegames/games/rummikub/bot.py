"""`choose_action(state, seat)`: the Rummikub agent (agent.py) for callers that hold a state.

Tests, the benchmark and journaled bot games drive the engine directly; this keeps them short
while the agent itself still decides from `seat`'s view alone, as every agent does. It plays at
the easy level unless told otherwise: the tests that play many whole games check the engine,
not the player, and easy's greedy search takes a millisecond where the solver's takes tens. A
level that searches gets a tenth of a second (`BOT_SECONDS`); past it, the greedy play.
"""

from __future__ import annotations

from tilegames.core.agents import seat_view
from tilegames.core.computer_seats import LEVELS
from tilegames.core.kernel.protocol import Action
from tilegames.games.rummikub.agent import RummikubAgent
from tilegames.games.rummikub.game import GAME
from tilegames.games.rummikub.state import RummikubState

_AGENTS = {level: RummikubAgent(level) for level in LEVELS}
BOT_SECONDS = 0.1


def choose_action(state: RummikubState, seat: int, level: str = "easy") -> Action:
    """The move of the agent at `level` for `seat` (who must be the seat to act)."""
    action = _AGENTS[level].choose(seat_view(GAME, state, seat), BOT_SECONDS)
    if action is None:
        raise ValueError(f"Seat {seat} is not the seat to act.")
    return action
