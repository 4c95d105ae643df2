"""Scrabble in the app: its setup form, its `tilegames play scrabble` options, starting and
resuming a game, and the summary at its end."""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from textual.widget import Widget
from textual.widgets import Select

from tilegames.core.codec import from_jsonable
from tilegames.core.errors import SaveFailed
from tilegames.core.journal import JournalHeader
from tilegames.core.lexicon import load_word_file
from tilegames.core.saves import new_journal_path
from tilegames.core.session import LocalSession
from tilegames.core.session_protocol import Session
from tilegames.games.scrabble.config import PRESETS, ScrabbleConfig
from tilegames.games.scrabble.game import GAME
from tilegames.ui.screens.scrabble import ScrabbleScreen
from tilegames.ui.screens.scrabble_summary import ScrabbleSummary
from tilegames.ui.screens.setup import GameSetupScreen, turn_time
from tilegames.ui.games.scrabble.board import Board

if TYPE_CHECKING:
    from tilegames.ui.app import TilegamesApp

TIMERS = [("1 minute", 60), ("2 minutes", 120), ("3 minutes", 180), ("off", 0)]
CHALLENGES = [("Double: a failed challenge loses a turn", "double"), ("Single: no penalty", "single"),
              ("Penalty: 5 points per word", "penalty"), ("Void: words are checked at once", "void")]
TWO_ONLY = "Tournament rules are for 2 players; choose Casual for 3 or 4."


def checked(config: ScrabbleConfig, seats: tuple[str, ...]) -> ScrabbleConfig:
    if config.endgame == "naspa2p" and len(seats) != 2:
        raise ValueError(TWO_ONLY)
    return config


class ScrabbleSetupScreen(GameSetupScreen):
    """A Scrabble game: rule preset, challenge rule, turn timer."""

    game_title = "Scrabble"
    most_players = 4

    def option_rows(self) -> Iterator[tuple[str, Widget]]:
        yield "Rules", Select([("Casual (Hasbro)", "casual"), ("Tournament (NASPA, 2 players)", "tournament")],
                              value="casual", allow_blank=False, id="preset")
        yield "Challenges", Select(CHALLENGES, value="double", allow_blank=False, id="challenge")
        yield "Turn timer", Select(TIMERS, value=0, allow_blank=False, id="timer")

    def start(self, seats: tuple[str, ...], open_hands: bool) -> None:
        config = replace(PRESETS[str(self.choice("preset"))],
                         challenge_mode=self.choice("challenge"),  # type: ignore[arg-type]
                         turn_seconds=int(self.choice("timer")) or None)  # type: ignore[call-overload]
        self.app.start(GAME.id, seats, checked(config, seats), open_hands=open_hands)  # type: ignore[attr-defined]


class ScrabblePlugin:
    id = GAME.id
    title = GAME.title
    most_players = GAME.max_seats

    def setup_screen(self) -> ScrabbleSetupScreen:
        return ScrabbleSetupScreen()

    def add_cli_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--preset", choices=tuple(PRESETS), default="casual", help="rule preset (default casual)")
        parser.add_argument("--challenge", choices=("double", "single", "penalty", "void"),
                            help="challenge rule (default: the preset's, double)")
        parser.add_argument("--turn-time", default="off", type=turn_time, metavar="SECONDS|off",
                            help="seconds per turn, or off (default off)")
        parser.add_argument("--words", metavar="FILE",
                            help="your own word list: one word per line, any case, # comments")

    def config_from_cli(self, args: argparse.Namespace, seats: tuple[str, ...]) -> ScrabbleConfig:
        config = replace(PRESETS[args.preset], turn_seconds=args.turn_time)
        if args.challenge:
            config = replace(config, challenge_mode=args.challenge)
        if args.words:
            load_word_file(args.words)  # a bad list is reported now, in one line, not mid-game
            config = replace(config, word_list=str(Path(args.words).resolve()))
        if config.endgame == "naspa2p" and len(seats) != 2:
            raise ValueError("Tournament rules are for 2 players; use --preset casual for 3 or 4.")
        return config

    def start(self, app: TilegamesApp, seats: tuple[str, ...], config: Any, *, open_hands: bool, seed: int) -> None:
        try:
            path = new_journal_path(GAME.id) if app.save else None
            session = LocalSession.start(GAME, config, seats, seed, path=path, clock=app.clock,
                                         meta={"open_hands": open_hands})
        except SaveFailed as exc:
            app.say(f"{exc} The game was not started.")
            return
        self.show(app, session, open_hands=open_hands)

    def check_meta(self, header: JournalHeader) -> None:
        from_jsonable(bool, header.meta.get("open_hands", False), where="meta.open_hands")

    def position(self, view: dict[str, Any]) -> Board:
        board = Board()
        board.show({(sq["row"], sq["col"]): sq["letter"] for sq in view["board"]}, set(), set(), None, "across")
        board.border_subtitle = ""  # nobody types here
        return board

    def show_resumed(self, app: TilegamesApp, session: LocalSession) -> None:
        self.show(app, session, open_hands=bool(session.header.meta.get("open_hands", False)))

    def show(self, app: TilegamesApp, session: Session, *, open_hands: bool) -> None:
        """Play `session` (any Session: the tests drive it over JSON too)."""
        def over(ended: Session) -> None:
            ended.close()
            app.push_screen(ScrabbleSummary(ended))

        app.show_play(session, ScrabbleScreen(session, open_hands=open_hands, on_game_over=over))


PLUGIN = ScrabblePlugin()
