"""Nab-It!'s tiles (RULES.md §4.1): one colour per player, the same letters in every colour.

**Notation.** A tile's face names its colour and its letter: the owner's seat number, then the
letter, or `?` for the blank. `0E` is an E of seat 0's colour, `2?` is seat 2's blank. The colour
*is* the owner: each player draws only from their own bag, so every tile in a hand, on a bank or
put on the grid by a player is that player's colour, and the grid's top tiles say whose colour
shows where (the tie-break, §4.8). `COLOURS` names the colours for screens, seat by seat.

A blank's letter is chosen when it is placed and kept with the tile on the grid (state.py's
`Layer`), never in the tile: the same tile stands for that letter for the rest of the game.

**Double-sided tiles** are read as the same letter on both faces, so tiles lying open are
readable from either side (the default of RULES.md §4.1). Tiles with a different letter on each
face are not supported: a letter file has one letter per tile.

The letters of one colour are counted in `assets/nabit/letters.txt` (core/parts/letter_counts.py's
format, with a `BLANKS` line); a game can name another file (config `nab_letters`).
"""

from __future__ import annotations

import functools
from pathlib import Path

from tilegames.core import seeds
from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.parts.letter_counts import LetterCounts, kept_counts, read_letter_counts, source_of
from tilegames.core.resources import assets_dir
from tilegames.core.parts.tiles import Tile, make_tiles

BLANK = "?"
BLANKS_LINE = "BLANKS"
COLOURS = ("red", "blue", "green", "yellow")  # seat 0, 1, 2, 3
MOST_TILES = 250  # in one colour: a bigger set is a mistake, not a game


def shipped_letters() -> Path:
    return assets_dir() / "nabit" / "letters.txt"


def load_letters(path: Path | str | None) -> LetterCounts:
    """One colour's tiles as the file at `path` counts them (None: the shipped file);
    BadRecord with one sentence when the file cannot be read or is malformed."""
    return _load(str(path) if path is not None else str(shipped_letters()))


@functools.lru_cache(maxsize=8)
def _load(path: str) -> LetterCounts:
    """One colour's letters (`counts`) and blanks (`special`)."""
    where = _("The Nab-It! letters file {path}").format(path=shown(source_of(path), 80))
    letters = read_letter_counts(path, where, BLANKS_LINE, "E 2")
    if not letters.letters:
        raise BadRecord(_("{where} has no letter tiles (one 'LETTER COUNT' per line).").format(where=where))
    if letters.letters + letters.special > MOST_TILES:
        raise BadRecord(_("{where} has more than {most} tiles in one colour.").format(where=where, most=MOST_TILES))
    return letters


def letters_to_keep(path: str) -> str:
    """One colour's letters in the file at `path`, as a game's config keeps them (`--letters
    FILE`: the save no longer needs the file; core/parts/letter_counts.py)."""
    return kept_counts(load_letters(path), BLANKS_LINE, str(Path(path).resolve()))


def colour_size(nab_letters: str | None) -> int:
    """How many tiles one colour has."""
    letters = load_letters(nab_letters)
    return letters.letters + letters.special


def face(seat: int, letter: str) -> str:
    """The face of a tile of `seat`'s colour showing `letter` (BLANK for the blank)."""
    return f"{seat}{letter}"


def full_set(nab_letters: str | None, players: int) -> tuple[Tile, ...]:
    """Every tile of one game: each player's colour in seat order, numbered 0, 1, 2, … (the
    file's letters in alphabetical order, then the blanks)."""
    counts = load_letters(nab_letters)
    letters = [letter for letter, n in counts.counts for _ in range(n)] + [BLANK] * counts.special
    return make_tiles(face(seat, letter) for seat in range(players) for letter in letters)


def colour_set(nab_letters: str | None, players: int, seat: int) -> tuple[Tile, ...]:
    """The tiles of `seat`'s colour: what its bag holds before the deal."""
    return tuple(t for t in full_set(nab_letters, players) if owner(t) == seat)


def bag_seed(seed: int, seat: int) -> int:
    """The seed `seat`'s own bag is shuffled with, from the game's (core/seeds.py's part_seed:
    a keyed hash for a drawn seed, so one bag's order says nothing of another's)."""
    return seeds.part_seed(seed, f"nabit/bag/{seat}")


def owner(tile: Tile) -> int:
    """The seat whose colour the tile is."""
    return int(tile.face[:-1])


def is_blank(tile: Tile) -> bool:
    return tile.face.endswith(BLANK)


def printed_letter(tile: Tile) -> str | None:
    """The letter printed on the tile; None for a blank."""
    return None if is_blank(tile) else tile.face[-1]
