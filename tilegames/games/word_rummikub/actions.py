"""What a Rummikub Word player can do on a turn. All are frozen and JSON round-trippable.

JSON forms (the "type" is the action's kind):

* `{"type": "draw"}`
* `{"type": "pass"}`
* `{"type": "play", "words": [[3, 17, 40], [8, 9, 110, 12]], "jokers": [{"tile_id": 110, "letter": "E"}]}`
* `{"type": "timeout", "touched": true}` (the turn clock only)
"""

from __future__ import annotations

from dataclasses import dataclass

from tilegames.core.kernel.hints import Hint as Hint  # every game's hint, in its actions
from tilegames.core.kernel.protocol import Action


@dataclass(frozen=True)
class Draw(Action):
    """Take one tile from the pool; the turn ends (RULES.md §2.6 A). Also the way to decline
    the first meld (§2.5)."""

    kind = "draw"


@dataclass(frozen=True)
class Pass(Action):
    """With the pool empty: "I cannot or will not play" (RULES.md §2.10)."""

    kind = "pass"


@dataclass(frozen=True)
class JokerLetter:
    """The letter a joker on the table stands for."""

    tile_id: int
    letter: str


@dataclass(frozen=True)
class Play(Action):
    """The whole table as it stands at the end of the turn: each word an ordered row of tile
    ids, and the letter of every joker in those rows.

    Stating the final table (not the moves that led to it) is what the rules judge: only the
    end of the turn matters (RULES.md §2.6), and replay needs nothing else.
    """

    kind = "play"
    words: tuple[tuple[int, ...], ...]
    jokers: tuple[JokerLetter, ...] = ()


@dataclass(frozen=True)
class Timeout(Action):
    """The clock ran out (RULES.md §2.9). Taken by the turn controller, never by a player: the
    controller applies it to the turn's snapshot, which is the exact rollback, and the action
    adds the penalty (`timeout_penalty_tiles`). `touched`: the player had changed the table
    (only the message differs)."""

    kind = "timeout"
    controller_only = True
    touched: bool = False


ACTION_TYPES = (Draw, Pass, Play, Hint, Timeout)
