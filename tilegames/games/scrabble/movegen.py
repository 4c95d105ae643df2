"""Every legal Scrabble play for a rack, with its exact score, fast (DESIGN.md §7a).

Gordon's GADDAG algorithm ("A Faster Scrabble Move Generation Algorithm", 1994) over the shared
word graph (core/wordgraph): for each anchor of each lane (lanes.py), tiles are laid leftwards
from the anchor while the graph has a path, then, past the separator, rightwards. Every path
is part of a real word, so little is tried that fails. A play is found once: its tiles go left
no further than the lane's previous anchor (a play reaching that square is found from it), and
a one-tile play is found across unless it makes no word across.

Scores are kept as the tiles go down: the main word's letters and multipliers, and the word
each tile makes across the lane. The test of exactness (tests/scrabble/test_scrabble_movegen.py)
checks every play against the engine's own scorer and against a brute-force enumeration.

`best` finds the top plays without generating all of them: each anchor gets an upper bound on
what any play through it can score (its tiles on the squares most worth having, no word
checked: `_bound`), anchors are searched from the highest bound down, and the search stops at
the first anchor whose bound cannot beat the plays already held.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from tilegames.core.parts.grid import Direction, Pos
from tilegames.core.wordgraph import ALL_LETTERS, WordGraph
from tilegames.core.wordgraph.build import LETTERS, SEPARATOR
from tilegames.games.scrabble.lanes import EMPTY, Lane, lanes
from tilegames.games.scrabble.tiles import BINGO_BONUS, BLANK, POINTS, RACK_SIZE

_POINTS = [POINTS[ch.upper()] for ch in LETTERS]
BLANK_SYMBOL = 26
Raw = tuple[int, int, tuple[tuple[int, int, bool], ...], int]  # score, lane number, tiles, rack used


@dataclass(frozen=True)
class Play:
    """A play found: its tiles (square, letter shown: lower case for a blank), in reading order,
    its score, the rack it leaves (sorted, `?` for a blank) and its equity (the score plus the
    leave's value, when the generator was given leave values)."""

    score: int
    direction: Direction
    tiles: tuple[tuple[Pos, str], ...]
    leave: str
    equity: float
    tie: tuple[object, ...] = field(default=(), compare=False, repr=False)  # see _tie

    @property
    def blanks(self) -> int:
        return sum(letter.islower() for _, letter in self.tiles)


class MoveGenerator:
    """The plays of one rack on one board. `rack` is faces such as "AEINST?"."""

    def __init__(self, board: Mapping[Pos, str], rack: str, graph: WordGraph,
                 leave_value: Callable[[str], float] | None = None) -> None:
        self.graph = graph
        self.lanes = lanes(board, graph)
        self.counts = [0] * 27
        for face in rack:
            self.counts[BLANK_SYMBOL if face == BLANK else ord(face.lower()) - 97] += 1
        self.rack_size = len(rack)
        # Each choice of rack tiles used is a number in a mixed radix, one digit per symbol, so
        # the leave of a play is a table lookup, not a string built per play.
        self.stride = [0] * 27
        radix = 1
        for symbol in range(27):
            if self.counts[symbol]:
                self.stride[symbol] = radix
                radix *= self.counts[symbol] + 1
        self.leaves = [self._leave(used) for used in range(radix)]
        self.leave_values = [leave_value(leave) if leave_value else 0.0 for leave in self.leaves]

    def _leave(self, used: int) -> str:
        left = []
        for symbol in range(27):
            if self.counts[symbol]:
                n = self.counts[symbol] - used // self.stride[symbol] % (self.counts[symbol] + 1)
                left.append((BLANK if symbol == BLANK_SYMBOL else LETTERS[symbol].upper()) * n)
        return "".join(sorted("".join(left)))

    # --- the two ways to ask -----------------------------------------------------------------
    def all(self) -> list[Play]:
        """Every legal play, each once."""
        found: list[Raw] = []

        def keep(score: int, lane: int, tiles: tuple[tuple[int, int, bool], ...], used: int) -> None:
            found.append((score, lane, tiles, used))

        for number, lane in enumerate(self.lanes):
            previous = -1
            for anchor in lane.anchors:
                self._search(number, lane, anchor, previous, keep)
                previous = anchor
        return [self._play(raw) for raw in found]

    def best(self, count: int = 1, equity: bool = False) -> list[Play]:
        """The `count` best plays by score (`equity`: by score plus leave value), best first:
        exactly what `self.ranked(self.all(), equity)` begins with."""
        if count < 1:
            return []
        held: list[tuple[float, tuple[object, ...], Raw]] = []  # a min-heap: the weakest held play on top
        values = self.leave_values if equity else [0.0] * len(self.leave_values)

        def keep(score: int, lane: int, tiles: tuple[tuple[int, int, bool], ...], used: int) -> None:
            value = score + values[used]
            if len(held) == count and value < held[0][0]:
                return
            entry = (value, _tie(lane, tiles), (score, lane, tiles, used))
            if len(held) < count:
                heapq.heappush(held, entry)
            elif entry > held[0]:
                heapq.heappushpop(held, entry)

        best_leave = max(values[1:], default=0.0)  # at least one tile is laid
        anchors = []
        for number, lane in enumerate(self.lanes):
            previous = -1
            for anchor in lane.anchors:
                anchors.append((self._bound(lane, anchor, previous) + best_leave, number, anchor, previous))
                previous = anchor
        anchors.sort(key=lambda a: -a[0])
        for bound, number, anchor, previous in anchors:
            if len(held) == count and bound < held[0][0]:
                break  # no play through this anchor, nor any after it, can displace one held
            self._search(number, self.lanes[number], anchor, previous, keep)
        return [self._play(raw) for _, _, raw in sorted(held, reverse=True)]

    @staticmethod
    def ranked(plays: list[Play], equity: bool = False) -> list[Play]:
        """`plays` best first, ties broken as `best` breaks them."""
        return sorted(plays, key=lambda p: (p.equity if equity else p.score, p.tie), reverse=True)

    def _play(self, raw: Raw) -> Play:
        score, number, tiles, used = raw
        lane = self.lanes[number]
        shown = tuple((lane.square(i), LETTERS[s] if blank else LETTERS[s].upper()) for i, s, blank in sorted(tiles))
        return Play(score, lane.direction, shown, self.leaves[used], score + self.leave_values[used],
                    _tie(number, tiles))

    # --- the search ------------------------------------------------------------------------------
    def _search(self, number: int, lane: Lane, anchor: int, previous: int,
                keep: Callable[[int, int, tuple[tuple[int, int, bool], ...], int], None]) -> None:
        """Every play of `lane` through `anchor` reaching no further left than `previous`+1."""
        cmask, amask, base, child = self.graph.cmask, self.graph.amask, self.graph.base, self.graph.child
        letters, points = lane.letters, lane.points
        lm, wm, allowed, cross = lane.letter_mult, lane.word_mult, lane.allowed, lane.cross
        counts, stride = self.counts, self.stride
        points_of = _POINTS
        last = len(letters) - 1
        down = lane.direction == "down"
        placed: list[tuple[int, int, bool]] = []
        bits0 = sum(1 << s for s in range(26) if counts[s])

        def record(main: int, wmul: int, xsum: int, used: int) -> None:
            if down and len(placed) == 1 and cross[placed[0][0]] >= 0:
                return  # a one-tile play making a word across was found across
            score = main * wmul + xsum + (BINGO_BONUS if len(placed) == RACK_SIZE else 0)
            keep(score, number, tuple(placed), used)

        def gen(i: int, state: int, left: int, main: int, wmul: int, xsum: int, used: int, bits: int) -> None:
            sym = letters[i]
            if sym != EMPTY:
                go_on(i, sym, state, left, main + points[i], wmul, xsum, used, bits)
                return
            can = cmask[state] & allowed[i]
            if not can:
                return
            w, x, mult = wm[i], cross[i], lm[i]
            real = can & bits
            while real:
                bit = real & -real
                real ^= bit
                s = bit.bit_length() - 1
                value = points_of[s] * mult
                counts[s] -= 1
                placed.append((i, s, False))
                go_on(i, s, state, left, main + value, wmul * w, xsum + (x + value) * w if x >= 0 else xsum,
                      used + stride[s], bits if counts[s] else bits ^ bit)
                placed.pop()
                counts[s] += 1
            if counts[BLANK_SYMBOL]:
                counts[BLANK_SYMBOL] -= 1
                blank_used = used + stride[BLANK_SYMBOL]
                blank_x = xsum + x * w if x >= 0 else xsum
                rest = can & ALL_LETTERS
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    s = bit.bit_length() - 1
                    placed.append((i, s, True))
                    go_on(i, s, state, left, main, wmul * w, blank_x, blank_used, bits)
                    placed.pop()
                counts[BLANK_SYMBOL] += 1

        def go_on(i: int, sym: int, state: int, left: int, main: int, wmul: int, xsum: int, used: int,
                  bits: int) -> None:
            bit = 1 << sym
            mask = cmask[state]
            nxt = child[base[state] + (mask & (bit - 1)).bit_count()] if mask & bit else -1
            if i <= anchor:  # still going left
                open_left = i == 0 or letters[i - 1] == EMPTY
                if amask[state] & bit and open_left and (anchor == last or letters[anchor + 1] == EMPTY):
                    record(main, wmul, xsum, used)
                if nxt < 0:
                    return
                if i - 1 > previous:
                    gen(i - 1, nxt, left, main, wmul, xsum, used, bits)
                if open_left and anchor < last:
                    after = cmask[nxt]
                    if after >> SEPARATOR & 1:
                        turn = child[base[nxt] + (after & ((1 << SEPARATOR) - 1)).bit_count()]
                        gen(anchor + 1, turn, i, main, wmul, xsum, used, bits)
            else:  # going right
                if amask[state] & bit and (i == last or letters[i + 1] == EMPTY):
                    record(main, wmul, xsum, used)
                if nxt >= 0 and i < last:
                    gen(i + 1, nxt, left, main, wmul, xsum, used, bits)

        gen(anchor, 0, anchor, 0, 1, 0, 0, bits0)

    def _bound(self, lane: Lane, anchor: int, previous: int) -> int:
        """The most any play through `anchor` could score: for each stretch of the lane it could
        cover (wider is never worth less, so only the widest from each left end), the rack's
        highest tiles on the squares where a point counts most, every word taken as good."""
        letters, points, lm, wm, allowed, cross = (lane.letters, lane.points, lane.letter_mult, lane.word_mult,
                                                   lane.allowed, lane.cross)
        playable = ALL_LETTERS if self.counts[BLANK_SYMBOL] else sum(1 << s for s in range(26) if self.counts[s])
        values = sorted((_POINTS[s] for s in range(26) for _ in range(self.counts[s])), reverse=True)
        size = self.rack_size
        last = len(letters) - 1
        best = 0
        for start in range(anchor, previous, -1):
            if letters[start] == EMPTY and not allowed[start] & playable:
                break
            board = 0
            word = 1
            squares: list[tuple[int, int, int]] = []  # letter multiplier, word multiplier, cross points
            i = start
            while i <= last:
                if letters[i] == EMPTY:
                    if (i > anchor and not allowed[i] & playable) or len(squares) == size:
                        break
                    squares.append((lm[i], wm[i], cross[i]))
                    word *= wm[i]
                else:
                    board += points[i]
                i += 1
            if i <= anchor:
                break  # cannot reach the anchor from here: nor from further left
            fixed = word * board + sum(x * w for _, w, x in squares if x >= 0)
            weights = sorted((m * (word + (w if x >= 0 else 0)) for m, w, x in squares), reverse=True)
            total = fixed + sum(v * c for v, c in zip(values, weights))
            if len(squares) == RACK_SIZE:
                total += BINGO_BONUS
            best = max(best, total)
        return best


def _tie(lane: int, tiles: tuple[tuple[int, int, bool], ...]) -> tuple[object, ...]:
    """Between plays of equal value, the higher ranks: fewer blanks, then the earlier lane, then
    the tiles (as the search lays them) earlier in the lane and alphabet: one order, whatever the
    order of the search."""
    return (-sum(blank for _, _, blank in tiles), -lane, tuple(-(i * 64 + s * 2 + blank) for i, s, blank in tiles))
