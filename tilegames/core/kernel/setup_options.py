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

from tilegames.core.text.i18n import N_, _, ngettext
from tilegames.core.text.inputs import shown, whole_number

PRESET = "preset"

Choices = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class SetupOption:
    key: str  # the config key it sets, or PRESET
    label: str  # the setup form's label (short: the form is 72 cells wide), marked with N_
    help: str  # the command line's help (English), marked with N_ unless `help_id` says more
    choices: Choices  # (label, value) offered by the form; the first one the CLI's names come from
    default: Any  # the value of a new game unless chosen otherwise (a preset's name for PRESET)
    # Command-line text -> value, ValueError with a sentence; None: the value named like a choice.
    parse: Callable[[str], Any] | None = None
    metavar: str | None = None
    in_form: bool = True  # False: command line only (a word list file has no place in the form)
    # The choices relabelled for a number of players (rounds say how many games they mean).
    for_players: Callable[[int], Choices] | None = None
    flag: str = ""  # the command line's option; "" for --key-with-dashes
    # Options are made when their game's module is imported, before the language is known, so
    # their text is English here and translated where it is shown (shown_label, shown_help,
    # choices_for). `help_id`: the help's message id when it has a value in it ({default});
    # `describe`: a choice's label in the player's language, for labels made from a value.
    help_id: str = ""
    help_values: tuple[tuple[str, str], ...] = ()
    describe: Callable[[Any], str] | None = None

    @property
    def cli_flag(self) -> str:
        return self.flag or "--" + self.key.replace("_", "-")

    def shown_label(self) -> str:
        """The form's label in the player's language."""
        return _(self.label)  # i18n: marked

    def shown_help(self) -> str:
        """The command line's help in the player's language."""
        if self.help_id:
            return _(self.help_id).format(**dict(self.help_values))  # i18n: marked
        return _(self.help)  # i18n: marked

    def choices_for(self, players: int) -> Choices:
        """The form's choices for `players` players, labelled in the player's language."""
        if self.for_players is not None:
            return self.for_players(players)
        describe = self.describe
        if describe is not None:
            return tuple((describe(value), value) for _label, value in self.choices)
        return tuple((_(label), value) for label, value in self.choices)  # i18n: marked

    def from_text(self, text: str) -> Any:
        """The value of a command-line argument; ValueError with a sentence."""
        if self.parse is not None:
            return self.parse(text)
        names = {str(value): value for _, value in self.choices}
        if text not in names:
            raise ValueError(_("'{text}' is not a choice: choose {choices}.").format(
                text=shown(text, 30), choices=", ".join(names)))
        return names[text]


def config_from_choices(presets: Mapping[str, Any], options: Sequence[SetupOption],
                        chosen: Mapping[str, Any]) -> Any:
    """The config of a new game: the chosen preset (or the default one) with every other chosen
    option set; options not chosen keep the preset's value. ValueError for a bad choice."""
    by_key = {o.key: o for o in options}
    preset_option = by_key.get(PRESET)
    name = chosen.get(PRESET, preset_option.default if preset_option else next(iter(presets)))
    if name not in presets:
        raise ValueError(_("Unknown preset '{name}': choose {presets}.").format(
            name=shown(name, 30), presets=_(" or ").join(presets)))
    base = presets[name]
    keys = {f.name for f in fields(base)}
    changes = {k: v for k, v in chosen.items() if k != PRESET}
    unknown = [k for k in changes if k not in keys]
    if unknown:
        raise ValueError(_("No such option: {options}.").format(options=", ".join(unknown)))
    return replace(base, **changes)


def defaults(options: Sequence[SetupOption]) -> dict[str, Any]:
    """Every option at its default: a new game as the setup form first offers it."""
    return {o.key: o.default for o in options}


# --- values shared by the games' options ------------------------------------------------------

def whole_or_off(text: str, refusal: str, max_digits: int) -> int | None:
    """A number typed on the command line, or `off` (None); anything else is a ValueError with
    `refusal` (the caller's sentence, translated, with `{text}`)."""
    if text.strip().lower() == "off":
        return None
    try:
        return whole_number(text, max_digits=max_digits)
    except ValueError:
        raise ValueError(refusal.format(text=shown(text, 30))) from None


def seconds_or_off(text: str) -> int | None:
    """A turn time typed on the command line: seconds, or `off` (None: no timer)."""
    return whole_or_off(text, _("'{text}' is not a number of seconds or 'off'."), 4)


def minutes_or_off(text: str) -> int | None:
    """A game clock typed on the command line: minutes, or `off` (None: no clock)."""
    return whole_or_off(text, _("'{text}' is not a number of minutes or 'off'."), 3)


def count(text: str) -> int:
    """A count typed on the command line (rounds): ASCII digits only, bounded."""
    return whole_number(text, N_("count"), max_digits=4)


def timer_option(choices: Sequence[int | None], default: int | None, *, minutes: bool = False) -> SetupOption:
    """The turn timer: the form offers `choices` (seconds; None for off), named in minutes or
    in seconds. The labels are made English here (at import) and in the player's language
    when shown."""
    def english(seconds: int | None) -> str:
        if seconds is None:
            return "off"
        return f"{seconds // 60} minute{'s' if seconds > 60 else ''}" if minutes else f"{seconds} seconds"

    def label(seconds: int | None) -> str:
        if seconds is None:
            return _("off")
        if minutes:
            return ngettext("{count} minute", "{count} minutes", 1 if seconds <= 60 else 2).format(
                count=seconds // 60)
        return _("{count} seconds").format(count=seconds)

    shown_default = "off" if default is None else str(default)
    help_id = N_("seconds per turn, or off (default {default})")
    return SetupOption("turn_seconds", N_("Turn timer"), help_id.format(default=shown_default),
                       tuple((english(s), s) for s in choices), default, parse=seconds_or_off,
                       metavar="SECONDS|off", flag="--turn-time", help_id=help_id,
                       help_values=(("default", shown_default),), describe=label)
