"""Finding builds for the computer player: words through a line already on the grid.

An **anchor** is a line of occupied cells read one way: every word on the grid, and every
single cell in a direction where it stands alone (a word can cross it there). A build through
an anchor keeps some of its letters, stacks hand letters on others (never all of a word's: a
word is never covered completely) and may add hand letters before and after it, on empty cells.
So the letters of the new word are the anchor's, minus the `k` it covers, plus the hand letters
put down: for each choice of the letters covered, one walk of the shared word graph
(core/wordgraph/anagrams.py, a blank a wild tile) finds the words that keep the others and add
hand letters. Each word found is then fitted to the anchor's cells.

The candidates are only proposals: the computer player judges each with the engine's own check
(placement.py) before it considers it. The search stops at a deadline, and without one it gives
the same candidates in the same order every time.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from tilegames.core.parts.grid import DIRECTIONS, STEP, Direction, Pos, run_through
from tilegames.core.wordgraph import WordGraph
from tilegames.core.wordgraph.anagrams import anagrams, spellings
from tilegames.games.nabit.board import Surface
from tilegames.games.nabit.tiles import BLANK

MAX_ADDED = 4  # cells added to one anchor at most
MAX_REACH = 4  # empty cells looked at beyond each end of an anchor


@dataclass(frozen=True)
class Anchor:
    cells: tuple[Pos, ...]
    direction: Direction
    before: int  # empty cells free before it (each followed by an empty cell or the anchor)
    after: int


@dataclass(frozen=True)
class Proposal:
    """A build proposed: (cell, letter) pairs, each a hand letter put on an empty cell or a stack."""

    tiles: tuple[tuple[Pos, str], ...]


def anchors(cells: Surface) -> list[Anchor]:
    """Every anchor of the grid (see the module docstring), in a fixed order."""
    found = []
    for direction in DIRECTIONS:
        dr, dc = STEP[direction]
        for pos in sorted(cells):
            if (pos[0] - dr, pos[1] - dc) in cells:
                continue
            line = run_through(cells.keys(), pos, direction)
            found.append(Anchor(line, direction, _free(cells, line[0], -dr, -dc), _free(cells, line[-1], dr, dc)))
    return found


def _free(cells: Surface, end: Pos, dr: int, dc: int) -> int:
    """How many cells beyond `end` can be filled without running into another stack."""
    count = 0
    r, c = end
    while count < MAX_REACH:
        r, c = r + dr, c + dc
        if (r, c) in cells or (r + dr, c + dc) in cells:
            break
        count += 1
    return count


def _choices(letters: str, sizes: range) -> Iterator[str]:
    """Each distinct choice of `letters` (sorted) of each size in `sizes`."""
    for size in sizes:
        yield from sorted({"".join(c) for c in itertools.combinations(sorted(letters), size)})


def through(anchor: Anchor, cells: Surface, hand: str, graph: WordGraph, deadline: float) -> Iterator[Proposal]:
    """Builds through `anchor` with the hand's letters (`hand`, lower case, `?` a blank): for
    each choice of the anchor's letters to cover, the words that keep the others and add hand
    letters, found in one walk of the graph."""
    n = len(anchor.cells)
    line = "".join(cells[pos].letter.lower() for pos in anchor.cells)
    stackable = "".join(line[i] for i, pos in enumerate(anchor.cells) if not cells[pos].capped)
    have = Counter(hand)
    real, blanks = hand.replace(BLANK, ""), hand.count(BLANK)
    reach = min(MAX_ADDED, anchor.before + anchor.after)
    seen: set[tuple[str, int]] = set()
    for covered in range(n if n > 1 else 1):  # never the whole word; a lone letter is not covered
        for lost in _choices(stackable, range(covered, covered + 1)):
            if time.monotonic() > deadline:
                return
            kept = "".join(sorted((Counter(line) - Counter(lost)).elements()))
            found = spellings(graph, real, blanks, kept, max(2, n), None, n + reach)
            for spelling in sorted(found, key=lambda f: (-len(f.word), f.word)):
                added = len(spelling.word) - n
                if len(spelling.letters) + len(spelling.wild) != covered + added or not covered + added:
                    continue  # every covered cell and every added one takes one hand letter
                if (spelling.word, added) not in seen:
                    seen.add((spelling.word, added))
                    yield from _fit(anchor, line, spelling.word, added, cells, have)


def _fit(anchor: Anchor, line: str, word: str, added: int, cells: Surface, have: Counter[str]) -> Iterator[Proposal]:
    """`word` laid over the anchor with `added` new cells split before and after it, where the
    hand (`have`: letter counts, `?` blanks) holds the letters it needs."""
    dr, dc = STEP[anchor.direction]
    first = anchor.cells[0]
    for before in range(added + 1):
        after = added - before
        if before > anchor.before or after > anchor.after:
            continue
        tiles = []
        for i, letter in enumerate(word):
            j = i - before
            pos = (first[0] + dr * j, first[1] + dc * j)
            if 0 <= j < len(line):
                if letter == line[j]:
                    continue
                if cells[pos].capped:
                    break
            tiles.append((pos, letter.upper()))
        else:
            missing = Counter(letter.lower() for _, letter in tiles) - have
            if sum(missing.values()) <= have[BLANK]:
                yield Proposal(tuple(tiles))


def first_words(hand: str, graph: WordGraph, min_len: int, deadline: float) -> Iterator[Proposal]:
    """Words for the first build, longest first, laid across from (0, 0)."""
    for size in range(len(hand), max(2, min_len) - 1, -1):
        for chosen in _choices(hand, range(size, size + 1)):
            if time.monotonic() > deadline:
                return
            real, blanks = chosen.replace(BLANK, ""), chosen.count(BLANK)
            for word in anagrams(graph, real, blanks):
                yield Proposal(tuple(((0, i), letter.upper()) for i, letter in enumerate(word)))
