"""Rummikub Word rule options: every config key of RULES.md §2, with its default, and the
presets.

`standard` is the shipped behaviour. `hard` is the two house rules the sources mention: words
of 4 letters or more (RULES.md §2.11) and a misspelling costs the next turn as well (seed 000
§3/§5). The fixed numbers of the game (14 dealt, racks topped up to 7, a first meld of 6
letters, 30 points per joker left on a rack) are constants here, not options: no source varies
them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tilegames.core.text.i18n import N_, _
from tilegames.core.text.inputs import shown
from tilegames.core.parts.lexicon import word_list_option
from tilegames.core.kernel.protocol import choose_preset
from tilegames.core.kernel.setup_options import PRESET, SetupOption, timer_option
from tilegames.games.word_rummikub.tiles import letters_to_keep

HAND = 14  # tiles dealt to each player (RULES.md §2.2)
RACK_TARGET = 7  # a player who placed a tile tops their rack up to this many (§2.4)
FIRST_MELD_LETTERS = 6  # the first meld is a word of at least this many letters (§2.5)
JOKER_PENALTY = 30  # what a joker left on a rack at the end costs (§2.8)

WordCheck = Literal["turn_end_penalty", "void"]
WinnerRule = Literal["points", "first_out"]


@dataclass(frozen=True)
class WordRummikubConfig:
    turn_seconds: int | None = 60
    min_word_len: int = 3
    first_meld_extra_words: bool = False
    longest_needs_rack_tile: bool = True
    joker_sub_from_table: bool = True
    word_check: WordCheck = "turn_end_penalty"
    skip_next_turn_on_misspell: bool = False
    timeout_penalty_tiles: int = 1
    winner_rule: WinnerRule = "points"
    family_words: bool = False  # only common words count (Lexicon.is_common)
    word_list: str | None = None  # a file of the player's own; None: the shipped English list
    word_letters: str | None = None  # a letter-distribution file; None: assets/word_rummikub/tiles.txt

    def __post_init__(self) -> None:
        if self.turn_seconds is not None and not 5 <= self.turn_seconds <= 600:
            raise ValueError(_("The turn time must be between 5 and 600 seconds, or off."))
        if not 3 <= self.min_word_len <= FIRST_MELD_LETTERS:
            raise ValueError(_("The shortest word allowed must be 3 to {letters} letters long.").format(
                letters=FIRST_MELD_LETTERS))
        if not 0 <= self.timeout_penalty_tiles <= RACK_TARGET:
            raise ValueError(_("A time-out costs 0 to {tiles} tiles.").format(tiles=RACK_TARGET))


PRESETS: dict[str, WordRummikubConfig] = {
    "standard": WordRummikubConfig(),
    "hard": WordRummikubConfig(min_word_len=4, skip_next_turn_on_misspell=True),
}


def preset(name: str, **changes: object) -> WordRummikubConfig:
    """A named preset with some keys changed."""
    return choose_preset(PRESETS, name, **changes)


def letters_file(text: str) -> str:
    """`--letters FILE`: the file is read at once, so a bad one is one line before the game
    starts, and the config keeps the counts it holds (with its full path on their first line),
    so that the game's save never depends on the file again."""
    return letters_to_keep(text)


def on_off(text: str) -> bool:
    """A switch typed on the command line."""
    value = {"on": True, "off": False}.get(text.strip().lower())
    if value is None:
        raise ValueError(_("'{text}' is not a choice: choose on or off.").format(text=shown(text, 30)))
    return value


SETUP_OPTIONS: tuple[SetupOption, ...] = (
    SetupOption(PRESET, N_("Rules"), N_("rule preset (default standard)"),
                ((N_("Standard"), "standard"), (N_("Hard: 4-letter words, a wrong word loses a turn"), "hard")),
                "standard"),
    SetupOption("word_check", N_("Wrong words"), N_("what a wrong word costs (default turn_end_penalty)"),
                ((N_("The turn: tiles back, draw 1"), "turn_end_penalty"), (N_("Nothing: fix them and go on"), "void")),
                "turn_end_penalty"),
    timer_option((30, 45, 60, 90, 120, None), 60),
    SetupOption("family_words", N_("Family words"),
                N_("family word mode: only common words count, on or off (default off)"),
                ((N_("Off: every word in the list"), False), (N_("On: common words only"), True)), False,
                parse=on_off, metavar="on|off"),
    SetupOption("word_list", N_("Word list"), N_("your own word list: one word per line, any case, # comments"),
                (), None, parse=word_list_option, metavar="FILE", in_form=False, flag="--words"),
    SetupOption("word_letters", N_("Letter tiles"),
                N_("your own letter tiles: one 'LETTER COUNT' per line and 'JOKERS COUNT'"),
                (), None, parse=letters_file, metavar="FILE", in_form=False, flag="--letters"),
)
