"""A race chart: each player's running score, step by step (the score graph of online
Scrabble, the standings of a match game by game). Each player's points carry their own
ASCII marker as well as their own colour, named in the chart's title, so it reads without
colour too."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import count
from math import ceil, floor
from typing import Any

from textual.app import RenderResult
from textual_plotext import PlotextPlot

MARKERS = ("*", "+", "o", "x")
# The rows of a chart that are not its canvas: the title above it, the x labels and the x
# axis's name below (frame off: no axis lines).
CHROME_ROWS = 3
COLORS = ("cyan", "orange", "green", "magenta")


def legend(names: Sequence[str]) -> str:
    """`* Ann  + Bora`: which marker is whose."""
    return "  ".join(f"{MARKERS[i % len(MARKERS)]} {name}" for i, name in enumerate(names))


def whole_ticks(low: int, high: int, most: int = 5) -> list[int]:
    """At most `most` round whole numbers (steps of 1, 2, 5, 10, 20, 50...) from `low` to `high`."""
    steps = (base * 10**power for power in count() for base in (1, 2, 5))
    step = next(s for s in steps if (high - low) // s + 1 <= most)
    first = -(-low // step) * step
    return list(range(first, high + 1, step)) or [low]


# The multiples of a power of ten a y axis counts in, simplest first (Talbot, Lin and Hanrahan's
# "extended Wilkinson" labelling: 1, 5, 2, 2.5, 4, 3).
NICE = (Fraction(1), Fraction(5), Fraction(2), Fraction(5, 2), Fraction(4), Fraction(3))


def round_steps() -> Iterator[tuple[int, int]]:
    """The whole steps a y axis counts in, smallest first (1, 2, 3, 4, 5, 10, 20, 25, 30...),
    each with its place in `NICE` (0 the simplest: 1, 10, 100...)."""
    for power in count(0):
        for step, rank in sorted((base * 10**power, rank) for rank, base in enumerate(NICE)):
            if step.denominator == 1:
                yield int(step), rank


def even_ticks(low: int, high: int, rows: int, most: int = 5) -> tuple[list[int], Fraction, Fraction]:
    """Y ticks for a canvas `rows` high showing `low` to `high`: round values (`round_steps`),
    each on a row of its own and the same number of rows apart, from 2 to `most` of them; and
    the values of the bottom and the top row.

    plotext puts a value on the row nearest to it, so a tick is exactly on a row when the range
    is a whole number of rows per tick: the smallest such range that holds the data is chosen,
    a simpler step (`NICE`) worth a range up to a quarter larger, and 3 ticks or more on a
    canvas of 5 rows or more unless 2 need a range 1.5 times smaller (the lines would fill
    little of the chart). A canvas of 2 rows cannot always hold a range across 0 between two
    ticks: then one."""
    gaps = max(1, rows - 1)
    limit = 10 * (max(abs(low), abs(high)) + 1)  # a step past this only adds empty rows
    for fewest in (2, 1):
        best: tuple[tuple[Fraction, int, int], list[int], Fraction, Fraction] | None = None
        for step, simplicity in round_steps():
            if step > limit or (best is not None and step > best[0][0]):
                break  # a range is at least one step: nothing further is smaller
            for per_tick in range(1, gaps + 1):  # rows from one tick to the next
                unit = Fraction(step, per_tick)  # the value of one row
                bottom = floor(Fraction(low) / unit) * unit
                top = bottom + gaps * unit
                ticks = list(range(ceil(bottom / step) * step, floor(top / step) * step + 1, step))
                if top < high or not fewest <= len(ticks) <= most:
                    continue
                few = len(ticks) < 3 and gaps >= 4
                weight = (Fraction(3, 2) if few else 1) * (1 + Fraction(simplicity, 20))
                key = ((top - bottom) * weight, -len(ticks), simplicity)
                if best is None or key < best[0]:
                    best = (key, ticks, bottom, top)
        if best is not None:
            return best[1], best[2], best[3]
    return [low], Fraction(low), Fraction(max(high, low + 1))


class RaceChart(PlotextPlot):
    DEFAULT_CSS = """
    RaceChart {
        height: 10;
        width: 1fr;
    }
    """

    def __init__(self, names: Sequence[str], points: Sequence[Sequence[int]], *, title: str, x_label: str,
                 **kwargs: Any) -> None:
        """`points[i]` is everyone's score after step i (step 0: the start)."""
        super().__init__(**kwargs)
        self.names = list(names)
        self.points = [list(p) for p in points]
        self.title = title
        self.x_label = x_label

    def on_mount(self) -> None:
        super().on_mount()
        plt = self.plt
        steps = list(range(len(self.points)))
        for seat in range(len(self.names)):
            scores = [p[seat] for p in self.points]
            color = COLORS[seat % len(COLORS)]
            plt.plot(steps, scores, marker="braille", color=color)
            plt.scatter(steps, scores, marker=MARKERS[seat % len(MARKERS)], color=color)
        ticks = whole_ticks(0, len(steps) - 1, most=12)
        plt.xticks([float(t) for t in ticks], [str(t) for t in ticks])
        plt.title(f"{self.title}: {legend(self.names)}")
        plt.xlabel(self.x_label)
        plt.frame(False)
        self.refresh()

    def render(self) -> RenderResult:
        """The y axis fitted to the height the chart has now (`even_ticks`)."""
        everything = [score for p in self.points for score in p] or [0]
        ticks, bottom, top = even_ticks(min(everything), max(everything), self.size.height - CHROME_ROWS)
        self.plt.ylim(float(bottom), float(top))
        self.plt.yticks([float(t) for t in ticks], [str(t) for t in ticks])
        return super().render()
