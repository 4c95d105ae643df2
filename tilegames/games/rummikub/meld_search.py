"""The most a rack could meld (RULES.md §1.8), found by an exact search.

`best_meld_value` answers the tournament referee's question (§1.8): what is the most a rack could
have put down as disjoint valid sets? It is an exact search, because the answer decides
between a 100 and a 200 point penalty, and a greedy guess can miss a meld that exists.
`can_meld` asks a cheaper question: is there a meld worth at least the threshold?
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Sequence

from tilegames.games.rummikub.config import INITIAL_MELD_POINTS
from tilegames.games.rummikub.notation import COLOURS, HIGHEST, JOKER, LOWEST, Face


# An exact branch-and-bound search with memoisation.
#
# Order. Faces are numbered number-major (K1 R1 B1 O1 K2 ...). The search always decides the
# lowest face still on the rack: one copy of it either stays on the rack or goes into a set in
# which it is the lowest numbered tile. All lower faces are decided already, so such a set uses
# only later faces, plus jokers, and a set reaches only a few numbers ahead: the remaining rack
# stays close to the original, which is what makes memoising on it pay.
#
# Candidate sets. For each face: every group it can lead (later colours of its number, jokers
# for the missing places) and every run it can lead. A run is identified by its numbered tiles
# and its number of jokers; jokers fill the gaps, and any left over go on top (as high as 13
# allows, then below), which is worth the most and changes nothing else. Runs longer than
# `_max_run(jokers)` are never needed: such a run splits into shorter runs with the same tiles
# and value, each still holding a numbered tile (a test checks this for every joker pattern).
#
# State. The rack is one integer: `bits` bits of copy count per face, the joker count above
# them. A candidate set is a subtraction, and "are all its tiles here?" is one AND against a
# presence mask.
#
# Bound. A state can add at most the sum of its numbers plus 13 per joker. `_Search.solve`
# takes a floor (alpha) and may stop early on a branch that cannot beat it; the memo records
# whether a value is exact or only an upper bound, so entries stay correct for later floors.
# The first floor comes from a greedy pick, which is often close to the best.

_FACES: tuple[Face, ...] = tuple(Face(c, n) for n in range(LOWEST, HIGHEST + 1) for c in COLOURS)
_INDEX: dict[Face, int] = {f: i for i, f in enumerate(_FACES)}
_MAX_JOKER_VALUE = HIGHEST

# (face indices used, jokers used, value, sum of the numbered tiles, layout in play order)
_Shape = tuple[tuple[int, ...], int, int, int, tuple[Face, ...]]
# (requirement mask, jokers used, value, sum of the numbered tiles, layout in play order)
_Template = tuple[int, int, int, int, tuple[Face, ...]]


def _max_run(jokers: int) -> int:
    """The longest run the search must try when this many jokers are available."""
    return min(HIGHEST - LOWEST + 1, max(5, jokers + 3))


def _run_layout(colour: str, numbers: tuple[int, ...], jokers: int) -> tuple[Face, ...] | None:
    """The run with these numbered tiles and jokers worth the most, or None if none fits.

    Jokers fill the gaps first; the rest go on top up to 13, then below the lowest tile.
    """
    low, high = numbers[0], numbers[-1]
    extra = jokers - (high - low + 1 - len(numbers))
    length = high - low + 1 + extra
    if extra < 0 or length < 3:
        return None
    top = min(HIGHEST, high + extra)
    bottom = top - length + 1
    if bottom < LOWEST:
        return None
    present = set(numbers)
    return tuple(Face(colour, n) if n in present else JOKER for n in range(bottom, top + 1))


def _layout_value(layout: tuple[Face, ...]) -> int:
    """Points of a run laid out in order: its first number, rising by one per place."""
    first = next(i for i, f in enumerate(layout) if not f.is_joker)
    bottom = (layout[first].number or 0) - first
    return (2 * bottom + len(layout) - 1) * len(layout) // 2


@lru_cache(maxsize=None)
def _shapes(jokers: int) -> tuple[tuple[_Shape, ...], ...]:
    """For each face, every candidate set that it leads (see above), best value first."""
    by_face: list[tuple[_Shape, ...]] = []
    reach = _max_run(jokers)
    for face in _FACES:
        n, c = face.number, face.colour
        assert n is not None and c is not None
        shapes: list[_Shape] = []
        later = COLOURS[COLOURS.index(c) + 1 :]
        for size in (3, 4):
            for k in range(0, min(jokers, size - 1) + 1):
                for others in combinations(later, size - 1 - k):
                    tiles = (face,) + tuple(Face(o, n) for o in others)
                    used = tuple(_INDEX[t] for t in tiles)
                    shapes.append((used, k, n * size, n * len(tiles), tiles + (JOKER,) * k))
        for more in range(0, reach):
            for offsets in combinations(range(1, reach), more):
                numbers = (n,) + tuple(n + o for o in offsets)
                if numbers[-1] > HIGHEST:
                    continue
                used = tuple(_INDEX[Face(c, m)] for m in numbers)
                for k in range(0, jokers + 1):
                    layout = _run_layout(c, numbers, k)
                    if layout is not None and len(layout) <= reach:
                        shapes.append((used, k, _layout_value(layout), sum(numbers), layout))
        # A single tile with jokers reads as a run and as a group: keep the better one.
        best: dict[tuple[tuple[int, ...], int], _Shape] = {}
        for shape in shapes:
            key = (shape[0], shape[1])
            if key not in best or best[key][2] < shape[2]:
                best[key] = shape
        by_face.append(tuple(sorted(best.values(), key=lambda s: -s[2])))
    return tuple(by_face)


@lru_cache(maxsize=None)
def _templates(jokers: int, bits: int) -> tuple[tuple[_Template, ...], ...]:
    """`_shapes` with each set's faces turned into a mask, `bits` bits per face."""
    return tuple(
        tuple(
            (sum(1 << (i * bits) for i in used), k, value, tile_sum, layout)
            for used, k, value, tile_sum, layout in shapes
        )
        for shapes in _shapes(jokers)
    )


class _Search:
    """The exact search for one rack (see the comment above)."""

    def __init__(self, faces: Sequence[Face]) -> None:
        counts = [0] * len(_FACES)
        self.jokers = 0
        for face in faces:
            if face.is_joker:
                self.jokers += 1
            else:
                counts[_INDEX[face]] += 1
        self.bits = max(1, max(counts).bit_length())
        self.joker_shift = len(_FACES) * self.bits
        self.unit = sum(1 << (i * self.bits) for i in range(len(_FACES)))
        self.numbered_mask = (1 << self.joker_shift) - 1
        # Keep only the candidate sets the whole rack could make, and drop tiles that none of
        # them uses: those tiles stay on the rack whatever happens.
        presence = self._presence(self._pack(counts))
        self.usable: list[tuple[_Template, ...]] = []
        live = 0
        for shapes in _templates(self.jokers, self.bits):
            fits = tuple(t for t in shapes if t[0] & presence == t[0])
            self.usable.append(fits)
            for t in fits:
                live |= t[0]
        counts = [k if live >> (i * self.bits) & 1 else 0 for i, k in enumerate(counts)]
        self.start = self._pack(counts) | (self.jokers << self.joker_shift)
        self.start_sum = sum(k * (_FACES[i].number or 0) for i, k in enumerate(counts))
        self.bound = self.start_sum + _MAX_JOKER_VALUE * self.jokers
        # state -> (exact?, value); a value that is not exact is an upper bound.
        self.memo: dict[int, tuple[bool, int]] = {}

    def _pack(self, counts: Sequence[int]) -> int:
        return sum(k << (i * self.bits) for i, k in enumerate(counts))

    def _presence(self, numbered: int) -> int:
        """Bit i*bits is set where face i has at least one copy left."""
        seen = numbered
        for shift in range(1, self.bits):
            seen |= numbered >> shift
        return seen & self.unit

    def solve(self, state: int, left: int, alpha: int) -> int:
        """The most `state` can meld if that is more than `alpha`; otherwise some upper bound
        no greater than `alpha`. `left` is the sum of the numbers in `state`."""
        numbered = state & self.numbered_mask
        if not numbered:
            return 0
        jokers = state >> self.joker_shift
        bound = left + _MAX_JOKER_VALUE * jokers
        if bound <= alpha:
            return bound
        known = self.memo.get(state)
        if known is not None and (known[0] or known[1] <= alpha):
            return known[1]
        bits, shift = self.bits, self.joker_shift
        idx = ((numbered & -numbered).bit_length() - 1) // bits
        presence = self._presence(numbered)
        best = 0  # the best exact value found that beats the floor
        ceiling = 0  # the highest upper bound among branches that did not
        for req, k, value, tile_sum, _ in self.usable[idx]:
            if k > jokers or req & presence != req:
                continue
            floor = best if best > alpha else alpha
            got = value + self.solve(state - req - (k << shift), left - tile_sum, floor - value)
            if got > floor:
                best = got
                if best == bound:
                    break
            elif got > ceiling:
                ceiling = got
        if best < bound:  # or leave one copy of this face on the rack
            floor = best if best > alpha else alpha
            number = _FACES[idx].number or 0
            got = self.solve(state - (1 << (idx * bits)), left - number, floor)
            if got > floor:
                best = got
            elif got > ceiling:
                ceiling = got
        if best > alpha:
            self.memo[state] = (True, best)
            return best
        if best > ceiling:
            ceiling = best
        self.memo[state] = (False, ceiling)
        return ceiling

    def greedy(self) -> tuple[int, tuple[tuple[Face, ...], ...]]:
        """A quick meld (not always the best): take the most valuable set that fits, again
        and again. Its value is the search's first floor."""
        options = sorted((t for fits in self.usable for t in fits), key=lambda t: -t[2])
        state, total, sets = self.start, 0, []
        for req, k, value, _, layout in options:
            while k <= state >> self.joker_shift and req & self._presence(
                state & self.numbered_mask
            ) == req:
                state -= req + (k << self.joker_shift)
                total += value
                sets.append(layout)
        return total, tuple(sets)

    def best(self) -> int:
        """The exact best meld value."""
        floor, _ = self.greedy()
        got = self.solve(self.start, self.start_sum, floor - 1)
        return got if got >= floor else floor

    def at_least(self, threshold: int) -> bool:
        """Is some meld worth `threshold` or more? The floor prunes everything below it."""
        if self.bound < threshold:
            return False
        if self.greedy()[0] >= threshold:
            return True
        return self.solve(self.start, self.start_sum, threshold - 1) >= threshold

    def sets(self) -> tuple[tuple[Face, ...], ...]:
        """Sets achieving `best()`, each laid out in play order."""
        target = self.best()
        state, left, chosen = self.start, self.start_sum, []
        while target > 0:
            numbered = state & self.numbered_mask
            jokers = state >> self.joker_shift
            idx = ((numbered & -numbered).bit_length() - 1) // self.bits
            presence = self._presence(numbered)
            for req, k, value, tile_sum, layout in self.usable[idx]:
                if k > jokers or req & presence != req:
                    continue
                after = state - req - (k << self.joker_shift)
                need = target - value
                if self.solve(after, left - tile_sum, need - 1) >= need:
                    chosen.append(layout)
                    state, left, target = after, left - tile_sum, need
                    break
            else:
                state -= 1 << (idx * self.bits)
                left -= _FACES[idx].number or 0
        return tuple(chosen)


def best_meld_value(faces: Sequence[Face]) -> int:
    """The most points a rack can put down as disjoint valid sets, jokers counting as the
    tile they stand for. Exact, for any multiset of faces: RULES.md §1.8 asks whether a player
    "could have melded", and a wrong answer costs them 100 points."""
    return _Search(faces).best()


def best_meld(faces: Sequence[Face]) -> tuple[tuple[Face, ...], ...]:
    """Sets achieving `best_meld_value`, each in play order (so a referee can show them)."""
    return _Search(faces).sets()


def can_meld(faces: Sequence[Face], threshold: int = INITIAL_MELD_POINTS) -> bool:
    """Could this rack make an initial meld worth `threshold` or more? Exact; cheaper than
    `best_meld_value` because it stops at the first meld that reaches the threshold and
    never explores anything that cannot."""
    return _Search(faces).at_least(threshold)
