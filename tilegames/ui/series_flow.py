"""Games played one after another in the app: a series (core/series.py) of as many games as the
game's rules say (a Rummikub match of several rounds; one game for most), for any game.

Each game of a series is its own journal; the series so far travels in each journal header's
`meta["match"]`, so resuming any game resumes the series around it. When a game ends, the next
one is dealt and journaled at once (so leaving at the summary still lets Resume go on), and a
game resumed twice finds its next game instead of dealing another.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tilegames.core.errors import BadRecord, GameInUse, SaveFailed
from tilegames.core.journal import JournalHeader
from tilegames.core.registry import get_game
from tilegames.core.saves import find_saved, new_journal_path
from tilegames.core.series import GameRecord, Series, new_series
from tilegames.core.session import LocalSession
from tilegames.core.session_protocol import Session
from tilegames.ui.games import plugin

if TYPE_CHECKING:
    from tilegames.ui.app import TilegamesApp

META_KEY = "match"


@dataclass(frozen=True)
class SeriesMeta:
    """What a game's journal keeps about its series (header `meta["match"]`)."""

    seed: int
    games: tuple[GameRecord, ...] = ()
    open_hands: bool = False
    id: str | None = None  # None: saved before series had ids, or a game saved on its own
    game: int | None = None  # this game's number in the series, from 1


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise BadRecord(f"{where}: expected true or false.")
    return value


def series_meta(header: JournalHeader) -> SeriesMeta:
    """The app's part of a journal header, checked like any data from outside (BadRecord).
    Games saved on their own (no `match`; Scrabble before series) are a series of one."""
    info = header.meta.get(META_KEY)
    if info is None:
        return SeriesMeta(header.seed, open_hands=_flag(header.meta.get("open_hands", False), "meta.open_hands"))
    if not isinstance(info, dict):
        raise BadRecord("meta.match: expected an object.")
    seed, games, number, match_id = info.get("seed"), info.get("games", []), info.get("game"), info.get("id")
    if type(seed) is not int or abs(seed) >= 10**16:  # `play --seed` takes 15 digits
        raise BadRecord("meta.match.seed: expected a whole number.")
    if not isinstance(games, list) or len(games) > 1000:
        raise BadRecord("meta.match.games: expected a list of games.")
    if number is not None and (type(number) is not int or not 1 <= number <= 1001):
        raise BadRecord("meta.match.game: expected a game number.")
    if match_id is not None and not (isinstance(match_id, str) and len(match_id) <= 64):
        raise BadRecord("meta.match.id: expected a short text.")
    records = tuple(GameRecord.from_json(g, len(header.seats), f"meta.match.games[{i}]") for i, g in enumerate(games))
    return SeriesMeta(seed, records, _flag(info.get("open_hands", False), "meta.match.open_hands"), match_id, number)


def _is_game(header: JournalHeader, game_id: str, series_id: str, number: int) -> bool:
    """Whether `header` is game `number` of series `series_id`."""
    info = header.meta.get(META_KEY)
    return header.game == game_id and isinstance(info, dict) and info.get("id") == series_id \
        and info.get("game") == number


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
            saved = find_saved(lambda header: _is_game(header, self.game_id, self.series_id, number))
            if saved is not None:
                return LocalSession.resume(saved, clock=app.clock)
        meta = {META_KEY: {"seed": series.seed, "games": [g.to_json() for g in series.games],
                           "open_hands": self.open_hands, "id": self.series_id, "game": number}}
        path = new_journal_path(self.game_id) if app.save and save else None
        return LocalSession.start(get_game(self.game_id), self.config, series.seats, series.next_seed(),
                                  path=path, clock=app.clock, meta=meta)

    def start(self) -> None:
        """Deal the first game and show it (or say why it cannot be saved)."""
        try:
            session = self.prepare_next()
        except SaveFailed as exc:
            self.app.say(f"{exc} The game was not started.")
            return
        self.show(session)

    def deal_next(self) -> LocalSession | None:
        """`prepare_next`, saying what went wrong: unsaved when saving fails, None when the
        saved next game cannot be opened."""
        try:
            return self.prepare_next()
        except SaveFailed as exc:
            self.app.say(f"Saving stopped: {exc} The next game is played without saving.", "warning")
            return self.prepare_next(save=False)
        except (GameInUse, BadRecord) as exc:
            self.app.say(f"The next game of this series cannot be opened: {exc}")
            return None

    def next_game(self) -> None:
        if self.series.is_over:
            self.app.back_to_menu()
            return
        session, self.next = self.next or self.deal_next(), None
        if session is None:
            self.app.back_to_menu()
        else:
            self.show(session)

    def show(self, session: Session) -> None:
        series = self.series
        heading = f"Game {len(series.games) + 1} of {series.total_games}: {', '.join(series.seats)}." \
            if series.total_games > 1 else ""
        screen = plugin(self.game_id).play_screen(session, open_hands=self.open_hands, series=series,
                                                  heading=heading, on_game_over=self.game_over)
        self.app.show_play(session, screen, flow=self)

    def game_over(self, session: Session) -> None:
        result = session.result()
        if result is None:  # the screen saw the end: the session says so too
            raise RuntimeError("game_over called before the game ended")
        details = session.view(None).get("result") or {"reason": result.reason}
        session.close()
        self.series = self.series.record(GameRecord(result.scores, result.winners, details))
        if not self.series.is_over:
            self.next = self.deal_next()
        self.app.push_screen(plugin(self.game_id).summary(session, self.series))
