"""Nab-It! rule options: every config key of RULES.md §4, with its default, and the presets.

`standard` is the shipped behaviour. `table` plays as the physical game does round a table with
no racks: hands lie open (`open_hands`) and a player who reaches their last tile without saying
so puts a bank tile back (`require_last_tile_announce`, §4.7). The fixed numbers of the game (a
hand of 5, stacks at most 5 high) are constants here, not options: no source varies them.

The timer is off by default: RULES.md §4 gives Nab-It! no time limit, and the design keeps the
clock off for Scrabble and Nab-It! unless the players choose one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Literal, Mapping

from tilegames.core.text.i18n import N_, _
from tilegames.core.text.inputs import shown
from tilegames.core.parts.lexicon import word_list_option
from tilegames.core.kernel.protocol import choose_preset
from tilegames.core.kernel.setup_options import PRESET, SetupOption, timer_option
from tilegames.games.nabit.tiles import letters_to_keep

HAND = 5  # tiles in a hand, refilled after each build (RULES.md §4.1)
MAX_HEIGHT = 5  # the most tiles a stack holds; the 5th caps it (§4.4, §4.5)
MAX_EXCHANGE = HAND  # tiles one exchange may return (§4.3)
MAX_SEATS = 4

BankTrigger = Literal["cap", "any_steal"]


@dataclass(frozen=True)
class NabItConfig:
    turn_seconds: int | None = None  # off unless chosen
    min_word_len: int = 2  # every line of 2+ tiles formed or changed is a word this long or longer
    bank_trigger: BankTrigger = "cap"  # what earns the one bank tile of a turn (§4.5)
    open_hands: bool = False  # every view shows every hand
    require_last_tile_announce: bool = False  # reaching the last tile unannounced costs a bank tile
    first_player: int | None = None  # the seat that starts; None: drawn from the game's seed
    family_words: bool = False  # only common words count (Lexicon.is_common)
    word_list: str | None = None  # a file of the player's own; None: the shipped English list
    nab_letters: str | None = None  # one colour's letters; None: assets/nabit/letters.txt

    def __post_init__(self) -> None:
        if self.turn_seconds is not None and not 5 <= self.turn_seconds <= 3600:
            raise ValueError(_("The turn time must be between 5 and 3600 seconds, or off."))
        if not 2 <= self.min_word_len <= MAX_HEIGHT:
            raise ValueError(_("The shortest word allowed must be 2 to {most} letters long.").format(most=MAX_HEIGHT))
        if self.first_player is not None and not 0 <= self.first_player < MAX_SEATS:
            raise ValueError(_("The first player is one of the {count} seats, or drawn at random.").format(count=MAX_SEATS))


PRESETS: dict[str, NabItConfig] = {
    "standard": NabItConfig(),
    "table": NabItConfig(open_hands=True, require_last_tile_announce=True),
}


def preset(name: str, **changes: object) -> NabItConfig:
    """A named preset with some keys changed."""
    return choose_preset(PRESETS, name, **changes)


def letters_file(text: str) -> str:
    """`--letters FILE`: the file is read at once, so a bad one is one line before the game
    starts, and the config keeps the counts it holds (with its full path on their first line),
    so that the game's save never depends on the file again."""
    return letters_to_keep(text)


def _named(names: Mapping[str, object], refusal: str) -> Callable[[str], object]:
    """A command-line value that is one of `names` (any case); ValueError naming them.
    `refusal` is the sentence, marked with N_, with `{text}` and `{names}` in it."""
    def parse(text: str) -> object:
        key = text.strip().lower()
        if key not in names:
            sentence = _(refusal)  # i18n: marked
            raise ValueError(sentence.format(text=shown(text, 30), names=", ".join(names)))
        return names[key]
    return parse


_PLAYER_CHOICES = ((N_("Player 1"), 0), (N_("Player 2"), 1), (N_("Player 3"), 2), (N_("Player 4"), 3))

SETUP_OPTIONS: tuple[SetupOption, ...] = (
    SetupOption(PRESET, N_("Rules"), N_("rule preset (default standard)"),
                ((N_("Standard"), "standard"), (N_("Table: open hands, announce your last tile"), "table")), "standard"),
    SetupOption("bank_trigger", N_("Bank tile"), N_("what earns a bank tile (default cap)"),
                ((N_("Capping a stack (its 5th tile)"), "cap"), (N_("Taking a word from another player"), "any_steal")),
                "cap", flag="--bank"),
    timer_option((60, 120, 180, None), None, minutes=True),
    SetupOption("family_words", N_("Family words"),
                N_("family word mode: only common words count, on or off (default off)"),
                ((N_("Off: every word in the list"), False), (N_("On: common words only"), True)), False,
                parse=_named({"on": True, "off": False}, N_("'{text}' is not a choice: choose {names}.")),
                metavar="on|off"),
    SetupOption("first_player", N_("First player"), N_("who starts: random, or a player's number 1-4 (default random)"),
                ((N_("Random"), None),) + _PLAYER_CHOICES[:MAX_SEATS], None,
                parse=_named({"random": None, **{str(n): n - 1 for n in range(1, MAX_SEATS + 1)}},
                             N_("'{text}' is not a player: choose {names}.")),
                metavar="random|1-4", in_form=False),
    SetupOption("word_list", N_("Word list"), N_("your own word list: one word per line, any case, # comments"),
                (), None, parse=word_list_option, metavar="FILE", in_form=False, flag="--words"),
    SetupOption("nab_letters", N_("Letter tiles"), N_("your own letters for each colour: one 'LETTER COUNT' per line "
                "and 'BLANKS COUNT'"), (), None, parse=letters_file, metavar="FILE", in_form=False, flag="--letters"),
)
