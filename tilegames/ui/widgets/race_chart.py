"""A race chart: each player's running score, step by step (the score graph of online
Scrabble, the standings of a match game by game). Each player's points carry their own
ASCII marker as well as their own colour, named in the chart's title, so it reads without
colour too."""

from __future__ import annotations

from itertools import count
from typing import Any, Sequence

from textual_plotext import PlotextPlot

MARKERS = ("*", "+", "o", "x")
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
        everything = [score for p in self.points for score in p]
        # Few y labels: plotext drops one of two labels that land on the same row, and which
        # one it keeps is not stable; at most 4 on a chart this high never collide.
        for axis, ticks in ((plt.yticks, whole_ticks(min(everything), max(everything), most=4)),
                            (plt.xticks, whole_ticks(0, len(steps) - 1, most=12))):
            axis([float(t) for t in ticks], [str(t) for t in ticks])
        plt.title(f"{self.title}: {legend(self.names)}")
        plt.xlabel(self.x_label)
        plt.frame(False)
        self.refresh()
