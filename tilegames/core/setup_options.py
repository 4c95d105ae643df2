"""The options a game offers when one is set up, as data: the app's setup form and the options
of `tilegames play GAME` are both built from a game's `setup_options`, so a game describes its
choices once and both front ends offer the same ones with the same defaults.

An option sets one config key (`preset` chooses the preset the other keys change). The form
shows its `choices`; the command line takes the choices' names, or any text `parse` accepts
(a turn time of 75 seconds is fine on the command line though the form offers round values).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Callable, Mapping, Sequence

from tilegames.core.inputs import shown, whole_number

PRESET = "preset"

Choices = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class SetupOption:
    key: str  # the config key it sets, or PRESET
    label: str  # the setup form's label (short: the form is 72 cells wide)
    help: str  # the command line's help
    choices: Choices  # (label, value) offered by the form; the first one the CLI's names come from
    default: Any  # the value of a new game unless chosen otherwise (a preset's name for PRESET)
    # Command-line text -> value, ValueError with a sentence; None: the value named like a choice.
    parse: Callable[[str], Any] | None = None
    metavar: str | None = None
    in_form: bool = True  # False: command line only (a word list file has no place in the form)
    # The choices relabelled for a number of players (rounds say how many games they mean).
    for_players: Callable[[int], Choices] | None = None
    flag: str = ""  # the command line's option; "" for --key-with-dashes

    @property
    def cli_flag(self) -> str:
        return self.flag or "--" + self.key.replace("_", "-")

    def choices_for(self, players: int) -> Choices:
        return self.for_players(players) if self.for_players is not None else self.choices

    def from_text(self, text: str) -> Any:
        """The value of a command-line argument; ValueError with a sentence."""
        if self.parse is not None:
            return self.parse(text)
        names = {str(value): value for _, value in self.choices}
        if text not in names:
            raise ValueError(f"'{shown(text, 30)}' is not a choice: choose {', '.join(names)}.")
        return names[text]


def config_from_choices(presets: Mapping[str, Any], options: Sequence[SetupOption],
                        chosen: Mapping[str, Any]) -> Any:
    """The config of a new game: the chosen preset (or the default one) with every other chosen
    option set; options not chosen keep the preset's value. ValueError for a bad choice."""
    by_key = {o.key: o for o in options}
    preset_option = by_key.get(PRESET)
    name = chosen.get(PRESET, preset_option.default if preset_option else next(iter(presets)))
    if name not in presets:
        raise ValueError(f"Unknown preset '{shown(name, 30)}': choose {' or '.join(presets)}.")
    base = presets[name]
    keys = {f.name for f in fields(base)}
    changes = {k: v for k, v in chosen.items() if k != PRESET}
    unknown = [k for k in changes if k not in keys]
    if unknown:
        raise ValueError(f"No such option: {', '.join(unknown)}.")
    return replace(base, **changes)


def defaults(options: Sequence[SetupOption]) -> dict[str, Any]:
    """Every option at its default: a new game as the setup form first offers it."""
    return {o.key: o.default for o in options}


# --- values shared by the games' options ------------------------------------------------------

def seconds_or_off(text: str) -> int | None:
    """A turn time typed on the command line: seconds, or `off` (None: no timer)."""
    if text.strip().lower() == "off":
        return None
    try:
        return whole_number(text, "number of seconds", max_digits=4)
    except ValueError:
        raise ValueError(f"'{shown(text, 30)}' is not a number of seconds or 'off'.") from None


def count(text: str) -> int:
    """A count typed on the command line (rounds): ASCII digits only, bounded."""
    return whole_number(text, "count", max_digits=4)


def timer_option(choices: Sequence[int | None], default: int | None, *, minutes: bool = False) -> SetupOption:
    """The turn timer: the form offers `choices` (seconds; None for off), named in minutes or
    in seconds."""
    def label(seconds: int | None) -> str:
        if seconds is None:
            return "off"
        return f"{seconds // 60} minute{'s' if seconds > 60 else ''}" if minutes else f"{seconds} seconds"

    shown_default = "off" if default is None else str(default)
    return SetupOption("turn_seconds", "Turn timer", f"seconds per turn, or off (default {shown_default})",
                       tuple((label(s), s) for s in choices), default, parse=seconds_or_off,
                       metavar="SECONDS|off", flag="--turn-time")
