"""The Scrabble tile set (RULES.md §3.1): 100 tiles, 98 letters and 2 blanks."""

from __future__ import annotations

from tilegames.core.parts.tiles import Tile, make_tiles

BLANK = "?"
RACK_SIZE = 7
BINGO_BONUS = 50

# letter: (count, points)
DISTRIBUTION: dict[str, tuple[int, int]] = {
    "A": (9, 1), "B": (2, 3), "C": (2, 3), "D": (4, 2), "E": (12, 1), "F": (2, 4), "G": (3, 2),
    "H": (2, 4), "I": (9, 1), "J": (1, 8), "K": (1, 5), "L": (4, 1), "M": (2, 3), "N": (6, 1),
    "O": (8, 1), "P": (2, 3), "Q": (1, 10), "R": (6, 1), "S": (4, 1), "T": (6, 1), "U": (4, 1),
    "V": (2, 4), "W": (2, 4), "X": (1, 8), "Y": (2, 4), "Z": (1, 10), BLANK: (2, 0),
}
POINTS: dict[str, int] = {letter: points for letter, (_, points) in DISTRIBUTION.items()}


def letter_points(letter: str) -> int:
    """Face value of a tile: a lower-case letter is a blank standing for it, worth 0."""
    return 0 if letter == BLANK or letter.islower() else POINTS[letter]


def full_set() -> tuple[Tile, ...]:
    return make_tiles(letter for letter, (count, _) in DISTRIBUTION.items() for _ in range(count))


def rack_value(letters: str) -> int:
    return sum(letter_points(ch) for ch in letters)
