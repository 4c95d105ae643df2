"""Rummikub Word's tiles: letters A to Z and jokers, counted in a data file (RULES.md §2.1).

No source gives the real distribution, so it lives in `assets/word_rummikub/tiles.txt`, where a
true one can replace it, and a game can name another file (config `word_letters`). The file is
data from outside: anything wrong with it is one sentence (`BadRecord`), never a traceback.

A letter tile's face is its letter. A joker's face is `*`, which no letter can be (J is a
letter here); the letter a joker stands for on the table is kept beside the table (state.py),
never in the tile, since it changes when the joker moves.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.parts.letter_counts import LETTERS as LETTERS  # the draft and the joker rules read it here
from tilegames.core.parts.letter_counts import LetterCounts, kept_counts, read_letter_counts, source_of
from tilegames.core.resources import assets_dir
from tilegames.core.parts.tiles import Tile, make_tiles

JOKER = "*"
JOKERS_LINE = "JOKERS"
MOST_TILES = 1000  # a bigger set is a mistake, not a game


def shipped_letters() -> Path:
    return assets_dir() / "word_rummikub" / "tiles.txt"


@dataclass(frozen=True)
class LetterSet:
    """How many tiles of each letter there are, and how many jokers."""

    counts: tuple[tuple[str, int], ...]  # (letter, count) in alphabetical order
    jokers: int

    @property
    def letters(self) -> int:
        return sum(n for _, n in self.counts)

    def faces(self) -> list[str]:
        return [letter for letter, n in self.counts for _ in range(n)] + [JOKER] * self.jokers


def load_letters(path: Path | str | None) -> LetterSet:
    """The distribution in `path` (None: the shipped one); BadRecord with one sentence."""
    return _load(str(path) if path is not None else str(shipped_letters()))


@functools.lru_cache(maxsize=8)
def _load(path: str) -> LetterSet:
    where = _("The letter tiles file {path}").format(path=shown(source_of(path), 80))
    read = read_letter_counts(path, where, JOKERS_LINE, "E 13")
    letters = LetterSet(read.counts, read.special)
    if not letters.letters:
        raise BadRecord(_("{file} has no letter tiles (one 'LETTER COUNT' per line).").format(file=where))
    if letters.letters + letters.jokers > MOST_TILES:
        raise BadRecord(_("{file} has more than {count} tiles.").format(file=where, count=MOST_TILES))
    return letters


def letters_to_keep(path: str) -> str:
    """The distribution in the file at `path`, as a game's config keeps it (`--letters FILE`:
    the save no longer needs the file; core/parts/letter_counts.py)."""
    letters = load_letters(path)
    return kept_counts(LetterCounts(letters.counts, letters.jokers), JOKERS_LINE, str(Path(path).resolve()))


def full_set(word_letters: str | None) -> tuple[Tile, ...]:
    """Every tile of one game, numbered 0, 1, 2, … in the file's order (letters, then jokers)."""
    return make_tiles(load_letters(word_letters).faces())


def is_joker(tile: Tile) -> bool:
    return tile.face == JOKER


def letter_of(tile: Tile, named: Mapping[int, str]) -> str | None:
    """The letter a tile shows: its face, or for a joker the letter named for it (None when it
    has none yet)."""
    return named.get(tile.id) if is_joker(tile) else tile.face


def spell(row: Sequence[Tile], named: Mapping[int, str]) -> str:
    """A row as the word it spells; a joker with no letter yet shows as `?`."""
    return "".join(letter_of(t, named) or "?" for t in row)
