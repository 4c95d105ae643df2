"""Rummikub in the app: its setup form, its `tilegames play rummikub` options, and the match
around each game (RULES.md §1.9).

A match is a series of games, each its own journal; the match's progress so far travels in
each journal header's `meta["match"]`, so resuming any game resumes the match around it. When a
game ends, the next one is dealt and journaled at once (so leaving at the summary still lets
Resume go on), and a match game resumed twice finds its next game instead of dealing another.
"""

from __future__ import annotations

import argparse
import secrets
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Iterator

from textual.widget import Widget
from textual.widgets import Input, Select

from tilegames.core.codec import from_jsonable, to_jsonable
from tilegames.core.errors import BadRecord, GameInUse, SaveFailed
from tilegames.core.journal import JournalHeader
from tilegames.core.saves import find_saved, new_journal_path
from tilegames.core.session import LocalSession
from tilegames.core.session_protocol import Session
from tilegames.games.rummikub.config import PRESETS
from tilegames.games.rummikub.game import GAME
from tilegames.games.rummikub.match import Match
from tilegames.games.rummikub.state import GameEnd
from tilegames.ui.screens.rummikub import RummikubScreen
from tilegames.ui.widgets.table import Table
from tilegames.ui.screens.setup import TIMERS, GameSetupScreen, count, count_players, rounds_choices, turn_time
from tilegames.ui.screens.rummikub_summary import SummaryScreen

if TYPE_CHECKING:
    from tilegames.ui.app import TilegamesApp


@dataclass(frozen=True)
class MatchMeta:
    """What a Rummikub game's journal keeps about its match (header `meta["match"]`)."""

    seed: int
    games: tuple[GameEnd, ...] = ()
    open_hands: bool = False
    id: str | None = None  # None: saved before matches had ids
    game: int | None = None  # this game's number in the match, from 1


def match_meta(header: JournalHeader) -> MatchMeta:
    """The app's part of a journal header, checked like any data from outside (BadRecord)."""
    return from_jsonable(MatchMeta, header.meta.get("match", {"seed": header.seed}), where="meta.match")


def _is_game(header: JournalHeader, match_id: str, number: int) -> bool:
    """Whether `header` is game `number` of match `match_id`."""
    info = header.meta.get("match")
    return header.game == GAME.id and isinstance(info, dict) and info.get("id") == match_id \
        and info.get("game") == number


class RummikubSetupScreen(GameSetupScreen):
    """A Rummikub match: rule preset, turn timer, rounds (XP set chosen by the player count)."""

    game_title = "Rummikub"
    most_players = 6

    def option_rows(self) -> Iterator[tuple[str, Widget]]:
        yield "Rules", Select([("Sabra (box rules)", "sabra"), ("Tournament", "tournament")], value="sabra",
                              allow_blank=False, id="preset")
        yield "Turn timer", Select(TIMERS, value=60, allow_blank=False, id="timer")
        yield "Rounds", Select(rounds_choices(2, self.most_players), value=1, allow_blank=False, id="rounds")

    def on_mount(self) -> None:  # Textual runs GameSetupScreen.on_mount as well
        self._count_games()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "players":
            self._count_games()

    def _count_games(self) -> None:
        """The rounds say how many games they mean for the players named now."""
        rounds = self.query_one("#rounds", Select)
        chosen = rounds.value
        rounds.set_options(rounds_choices(count_players(self.query_one("#players", Input).value), self.most_players))
        rounds.value = chosen
        rounds.mutate_reactive(type(rounds).value)  # the shown choice is relabelled even when it stays

    def start(self, seats: tuple[str, ...], open_hands: bool) -> None:
        config = replace(PRESETS[str(self.choice("preset"))],
                         turn_seconds=int(self.choice("timer")) or None,  # type: ignore[call-overload]
                         rounds=int(self.choice("rounds")))  # type: ignore[call-overload]
        self.app.start(GAME.id, seats, config, open_hands=open_hands)  # type: ignore[attr-defined]


@dataclass
class MatchFlow:
    """A match in progress in the app: its games so far and the next game, dealt ahead."""

    app: TilegamesApp
    match: Match
    open_hands: bool
    # Names the match in each game's journal, with the game's number, so that the next game,
    # dealt and saved when a game ends, is found again instead of dealt twice.
    match_id: str = field(default_factory=lambda: secrets.token_hex(8))
    next: LocalSession | None = None

    def close(self) -> None:
        if self.next is not None:
            self.next.close()

    def prepare_next(self, save: bool = True) -> LocalSession:
        """The match's next game, journaled at once. A next game saved before (this finished
        game was resumed again) is opened, not dealt twice. SaveFailed if it cannot be saved,
        GameInUse or BadRecord if the saved one cannot be opened."""
        app, match = self.app, self.match
        number = len(match.games) + 1
        if app.save and save:
            saved = find_saved(lambda header: _is_game(header, self.match_id, number))
            if saved is not None:
                return LocalSession.resume(saved, clock=app.clock)
        meta = {"match": {"seed": match.seed, "games": to_jsonable(match.games), "open_hands": self.open_hands,
                          "id": self.match_id, "game": number}}
        path = new_journal_path(GAME.id) if app.save and save else None
        return LocalSession.start(GAME, match.config, match.seats, match.next_seed(),
                                  path=path, clock=app.clock, meta=meta)

    def deal_next(self) -> LocalSession | None:
        """`prepare_next`, saying what went wrong: unsaved when saving fails, None when the
        saved next game cannot be opened."""
        try:
            return self.prepare_next()
        except SaveFailed as exc:
            self.app.say(f"Saving stopped: {exc} The next game is played without saving.", "warning")
            return self.prepare_next(save=False)
        except (GameInUse, BadRecord) as exc:
            self.app.say(f"The next game of this match cannot be opened: {exc}")
            return None

    def next_game(self) -> None:
        session, self.next = self.next or self.deal_next(), None
        if session is None:
            self.app.back_to_menu()
        else:
            self.show(session)

    def show(self, session: Session) -> None:
        match = self.match
        title = f"Game {len(match.games) + 1} of {match.total_games}: {', '.join(match.seats)}."
        self.app.show_play(session, RummikubScreen(session, open_hands=self.open_hands, totals=list(match.totals()),
                                                   on_game_over=self.game_over, title=title), flow=self)

    def game_over(self, session: Session) -> None:
        end = from_jsonable(GameEnd, session.view(None)["result"], where="result")
        session.close()
        self.match = self.match.record(end)
        if not self.match.is_over:
            self.next = self.deal_next()
        names = " and ".join(session.seats[w] for w in end.winners)
        how = "went out" if end.reason == "out" else "had the lowest rack when the game stuck"
        self.app.push_screen(SummaryScreen(self.match, f"{names} {how}."))


class RummikubPlugin:
    id = GAME.id
    title = GAME.title
    most_players = GAME.max_seats

    def setup_screen(self) -> RummikubSetupScreen:
        return RummikubSetupScreen()

    def add_cli_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--preset", choices=tuple(PRESETS), default="sabra", help="rule preset (default sabra)")
        parser.add_argument("--turn-time", default="60", type=turn_time, metavar="SECONDS|off",
                            help="seconds per turn, or off (default 60)")
        parser.add_argument("--rounds", type=count, default=1, help="rounds in the match; a round is one game per player")

    def config_from_cli(self, args: argparse.Namespace, seats: tuple[str, ...]) -> Any:
        return replace(PRESETS[args.preset], turn_seconds=args.turn_time, rounds=args.rounds)

    def start(self, app: TilegamesApp, seats: tuple[str, ...], config: Any, *, open_hands: bool, seed: int) -> None:
        flow = MatchFlow(app, Match(config, seats, seed), open_hands)
        try:
            session = flow.prepare_next()
        except SaveFailed as exc:
            app.say(f"{exc} The game was not started.")
            return
        flow.show(session)

    def check_meta(self, header: JournalHeader) -> None:
        match_meta(header)

    def position(self, view: dict[str, Any]) -> Table:
        table = Table()
        table.show(view["table"], None, None)
        return table

    def show_resumed(self, app: TilegamesApp, session: LocalSession) -> None:
        info = match_meta(session.header)
        match = Match(GAME.config_from_json(session.header.config), session.seats, info.seed, info.games)
        self.show_in_match(app, session, match, open_hands=info.open_hands, match_id=info.id)

    def show_in_match(self, app: TilegamesApp, session: Session, match: Match, *, open_hands: bool,
                      match_id: str | None = None) -> None:
        """Play `session` as the next game of `match` (a match saved without an id gets one)."""
        flow = MatchFlow(app, match, open_hands) if match_id is None else MatchFlow(app, match, open_hands, match_id)
        flow.show(session)


PLUGIN = RummikubPlugin()
