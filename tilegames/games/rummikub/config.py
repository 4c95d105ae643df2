"""Rummikub rule options: every config key of RULES.md §1, with its default, and the presets.

`sabra` (the box rules) is the default; `tournament` is seed 001's 2014 Korean tournament,
which R-MSO confirms. They differ in joker penalties and in how a player who never melded is
charged (RULES.md §1.8); every other key can be set in either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping

from tilegames.core.text.i18n import N_, _, ngettext
from tilegames.games.rummikub.view_types import TableRules
from tilegames.core.kernel.protocol import choose_preset
from tilegames.core.kernel.setup_options import PRESET, Choices, SetupOption, count, timer_option

INITIAL_MELD_POINTS = 30


@dataclass(frozen=True)
class RummikubConfig:
    profile: Literal["sabra", "tournament"] = "sabra"
    # "auto": the standard set for 2-4 players, XP (160 tiles) for 5-6 (RULES.md §1.1).
    edition: Literal["auto", "standard", "xp"] = "auto"
    turn_seconds: int | None = 60
    allow_doubles_redeal: bool = True
    mso_joker_deal: bool = False
    manipulate_on_meld_turn: bool = False
    joker_sub_from_table: bool = True
    joker_free_by_rearrange: bool = True
    joker_group_needs_both: bool = False
    penalty_swap_own_tiles: bool = False
    pool_empty_end: Literal["first_stuck", "all_stuck"] = "first_stuck"
    stuck_scoring: Literal["difference", "rummikub_org"] = "difference"
    match_winner: Literal["points", "games_won"] = "points"
    rounds: int = 1

    def __post_init__(self) -> None:
        if self.turn_seconds is not None and not 5 <= self.turn_seconds <= 600:
            raise ValueError(_("The turn time must be between 5 and 600 seconds, or off."))
        if not 1 <= self.rounds <= 20:
            raise ValueError(_("A match has between 1 and 20 rounds."))

    def table_rules(self) -> TableRules:
        """The options that say which tables a play may leave (the view's `rules`)."""
        return {"manipulate_on_meld_turn": self.manipulate_on_meld_turn,
                "joker_sub_from_table": self.joker_sub_from_table,
                "joker_free_by_rearrange": self.joker_free_by_rearrange,
                "joker_group_needs_both": self.joker_group_needs_both}

    @classmethod
    def of_table_rules(cls, rules: Mapping[str, Any]) -> RummikubConfig:
        """A config with these table rules (a view's `rules`; a missing one: its default) and
        the defaults otherwise: what a computer player needs to know of the game's options."""
        given = {key: bool(rules.get(key, value)) for key, value in cls().table_rules().items()}
        return cls(manipulate_on_meld_turn=given["manipulate_on_meld_turn"],
                   joker_sub_from_table=given["joker_sub_from_table"],
                   joker_free_by_rearrange=given["joker_free_by_rearrange"],
                   joker_group_needs_both=given["joker_group_needs_both"])

    @property
    def joker_penalty(self) -> int:
        """What a joker left on a rack costs: 30 (Sabra) or 50 (tournament)."""
        return 50 if self.profile == "tournament" else 30

    def edition_for(self, players: int) -> Literal["standard", "xp"]:
        if self.edition == "auto":
            return "xp" if players >= 5 else "standard"
        return self.edition


PRESETS: dict[str, RummikubConfig] = {
    "sabra": RummikubConfig(),
    "tournament": RummikubConfig(profile="tournament"),
}


def preset(name: str, **changes: object) -> RummikubConfig:
    """A named preset with some keys changed."""
    return choose_preset(PRESETS, name, **changes)


MOST_ROUNDS_OFFERED = 5  # the setup form's; the command line takes any the config allows


def rounds_choices(players: int) -> Choices:
    """The rounds a match can have, each saying how many games it means (a round is one game
    per player) for `players` players; without a playable number of players, just how. In the
    player's language: called when the form is shown."""
    def label(rounds: int) -> str:
        name = ngettext("{count} round", "{count} rounds", rounds).format(count=rounds)
        if 2 <= players <= 6:
            return _("{rounds} = {games} games").format(rounds=name, games=rounds * players)
        return _("{rounds} (a game per player)").format(rounds=name)

    return tuple((label(n), n) for n in range(1, MOST_ROUNDS_OFFERED + 1))


def _rounds_choices_english() -> Choices:
    """The choices as made at import for two players (no language chosen yet); the form shows rounds_choices."""
    return tuple((f"{n} round{'s' if n > 1 else ''} = {n * 2} games", n) for n in range(1, MOST_ROUNDS_OFFERED + 1))


SETUP_OPTIONS: tuple[SetupOption, ...] = (
    SetupOption(PRESET, N_("Rules"), N_("rule preset (default sabra)"),
                ((N_("Sabra (box rules)"), "sabra"), (N_("Tournament"), "tournament")), "sabra"),
    timer_option((30, 45, 60, 90, 120, None), 60),
    SetupOption("rounds", N_("Rounds"), N_("rounds in the match; a round is one game per player (default 1)"),
                _rounds_choices_english(), 1, parse=count, metavar="N", for_players=rounds_choices),
)
