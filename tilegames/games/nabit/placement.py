"""Judging a build (RULES.md §4.3, §4.4): crossword placement and the stacking rules.

A build is refused, with every reason at once, unless:

* every tile comes from the player's hand, once, onto a cell of its own (**at most one tile per
  cell per turn**), a blank with the letter it stands for;
* the tiles lie in one row or one column and, with the stacks already there, make one line with
  no gaps (core/parts/grid.py, shared with Scrabble);
* the **first build** of the game is one word of at least `min_word_len` letters, anywhere;
  later builds **connect**: a tile goes on a stack or next to one;
* stacking: **never on a capped stack** (5 high), **never a letter on the same letter** (the
  top tile only; a blank counts as its letter), and **no word covered completely**: every word
  on the grid keeps at least one of its letters in sight;
* **every word formed or changed** (each line of 2+ cells through a placed tile) has at least
  `min_word_len` letters and is a word (words.py).

It reads the grid as `CellTop`s only (board.py), so the computer player runs the same check on
its view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.parts.grid import DIRECTIONS, GeometryError, Pos, run_through, touches, words_formed
from tilegames.core.parts.letter_counts import LETTERS
from tilegames.core.parts.tiles import Tile
from tilegames.games.nabit.actions import Placement
from tilegames.games.nabit.board import LIMIT, Cells, CellTop, Layer, Surface, spell, where
from tilegames.games.nabit.config import MAX_HEIGHT, NabItConfig
from tilegames.games.nabit.tiles import owner, printed_letter
from tilegames.games.nabit.words import Judge


@dataclass(frozen=True)
class FormedWord:
    cells: Cells
    word: str
    problem: str | None = None  # why it does not count (None: it does)


@dataclass(frozen=True)
class BuildReport:
    """A build judged: what it puts where, the words it forms or changes, the stacks it caps, and
    every reason it would be refused (none: it stands)."""

    placed: Mapping[Pos, Layer]  # cell -> the tile put on it, in the order of the placements
    after: Mapping[Pos, CellTop]  # what every cell shows once the build stands
    words: tuple[FormedWord, ...]  # formed or changed: the main word, then the cross-words
    caps: tuple[Pos, ...]  # stacks this build caps (their 5th tile)
    problems: tuple[str, ...]


def check_build(config: NabItConfig, judge: Judge, cells: Surface, hand: Sequence[Tile],
                placements: Sequence[Placement], turn: int) -> BuildReport:
    """The build judged against the grid `cells` as the turn began; IllegalMove with every
    reason when it would be refused."""
    report = judge_build(config, judge, cells, hand, placements, turn)
    if report.problems:
        raise IllegalMove(*report.problems)
    return report


def judge_build(config: NabItConfig, judge: Judge, cells: Surface, hand: Sequence[Tile],
                placements: Sequence[Placement], turn: int) -> BuildReport:
    """The build judged, never raising: the views show a turn in progress with it. Faults of
    ownership or geometry leave nothing else to judge (no words)."""
    try:
        placed = _own_tiles(hand, placements, turn)
    except IllegalMove as exc:
        return BuildReport({}, cells, (), (), exc.reasons)
    after = dict(cells)
    for pos, layer in placed.items():
        below = cells.get(pos)
        height = below.height + 1 if below is not None else 1
        after[pos] = CellTop(layer.letter, owner(layer.tile), height, turn if height >= MAX_HEIGHT else None)
    try:
        lines = words_formed(after.keys(), placed.keys()).lines
    except GeometryError as exc:
        return BuildReport(placed, after, (), (), (str(exc),))
    problems = _connection(config, cells, placed, lines) + _stacking(cells, placed)
    words = tuple(_judged(config, judge, after, line) for line in lines)
    problems += [w.problem for w in words if w.problem is not None]
    caps = tuple(pos for pos in placed if after[pos].capped)
    return BuildReport(placed, after, words, caps, tuple(dict.fromkeys(problems)))


def _own_tiles(hand: Sequence[Tile], placements: Sequence[Placement], turn: int) -> dict[Pos, Layer]:
    """The placements as tiles and letters; IllegalMove when they are not the player's to place
    (nothing after this check means anything until it holds)."""
    if not placements:
        raise IllegalMove(_("Put at least one tile on the grid, or exchange or pass."))
    by_id = {t.id: t for t in hand}
    problems: list[str] = []
    seen_tiles: set[int] = set()
    placed: dict[Pos, Layer] = {}
    for p in placements:
        tile = by_id.get(p.tile)
        pos = (p.row, p.col)
        if tile is None or p.tile in seen_tiles:
            problems.append(_("You can only put tiles from your hand, each once."))
            continue
        seen_tiles.add(p.tile)
        if not (abs(p.row) < LIMIT and abs(p.col) < LIMIT):
            problems.append(_("That cell is too far out: rows and columns go from -{most} to {most}.").format(most=LIMIT - 1))
            continue
        if pos in placed:
            problems.append(_("Only one tile goes on a cell in a turn; you put two on {cell}.").format(cell=where(pos)))
            continue
        letter = p.letter.strip().upper()
        printed = printed_letter(tile)
        if printed is None:
            if len(letter) != 1 or letter not in LETTERS:
                problems.append(_("Say which letter your blank stands for, one letter from A to Z."))
                continue
        elif letter not in ("", printed):
            problems.append(_("That tile is {face}, not {letter}.").format(face=printed, letter=letter[:3]))
            continue
        placed[pos] = Layer(tile, printed or letter, turn)
    if problems:
        raise IllegalMove(*dict.fromkeys(problems))
    return placed


def _connection(config: NabItConfig, cells: Surface, placed: Mapping[Pos, Layer], lines: tuple[Cells, ...]) -> list[str]:
    """The first build is a word on its own; every later one touches what is on the grid."""
    if not cells:
        length = max((len(line) for line in lines), default=1)
        if length < config.min_word_len:
            return [_("The first word needs at least {count} letters.").format(count=config.min_word_len)]
        return []
    if not touches(cells.keys(), placed.keys()):
        return [_("Your tiles must touch the grid: put one on a stack or next to one.")]
    if not lines:
        return [_("A build must form or change a word of 2 letters or more.")]
    return []


def _stacking(cells: Surface, placed: Mapping[Pos, Layer]) -> list[str]:
    """The stacking rules of §4.4, for the tiles put on stacks."""
    problems = []
    for pos, layer in placed.items():
        below = cells.get(pos)
        if below is None:
            continue
        if below.capped:
            problems.append(_("The stack at {cell} is capped: it holds {count} tiles and never changes again.").format(
                cell=where(pos), count=below.height))
        elif below.letter == layer.letter:
            problems.append(_("You cannot put {letter} on {letter} ({cell}): a letter never goes on the same letter.").format(
                letter=layer.letter, cell=where(pos)))
    covered = set(placed)
    for word in dict.fromkeys(run_through(cells.keys(), pos, d) for pos in covered if pos in cells for d in DIRECTIONS):
        if len(word) >= 2 and covered.issuperset(word):
            problems.append(_("You cannot cover the whole of {word}: at least one of its letters must stay in sight.").format(
                word=spell(cells, word)))
    return problems


def _judged(config: NabItConfig, judge: Judge, after: Surface, line: Cells) -> FormedWord:
    word = spell(after, line)
    if len(line) < config.min_word_len:
        return FormedWord(line, word, _("{word} is too short: words need at least {count} letters.").format(
            word=word, count=config.min_word_len))
    return FormedWord(line, word, judge.problem(word))
