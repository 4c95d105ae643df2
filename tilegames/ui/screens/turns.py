"""What every game screen shares: the flow of turns between players at one terminal.

The screen shows the game as one seat (`viewer`) sees it. Between human turns a hand-off screen
hides everything until the next player is ready (unless the hands are open), and the clock
starts only then. Edits and actions go through `_do`, which shows a refusal's reasons and
otherwise lets the subclass react to what happened (`_after_change`), then does what the caller
gives it to do after the step (`then`). Every call that acts goes through the one seam of
asking.py: at once in hot-seat play; over a network in a worker, the answer coming back as a
message while the keys go on answering. One move is out at a time: the keys typed while the
server has not answered the last one are held and pressed again once it has (type-ahead,
asking.py), so each is taken against the screen the answer made (the next letter on the next
square); a move asked for otherwise meanwhile (a click) is refused with a sentence. News comes
by the clock's timer, and over a network also the moment the server pushes it (`Asking.News`).

The screen draws from `view`, which the session is asked for once per change (an edit, an action,
a batch of events) or when the viewer changes: a key that changes nothing asks for nothing, and
over a wire every view is a round trip.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from textual import work
from textual.binding import Binding, BindingType

from tilegames.core.agents import Agent, Question, agent_for_seat
from tilegames.core.computer_seats import is_computer
from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import N_, _
from tilegames.core.kernel.protocol import TURN_EVENT, Action, Event
from tilegames.core.kernel.session import LocalSession
from tilegames.core.kernel.session_protocol import NotNow, Session
from tilegames.ui.screens.asking import WAITING, Asking
from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.screens.dialogs import Confirm, HandOff, ask_to_leave
from tilegames.ui.screens.help import HelpScreen
from tilegames.ui.screens.rules import RulesScreen
from tilegames.ui.widgets.movelog import MoveLog
from tilegames.ui.widgets.timer import ClockReading, TurnTimer, time_left

T = TypeVar("T")

CLOCK_INTERVAL = 0.25
ONE_AT_A_TIME = N_("The server has not answered your last move yet: wait for it, then try again.")
AGENT_SECONDS = 1.0  # how long a computer player may think about a move
RETRY_SECONDS = 5.0  # how often a game whose moves wait for the disk tries again unasked


def new_turn(events: list[Event]) -> bool:
    """Whether these events begin a new turn (or end the game): the session says so."""
    return any(event.kind == TURN_EVENT for event in events)


def common_keys(*, scope: str | None = None, help: str = "", menu: str = "", undo: str = "",
                undo_all: str = "") -> list[Binding]:
    """The keys every game shares, in the order every help screen lists them; their ids are
    `scope.help`, `scope.undo`… (ui/keymap.py), so a keymap can change them for one game's
    screen (`rows`: both Rummikubs) and not another's.

    The F-keys and ctrl chords work in every game, because the word games type letters; a game
    whose letters are free adds a plain key (Rummikub: ? help, q menu, u undo, U undo all),
    shown first so that the footer shows it."""

    def keys(*names: str) -> str:
        return ",".join(n for n in names if n)

    def named(name: str) -> str | None:
        return f"{scope}.{name}" if scope else None

    return [
        Binding(keys(help, "f1"), "help", "Help", id=named("help")),
        Binding("f2", "rules", "Rules", show=False, id=named("rules")),
        Binding(keys(menu, "f10"), "leave", "Menu", id=named("leave")),
        Binding(keys(undo, "ctrl+z"), "undo", "Undo", id=named("undo")),
        Binding(keys(undo_all, "ctrl+u"), "undo_all", "Undo all", show=False, id=named("undo_all")),
        Binding("ctrl+y", "redo", "Redo", show=False, id=named("redo")),
        Binding("pageup", "scroll_moves(-1)", "Moves: earlier", show=False, priority=True, id=named("moves_earlier")),
        Binding("pagedown", "scroll_moves(1)", "Moves: later", show=False, priority=True, id=named("moves_later")),
    ]


COMMON_ACTIONS = ("help", "rules", "leave", "undo", "undo_all", "redo", "scroll_moves")


class TurnScreen(Asking, BaseScreen):
    """A game's screen defines `_redraw()` (draw the view, its status line through
    `_status_line`), `_after_change()` (react to new events) and `_say(text, error)` (its
    message line), and may extend `_begin_turn` and `_my_turn`."""

    def __init__(self, session: Session, *, open_hands: bool, on_game_over: Callable[[Session], None]) -> None:
        super().__init__()
        self.session = session
        self.open_hands = open_hands
        self.on_game_over = on_game_over
        # Only the seats played at this terminal (`seats_here`: every seat in hot-seat play,
        # a networked client's own) are played here: seats named cpu by the game's agent, in a
        # worker, with no hand-off; the others by the people here. With one person at the
        # terminal, their rack stays in view while anyone else plays, and there is no hand-off.
        self.here = frozenset(session.seats_here)
        self.agent_seats = frozenset(s for s, name in enumerate(session.seats) if is_computer(name) and s in self.here)
        self.humans = [s for s in sorted(self.here) if s not in self.agent_seats]
        self._agents: dict[int, Agent] = {}  # each computer seat's player, at its level
        self.viewer: int | None = None
        self.last_turn = -1
        self._view: dict[str, Any] | None = None  # `view`, until the game changes
        self._view_of: int | None = None  # whose view `_view` is
        self._events: list[Event] = []
        self._handing_off = False
        self._notice = ""  # public news for the next hand-off screen (a timeout, a challenge)
        session.subscribe(self._heard)

    # --- the view -------------------------------------------------------------------------
    @property
    def view(self) -> dict[str, Any]:
        """What `viewer` sees now. Fetched from the session on the first look after a change
        (`_changed`) or after the viewer changed, then kept: however often one change redraws,
        it costs one view."""
        if self._view is None or self._view_of != self.viewer:
            self._view, self._view_of = self.session.view(self.viewer), self.viewer
        return self._view

    def _changed(self) -> None:
        """The game changed (an edit or an action went through, events came): the kept view is
        out of date. A refused step changes nothing, so the kept view stays."""
        self._view = None

    def _heard(self, event: Event) -> None:
        """Events come from a change (an action, the clock): kept for `_after_change`."""
        self._events.append(event)
        self._changed()

    # --- what each game's screen extends --------------------------------------------------
    def _redraw(self) -> None:
        """Draw the game as `viewer` sees it. Here: the clock; a game's screen draws its table
        or board from `self.view` too."""
        self._redraw_timer()

    def _after_change(self) -> None:
        """React to the events that came since the last change (`_take_events`): here, start
        the next turn when one began, else redraw. A game's screen also logs the events."""
        self._go_on(self._take_events())

    def _go_on(self, events: list[Event]) -> None:
        """Once a change's events are dealt with: the next turn if one began, else a redraw."""
        if new_turn(events):
            self._turn_started()
        else:
            self._redraw()

    def _say(self, text: str, error: bool = False) -> None:
        """Show `text` to the player (a game's screen has its own message line; here, a
        notification); `error` marks it as a refusal."""
        if text:
            self.notify(text, severity="error" if error else "information", markup=False)

    # --- the flow -------------------------------------------------------------------------
    def _start_turns(self) -> None:
        self.set_interval(CLOCK_INTERVAL, self._on_clock)
        self.set_interval(RETRY_SECONDS, self._retry_saving)
        self._listen_for_news()
        self._turn_started()

    def _turn_started(self) -> None:
        """A new turn (or the first): the result, or a hand-off if needed, then the turn. What
        the last turn's player held in hand is let go: their turn is over (a timeout, a move
        made at another terminal)."""
        self._let_go()
        self.last_turn = self.session.turn_number()
        if self.session.result() is not None:
            self.viewer = None
            self._redraw()
            self.on_game_over(self.session)
            return
        seat = self.session.current_seat
        if seat is None:  # a game without a result always has a seat to play
            raise RuntimeError("The game is not over, yet it is no one's turn.")
        if seat in self.agent_seats or seat not in self.here:  # someone else plays: watch
            self.viewer = self.humans[0] if len(self.humans) == 1 else None
            self.session.restart_clock()
            self._redraw()
            if seat in self.agent_seats:
                self._think(Question.of(self.session, seat))
            return
        if self.open_hands or seat == self.viewer or len(self.humans) == 1:
            self.session.restart_clock()  # a resumed turn's clock waits, paused, until now
            self._begin_turn(seat)
            return
        self.viewer = None
        self._redraw()
        self._handing_off = True
        self.session.pause_clock()  # nobody plays while the screen is handed over
        notice, self._notice = self._notice, ""
        self.app.push_screen(HandOff(self.session.seats[seat], notice, self._leave_question),
                             lambda _: self._handed_to(seat))

    # --- computer players -------------------------------------------------------------------
    def agent(self, seat: int) -> Agent:
        """The computer player of `seat`, at the level its name gives (core/computer_seats.py)."""
        if seat not in self._agents:
            self._agents[seat] = agent_for_seat(self.session.game_id, self.session.seats[seat])
        return self._agents[seat]

    @work(thread=True, group="agent")
    def _think(self, question: Question) -> None:
        """The agent decides off the UI thread, from its seat's view only (core/agents.py)."""
        action = question.answer(self.agent(question.seat), AGENT_SECONDS)
        self.app.call_from_thread(self._agent_answer, question, action)

    def _agent_answer(self, question: Question, action: Action | None) -> None:
        if not question.still_good(action, self.session):
            return  # a pass on the moment, or too late: the clock (or someone) moved the game on
        seat = question.seat

        def refused(exc: IllegalMove) -> None:
            self._say(_("{name}'s move was refused: {reasons}").format(name=self.session.seats[seat],
                                                                        reasons=" ".join(exc.reasons)), error=True)

        def made(_events: tuple[Event, ...]) -> None:
            self._changed()
            self._after_change()

        self.ask(lambda: self.session.act(seat, action), made, refused)

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
        """The turn clock runs behind help and rules (which show it) and the too-small notice
        (which shows it too); when it runs out there, they close and the timeout shows. While
        a request is out, its answer brings the news (`_answered`): the clock only counts."""
        if self.answer_pending:
            self._redraw_timer()
            return
        self._look_for_news()

    def _look_for_news(self) -> bool:
        """Take up what the session heard (`tick()`), unless a dialog covers the screen (help
        and rules excepted); whether it looked."""
        top = self.app.screen
        if self._handing_off or (top is not self and not isinstance(top, (HelpScreen, RulesScreen))):
            return False
        self.session.tick()
        self.refresh_notice()
        if self._events:
            if new_turn(self._events):
                while self.app.screen is not self:
                    self.app.pop_screen()
            self._after_change()
        else:
            self._redraw_timer()
        return True

    def clock_reading(self) -> ClockReading:
        """(seconds left, seconds per turn) for the clocks shown over this screen."""
        return self.session.remaining(), self.session.turn_seconds()

    def too_small_status(self) -> str:
        seat = self.session.current_seat
        if seat is None or self.session.turn_seconds() is None:
            return ""
        return time_left(self.session.seats[seat], self.session.remaining())

    def _redraw_timer(self) -> None:
        for timer in self.query(TurnTimer):
            timer.game_clock = self.session.game_clock()
            timer.show(self.session.remaining(), self.session.turn_seconds(), self.session.clock_waiting())

    # --- acting ---------------------------------------------------------------------------
    def _my_turn(self) -> bool:
        return self.viewer is not None and self.viewer == self.session.current_seat and not self._handing_off

    def _do(self, step: Callable[[int], T], then: Callable[[T], None] | None = None) -> None:
        """Run one step for the viewer's seat, then `then(what the step returned)`; show the
        reasons of a refusal and keep going (then is not called)."""
        seat = self.viewer
        if not self._my_turn() or seat is None or not self._free():  # no turn is ours without a viewer
            return

        def done(value: T) -> None:
            self._changed()  # before anything redraws, the message line's clearing too
            self._say("")
            self._after_change()
            if then is not None:
                then(value)

        self.ask(lambda: step(seat), done, self._refused)

    def _free(self) -> bool:
        """Whether a move may be sent now: not while the last one waits for its answer (said)."""
        if self.answer_pending:
            self._say(_(ONE_AT_A_TIME), error=True)  # i18n: marked
            return False
        return True

    def _refused(self, exc: IllegalMove) -> None:
        """A refused step's reasons on the message line; a step the session could not make now
        (NotNow: a server asking to slow down) in passing, not as a refusal."""
        text = "\n".join(exc.reasons)
        if isinstance(exc, NotNow):
            self.notify(text, timeout=3, markup=False)
        else:
            self._say(text, error=True)

    def _afresh(self, step: Callable[[int], Any]) -> None:
        """The draft back to how the turn began, then `step` (an exchange, which takes tiles
        from the rack, not from the board); a draft that could not be put back does nothing."""
        viewer = self.viewer
        if viewer is None:
            self._do(step)
            return
        if not self._free():
            return

        def undone(_nothing: None) -> None:
            self._changed()  # the draft went back even if the step is refused
            self._do(step)

        self.ask(lambda: self.session.undo_all(viewer), undone, self._refused)

    def _status_line(self, title: str, status: str) -> str:
        """The screen's top line: the game and whose turn, or that it waits for the server."""
        return f"{title}  {_(WAITING) if self._waiting else status}"  # i18n: marked

    def _show_waiting(self, waiting: bool) -> None:
        """The status line says it (`_status_line`)."""
        self._redraw()

    # --- the keys every game shares (common_keys) -----------------------------------------
    MOUSE_HELP: str | None = None  # how the mouse works on this screen, for the help screen (marked with N_)
    TERMS_HELP = ""  # the game's own words explained, for the help screen (marked with N_)
    UNDO_ALL_NEWS = N_("Back to how the turn began (ctrl+y redoes it step by step).")  # "" for none

    def _let_go(self) -> None:
        """Drop whatever the screen holds in hand (a picked-up tile) before the draft changes
        under it."""

    def _history_changed(self) -> None:
        """The draft was undone or redone: bring the screen's own state (a typing cursor) in
        line with it."""

    def action_undo(self) -> None:
        self._history_step(self.session.undo, _("Nothing to undo this turn."))

    def action_redo(self) -> None:
        self._history_step(self.session.redo, _("Nothing to redo."))

    def action_undo_all(self) -> None:
        def undo_all(seat: int) -> bool:
            self.session.undo_all(seat)
            return True

        self._history_step(undo_all, "", _(self.UNDO_ALL_NEWS) if self.UNDO_ALL_NEWS else "")  # i18n: marked

    def _history_step(self, step: Callable[[int], bool], nothing: str, news: str = "") -> None:
        """Undo, redo or undo all: `nothing` said when there was nothing to do, `news` once done."""
        if not self._my_turn() or not self._free():
            return
        self._let_go()

        def stepped(changed: bool) -> None:
            if not changed:
                self._say(nothing)
                return
            self._history_changed()
            self._redraw()
            if news:
                self._say(news)

        self._do(step, stepped)

    def help_bindings(self) -> list[BindingType]:
        """This screen's keys, its base classes' too (a game's screen adds keys to the rows
        screen's), with the shared ones first, as every help screen lists them."""
        every: list[BindingType] = []
        for cls in reversed(type(self).__mro__):
            if not cls.__module__.startswith("tilegames."):
                continue  # Textual's Screen binds Tab to focus and ctrl+c to copy: not a game's keys
            for binding in cls.__dict__.get("BINDINGS", []):
                same = next((n for n, b in enumerate(every) if isinstance(b, Binding) and isinstance(binding, Binding)
                             and (b.key, b.action) == (binding.key, binding.action)), None)
                if same is not None:
                    every[same] = binding  # a game's own words for a key it shares (Rummikub Word: word, not set)
                elif binding not in every:
                    every.append(binding)
        shared = [b for b in every if isinstance(b, Binding) and b.action in COMMON_ACTIONS]
        return shared + [b for b in every if b not in shared]

    def action_scroll_moves(self, pages: int) -> None:
        """Page Up / Page Down: the Moves panel a page back or on (the log never takes the
        focus, whose arrow keys are the game's); back at the end it follows the game again."""
        for log in self.query(MoveLog):
            if pages < 0:
                log.scroll_page_up(animate=False)
            else:
                log.scroll_page_down(animate=False)

    def action_help(self) -> None:
        mouse = {"mouse": self.MOUSE_HELP} if self.MOUSE_HELP else {}
        self.app.push_screen(HelpScreen(self.help_bindings(), clock=self._clock_if_timed(), terms=self.TERMS_HELP,
                                        **mouse))

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.session.game_id, clock=self._clock_if_timed()))

    def _clock_if_timed(self) -> Callable[[], ClockReading] | None:
        return self.clock_reading if self.session.turn_seconds() is not None else None

    # What leaving asks when a networked game says where it goes on instead (ui/remote.py sets
    # it); None: what this terminal saved, as it is when asked (`ask_to_leave`).
    leave_question: str | None = None

    def _leave_question(self) -> str:
        return self.leave_question if self.leave_question is not None else ask_to_leave(self.session)

    def _retry_saving(self) -> None:
        """Moves waiting for the disk are tried again unasked, so that freeing some space is
        enough: the session says when saving works again."""
        session = self.session
        if isinstance(session, LocalSession) and session.may_still_save and not session.saved:
            session.retry_saving()

    def action_leave(self) -> None:
        def leave(yes: bool | None) -> None:
            if yes:
                self.app.back_to_menu()  # type: ignore[attr-defined]

        self.app.push_screen(Confirm(self._leave_question()), leave)
