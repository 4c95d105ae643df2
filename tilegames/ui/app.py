"""The tilegames app: the menu, setting up, playing and resuming matches.

A match of Rummikub is a series of games (RULES.md §1.9). Each game is its own journal; the
match's progress so far travels in the journal header's `meta`, so resuming a game resumes
the match around it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterable

from textual.app import App, SystemCommand
from textual.screen import Screen
from textual.markup import escape
from textual.notifications import SeverityLevel

from tilegames.core.clock import Clock
from tilegames.core.codec import from_jsonable, to_jsonable
from tilegames.core.errors import BadRecord, GameInUse, SaveFailed
from tilegames.core.inputs import shown
from tilegames.core.journal import JournalHeader, game_of, load_journal, replay
from tilegames.core.protocol import Event
from tilegames.core.resources import assets_dir
from tilegames.core.save_index import SaveInfo
from tilegames.core.saves import find_saved, new_journal_path, unfinished_games, unfinished_saves
from tilegames.core.session import LocalSession
from tilegames.core.session_protocol import Session
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.game import GAME as RUMMIKUB
from tilegames.games.rummikub.match import Match
from tilegames.games.rummikub.state import GameEnd
from tilegames.ui.screens.dialogs import Confirm
from tilegames.ui.commands import screen_commands
from tilegames.ui.screens.menu import GAMES, NOTHING_TO_RESUME, MenuScreen, describe
from tilegames.ui.screens.rules import RulesScreen
from tilegames.ui.screens.spectator import SpectatorScreen
from tilegames.ui.screens.rummikub import RummikubScreen
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME as SCRABBLE
from tilegames.ui.screens.scrabble import ScrabbleScreen
from tilegames.ui.screens.scrabble_summary import ScrabbleSummary
from tilegames.ui.screens.setup import RummikubSetupScreen, ScrabbleSetupScreen
from tilegames.ui.screens.summary import SummaryScreen


@dataclass
class MatchInProgress:
    match: Match
    open_hands: bool
    # Names the match in each game's journal, with the game's number, so that the next game,
    # dealt and saved when a game ends, is found again instead of dealt twice.
    match_id: str = field(default_factory=lambda: secrets.token_hex(8))


@dataclass(frozen=True)
class MatchMeta:
    """What a Rummikub game's journal keeps about its match (header `meta["match"]`)."""

    seed: int
    games: tuple[GameEnd, ...] = ()
    open_hands: bool = False
    id: str | None = None  # None: saved before matches had ids
    game: int | None = None  # this game's number in the match, from 1


@dataclass(frozen=True)
class Resumed:
    """A saved game opened for play: its session and, for Rummikub, the match around it."""

    session: LocalSession
    match: Match | None
    open_hands: bool
    match_id: str | None = None


def check_meta(header: JournalHeader) -> MatchMeta | None:
    """The app's part of a journal header, checked like any data from outside (BadRecord)."""
    if header.game == SCRABBLE.id:
        from_jsonable(bool, header.meta.get("open_hands", False), where="meta.open_hands")
        return None
    if header.game != RUMMIKUB.id:
        raise BadRecord(f"{shown(header.game, 30)} games cannot be played in the app.")
    return from_jsonable(MatchMeta, header.meta.get("match", {"seed": header.seed}), where="meta.match")


def resumable_games() -> list[Path]:
    """Unfinished games the app can resume, newest first; damaged saves are left out."""
    return unfinished_games(check_meta)


def resumable_saves() -> list[SaveInfo]:
    """`resumable_games` with what the menu shows of each (game, players, date, moves)."""
    return unfinished_saves(check_meta)


def open_saved(path: Path, clock: Clock | None = None) -> Resumed:
    """Open the game saved at `path` for play; BadRecord or SaveFailed (one sentence) when it
    cannot be."""
    session = LocalSession.resume(path, clock=clock)
    try:
        info = check_meta(session.header)
    except BadRecord as exc:
        session.close()
        raise BadRecord(f"{shown(path.name)}: {exc}") from None
    if info is None:
        return Resumed(session, None, bool(session.header.meta.get("open_hands", False)))
    config = RUMMIKUB.config_from_json(session.header.config)
    return Resumed(session, Match(config, session.seats, info.seed, info.games), info.open_hands, info.id)


def _is_game(header: JournalHeader, match_id: str, number: int) -> bool:
    """Whether `header` is game `number` of match `match_id`."""
    info = header.meta.get("match")
    return header.game == RUMMIKUB.id and isinstance(info, dict) and info.get("id") == match_id \
        and info.get("game") == number


class TilegamesApp(App[None]):
    TITLE = "tilegames"
    CSS_PATH = str(assets_dir() / "tilegames.tcss")
    ENABLE_COMMAND_PALETTE = True

    def __init__(self, *, clock: Clock | None = None, save: bool = True) -> None:
        super().__init__()
        self.clock = clock
        self.save = save
        self.current: MatchInProgress | None = None
        self._next: LocalSession | None = None  # the match's next game, dealt at the summary
        self.playing: LocalSession | None = None  # the game on screen (its journal held)

    def get_default_screen(self) -> MenuScreen:
        return MenuScreen(lambda: resumable_saves() if self.save else [])

    # --- the command palette (ctrl+p) -------------------------------------------------------
    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette offers the screen's own actions first (those with a description, not
        the cursor keys), then new games, each unfinished game, the rules, and Textual's own
        (theme, keys, quit)."""
        yield from screen_commands(screen)
        for game_id, title, ready in GAMES:
            if ready:
                yield SystemCommand(f"New game: {title}", f"Set up a game of {title}",
                                    partial(self._from_anywhere, self.open_setup, game_id))
        if self.save:
            for save in resumable_saves():
                yield SystemCommand(f"Resume: {describe(save)}", "Continue this unfinished game",
                                    partial(self._from_anywhere, self.resume, save.path), discover=False)
        for game_id, title, ready in GAMES:
            if ready:
                yield SystemCommand(f"Rules: {title}", f"How {title} is played",
                                    partial(self.push_screen, RulesScreen(game_id)))
        yield from super().get_system_commands(screen)

    def _from_anywhere(self, start: Callable[[Any], None], what: Any) -> None:
        """New game or resume from the palette: a game on screen is left first (it is saved)."""
        if len(self.screen_stack) > 1:
            self.back_to_menu()
        start(what)

    # --- starting -------------------------------------------------------------------------
    def open_setup(self, game_id: str) -> None:
        if game_id == "rummikub":
            self.push_screen(RummikubSetupScreen())
        elif game_id == "scrabble":
            self.push_screen(ScrabbleSetupScreen())

    def start_scrabble(self, seats: tuple[str, ...], config: ScrabbleConfig, *, open_hands: bool,
                       seed: int | None = None) -> None:
        seed = secrets.randbelow(10**9) if seed is None else seed
        try:
            path = new_journal_path(SCRABBLE.id) if self.save else None
            session = LocalSession.start(SCRABBLE, config, seats, seed, path=path, clock=self.clock,
                                         meta={"open_hands": open_hands})
        except SaveFailed as exc:
            self.say(f"{exc} The game was not started.")
            return
        self.show_scrabble(session, open_hands=open_hands)

    def show_scrabble(self, session: LocalSession, *, open_hands: bool) -> None:
        self.current = None
        self._pop_to_menu()
        self._play(session)
        self.push_screen(ScrabbleScreen(session, open_hands=open_hands, on_game_over=self._scrabble_over))

    def _scrabble_over(self, session: Session) -> None:
        session.close()
        self.push_screen(ScrabbleSummary(session))

    def _play(self, session: LocalSession) -> None:
        """`session` is the game on screen now; the one before it is closed."""
        if self.playing is not None and self.playing is not session:
            self.playing.close()
        self.playing = session
        session.on_save_failed = lambda message: self.say(message, "warning")

    def start_rummikub(self, seats: tuple[str, ...], config: RummikubConfig, *, open_hands: bool,
                       seed: int | None = None) -> None:
        seed = secrets.randbelow(10**9) if seed is None else seed
        self.current = MatchInProgress(Match(config, seats, seed), open_hands)
        self._next = None
        try:
            session = self._prepare_next()
        except SaveFailed as exc:
            self.current = None
            self.say(f"{exc} The game was not started.")
            return
        self._show(session)

    def next_game(self) -> None:
        session, self._next = self._next or self._deal_next(), None
        if session is None:
            self.back_to_menu()
        else:
            self._show(session)

    def _prepare_next(self, save: bool = True) -> LocalSession:
        """The match's next game, journaled at once so that leaving at the summary still lets
        Resume continue the match. A next game saved before (this finished game was resumed
        again) is opened, not dealt twice. SaveFailed if it cannot be saved, GameInUse or
        BadRecord if the saved one cannot be opened."""
        assert self.current is not None
        match, match_id = self.current.match, self.current.match_id
        number = len(match.games) + 1
        if self.save and save:
            saved = find_saved(lambda header: _is_game(header, match_id, number))
            if saved is not None:
                return LocalSession.resume(saved, clock=self.clock)
        meta = {"match": {"seed": match.seed, "games": to_jsonable(match.games), "open_hands": self.current.open_hands,
                          "id": match_id, "game": number}}
        path = new_journal_path(RUMMIKUB.id) if self.save and save else None
        return LocalSession.start(RUMMIKUB, match.config, match.seats, match.next_seed(),
                                  path=path, clock=self.clock, meta=meta)

    def _deal_next(self) -> LocalSession | None:
        """`_prepare_next`, saying what went wrong: unsaved when saving fails, None when the
        saved next game cannot be opened."""
        try:
            return self._prepare_next()
        except SaveFailed as exc:
            self.say(f"Saving stopped: {exc} The next game is played without saving.", "warning")
            return self._prepare_next(save=False)
        except (GameInUse, BadRecord) as exc:
            self.say(f"The next game of this match cannot be opened: {exc}")
            return None

    def _show(self, session: LocalSession) -> None:
        assert self.current is not None
        match = self.current.match
        self._pop_to_menu()
        self._play(session)
        title = f"Game {len(match.games) + 1} of {match.total_games}: {', '.join(match.seats)}."
        self.push_screen(RummikubScreen(session, open_hands=self.current.open_hands, totals=list(match.totals()),
                                        on_game_over=self._game_over, title=title))

    def _game_over(self, session: Session) -> None:
        assert self.current is not None
        end = from_jsonable(GameEnd, session.view(None)["result"], where="result")
        session.close()
        self.current.match = self.current.match.record(end)
        if not self.current.match.is_over:
            self._next = self._deal_next()
        names = " and ".join(session.seats[w] for w in end.winners)
        how = "went out" if end.reason == "out" else "had the lowest rack when the game stuck"
        self.push_screen(SummaryScreen(self.current.match, f"{names} {how}."))

    # --- resuming -------------------------------------------------------------------------
    def resume_last(self) -> None:
        games = resumable_games() if self.save else []
        if not games:
            self.say(NOTHING_TO_RESUME, "information")
            return
        self.resume(games[0])

    def resume(self, path: Path) -> None:
        """Resume the game saved at `path`, or say in a message why it cannot be."""
        try:
            resumed = open_saved(path, self.clock)
        except GameInUse as exc:
            question = f"{exc}\n\nWatch it read-only, as a spectator?"
            self.push_screen(Confirm(escape(question)), lambda yes: self.watch_elsewhere(path) if yes else None)
            return
        except (BadRecord, SaveFailed) as exc:
            self.say(f"Cannot resume {shown(path.name)}: {exc}")
            return
        self.show_resumed(resumed)

    def watch_elsewhere(self, path: Path) -> None:
        """Show the game saved at `path` read-only, as a spectator sees it, without taking it."""
        try:
            loaded = load_journal(path)
            game = game_of(loaded)
            events: list[Event] = []
            state = replay(loaded, game, events)
        except BadRecord as exc:
            self.say(f"Cannot show {shown(path.name)}: {exc}")
            return
        title = f"{game.title}: {', '.join(loaded.header.seats)} (read-only, {len(loaded.records)} moves saved)"
        self.push_screen(SpectatorScreen(title, game.view(state, None, None), [e.text for e in events]))

    def say(self, message: str, severity: SeverityLevel = "error") -> None:
        """A message for the player; never read as markup (it may name a file or a host)."""
        self.notify(message, severity=severity, timeout=10, markup=False)

    def show_resumed(self, resumed: Resumed) -> None:
        if resumed.match is None:
            self.show_scrabble(resumed.session, open_hands=resumed.open_hands)
        else:
            self.show_session(resumed.session, resumed.match, open_hands=resumed.open_hands,
                              match_id=resumed.match_id)

    def show_session(self, session: LocalSession, match: Match, *, open_hands: bool,
                     match_id: str | None = None) -> None:
        """Play `session` as the next game of `match` (a match saved without an id gets one)."""
        self.current = MatchInProgress(match, open_hands) if match_id is None else \
            MatchInProgress(match, open_hands, match_id)
        self._next = None
        self._show(session)

    # --- leaving --------------------------------------------------------------------------
    def _pop_to_menu(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def back_to_menu(self) -> None:
        self._close_games()
        self._pop_to_menu()
        menu = self.screen
        if isinstance(menu, MenuScreen):
            menu.refresh_saves()

    def _close_games(self) -> None:
        """Leaving play: the games' journals are closed (and their locks let go)."""
        for session in (self.playing, self._next):
            if session is not None:
                session.close()
        self.playing = None

    def on_unmount(self) -> None:
        self._close_games()

    # --- crashing -------------------------------------------------------------------------
    def _fatal_error(self) -> None:
        """The report of an unexpected error, without local variables.

        Textual's own report (App._fatal_error, textual 8) prints every frame's locals, and a
        game's frames hold the racks: a crash in hot-seat play would show everyone the tiles.
        This is that method with `show_locals=False`, and a sentence about the saved game."""
        import rich
        from rich.console import Group
        from rich.segment import Segments
        from rich.text import Text
        from rich.traceback import Traceback

        self.bell()
        report = Group(
            Text("tilegames stopped because of a bug. Your game is saved up to its last move: "
                 "`tilegames resume` continues it.", style="bold"),
            Traceback(show_locals=False, width=None, suppress=[rich]),
        )
        self._exit_renderables.append(Segments(self.console.render(report, self.console.options)))
        self._close_messages_no_wait()
