"""The 15x15 board (RULES.md §3.2): premium squares, coordinates, and scoring a play (§3.6).

Coordinates are GCG style: `8D` is row 8 from column D going across, `D8` is column D from
row 8 going down; lower case is accepted. Cells hold letters: upper case for a lettered tile,
lower case for a blank standing for that letter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Collection, Mapping

from tilegames.core.parts.grid import STEP, Direction, Pos, Words, words_formed
from tilegames.core.text.i18n import _
from tilegames.games.scrabble.quoting import shown
from tilegames.games.scrabble.tiles import BINGO_BONUS, RACK_SIZE, letter_points

SIZE = 15
CENTRE: Pos = (7, 7)
COLUMNS = "ABCDEFGHIJKLMNO"

_PREMIUMS = {
    "TW": "A1 H1 O1 A8 O8 A15 H15 O15",
    "DW": "B2 C3 D4 E5 N2 M3 L4 K5 B14 C13 D12 E11 N14 M13 L12 K11 H8",
    "TL": "F2 J2 B6 F6 J6 N6 B10 F10 J10 N10 F14 J14",
    "DL": "D1 L1 G3 I3 A4 H4 O4 C7 G7 I7 M7 D8 L8 C9 G9 I9 M9 A12 H12 O12 G13 I13 D15 L15",
}


def square_name(pos: Pos) -> str:
    return f"{COLUMNS[pos[1]]}{pos[0] + 1}"


def _pos(name: str) -> Pos:
    return int(name[1:]) - 1, COLUMNS.index(name[0])


PREMIUM: dict[Pos, str] = {_pos(name): kind for kind, names in _PREMIUMS.items() for name in names.split()}
LETTER_MULTIPLIER = {"DL": 2, "TL": 3}
WORD_MULTIPLIER = {"DW": 2, "TW": 3}

_ACROSS = re.compile(r"([0-9]{1,2})([A-Oa-o])")  # ASCII digits only: int() would also take "٨"
_DOWN = re.compile(r"([A-Oa-o])([0-9]{1,2})")


class CoordinateError(ValueError):
    pass


@dataclass(frozen=True)
class Coordinate:
    start: Pos
    direction: Direction

    def cells(self, length: int) -> list[Pos]:
        r, c = self.start
        return [(r, c + i) if self.direction == "across" else (r + i, c) for i in range(length)]

    def __str__(self) -> str:
        r, c = self.start
        return f"{r + 1}{COLUMNS[c]}" if self.direction == "across" else f"{COLUMNS[c]}{r + 1}"


def parse_coordinate(text: str) -> Coordinate:
    """`8D` (across) or `D8` (down), any case; CoordinateError with a sentence otherwise."""
    for pattern, direction in ((_ACROSS, "across"), (_DOWN, "down")):
        match = pattern.fullmatch(text.strip())
        if match:
            row_text, col_text = match.groups() if direction == "across" else match.groups()[::-1]
            row = int(row_text)
            if 1 <= row <= SIZE:
                return Coordinate((row - 1, COLUMNS.index(col_text.upper())), direction)  # type: ignore[arg-type]
    raise CoordinateError(_(
        '"{text}" is not a square: write 8D for row 8 from column D across, or D8 for column D '
        "from row 8 down (rows 1-15, columns A-O)."
    ).format(text=shown(text, 20)))


@dataclass(frozen=True)
class WordScore:
    cells: tuple[Pos, ...]
    word: str
    score: int


@dataclass(frozen=True)
class ScoredPlay:
    words: Words
    word_scores: tuple[WordScore, ...]  # the main word first (if 2+ letters), then cross-words
    bingo: bool
    score: int


def score_play(board: Mapping[Pos, str], placed: Mapping[Pos, str], hint: Direction = "across") -> ScoredPlay:
    """Score `placed` (cell -> letter) on `board` (cells already covered).

    Letter premiums and word multipliers count only on newly covered squares; word multipliers
    compound; a blank (lower case) is worth 0 but still takes its square's word multiplier; a
    tile shared by two words counts in both; all 7 tiles earn +50 (RULES.md §3.6).
    Raises GeometryError when the tiles are not one line with no gaps.
    """
    after = {**board, **placed}
    words = words_formed(after.keys(), placed.keys(), hint)
    scores = []
    for cells in words.lines:
        total, multiplier = 0, 1
        for pos in cells:
            value = letter_points(after[pos])
            if pos in placed:
                premium = PREMIUM.get(pos)
                value *= LETTER_MULTIPLIER.get(premium, 1)  # type: ignore[arg-type]
                multiplier *= WORD_MULTIPLIER.get(premium, 1)  # type: ignore[arg-type]
            total += value
        scores.append(WordScore(cells, "".join(after[p] for p in cells), total * multiplier))
    bingo = len(placed) == RACK_SIZE
    score = sum(s.score for s in scores) + (BINGO_BONUS if bingo else 0)
    return ScoredPlay(words, tuple(scores), bingo, score)


def play_notation(after: Mapping[Pos, str], placed: Collection[Pos], direction: Direction,
                  spelled: bool = False) -> str:
    """A play in GCG notation, `8D QU.Z`: where the main word starts, then the word with the
    squares that were already covered as dots (`spelled`: their letters, `8D QUIZ`, as
    listings of plays show them) and blanks in lower case."""
    dr, dc = STEP[direction]
    r, c = min(placed)
    while (r - dr, c - dc) in after:
        r, c = r - dr, c - dc
    start = (r, c)
    letters = []
    while (r, c) in after:
        letters.append(after[(r, c)] if spelled or (r, c) in placed else ".")
        r, c = r + dr, c + dc
    return f"{Coordinate(start, direction)} {''.join(letters)}"
