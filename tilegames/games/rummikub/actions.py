"""What a Rummikub player can do on a turn. All are frozen and JSON round-trippable."""

from __future__ import annotations

from dataclasses import dataclass

from tilegames.core.kernel.hints import Hint as Hint  # every game's hint, in its actions
from tilegames.core.kernel.protocol import Action


@dataclass(frozen=True)
class Draw(Action):
    """Take one tile from the pool; the turn ends (RULES.md §1.4 A)."""

    kind = "draw"


@dataclass(frozen=True)
class Play(Action):
    """The whole table as it stands at the end of the turn, each set an ordered row of tile ids.

    Stating the final table (not the moves that led to it) is what the rules check: only the
    end-of-turn state matters (RULES.md §1.4.2), and replay needs nothing else.
    """

    kind = "play"
    sets: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Pass(Action):
    """With the pool empty: "I cannot play" (RULES.md §1.7, `pool_empty_end`)."""

    kind = "pass"


@dataclass(frozen=True)
class Redeal(Action):
    """Answer to the three-doubles offer after the deal (RULES.md §1.2.5)."""

    kind = "redeal"
    demand: bool


@dataclass(frozen=True)
class Timeout(Action):
    """The clock ran out (RULES.md §1.6). Taken by the turn controller, never by a player.

    `touched`: the player had changed the table; `laid`: the rack tiles they had laid out
    (used only by `penalty_swap_own_tiles`).
    """

    kind = "timeout"
    controller_only = True
    touched: bool
    laid: tuple[int, ...] = ()


ACTION_TYPES = (Draw, Play, Pass, Redeal, Hint, Timeout)
