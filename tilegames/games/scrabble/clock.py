"""The tournament game clock (RULES.md §3 `game_clock_minutes`): each player has the same minutes
for all their turns of the game; a player who goes over loses 10 points for each minute or part
of a minute over, taken off their final score (the NASPA and WESPA rule; Woogles and Macondo
count it so too: 1 ms over costs 10, 60,000 ms over costs 10, 60,001 ms costs 20).

The turn controller measures a turn and charges it to the player with a `TimeUsed` action
before their move (core/kernel/controller.py), so the time used is in the journal, replays
exactly on resume, and is the engine's, not the screen's.
"""

from __future__ import annotations

from dataclasses import replace

from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.state import ScrabbleState

OVERTIME_POINTS = 10  # per minute or part of a minute over
MINUTE_MS = 60_000


def limit_ms(config: ScrabbleConfig) -> int | None:
    """Each player's time for the game, or None when there is no game clock."""
    return None if config.game_clock_minutes is None else config.game_clock_minutes * MINUTE_MS


def left_ms(config: ScrabbleConfig, used_ms: int) -> int | None:
    """What a player who has used `used_ms` has left (below 0: in overtime)."""
    limit = limit_ms(config)
    return None if limit is None else limit - used_ms


def overtime_penalty(config: ScrabbleConfig, used_ms: int) -> int:
    """The points a player loses for the time used past the clock (0 within it, or no clock)."""
    left = left_ms(config, used_ms)
    return 0 if left is None else overtime_points(left)


def overtime_points(left_ms: int) -> int:
    """What a clock showing `left_ms` costs: 0 until it is below 0, then 10 per minute started."""
    return 0 if left_ms >= 0 else OVERTIME_POINTS * -(left_ms // MINUTE_MS)  # ceil(over / 60,000)


def charge_time(state: ScrabbleState, seat: int, ms: int) -> ScrabbleState:
    """`seat`'s clock after `ms` more of it have run (a negative charge counts as none)."""
    used = list(state.clock_used or (0,) * len(state.seats))
    used[seat] += max(0, ms)
    return replace(state, clock_used=tuple(used))


def clocks_left(state: ScrabbleState) -> list[int] | None:
    """What each player's clock has left in ms, as of the start of the turn in progress (below 0:
    overtime); None without a game clock. Public, as clocks on a tournament table are."""
    used = state.clock_used or (0,) * len(state.seats)
    lefts = [left_ms(state.config, ms) for ms in used]
    return None if state.config.game_clock_minutes is None else [left for left in lefts if left is not None]
