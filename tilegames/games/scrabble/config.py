"""Scrabble rule options (RULES.md §3 config keys) and the presets `casual` and `tournament`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tilegames.core.text.i18n import N_, _
from tilegames.core.parts.lexicon import word_list_option
from tilegames.core.kernel.protocol import choose_preset
from tilegames.core.kernel.setup_options import PRESET, SetupOption, minutes_or_off, timer_option


@dataclass(frozen=True)
class ScrabbleConfig:
    challenge_mode: Literal["double", "single", "penalty", "void"] = "double"
    challenge_penalty_points: int = 5
    stall_rule: Literal["all_pass_twice", "six_scoreless"] = "all_pass_twice"
    endgame: Literal["hasbro", "naspa2p"] = "hasbro"
    turn_seconds: int | None = None  # off unless chosen (DESIGN.md §3)
    word_list: str | None = None  # a file of the player's own; None: the shipped English list
    # A tournament game clock: minutes each player has for all their turns; past them, overtime
    # costs OVERTIME_POINTS per minute started (games/scrabble/clock.py). None: off.
    game_clock_minutes: int | None = None

    def __post_init__(self) -> None:
        if self.turn_seconds is not None and not 5 <= self.turn_seconds <= 3600:
            raise ValueError(_("The turn time must be between 5 and 3600 seconds, or off."))
        if self.game_clock_minutes is not None:
            if not 1 <= self.game_clock_minutes <= 180:
                raise ValueError(_("The game clock must be between 1 and 180 minutes, or off."))
            if self.turn_seconds is not None:
                raise ValueError(_("Choose a turn timer or a game clock, not both."))
        if self.challenge_penalty_points < 0:
            raise ValueError(_("The challenge penalty cannot be negative."))


PRESETS: dict[str, ScrabbleConfig] = {
    "casual": ScrabbleConfig(),
    "tournament": ScrabbleConfig(stall_rule="six_scoreless", endgame="naspa2p", challenge_mode="double"),
}


def preset(name: str, **changes: object) -> ScrabbleConfig:
    """A named preset with some keys changed."""
    return choose_preset(PRESETS, name, **changes)


SETUP_OPTIONS: tuple[SetupOption, ...] = (
    SetupOption(PRESET, N_("Rules"), N_("rule preset (default casual)"),
                ((N_("Casual (Hasbro)"), "casual"), (N_("Tournament (NASPA, 2 players)"), "tournament")), "casual"),
    SetupOption("challenge_mode", N_("Challenges"), N_("challenge rule (default double)"),
                ((N_("Double: a failed challenge loses a turn"), "double"), (N_("Single: no penalty"), "single"),
                 (N_("Penalty: 5 points per word"), "penalty"), (N_("Void: words are checked at once"), "void")),
                "double", flag="--challenge"),
    timer_option((60, 120, 180, None), None, minutes=True),
    SetupOption("game_clock_minutes", N_("Game clock"),
                N_("minutes on each player's clock for the whole game, 10 points off per minute over, or off "
                   "(default off; instead of a turn timer)"),
                ((N_("off"), None), (N_("25 minutes (tournament)"), 25), (N_("15 minutes"), 15), (N_("50 minutes"), 50)),
                None, parse=minutes_or_off, metavar="MINUTES|off", flag="--game-clock"),
    SetupOption("word_list", N_("Word list"), N_("your own word list: one word per line, any case, # comments"),
                (), None, parse=word_list_option, metavar="FILE", in_form=False, flag="--words"),
)
