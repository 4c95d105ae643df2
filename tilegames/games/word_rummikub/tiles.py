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
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from tilegames.core.errors import BadRecord
from tilegames.core.inputs import shown, whole_number
from tilegames.core.lexicon import read_players_file
from tilegames.core.resources import assets_dir
from tilegames.core.tiles import Tile, make_tiles

JOKER = "*"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
JOKERS_LINE = "JOKERS"
MOST_TILES = 1000  # a bigger set is a mistake, not a game
_LINE = re.compile(r"(\S+)\s+(\S+)")


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
    where = f"The letter tiles file {shown(path, 80)}"
    text = read_players_file(Path(path), where)
    counts: dict[str, int] = {}
    jokers: int | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = _LINE.fullmatch(line)
        if match is None:
            raise BadRecord(f"{where}, line {number}: expected a letter and a count, like 'E 13', "
                            f"not '{shown(line, 30)}'.")
        name, count_text = match.group(1).upper(), match.group(2)
        try:
            count = whole_number(count_text, "count", max_digits=4)
        except ValueError:
            raise BadRecord(f"{where}, line {number}: '{shown(count_text, 20)}' is not a count.") from None
        if count < 0:
            raise BadRecord(f"{where}, line {number}: a count cannot be negative.")
        if name == JOKERS_LINE:
            if jokers is not None:
                raise BadRecord(f"{where}, line {number}: the jokers are counted twice.")
            jokers = count
        elif len(name) == 1 and name in LETTERS:
            if name in counts:
                raise BadRecord(f"{where}, line {number}: {name} is counted twice.")
            counts[name] = count
        else:
            raise BadRecord(f"{where}, line {number}: '{shown(match.group(1), 20)}' is neither a letter "
                            f"A to Z nor {JOKERS_LINE}.")
    letters = LetterSet(tuple(sorted((k, n) for k, n in counts.items() if n)), jokers or 0)
    if not letters.letters:
        raise BadRecord(f"{where} has no letter tiles (one 'LETTER COUNT' per line).")
    if letters.letters + letters.jokers > MOST_TILES:
        raise BadRecord(f"{where} has more than {MOST_TILES} tiles.")
    return letters


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
