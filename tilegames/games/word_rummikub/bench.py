"""Rummikub Word's `tilegames bench` cases (its manifest names this module): each computer level's
decision time per turn (median and p90, `--only decision`), and self-play games a minute."""

from __future__ import annotations

from tilegames.core.computer_seats import LEVELS
from tilegames.core.decision_bench import decision_cases, self_play_case

TARGETS = (1.0, 3.0)  # seconds: the median decision, the p90

CASES = [*decision_cases("word-rummikub", LEVELS, TARGETS), self_play_case("word-rummikub")]
