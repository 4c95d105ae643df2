"""The tilegames app: the menu, setting up, playing and resuming games.

Everything game-specific comes from the game's core registry entry (its setup options, seats
and series rule) and its plug-in (`ui/games/<id>.py`, listed in `ui/games/__init__.py`): its
play screen, its summary. The app itself only knows sessions, series and screens.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Protocol, TypeGuard

from textual.app import App, SystemCommand
from textual.screen import Screen
from textual.markup import escape
from textual.notifications import SeverityLevel

from tilegames.core.errors import BadRecord, GameInUse, SaveFailed
from tilegames.core.text.i18n import N_, _, ngettext
from tilegames.core.text.inputs import shown
from tilegames.core.resources import assets_dir
from tilegames.core.registry import get_game
from tilegames.core.records.save_index import SaveInfo
from tilegames.core.records.saves import unfinished_games, unfinished_saves
from tilegames.core.seeds import new_seed
from tilegames.net.ssh_child import NOTHING_SAVED, served_over_ssh
from tilegames.ui.commands import screen_commands
from tilegames.ui.games import check_playable, playable, plugin
from tilegames.ui.preferences import Preferences
from tilegames.ui.screens.menu import NOTHING_TO_RESUME, MenuScreen, describe
from tilegames.ui.textual_fixes import release_style_caches

if TYPE_CHECKING:  # the rest comes when a game does (the menu's first frame without them)
    from tilegames.core.kernel.clock import Clock
    from tilegames.core.kernel.protocol import Event
    from tilegames.core.kernel.session_protocol import Session
    from tilegames.core.kernel.session import LocalSession
    from tilegames.core.records.journal import JournalHeader


# Key descriptions Textual itself puts in the footer (ctrl+p's, and an open Select's Esc): the
# screens translate them with their own keys (ui/screens/base.py's TranslatedKeys), so they are
# message ids like theirs.
TEXTUAL_KEY_LABELS = (N_("palette"), N_("Dismiss menu"))


class Flow(Protocol):
    """What keeps going between the games of a series (a match: the next game, dealt)."""

    def next_game(self) -> None: ...

    def close(self) -> None: ...


def check_meta(header: JournalHeader) -> None:
    """BadRecord when the app cannot play a saved game: a game it lacks, or its part of the
    header (`meta`) damaged."""
    from tilegames.core.kernel.series_meta import series_meta

    check_playable(header.game)
    series_meta(header)


def resumable_games() -> list[Path]:
    """Unfinished games the app can resume, newest first; damaged saves are left out."""
    return unfinished_games(check_meta)


def resumable_saves(damaged: bool = False) -> list[SaveInfo]:
    """`resumable_games` with what the menu shows of each (game, players, date, moves), and
    with `damaged` the saves that cannot be played too, each saying why."""
    return unfinished_saves(check_meta, damaged=damaged)


def open_saved(path: Path, clock: Clock | None = None) -> LocalSession:
    """Open the game saved at `path` for play; BadRecord or SaveFailed (one sentence) when it
    cannot be."""
    from tilegames.core.kernel.session import LocalSession

    session = LocalSession.resume(path, clock=clock)
    try:
        check_meta(session.header)
    except BadRecord as exc:
        session.close()
        raise BadRecord(f"{shown(path.name)}: {exc}") from None
    return session


def _is_local(session: Session | None) -> TypeGuard[LocalSession]:
    """Whether `session` is played here (it has a journal on this disk); a session from the
    network comes without the module of local ones, which stays unimported until then."""
    from tilegames.core.kernel.session import LocalSession

    return isinstance(session, LocalSession)


def _all_saved(session: Session) -> bool:
    """Whether saving news is good news (every move on the disk again) or a warning."""
    return session.saved if _is_local(session) else False


def crash_sentence(session: Session | None) -> str:
    """What a crash report says of the game on screen: saved up to its last move, or (the disk
    was full) how many of its last moves were not."""
    unsaved = session.unsaved_moves if _is_local(session) else 0
    if unsaved:
        return ngettext("tilegames stopped because of a bug. The last move of your game could not be saved "
                        "(the disk took nothing); `tilegames resume` continues it from before that move.",
                        "tilegames stopped because of a bug. The last {n} moves of your game could not be saved "
                        "(the disk took nothing); `tilegames resume` continues it from before them.",
                        unsaved).format(n=unsaved)
    return _("tilegames stopped because of a bug. Your game is saved up to its last move: "
             "`tilegames resume` continues it.")


class TilegamesApp(App[None]):
    TITLE = "tilegames"
    CSS_PATH = str(assets_dir() / "tilegames.tcss")
    ENABLE_COMMAND_PALETTE = True

    def __init__(self, *, clock: Clock | None = None, save: bool = True, one_game: bool = False) -> None:
        super().__init__()
        self.clock = clock
        self.save = save
        # One game and nothing else (a player who came in through the SSH door): leaving the
        # game leaves the app, and the palette offers no other game; the menu is never shown.
        self.one_game = one_game
        self.flow: Flow | None = None  # the series in progress (its next game, dealt ahead)
        self.playing: Session | None = None  # the game on screen (its journal held)
        # Set when the player chose another language in the menu: the app ends, and the command
        # line starts tilegames again in it (ui/screens/language.py).
        self.restart_in_language: str | None = None
        # Started by the SSH door for a remote player (net/ssh_child.py): a stranger's keys
        # drive it as the server's account, so nothing they can press writes a file here.
        self.over_ssh = served_over_ssh()
        self.preferences = Preferences(self, write=not self.over_ssh)

    @property
    def keymap_in_force(self) -> dict[str, str]:
        """The keymap from the settings file, as applied (the help and the palette show it)."""
        return self.preferences.keymap

    def on_mount(self) -> None:
        self.preferences.apply()

    # The screens below are imported when first shown, not at start: the menu's first frame
    # comes sooner (`tilegames bench`, "menu: first frame against a plain Textual app").
    def get_default_screen(self) -> Screen[Any]:
        if self.one_game:
            from tilegames.ui.screens.waiting import WaitingScreen

            return WaitingScreen()
        return MenuScreen(lambda: resumable_saves(damaged=True) if self.save else [])

    # --- the command palette (ctrl+p) -------------------------------------------------------
    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette offers the screen's own actions first (those with a description, not
        the cursor keys), then new games, each unfinished game, the rules, and Textual's own
        (theme, keys, quit)."""
        yield from screen_commands(screen)
        if self.one_game:
            yield from self._textual_commands(screen)
            return
        for entry in playable():
            title = _(entry.title)  # i18n: marked
            yield SystemCommand(_("New game: {game}").format(game=title), _("Set up a game of {game}").format(game=title),
                                partial(self._from_anywhere, self.open_setup, entry.id))
        if self.save:
            for save in resumable_saves():
                yield SystemCommand(_("Resume: {game}").format(game=describe(save)), _("Continue this unfinished game"),
                                    partial(self._from_anywhere, self.resume, save.path), discover=False)
        for entry in playable():
            title = _(entry.title)  # i18n: marked
            yield SystemCommand(_("Rules: {game}").format(game=title), _("How {game} is played").format(game=title),
                                partial(self.show_rules, entry.id))
        yield from self._textual_commands(screen)

    def show_rules(self, game_id: str) -> None:
        from tilegames.ui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(game_id))

    def _textual_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own commands; in an SSH session without the screenshot, which would write
        a file on the server (were it offered, `deliver_screenshot` would refuse it anyway)."""
        for command in super().get_system_commands(screen):
            if not (self.over_ssh and command.title == "Screenshot"):
                yield command

    def _from_anywhere(self, start: Callable[[Any], None], what: Any) -> None:
        """New game or resume from the palette: a game on screen is left first (asking first
        when some of it is not saved)."""
        def go() -> None:
            if len(self.screen_stack) > 1:
                self.back_to_menu()
            start(what)

        self._leave_then(go)

    async def action_quit(self) -> None:
        """Quit (ctrl+q, the menu's q); a game with moves the disk has not taken asks first."""
        self._leave_then(self.exit)

    def _leave_then(self, then: Callable[[], object]) -> None:
        """`then()`, at once when the game on screen is saved as it stands (or none is);
        otherwise after the leave question says what leaving loses and the player says yes,
        so no move is lost without a word (saving is tried once more first)."""
        session = self.playing
        if not _is_local(session) or session.path is None:
            then()
            return
        session.retry_saving()
        if session.saved:
            then()
            return
        def answered(yes: bool | None) -> None:
            if yes:
                then()

        from tilegames.ui.screens.dialogs import Confirm, ask_to_leave

        self.push_screen(Confirm(escape(ask_to_leave(session))), answered)

    # --- starting -------------------------------------------------------------------------
    def open_setup(self, game_id: str) -> None:
        from tilegames.ui.screens.setup import GameSetupScreen

        self.push_screen(GameSetupScreen(get_game(game_id)))

    def start(self, game_id: str, seats: tuple[str, ...], config: Any, *, open_hands: bool,
              seed: int | None = None) -> None:
        """A new game (or match) of `game_id`, dealt from `seed` (random when None)."""
        seed = new_seed() if seed is None else seed
        open_hands = open_hands or get_game(game_id).hands_open(config)  # rules that play face up
        from tilegames.ui.series_flow import SeriesFlow

        SeriesFlow.new(self, game_id, seats, config, open_hands=open_hands, seed=seed).start()

    def show_play(self, session: Session, screen: Screen[Any], *, flow: Flow | None = None) -> None:
        """`session` is the game on screen now, in `screen`; the game and the flow before it are
        closed (their journals let go)."""
        if self.flow is not None and self.flow is not flow:
            self.flow.close()
        self.flow = flow
        self._pop_to_menu()
        if self.playing is not None and self.playing is not session:
            self.playing.close()
        self.playing = session
        session.on_save_failed = lambda message: self.say(message, "information" if _all_saved(session) else "warning")
        self.push_screen(screen)

    def next_game(self) -> None:
        """The summary's Enter: the flow's next game (a match's), or the menu."""
        if self.flow is None:
            self.back_to_menu()
        else:
            self.flow.next_game()

    # --- resuming -------------------------------------------------------------------------
    def resume_last(self) -> None:
        games = resumable_games() if self.save else []
        if not games:
            self.say(_(NOTHING_TO_RESUME), "information")  # i18n: marked
            return
        self.resume(games[0])

    def resume(self, path: Path) -> None:
        """Resume the game saved at `path`, or say in a message why it cannot be."""
        try:
            session = open_saved(path, self.clock)
        except GameInUse as exc:
            question = _("{reason}\n\nWatch it read-only, as a spectator?").format(reason=exc)
            from tilegames.ui.screens.dialogs import Confirm

            self.push_screen(Confirm(escape(question)), lambda yes: self.watch_elsewhere(path) if yes else None)
            return
        except (BadRecord, SaveFailed) as exc:
            self.say(_("Cannot resume {file}: {reason}").format(file=shown(path.name), reason=exc))
            return
        self.show_resumed(session)

    def watch_elsewhere(self, path: Path) -> None:
        """Show the game saved at `path` read-only, as a spectator sees it, without taking it."""
        try:
            from tilegames.core.records.journal import game_of, load_journal, replay

            loaded = load_journal(path)
            game = game_of(loaded)
            events: list[Event] = []
            state = replay(loaded, game, events)
        except BadRecord as exc:
            self.say(_("Cannot show {file}: {reason}").format(file=shown(path.name), reason=exc))
            return
        moves = len(loaded.records)
        title = ngettext("{game}: {players} (read-only, {n} move saved)", "{game}: {players} (read-only, {n} moves saved)",
                         moves).format(game=_(game.title), players=", ".join(loaded.header.seats), n=moves)  # i18n: marked
        view = game.view(state, None, None)
        try:
            position = plugin(game.id).position(view)
        except BadRecord as exc:
            self.say(_("Cannot show {file}: {reason}").format(file=shown(path.name), reason=exc))
            return
        from tilegames.ui.screens.spectator import SpectatorScreen

        self.push_screen(SpectatorScreen(title, view, [e.text for e in events], position))

    def say(self, message: str, severity: SeverityLevel = "error") -> None:
        """A message for the player; never read as markup (it may name a file or a host)."""
        self.notify(message, severity=severity, timeout=10, markup=False)

    def show_resumed(self, session: LocalSession) -> None:
        """A saved game just opened for play, in its series."""
        self.show_in_series(session, session.header)

    def show_in_series(self, session: Session, header: JournalHeader, *, open_hands: bool | None = None) -> None:
        """Play `session` in the series its journal header names (a game saved on its own: a
        series of one); `open_hands` overrides the header's choice."""
        from tilegames.ui.series_flow import SeriesFlow

        SeriesFlow.around(self, session, header, open_hands=open_hands).show(session)

    # --- leaving --------------------------------------------------------------------------
    def _pop_to_menu(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def back_to_menu(self) -> None:
        if self.one_game:
            self._close_games()
            self.exit()
            return
        self._close_games()
        self._pop_to_menu()
        menu = self.screen
        if isinstance(menu, MenuScreen):
            menu.refresh_saves()

    def _close_games(self) -> None:
        """Leaving play: the games' journals are closed (and their locks let go)."""
        if self.playing is not None:
            self.playing.close()
        if self.flow is not None:
            self.flow.close()
        self.playing, self.flow = None, None

    def on_unmount(self) -> None:
        self._close_games()
        release_style_caches()

    # --- screenshots, which an SSH session does not write -------------------------------------
    # Every way to a screenshot file goes through these two: the palette's command and the
    # `screenshot` action (a key bound to it) deliver one, TEXTUAL_SCREENSHOT saves one.
    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        if self.over_ssh:
            self.say(_(NOTHING_SAVED), "warning")  # i18n: marked
            return None
        return super().deliver_screenshot(filename, path, time_format)

    def save_screenshot(self, filename: str | None = None, path: str | None = None,
                        time_format: str | None = None) -> str:
        if self.over_ssh:
            self.say(_(NOTHING_SAVED), "warning")  # i18n: marked
            return ""
        return super().save_screenshot(filename, path, time_format)

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
            Text(crash_sentence(self.playing), style="bold"),
            Traceback(show_locals=False, width=None, suppress=[rich]),
        )
        self._exit_renderables.append(Segments(self.console.render(report, self.console.options)))
        self._close_messages_no_wait()
