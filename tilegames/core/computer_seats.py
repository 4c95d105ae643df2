"""Which seats the computer plays, and how well: the one rule every door follows (the app's
setup form and `--players`, the screens that drive computer seats, the server's lobby and robots).

A seat is the computer's when its name says so: `CPU`, or `CPU 1`, `CPU 2`… when there are
several. For a game whose computer player has levels (its manifest's `levels`), the name
carries the level in brackets, `CPU (strong)`, `CPU 2 (easy)`: so the level shows beside the
name wherever the name does (the scores, the log, every other player's screen), and a saved
game, a journal and a server table keep it with nothing else to store. A bare `CPU` (a game
saved before levels) plays at the default level.

Players type `cpu`, or `cpu:LEVEL` (`cpu:strong`); the names the game gets are made here
(`seat_names`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tilegames.core.text.i18n import _

LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"

_NAME = re.compile(r"cpu(?: [0-9]+)?(?: \((?P<level>[^()]*)\))?", re.IGNORECASE)
_TYPED = re.compile(r"cpu(?::(?P<level>.*))?", re.IGNORECASE)


def is_computer(name: str) -> bool:
    """Whether the seat named `name` is played by the computer."""
    return _NAME.fullmatch(name.strip()) is not None


def computer_level(name: str) -> str | None:
    """The level the seat named `name` plays at (the default when its name gives none), or
    None when a person plays it."""
    found = _NAME.fullmatch(name.strip())
    if found is None:
        return None
    return (found["level"] or DEFAULT_LEVEL).strip().casefold()


def typed_level(text: str) -> str | None:
    """The level a name typed in the players field asks for (`cpu`: the default, `cpu:strong`,
    or a computer's name as the game shows it, `CPU 2 (easy)`), or None for a person's name."""
    typed = _TYPED.fullmatch(text.strip())
    if typed is not None:
        return (typed["level"] or DEFAULT_LEVEL).strip().casefold()
    return computer_level(text)


def level_refused(level: str, levels: Sequence[str]) -> str | None:
    """Why a computer seat cannot play at `level` in a game whose player has `levels` (the
    default level is every game's), or None when it can."""
    if level in levels or (level == DEFAULT_LEVEL and not levels):
        return None
    if not levels:
        return _("This game's computer player has one level: name it cpu, not cpu:{level}.").format(level=level)
    return _("There is no computer level {level}: choose {levels}.").format(level=repr(level), levels=", ".join(levels))


def seat_names(typed: Sequence[str], levels: Sequence[str] = ()) -> tuple[str, ...]:
    """The names the game gets for the names typed: computers become CPU, or CPU 1, CPU 2…
    when there are several, with their level in brackets when the game's computer player has
    `levels`. ValueError with a sentence for a level the game does not have."""
    asked = [typed_level(name) for name in typed]
    count = sum(1 for level in asked if level is not None)
    numbers = iter(range(1, count + 1))
    names = []
    for name, level in zip(typed, asked):
        if level is None:
            names.append(name.strip())
            continue
        refused = level_refused(level, levels)
        if refused is not None:
            raise ValueError(refused)
        base = f"CPU {next(numbers)}" if count > 1 else "CPU"
        names.append(f"{base} ({level})" if levels else base)
    return tuple(names)


def next_kind(name: str, levels: Sequence[str]) -> str:
    """What a seat of the setup form becomes when it is switched: a person becomes the computer
    at the default level, then each level in turn (`cpu:LEVEL`), and the last level a person
    again (an empty string: the form gives the seat a name)."""
    level = typed_level(name)
    if level is None:
        return "cpu" if not levels else f"cpu:{DEFAULT_LEVEL}"
    order = [DEFAULT_LEVEL, *[lv for lv in levels if lv != DEFAULT_LEVEL]]
    if level not in order or level == order[-1]:
        return ""
    return f"cpu:{order[order.index(level) + 1]}"
