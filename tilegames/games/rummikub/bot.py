"""`choose_action(state, seat)`: the Rummikub agent (agent.py) for callers that hold a state.

Tests, the benchmark and journaled bot games drive the engine directly; this keeps them short
while the agent itself still decides from `seat`'s view alone, as every agent does. It plays at
the normal level with a tenth of a second to think (`BOT_SECONDS`): the few positions whose
search would take longer (a big table, four jokers) get the greedy play, which keeps the many
whole games of the tests quick.
"""

from __future__ import annotations

from tilegames.core.agents import seat_view
from tilegames.core.kernel.protocol import Action
from tilegames.games.rummikub.agent import RummikubAgent
from tilegames.games.rummikub.game import GAME
from tilegames.games.rummikub.state import RummikubState

_AGENT = RummikubAgent()
BOT_SECONDS = 0.1


def choose_action(state: RummikubState, seat: int) -> Action:
    """The agent's move for `seat` (who must be the seat to act)."""
    action = _AGENT.choose(seat_view(GAME, state, seat), BOT_SECONDS)
    if action is None:
        raise ValueError(f"Seat {seat} is not the seat to act.")
    return action
