"""Scrabble's moves: the plays a seat can find from its view, each with the engine's exact score
(DESIGN.md §4 "Strength", §7a). The computer player (agent.py) is a policy over them; hints and
the coming move generator with its levels build on the same seam.

The search is bounded and exact within its bound. A move's main word fills a *slot*: a stretch
of a row or column, free at both ends, holding 1-7 empty squares and touching the tiles on the
board (or covering the centre on the first move). The letters a slot needs are its own letters
plus some rack letters, so its candidate words are one dictionary lookup per choice of rack
letters: the word list indexed by sorted letters (an anagram index, built once per word list).
Each empty square's cross-word is checked against the letters it allows, and a move's score
is the engine's own (`board.score_play`). Blanks multiply the lookups by 26 each, so slots are
tried without blanks first, then with one, then two, and the search stops when its time budget
runs out (after the slot it is on), so what it finds by then is always the same prefix of the
same order.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from tilegames.core.parts.grid import STEP, Direction, Pos
from tilegames.core.parts.lexicon import Anagrams as Words
from tilegames.games.scrabble.actions import Place, Placement
from tilegames.games.scrabble.board import (
    CENTRE,
    LETTER_MULTIPLIER,
    PREMIUM,
    SIZE,
    score_play,
)
from tilegames.games.scrabble.tiles import BLANK
from tilegames.games.scrabble.view_types import ScrabbleView

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
Slot = tuple[Direction, tuple[Pos, ...]]


@dataclass(frozen=True)
class Move:
    """A play found: the engine's score for it, its tiles on their squares, and the blanks it uses
    (of two moves scoring the same, the one keeping blanks is better)."""

    score: int
    placements: tuple[Placement, ...]
    blanks: int

    @property
    def action(self) -> Place:
        return Place(self.placements)


def by_score(move: Move) -> tuple[int, int]:
    """How moves rank: the score, then the fewer blanks used."""
    return move.score, -move.blanks


def candidates(view: ScrabbleView, words: Words, time_budget: float) -> Iterator[Move]:
    """Every legal move found for the view's seat (not a spectator) within `time_budget` seconds
    (counted from this call), in the search's order (see above)."""
    deadline = time.monotonic() + max(0.0, time_budget)
    own = view["rack"]
    assert own is not None, "a spectator has no rack"
    board: dict[Pos, str] = {(sq["row"], sq["col"]): sq["letter"] for sq in view["board"]}
    rack = [(t["id"], t["face"]) for t in own]
    return _found(_Search(board, rack, words), deadline)


def best_moves(view: ScrabbleView, words: Words, time_budget: float, count: int = 1) -> list[Move]:
    """The `count` best moves found within `time_budget` (`by_score`; of equals, the one found
    first), best first; empty when none is found."""
    return heapq.nlargest(count, candidates(view, words, time_budget), key=by_score)


def _found(search: _Search, deadline: float) -> Iterator[Move]:
    for blanks in range(min(2, search.blank_count) + 1):
        for slot in search.slots():
            yield from search.moves(slot, blanks)
            if time.monotonic() > deadline:
                return


class _Search:
    """The search for one position: its slots, the letters each square allows, the moves filling a slot."""

    def __init__(self, board: dict[Pos, str], rack: list[tuple[int, str]], words: Words) -> None:
        self.board = board
        self.words = words
        self.tiles: dict[str, list[int]] = defaultdict(list)  # face -> tile ids
        for tile_id, face in rack:
            self.tiles[face].append(tile_id)
        self.blank_count = len(self.tiles.get(BLANK, ()))
        self.letters = "".join(sorted(f.lower() for f, ids in self.tiles.items() if f != BLANK for _ in ids))
        self.rack_size = len(rack)
        self._cross: dict[tuple[Pos, Direction], frozenset[str] | None] = {}
        self._subsets: dict[int, list[str]] = {}
        self._slots: list[Slot] | None = None

    # --- where words can go -------------------------------------------------------------------
    def slots(self) -> list[Slot]:
        """Every slot (see the module docstring), computed once."""
        if self._slots is None:
            self._slots = list(self._find_slots())
        return self._slots

    def _find_slots(self) -> Iterator[Slot]:
        first = not self.board
        hooks = {(r + dr, c + dc) for r, c in self.board for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
        directions: tuple[Direction, ...] = ("across",) if first else ("across", "down")  # the board is symmetric
        for direction in directions:
            for line in range(SIZE):
                cells = [(line, i) if direction == "across" else (i, line) for i in range(SIZE)]
                for start in range(SIZE):
                    if start and cells[start - 1] in self.board:
                        continue
                    empties, touching = 0, False
                    for end in range(start, SIZE):
                        cell = cells[end]
                        if cell in self.board:
                            touching = True
                        else:
                            empties += 1
                            if empties > self.rack_size:
                                break
                            touching = touching or cell in hooks or (first and cell == CENTRE)
                            if not first and not self._fits(cell, direction):
                                break  # no rack letter can stand here, nor in any longer slot
                        if end == start or not empties or not touching:
                            continue
                        if end + 1 < SIZE and cells[end + 1] in self.board:
                            continue
                        yield direction, tuple(cells[start:end + 1])

    def _fits(self, cell: Pos, direction: Direction) -> bool:
        allowed = self.cross(cell, direction)
        return allowed is None or bool(self.blank_count) or any(ch in allowed for ch in self.letters)

    def cross(self, cell: Pos, direction: Direction) -> frozenset[str] | None:
        """The letters that make a word across the slot's line at `cell` (None: any letter,
        nothing touches it that way)."""
        key = (cell, direction)
        if key not in self._cross:
            dr, dc = STEP["down" if direction == "across" else "across"]
            before, after = [], []
            r, c = cell[0] - dr, cell[1] - dc
            while (r, c) in self.board:
                before.append(self.board[(r, c)].lower())
                r, c = r - dr, c - dc
            r, c = cell[0] + dr, cell[1] + dc
            while (r, c) in self.board:
                after.append(self.board[(r, c)].lower())
                r, c = r + dr, c + dc
            if not before and not after:
                self._cross[key] = None
            else:
                head, tail = "".join(reversed(before)), "".join(after)
                self._cross[key] = frozenset(ch for ch in ALPHABET if head + ch + tail in self.words.lexicon)
        return self._cross[key]

    # --- what fits a slot ---------------------------------------------------------------------
    def _rack_choices(self, size: int) -> list[str]:
        """Each distinct choice of `size` lettered tiles from the rack, as sorted letters."""
        if size not in self._subsets:
            self._subsets[size] = sorted({"".join(c) for c in itertools.combinations(self.letters, size)})
        return self._subsets[size]

    def moves(self, slot: Slot, blanks: int) -> Iterator[Move]:
        """Every legal move filling `slot` with exactly `blanks` blanks."""
        direction, cells = slot
        fixed = {i: self.board[cell].lower() for i, cell in enumerate(cells) if cell in self.board}
        empty = [i for i in range(len(cells)) if i not in fixed]
        if blanks > self.blank_count or blanks > len(empty):
            return
        allowed = [self.cross(cells[i], direction) for i in empty]
        own = "".join(fixed.values())
        for chosen in self._rack_choices(len(empty) - blanks):
            for stand_ins in itertools.combinations_with_replacement(ALPHABET, blanks):
                for word in self.words.spelled_with(own + chosen + "".join(stand_ins)):
                    if len(word) != len(cells) or any(word[i] != ch for i, ch in fixed.items()):
                        continue
                    if any(a is not None and word[i] not in a for i, a in zip(empty, allowed)):
                        continue
                    yield self._move(direction, cells, word, empty, chosen, blanks)

    def _move(self, direction: Direction, cells: tuple[Pos, ...], word: str, empty: list[int],
              chosen: str, blanks: int) -> Move:
        """The move spelling `word`: blanks where a chosen tile is missing, on the squares whose
        letter premium is lowest (a blank is worth 0 whatever it stands on)."""
        real = Counter(chosen)
        on_blank: set[int] = set()
        if blanks:
            need = Counter(word[i] for i in empty) - real
            for letter, count in need.items():
                squares = sorted((i for i in empty if word[i] == letter),
                                 key=lambda i: LETTER_MULTIPLIER.get(PREMIUM.get(cells[i], ""), 1))
                on_blank.update(squares[:count])
        ids = {face: list(tile_ids) for face, tile_ids in self.tiles.items()}
        placed: dict[Pos, str] = {}
        placements = []
        for i in empty:
            letter = word[i].upper()
            tile = ids[BLANK].pop() if i in on_blank else ids[letter].pop()
            placed[cells[i]] = word[i] if i in on_blank else letter
            placements.append(Placement(tile, cells[i][0], cells[i][1], letter))
        score = score_play(self.board, placed, direction).score
        return Move(score, tuple(placements), len(on_blank))
