"""`tilegames timer`: a turn timer for people playing with real tiles on a real table.

Big digits count the turn down (readable across the table), the line above says whose turn it
is and who is next, the players' list beside it marks the current one. Space or Enter gives the
next player a fresh turn, p pauses and resumes, r restarts the turn, q or Esc leaves. When 10
seconds are left the terminal bell rings and the warning sound plays, once; at 0 the bell and
the alert sound, once, and the turn stays at 0 until the players move on. The countdown itself
is core/kernel/turn_timer.py; sounds are ui/sound.py.

The command line's checks are here too (`timer_settings`), so that `tilegames timer` and any
form that starts a timer refuse the same things with the same sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from tilegames.core.kernel.clock import Clock, MonotonicClock
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.kernel.turn_timer import WARNING_SECONDS, Signal, TurnCountdown
from tilegames.ui import sound
from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.screens.setup import names_typed
from tilegames.ui.widgets.big_countdown import BigCountdown
from tilegames.ui.widgets.scores import name_cell
from tilegames.ui.widgets.timer import clock_text, time_left
from tilegames.ui.widgets.footer import KeysFooter

DEFAULT_SECONDS = 60
MIN_SECONDS, MAX_SECONDS = 5, 3600
MAX_PLAYERS = 8
MAX_NAME = 16  # characters, as the setup form allows
TICK_INTERVAL = 0.1  # seconds between two looks at the countdown


@dataclass(frozen=True)
class TimerSettings:
    seconds: int
    players: tuple[str, ...]


def timer_seconds(value: int | str) -> int:
    """A turn's length in whole seconds, from the command line; ValueError with a sentence."""
    text = str(value).strip()
    if not text.isascii() or not text.isdigit():
        raise ValueError(_('"{text}" is not a number of seconds: give a whole number, e.g. 60.').format(text=shown(text, 20)))
    seconds = int(text) if len(text) <= 6 else MAX_SECONDS + 1
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise ValueError(_("A turn lasts from {low} to {high} seconds (an hour); you gave {text}.").format(
            low=MIN_SECONDS, high=MAX_SECONDS, text=shown(text, 20)))
    return seconds


def timer_players(text: str | None) -> tuple[str, ...]:
    """The players' names, separated by commas, in the order they play; () for none (the timer
    then only numbers the turns). ValueError with a sentence when they will not do."""
    if text is None or not text.strip():
        return ()
    names = tuple(names_typed(text))
    if len(names) > MAX_PLAYERS:
        raise ValueError(_("The timer takes at most {most} players; you named {count}.").format(most=MAX_PLAYERS,
                                                                                                  count=len(names)))
    if len({n.casefold() for n in names}) != len(names):
        raise ValueError(_("Every player needs a different name."))
    if any(len(n) > MAX_NAME for n in names):
        raise ValueError(_("Names can be at most {most} characters long.").format(most=MAX_NAME))
    if any(shown(n) != n for n in names):
        raise ValueError(_("Names cannot hold control characters."))
    return names


def timer_settings(seconds: int | str = DEFAULT_SECONDS, players: str | None = None) -> TimerSettings:
    """What `tilegames timer [--seconds N] [--players NAMES]` was given, checked."""
    return TimerSettings(timer_seconds(seconds), timer_players(players))


class PlayersList(Widget):
    """The players in turn order, the current one marked, names in a column cut by cells."""

    DEFAULT_CSS = """
    PlayersList {
        width: 28;
        height: auto;
        border: round $primary-darken-2;
        padding: 0 1;
    }
    """

    def __init__(self, countdown: TurnCountdown, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.countdown = countdown
        self.border_title = _("Players")

    def render(self) -> Text:
        countdown = self.countdown
        room = max(1, (self.content_size.width or 24) - 2)
        text = Text(no_wrap=True)
        for seat, name in enumerate(countdown.players):
            turn = seat == countdown.current
            text.append(">" if turn else " ", style="bold")
            text.append(" ")
            text.append_text(name_cell(name, room, "bold reverse" if turn else ""))
            if seat < len(countdown.players) - 1:
                text.append("\n")
        return text

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self.countdown.players)


class TimerScreen(BaseScreen):
    """The timer; pushed by `run_timer_screen` (or by anyone with a `TimerSettings`)."""

    DEFAULT_CSS = """
    TimerScreen #title { height: 1; padding: 0 1; background: $primary-darken-2; }
    TimerScreen #body { height: 1fr; }
    TimerScreen #main { width: 1fr; padding: 0 1; }
    TimerScreen #who { height: 1; text-align: center; text-style: bold; margin-top: 1; }
    TimerScreen #next { height: 1; text-align: center; color: $text-muted; }
    TimerScreen #cue { height: 1; text-align: center; text-style: bold; margin-bottom: 1; }
    TimerScreen #cue.warning { color: $error; }
    """
    BINDINGS = [
        Binding("space,enter", "next_player", "Next player", id="timer.next_player"),
        Binding("p", "pause", "Pause/resume", id="timer.pause"),
        Binding("r", "restart", "Restart turn", id="timer.restart"),
        Binding("q,escape", "leave", "Leave", id="timer.leave"),
    ]

    def __init__(self, settings: TimerSettings, *, clock: Clock | None = None,
                 play_sound: sound.SoundPlayer = sound.play, leave_app: bool = False) -> None:
        """`clock`: the app's (a `FakeClock` in tests), the monotonic clock otherwise;
        `play_sound`: plays "warning" or "alert" (tests count the calls instead); `leave_app`:
        leaving the timer ends the app (`tilegames timer`) instead of going back to the screen
        beneath (the menu)."""
        super().__init__()
        self.settings = settings
        self.play_sound = play_sound
        self.leave_app = leave_app
        # Counting starts now, for the first player: the timer is running when it appears.
        self.countdown = TurnCountdown(clock if clock is not None else MonotonicClock(), settings.seconds,
                                       settings.players)
        self._shown: tuple[object, ...] = ()  # what the screen shows now (see `_redraw`)

    def compose(self) -> ComposeResult:
        yield Static(id="title", markup=False)
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield Static(id="who", markup=False)
                yield Static(id="next", markup=False)
                yield BigCountdown()
                yield Static(id="cue", markup=False)
            if self.countdown.players:
                yield PlayersList(self.countdown)
        yield KeysFooter()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        self._redraw()
        self.set_interval(TICK_INTERVAL, self.tick)

    # --- the clock going on -----------------------------------------------------------------
    def tick(self) -> None:
        """Look at the countdown: sound what it asks for, show what is left."""
        for signal in self.countdown.tick():
            self._sound(signal)
        self._redraw()
        self.refresh_notice()

    def _sound(self, signal: Signal) -> None:
        self.app.bell()
        self.play_sound(signal)

    def too_small_status(self) -> str:
        name = self.countdown.current_name or _("Turn {number}").format(number=self.countdown.turn)
        return time_left(name, self.countdown.remaining())

    # --- drawing ----------------------------------------------------------------------------
    def _redraw(self) -> None:
        """Show the countdown; a no-op when nothing visible changed (ticks come ten times a
        second, the digits change once)."""
        countdown = self.countdown
        shown_now = (clock_text(countdown.remaining()), countdown.turn, countdown.current, countdown.paused,
                     countdown.in_warning, countdown.time_up)
        if shown_now == self._shown:
            return
        self._shown = shown_now
        self.query_one("#title", Static).update(
            _("Turn timer  {clock} a turn  ·  turn {number}").format(clock=clock_text(countdown.seconds),
                                                                     number=countdown.turn))
        name = countdown.current_name
        self.query_one("#who", Static).update(_("{name}'s turn").format(name=name) if name
                                              else _("Turn {number}").format(number=countdown.turn))
        following = countdown.next_name
        self.query_one("#next", Static).update(_("Next: {name}").format(name=following) if following else "")
        self.query_one(BigCountdown).show(countdown.remaining(), warning=countdown.in_warning,
                                          paused=countdown.paused)
        cue = self.query_one("#cue", Static)
        cue.update(self.cue_text())
        cue.set_class(countdown.in_warning, "warning")
        for players in self.query(PlayersList):
            players.refresh()

    def cue_text(self) -> str:
        """The state of the turn in words (the digits' colour says it only to some)."""
        countdown = self.countdown
        if countdown.time_up:
            return _("TIME IS UP!  Space: next player")
        if countdown.paused:
            return _("Paused  (p to go on)")
        if countdown.in_warning:
            return _("Hurry! {seconds} seconds or less").format(seconds=WARNING_SECONDS)
        return _("Space or Enter: next player")

    # --- keys -------------------------------------------------------------------------------
    def action_next_player(self) -> None:
        self.countdown.next_turn()
        self._redraw()

    def action_pause(self) -> None:
        self.countdown.toggle_pause()
        self._redraw()

    def action_restart(self) -> None:
        self.countdown.restart_turn()
        self._redraw()

    def action_leave(self) -> None:
        if self.leave_app:
            self.app.exit()
        else:
            self.app.pop_screen()


def run_timer_screen(app: App[Any], seconds: int | str = DEFAULT_SECONDS, players: str | tuple[str, ...] | None = None,
                     *, play_sound: sound.SoundPlayer = sound.play, leave_app: bool = False) -> TimerScreen:
    """Check the settings (ValueError with a sentence) and push the timer on `app`, counting on
    the app's clock when it has one (`TilegamesApp(clock=...)`). `leave_app`: q ends the app
    (for `tilegames timer`) rather than going back to the screen beneath."""
    names = ", ".join(players) if isinstance(players, tuple) else players
    screen = TimerScreen(timer_settings(seconds, names), clock=getattr(app, "clock", None), play_sound=play_sound,
                         leave_app=leave_app)
    app.push_screen(screen)
    return screen
