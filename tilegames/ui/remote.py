"""Playing seats of a game served elsewhere (`tilegames join HOST:PORT --code CODE`, or the
menu's Join a game): the ordinary play screen over a `RemoteSession`.

A networked game is shown through the same steps as a local one (the game's plug-in gives the
play screen and the summary; the app's `show_play` puts it on screen), in the series the server
plays (`RemoteFlow`: a Rummikub match, one game for the others): nothing is dealt or saved
here, since the server deals every game and keeps their records. When a game ends its summary
shows it with the series so far (the server's records); Enter moves the session on to the next
game (telling the server this terminal is ready) and shows it, and after the last game goes to
the menu. The summary reads the session alone, which goes on showing the finished game until
then. Leaving goes back to the menu and closes the connection only: the game goes on on the
server, and the same code joins it again.

Connecting happens in a worker thread, so the app keeps drawing while a far server is slow
to answer; a failed join is a message on the menu, never a traceback. So do the flow's own
requests, through the play screen's `ask` (ui/screens/asking.py): the finished game's past
views, asked before a summary that charts them is shown (which then reads them at once), and
moving on to the next game. A dropped connection is said in a notification as the session notices it, and
again when it comes back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, TypeVar
from weakref import WeakKeyDictionary

from tilegames.core.errors import BadRecord, IllegalMove
from tilegames.core.text.i18n import N_, _
from tilegames.core.kernel.protocol import Event
from tilegames.core.kernel.series import GameRecord, Series
from tilegames.core.kernel.series_meta import finished_record
from tilegames.core.kernel.session_protocol import Session
from tilegames.net.client_messages import JoinFailed
from tilegames.net.remote_series import NEXT_EVENT
from tilegames.net.remote_session import (BACK_EVENT, GONE_EVENT, LOST_EVENT, REQUEST_TIMEOUT,
                                          RemoteSession)
from tilegames.ui.games import plugin, summary_reads_past_views
from tilegames.ui.screens.asking import ask_here
from tilegames.ui.screens.summary import SummaryBase
from tilegames.ui.screens.turns import TurnScreen
from tilegames.ui.series_flow import series_heading

if TYPE_CHECKING:
    from tilegames.ui.app import TilegamesApp

T = TypeVar("T")


@dataclass
class RemoteFlow:
    """A networked game in the app, in the series the server plays, with nothing dealt or saved
    here. The app's `Flow`: after a game's summary, the series' next game, or the menu."""

    app: TilegamesApp
    session: RemoteSession
    series: Series[GameRecord]  # as of the game shown (with it, once it has ended)
    screen: TurnScreen | None = None  # the play screen shown, which asks the server for the flow
    _moving = False  # the next game asked for, not yet shown

    @classmethod
    def around(cls, app: TilegamesApp, session: RemoteSession) -> "RemoteFlow":
        return cls(app, session, session.series())

    def show(self) -> None:
        """The session's game on screen, headed by its place in the series."""
        session = self.session
        self.series = series = session.series()
        heading = series_heading(series)
        screen = plugin(session.game_id).play_screen(session, open_hands=False, series=series, heading=heading,
                                                     on_game_over=self.game_over)
        if isinstance(screen, TurnScreen):
            screen.leave_question = leave_question(session)
            self.screen = screen
        self._moving = False
        self.app.show_play(session, screen, flow=self)
        session.subscribe(self._heard)

    def _heard(self, event: Event) -> None:
        """News about the connection, told as a notification too (the move log has it); the
        game shown having ended while this terminal was away, the next one is shown."""
        if self.app.playing is not self.session:
            return
        if event.kind == LOST_EVENT:
            self.app.say(event.text, "warning")
        elif event.kind == BACK_EVENT:
            self.app.say(event.text, "information")
        elif event.kind == GONE_EVENT:
            self.app.say(event.text, "error")
        elif event.kind == NEXT_EVENT:
            self.app.say(event.text, "information")
            self.app.call_later(self._move_on)  # once the session has told everything it has

    def game_over(self, session: Session) -> None:
        """The game ended on the server: its summary with the series so far (the server's
        records of the games before, and this one's), from the session (kept open for it),
        once the past views its chart reads have come (the play screen answers meanwhile)."""
        if not summary_reads_past_views(plugin(session.game_id)) or self.session.has_past_views():
            self._summary(session)
            return
        self._ask(session.past_views, lambda _views: self._summary(session), lambda _exc: self._summary(session))

    def _summary(self, session: Session) -> None:
        series = self.session.series()
        if not series.is_over:
            series = series.record(finished_record(session))
        self.series = series
        summary = plugin(session.game_id).summary(session, series)
        if isinstance(summary, SummaryBase):
            summary.leaving = LEAVING_BETWEEN_GAMES
        self.app.push_screen(summary)

    def next_game(self) -> None:
        """The summary's Enter: the series' next game, or the menu after its last."""
        if self.series.is_over:
            self.app.back_to_menu()
            return
        self._move_on()

    def _move_on(self) -> None:
        if self.app.playing is not self.session or self._moving:  # left meanwhile, or asked already
            return

        def refused(exc: IllegalMove) -> None:
            self._moving = False
            self.app.say(" ".join(exc.reasons))
            self.app.back_to_menu()

        self._moving = True
        self._ask(self.session.next_game, lambda _nothing: self.show(), refused)

    def _ask(self, call: Callable[[], T], then: Callable[[T], None], refused: Callable[[IllegalMove], None]) -> None:
        """A request of the flow, through the play screen (`Asking.ask`: in a worker, the app
        answering meanwhile), or at once for a game whose screen asks nothing of the kind."""
        if self.screen is not None:
            self.screen.ask(call, then, refused)
        else:
            ask_here(call, then, refused)

    def close(self) -> None:
        """Nothing of the flow's own to let go: the app closes the session (the socket)."""


# What a summary's menu key says between two games of a served series: Resume has nothing of it.
LEAVING_BETWEEN_GAMES = N_("m: back to the menu (the game goes on on the server: your code joins it again).")


def leave_question(session: RemoteSession) -> str:
    """What leaving asks: the game goes on on the server, and the same codes come back to it."""
    codes = _(" and ").join(session.codes)
    if not session.seats_here:
        return _("Stop watching? The game goes on on the server at {address}; the code {codes} "
                 "watches it again. (y/n)").format(address=session.address, codes=codes)
    if len(session.codes) > 1:
        return _("Leave this game? It goes on on the server at {address}; join again with your codes {codes} "
                 "to take your seats back. (y/n)").format(address=session.address, codes=codes)
    return _("Leave this game? It goes on on the server at {address}; join again with your code {codes} "
             "to take your seat back. (y/n)").format(address=session.address, codes=codes)


def show_remote(app: TilegamesApp, session: RemoteSession) -> None:
    """Play `session` in the app (its game's play screen), or say why the app cannot."""
    try:
        plugin(session.game_id)
    except BadRecord:
        session.close()
        app.say(_("The server plays {game_id!r}, a game this version of tilegames does not have.")
                .format(game_id=session.game_id))
        return
    RemoteFlow.around(app, session).show()


def last_join(app: TilegamesApp) -> tuple[str, str]:
    """The address and codes this app last joined with ("" and "" at first), for the Join form."""
    return _last_join.get(app, ("", ""))


_last_join: "WeakKeyDictionary[TilegamesApp, tuple[str, str]]" = WeakKeyDictionary()


def start_remote(app: TilegamesApp, host: str, port: int, codes: tuple[str, ...], timeout: float = REQUEST_TIMEOUT,
                 *, on_failed: Callable[[str], None] | None = None) -> None:
    """Join the seats of `codes` at `host:port` and show the game, as the menu's Join does and
    `tilegames join` at start. Connecting runs in a worker (group "join"); a failure is a
    sentence for `on_failed` (by default a message in the app)."""
    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    _last_join[app] = (address, ", ".join(codes))
    failed = on_failed or app.say
    if on_failed is None:
        app.say(_("Connecting to {address}…").format(address=address), "information")

    def connected(session: RemoteSession) -> None:
        app.clear_notifications()  # "Connecting…" is over: it must not cover the rack
        show_remote(app, session)

    def connect() -> None:
        try:
            session = RemoteSession.connect(host, port, tuple(codes), timeout)
        except JoinFailed as exc:
            app.call_from_thread(failed, str(exc))
            return
        try:
            app.call_from_thread(connected, session)
        except RuntimeError:  # the app closed while connecting
            session.close()

    app.run_worker(connect, name="join", group="join", thread=True)
