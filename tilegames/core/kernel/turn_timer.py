"""The stand-alone turn timer's countdown (`tilegames timer`), for people playing with real tiles.

Players at a table take turns of a fixed length; the timer counts each turn down, says whose
turn it is and who is next, warns once when 10 seconds are left and alerts once when the time
is up. Nothing here draws or beeps: `tick()` returns what should be heard, and the screen
(ui/screens/timer.py) rings the bell and plays the sounds. The clock is injected, as for the
turn controller, so every rule is tested with a `FakeClock` and no sleeping.

A turn whose time is up stays at 0 until someone moves on to the next player: with real tiles
the people at the table finish the turn (put tiles back, draw a penalty tile) before the next
player starts, so the timer never runs into the next turn by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tilegames.core.kernel.clock import Clock, TurnClock

WARNING_SECONDS = 10
"""The warning sounds when this many seconds are left (RULES.md: the turn clock warns at 10 s)."""

Signal = Literal["warning", "alert"]
"""What a tick can ask to be heard: the 10-second warning, or the time-is-up alert."""


@dataclass
class TurnCountdown:
    """Turns of `seconds` each, in the order of `players`, counted on `clock`.

    `players` may be empty: the timer then only numbers the turns. The first turn starts
    counting as soon as the countdown is made (the players asked for a timer that is running
    when it appears, not one more key to press).
    """

    clock: Clock
    seconds: int
    players: tuple[str, ...] = ()
    current: int = 0  # index into `players` (0 when there are none)
    turn: int = 1  # turns started so far, the first one included
    warned: bool = False  # this turn's warning has sounded
    alerted: bool = False  # this turn's alert has sounded
    _clock: TurnClock = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.seconds <= 0:
            raise ValueError("A turn needs at least one second.")
        self._clock = TurnClock(self.clock, self.seconds)
        self._clock.start()

    # --- reading ------------------------------------------------------------------------------
    @property
    def paused(self) -> bool:
        return not self._clock.running

    def remaining(self) -> float:
        """Seconds left in this turn, never below 0."""
        left = self._clock.left()
        return 0.0 if left is None else max(0.0, left)

    @property
    def time_up(self) -> bool:
        return self.remaining() <= 0

    @property
    def in_warning(self) -> bool:
        """The last seconds of the turn (time up included): the screen looks urgent."""
        return self.remaining() <= WARNING_SECONDS

    @property
    def current_name(self) -> str | None:
        return self.players[self.current] if self.players else None

    @property
    def next_name(self) -> str | None:
        """Who plays after the current player; None with fewer than two players."""
        if len(self.players) < 2:
            return None
        return self.players[(self.current + 1) % len(self.players)]

    # --- the clock going on -------------------------------------------------------------------
    def tick(self) -> list[Signal]:
        """What should be heard now: the warning when the turn first reaches its last 10
        seconds, the alert when it first reaches 0; each at most once a turn. A tick late
        enough to cross both (the machine was busy) gives the alert alone: a warning after the
        time is up would only confuse. A turn no longer than the warning gets no warning, or
        it would sound as the turn begins."""
        if self.alerted:
            return []
        if self.time_up:
            self.alerted = self.warned = True
            return ["alert"]
        if not self.warned and self.seconds > WARNING_SECONDS and self.remaining() <= WARNING_SECONDS:
            self.warned = True
            return ["warning"]
        return []

    # --- what the players do ------------------------------------------------------------------
    def next_turn(self) -> None:
        """The next player's turn, with the whole time, counting at once (a paused timer too:
        a new turn is a fresh start)."""
        if self.players:
            self.current = (self.current + 1) % len(self.players)
        self.turn += 1
        self._fresh_turn()

    def restart_turn(self) -> None:
        """The same player's turn again from the whole time, counting (e.g. it was started by
        mistake)."""
        self._fresh_turn()

    def pause(self) -> None:
        self._clock.pause()

    def resume(self) -> None:
        self._clock.start()

    def toggle_pause(self) -> bool:
        """Pause a running timer, resume a paused one; True when it is now paused."""
        if self.paused:
            self.resume()
        else:
            self.pause()
        return self.paused

    def _fresh_turn(self) -> None:
        self._clock = TurnClock(self.clock, self.seconds)
        self._clock.start()
        self.warned = self.alerted = False
