"""The check at the top of every game's `resolve`: may this seat act now?

Usually only the seat whose turn it is may act, but a game can let others in: Scrabble lets any
seat challenge the last play, or accept the last play of the game. The game says who may act
for the action at hand; the sentences are the same in every game.
"""

from __future__ import annotations

from typing import AbstractSet, Sequence

from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _


def check_turn(seats: Sequence[str], seat: int, who_may_act: AbstractSet[int]) -> None:
    """IllegalMove unless `seat` may act now. No one may act exactly when the game is over.

    The checks, in order: the game is over; there is no such seat; it is someone else's turn.
    """
    if not who_may_act:
        raise IllegalMove(_("The game is over."))
    if not 0 <= seat < len(seats):
        raise IllegalMove(_("There is no seat {seat}.").format(seat=seat))
    if seat in who_may_act:
        return
    if len(who_may_act) == 1:
        (current,) = who_may_act
        raise IllegalMove(_("It is {current}'s turn, not {name}'s.").format(current=seats[current], name=seats[seat]))
    names = _(" and ").join(seats[s] for s in sorted(who_may_act))
    raise IllegalMove(_("Only {names} may act now, not {name}.").format(names=names, name=seats[seat]))
