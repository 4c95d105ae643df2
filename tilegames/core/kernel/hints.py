"""Hints, as every game with them counts them (DESIGN.md §4 "Strength"): the `Hint` action a
player takes on their turn, and the count each seat has asked for, which the log, the views and
the summaries show. The hint itself is found from the player's own view by the game's hints
module, never by the engine, so nothing of it reaches the other seats."""

from __future__ import annotations

from dataclasses import dataclass

from tilegames.core.kernel.protocol import Action, Event
from tilegames.core.text.i18n import _


@dataclass(frozen=True)
class Hint(Action):
    """The player asks for a hint on their turn: the game counts it (`hint_asked`), the draft goes
    back (as after any action) and the turn goes on."""

    kind = "hint"


def hint_counts(hints: tuple[int, ...], seats: tuple[str, ...]) -> list[int]:
    """Each seat's hints (a state made before hints holds none: `()`)."""
    return list(hints or (0,) * len(seats))


def hint_asked(hints: tuple[int, ...], seats: tuple[str, ...], seat: int) -> tuple[tuple[int, ...], Event]:
    """The counts once `seat` has asked, and the event that says so."""
    counts = hint_counts(hints, seats)
    counts[seat] += 1
    text = _("{name} asked for a hint.").format(name=seats[seat])
    return tuple(counts), Event("hint", text, seat, {"hints": counts[seat]})
