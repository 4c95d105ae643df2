"""The initial meld (RULES.md §1.4.1) and the most a rack could meld (§1.8).

Two modules, re-exported here for callers that still import from `meld`:
`meld_report` judges a proposed initial meld (`check_initial_meld`, `MeldReport`, `SetReport`);
`meld_search` is the exact search (`best_meld_value`, `best_meld`, `can_meld`).
"""

from __future__ import annotations

from tilegames.games.rummikub.meld_report import MeldReport, SetReport, check_initial_meld
from tilegames.games.rummikub.meld_search import best_meld, best_meld_value, can_meld

__all__ = ["MeldReport", "SetReport", "best_meld", "best_meld_value", "can_meld", "check_initial_meld"]
