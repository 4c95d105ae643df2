"""The one way a screen asks its session to act: `ask(call, then, refused)` (a play screen's
moves through `TurnScreen._do`, a summary's export, the remote flow's next game).

A session whose calls answer at once (hot-seat play: `LocalSession`, in this process) is asked
right here, and `then` (or `refused`) runs before `ask` returns: exactly as if the screen had
called the session itself, so hot-seat play is what it always was. A session whose calls block
(`BlockingSession`: each waits for a server's answer) is asked in a worker thread, and the
answer comes back to the screen as a message (`Asking.Answered`), never by polling; `then` or
`refused` runs on the app's thread when it comes. Meanwhile the keys go on answering, and after
a moment (`WAIT_NOTICE`) the screen says that it waits for the server (`_show_waiting`). The
session still changes only on the app's thread: the worker only waits, and hands what the
answer changes over to the app's thread (the session's `settle_on`).

Keys typed ahead are kept (`holds_key`, as each key reaches the screen, before its handlers
and the bindings see it): one pressed while a move waits for its answer is held, and pressed again, in order, once the answer
has come, so each is taken against the screen the answers before it made (a word typed in one
go lands letter after letter, square after square, however slow the server). Keys that only
look or leave (help, rules, the menu, the palette, quitting) are never held, and the cursor keys
answer at once unless keys are held already. A refused move drops the keys typed after it:
they were aimed at a screen that move would have made.

News works the same way round: a blocking session's connection wakes the screen with a message
(`Asking.News`, through `wake_with`) the moment the server pushes something, and the screen
takes it up on its own thread (`TurnScreen`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar

from textual import events
from textual.message import Message
from textual.timer import Timer

from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import N_, _
from tilegames.core.kernel.session_protocol import Home, Session, calls_block

if TYPE_CHECKING:
    from textual.screen import Screen

    _Screen = Screen[Any]
else:
    _Screen = object

T = TypeVar("T")

WAIT_NOTICE = 0.3  # seconds an answer may take before the screen says it waits
# Bindings whose keys are never held for type-ahead: they only look, or leave.
UNHELD_ACTIONS = frozenset({"help", "rules", "leave", "command_palette", "quit"})
# Bindings that only move the cursor: they answer at once while a move waits, unless keys are
# held already (then they wait their turn, so a word typed and a cursor moved keep their order).
CURSOR_ACTIONS = frozenset({"move", "edge", "switch_zone", "toggle_direction"})
WAITING = N_("Waiting for the server…")
CLOSING = N_("The game was left before the server answered.")


@dataclass(frozen=True)
class Ticket(Generic[T]):
    """What to do with an answer: `then(value)`, or `refused(the IllegalMove)`."""

    then: Callable[[T], None]
    refused: Callable[[IllegalMove], None]


def ask_here(call: Callable[[], T], then: Callable[[T], None], refused: Callable[[IllegalMove], None]) -> None:
    """`ask` of a session that answers at once: the call, then what follows it, here and now."""
    try:
        value = call()
    except IllegalMove as exc:
        refused(exc)
        return
    then(value)


class Asking(_Screen):
    """A screen (mixed in before its Screen class) that asks `session` through `ask`."""

    session: Session
    _pending = 0  # requests out now
    _waiting = False  # whether the screen says it waits
    _wait_timer: Timer | None = None
    _home: Home | None = None
    _news_posted = False  # a News message is on its way
    _news_missed = False  # news woke the screen while a dialog covered it
    _held: list[events.Key] | None = None  # keys typed ahead of an answer, oldest first

    class Answered(Message, bubble=False):
        """A worker's request came back: its value, or the refusal."""

        def __init__(self, ticket: Ticket[Any], value: Any, refusal: IllegalMove | None) -> None:
            super().__init__()
            self.ticket, self.value, self.refusal = ticket, value, refusal

    class News(Message, bubble=False):
        """The session heard from its server: the screen looks (`tick()`) now."""

    @property
    def answer_pending(self) -> bool:
        """Whether a request is out (a blocking session's: never for one that answers at once)."""
        return self._pending > 0

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and self.holds_key(event):
            return  # held: no handler here sees it, nor the bindings it would bubble up to
        await super().on_event(event)

    def holds_key(self, key: events.Key) -> bool:
        """Whether `key` is held for later (a move's answer is awaited, or keys before it are
        held): it is pressed again once the answer has come (`_press_held`)."""
        if not self._pending and not self._held:
            return False
        active = self.active_bindings.get(key.key)
        action = active.binding.action.rsplit(".", 1)[-1].split("(", 1)[0] if active is not None else ""
        if action in UNHELD_ACTIONS or (action in CURSOR_ACTIONS and not self._held):
            return False
        if self._held is None:
            self._held = []
        self._held.append(events.Key(key.key, key.character))
        return True

    def _press_held(self, refused: bool) -> None:
        """The keys typed ahead, pressed again in order once the answer has come; dropped
        after a refused move."""
        if refused:
            self._held = None
        elif self._held:
            self.call_later(self._replay)

    async def _replay(self) -> None:
        """Each held key as if pressed now, one after the other, until one sends a move (the
        rest then wait for its answer): its binding run here and now, or else the screen's own
        handlers (typing a letter), so that no key overtakes the one before it."""
        while self._held and not self._pending:
            key = self._held.pop(0)
            active = self.active_bindings.get(key.key)
            if active is not None and active.enabled:
                await self.app.run_action(active.binding.action, active.node)
            else:
                await super().on_event(key)
        if not self._held:
            self._held = None

    def ask(self, call: Callable[[], T], then: Callable[[T], None], refused: Callable[[IllegalMove], None]) -> None:
        """`call()` (a call of the session), then `then(its value)`, or `refused(the
        IllegalMove)`: here and now, or in a worker when the session's calls block."""
        session = self.session
        if not calls_block(session):
            ask_here(call, then, refused)
            return
        session.settle_on(self._app_thread())
        self._pending += 1
        if self._wait_timer is None:
            self._wait_timer = self.set_timer(WAIT_NOTICE, self._begin_waiting)
        ticket = Ticket(then, refused)
        self.run_worker(lambda: self._wait_for(call, ticket), name="ask", group="ask", thread=True)

    def _wait_for(self, call: Callable[[], T], ticket: Ticket[T]) -> None:
        """In the worker: the call, and its outcome posted back to the screen."""
        try:
            value, refusal = call(), None
        except IllegalMove as exc:
            value, refusal = None, exc
        self.post_message(self.Answered(ticket, value, refusal))

    def on_asking_answered(self, message: Answered) -> None:
        self._pending -= 1
        waited = False
        if not self._pending:
            if self._wait_timer is not None:
                self._wait_timer.stop()
                self._wait_timer = None
            waited, self._waiting = self._waiting, False
        if message.refusal is not None:
            message.ticket.refused(message.refusal)
        else:
            message.ticket.then(message.value)
        if waited and not self._waiting:  # said after what followed the answer, which drew it
            self._show_waiting(False)
        if not self._pending:  # the news that came meanwhile, then the keys typed ahead
            self._take_news()
            self._press_held(message.refusal is not None)

    def _begin_waiting(self) -> None:
        self._wait_timer = None
        if self._pending and not self._waiting:
            self._waiting = True
            self._show_waiting(True)

    def _app_thread(self) -> Home:
        """Runs a function on the app's thread (this one: `ask` is called on it) and hands
        back its result or its exception: from a worker through `call_from_thread`."""
        if self._home is None:
            app, thread = self.app, threading.get_ident()

            def home(fn: Callable[[], Any]) -> Any:
                if threading.get_ident() == thread:
                    return fn()
                if not app.is_running:  # the app has closed: nothing is left to change
                    raise IllegalMove(_(CLOSING))  # i18n: marked
                return app.call_from_thread(fn)

            self._home = home
        return self._home

    def _listen_for_news(self) -> None:
        """A blocking session wakes this screen (`Asking.News`) as soon as its server sends
        news; once per batch, however many lines come before the screen looks."""
        session = self.session
        if not calls_block(session):
            return

        def wake() -> None:  # on the connection's thread: posting is all it may do
            if not self._news_posted:
                self._news_posted = True
                self.post_message(self.News())

        session.wake_with(wake)

    def on_asking_news(self, message: News) -> None:
        self._news_posted = False
        self._take_news()

    def _take_news(self) -> None:
        """News looked at now; or once the answer out now has come (`on_asking_answered`); or
        once the dialog over the screen is closed (`on_screen_resume`)."""
        self._news_missed = self._pending > 0 or not self._look_for_news()

    def on_screen_resume(self) -> None:
        if self._news_missed:
            self._take_news()

    # --- what a screen gives ------------------------------------------------------------------
    def _show_waiting(self, waiting: bool) -> None:
        """Say (or stop saying) that the screen waits for the server: here, a notification."""
        if waiting:
            self.notify(_(WAITING), timeout=2)  # i18n: marked

    def _look_for_news(self) -> bool:
        """Take up what the session heard (a play screen's `tick()`); whether it could now."""
        return True
