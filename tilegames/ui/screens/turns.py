"""What every game screen shares: the flow of turns between players at one terminal.

The screen shows the game as one seat (`viewer`) sees it. Between human turns a hand-off screen
hides everything until the next player is ready (unless the hands are open), and the clock
starts only then. Edits and actions go through `_do`, which shows a refusal's reasons and
otherwise lets the subclass react to what happened (`_after_change`).
"""

from __future__ import annotations

from typing import Any, Callable

from tilegames.core.errors import IllegalMove
from tilegames.core.protocol import Event
from tilegames.core.session import LocalSession
from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.screens.dialogs import HandOff
from tilegames.ui.widgets.timer import TurnTimer

CLOCK_INTERVAL = 0.25


class TurnScreen(BaseScreen):
    """A game's screen defines `_redraw()` (draw the view), `_after_change()` (react to new
    events) and `_say(text, error)` (its message line), and may extend `_begin_turn` and
    `_my_turn`."""

    def __init__(self, session: LocalSession, *, open_hands: bool, on_game_over: Callable[[LocalSession], None]) -> None:
        super().__init__()
        self.session = session
        self.open_hands = open_hands
        self.on_game_over = on_game_over
        self.viewer: int | None = None
        self.last_turn = -1
        self.view: dict[str, Any] = {}
        self._events: list[Event] = []
        self._handing_off = False
        self._notice = ""  # public news for the next hand-off screen (a timeout, a challenge)
        session.subscribe(self._events.append)

    # --- what each game's screen defines --------------------------------------------------
    def _redraw(self) -> None:
        """Draw the game as `viewer` sees it."""
        raise NotImplementedError

    def _after_change(self) -> None:
        """React to the events that came since the last change (`_take_events`), then redraw."""
        raise NotImplementedError

    def _say(self, text: str, error: bool = False) -> None:
        """Show `text` on the screen's message line; `error` marks it as a refusal."""
        raise NotImplementedError

    # --- the flow -------------------------------------------------------------------------
    def _start_turns(self) -> None:
        self.set_interval(CLOCK_INTERVAL, self._on_clock)
        self._turn_started()

    def _turn_started(self) -> None:
        """A new turn (or the first): the result, or a hand-off if needed, then the turn."""
        self.last_turn = self.session.turn_number()
        if self.session.result() is not None:
            self.viewer = None
            self._redraw()
            self.on_game_over(self.session)
            return
        seat = self.session.current_seat
        if seat is None:  # a game without a result always has a seat to play
            raise RuntimeError("The game is not over, yet it is no one's turn.")
        if self.open_hands or seat == self.viewer:
            self.session.restart_clock()  # a resumed turn's clock waits, paused, until now
            self._begin_turn(seat)
            return
        self.viewer = None
        self._redraw()
        self._handing_off = True
        self.session.pause_clock()  # nobody plays while the screen is handed over
        notice, self._notice = self._notice, ""
        self.app.push_screen(HandOff(self.session.seats[seat], notice), lambda _: self._handed_to(seat))

    def _handed_to(self, seat: int) -> None:
        self._handing_off = False
        self.session.restart_clock()
        self._begin_turn(seat)

    def _begin_turn(self, seat: int) -> None:
        self.viewer = seat
        self._redraw()

    def _take_events(self) -> list[Event]:
        events, self._events[:] = list(self._events), []
        return events

    def _on_clock(self) -> None:
        if self._handing_off or self.app.screen is not self:
            return
        self.session.tick()
        if self._events:
            self._after_change()
        else:
            self._redraw_timer()

    def _redraw_timer(self) -> None:
        self.query_one(TurnTimer).show(self.session.remaining(), self.session.turn_seconds())

    # --- acting ---------------------------------------------------------------------------
    def _my_turn(self) -> bool:
        return self.viewer is not None and self.viewer == self.session.current_seat and not self._handing_off

    def _do(self, step: Callable[[int], Any]) -> bool:
        """Run one step for the viewer's seat; show the reasons of a refusal and keep going."""
        seat = self.viewer
        if not self._my_turn() or seat is None:  # no turn is ours without a viewer
            return False
        try:
            step(seat)
        except IllegalMove as exc:
            self._say("\n".join(exc.reasons), error=True)
            return False
        self._say("")
        self._after_change()
        return True
