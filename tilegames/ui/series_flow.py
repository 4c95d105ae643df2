"""Games played one after another in the app: a series (core/kernel/series.py) of as many games as the
game's rules say (a Rummikub match of several rounds; one game for most), for any game.

Each game of a series is its own journal; the series so far travels in each journal header's
`meta["match"]` (core/kernel/series_meta.py, which a server's tables read and write too), so resuming any game resumes the series around it. When a game ends, the next
one is dealt and journaled at once (so leaving at the summary still lets Resume go on), and a
game resumed twice finds its next game instead of dealing another.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tilegames.core.errors import BadRecord, GameInUse, SaveFailed
from tilegames.core.text.i18n import _, ngettext
from tilegames.core.records.journal import JournalHeader
from tilegames.core.registry import get_game
from tilegames.core.records.saves import find_saved, new_journal_path
from tilegames.core.kernel.series import GameRecord, Series, new_series
from tilegames.core.kernel.series_meta import finished_record, is_game_of, match_meta, series_meta
from tilegames.core.kernel.session import LocalSession
from tilegames.core.kernel.session_protocol import Session
from tilegames.ui.games import plugin

if TYPE_CHECKING:
    from tilegames.ui.app import TilegamesApp


def series_heading(series: Series[GameRecord]) -> str:
    """What heads a game's screen within its series ("Game 2 of 3: Ann, Bora."); "" for a game
    played on its own."""
    if series.total_games <= 1:
        return ""
    return _("Game {number} of {total}: {players}.").format(number=len(series.games) + 1, total=series.total_games,
                                                          players=", ".join(series.seats))

@dataclass
class SeriesFlow:
    """A series in progress in the app: its games so far and the next game, dealt ahead."""

    app: TilegamesApp
    game_id: str
    config: Any
    series: Series[GameRecord]
    open_hands: bool
    # Names the series in each game's journal, with the game's number, so that the next game,
    # dealt and saved when a game ends, is found again instead of dealt twice.
    series_id: str = field(default_factory=lambda: secrets.token_hex(8))
    next: LocalSession | None = None

    @classmethod
    def new(cls, app: TilegamesApp, game_id: str, seats: tuple[str, ...], config: Any, *, open_hands: bool,
            seed: int) -> "SeriesFlow":
        return cls(app, game_id, config, new_series(get_game(game_id), config, seats, seed), open_hands)

    @classmethod
    def around(cls, app: TilegamesApp, session: Session, header: JournalHeader, *,
               open_hands: bool | None = None) -> "SeriesFlow":
        """The series a saved (or prepared) game belongs to, from its header."""
        game = get_game(session.game_id)
        config = game.config_from_json(header.config)
        info = series_meta(header)
        series = new_series(game, config, session.seats, info.seed, info.games)
        flow = cls(app, session.game_id, config, series, info.open_hands if open_hands is None else open_hands)
        if info.id is not None:
            flow.series_id = info.id
        return flow

    def close(self) -> None:
        if self.next is not None:
            self.next.close()

    def prepare_next(self, save: bool = True) -> LocalSession:
        """The series' next game, journaled at once. A next game saved before (this finished
        game was resumed again) is opened, not dealt twice. SaveFailed if it cannot be saved,
        GameInUse or BadRecord if the saved one cannot be opened."""
        app, series = self.app, self.series
        number = len(series.games) + 1
        if app.save and save:
            saved = find_saved(lambda header: is_game_of(header, self.game_id, self.series_id, number))
            if saved is not None:
                return LocalSession.resume(saved, clock=app.clock)
        meta = match_meta(series, open_hands=self.open_hands, series_id=self.series_id)
        path = new_journal_path(self.game_id) if app.save and save else None
        return LocalSession.start(get_game(self.game_id), self.config, series.seats, series.next_seed(),
                                  path=path, clock=app.clock, meta=meta)

    def start(self) -> None:
        """Deal the first game and show it (or say why it cannot be saved)."""
        try:
            session = self.prepare_next()
        except SaveFailed as exc:
            self.app.say(_("{reason} The game was not started.").format(reason=exc))
            return
        self.show(session)

    def deal_next(self, *, last_try: bool) -> LocalSession | None:
        """`prepare_next`, saying what went wrong: None when the saved next game cannot be
        opened, or cannot be saved yet at a game's end (Enter tries again: some space may have
        been freed meanwhile); at that `last_try`, a next game that cannot be saved is played
        without saving, and said so."""
        try:
            return self.prepare_next()
        except SaveFailed as exc:
            if not last_try:
                self.app.say(_("The next game cannot be saved yet: {reason} Free some space on the disk: tilegames "
                               "tries again when you go on to it.").format(reason=exc), "warning")
                return None
            self.app.say(_("The next game cannot be saved: {reason} It is played without saving: leaving it loses "
                           "it.").format(reason=exc), "warning")
            return self.prepare_next(save=False)
        except (GameInUse, BadRecord) as exc:
            self.app.say(_("The next game of this series cannot be opened: {reason}").format(reason=exc))
            return None

    def next_game(self) -> None:
        if self.series.is_over:
            self.app.back_to_menu()
            return
        session, self.next = self.next or self.deal_next(last_try=True), None
        if session is None:
            self.app.back_to_menu()
        else:
            self.show(session)

    def show(self, session: Session) -> None:
        series = self.series
        heading = series_heading(series)
        screen = plugin(self.game_id).play_screen(session, open_hands=self.open_hands, series=series,
                                                  heading=heading, on_game_over=self.game_over)
        self.app.show_play(session, screen, flow=self)

    def game_over(self, session: Session) -> None:
        record = finished_record(session)  # the screen saw the end: the session says so too
        session.close()  # the last try at writing what waits for the disk
        lost = session.unsaved_moves if isinstance(session, LocalSession) and session.path is not None else 0
        if lost:
            self.app.say(ngettext("The end of this game is not saved: its last move could not be written, so in the "
                                  "menu it is still unfinished, and Resume goes on from before it.",
                                  "The end of this game is not saved: its last {count} moves could not be written, so "
                                  "in the menu it is still unfinished, and Resume goes on from before them.",
                                  lost).format(count=lost), "warning")
        self.series = self.series.record(record)
        if not self.series.is_over:
            self.next = self.deal_next(last_try=False)
            if self.next is not None:
                self.next.pause_clock()  # its first turn's minute waits while the summary is read
        self.app.push_screen(plugin(self.game_id).summary(session, self.series))
