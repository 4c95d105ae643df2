"""Setting up a game: the players and the game's own options, then Start."""

from __future__ import annotations

import argparse

from typing import Iterator

from textual.app import ComposeResult
from textual.widget import Widget
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from tilegames.core.inputs import shown, whole_number
from tilegames.ui.screens.base import BaseScreen

# Shortest first, then off. The command line takes any number of seconds the rules allow.
TIMERS = [("30 seconds", 30), ("45 seconds", 45), ("60 seconds", 60), ("90 seconds", 90),
          ("120 seconds", 120), ("off", 0)]
MOST_ROUNDS = 5


def turn_time(text: str) -> int | None:
    """A turn time on the command line: seconds, or `off` (argparse's type for --turn-time)."""
    if text.strip().lower() == "off":
        return None
    try:
        return whole_number(text, "number of seconds", max_digits=4)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{shown(text, 30)}' is not a number of seconds or 'off'") from None


def count(text: str) -> int:
    """A count on the command line (rounds): ASCII digits only, bounded (argparse's type)."""
    try:
        return whole_number(text, "count", max_digits=4)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def rounds_choices(players: int, most: int = 6) -> list[tuple[str, int]]:
    """The rounds a match can have, each saying how many games it means (a round is one game
    per player), for `players` players; without a playable number of players, just how."""
    def label(rounds: int) -> str:
        name = f"{rounds} round{'s' if rounds > 1 else ''}"
        return f"{name} = {rounds * players} games" if 2 <= players <= most else f"{name} (a game per player)"

    return [(label(n), n) for n in range(1, MOST_ROUNDS + 1)]


def count_players(text: str) -> int:
    """How many names the players field holds (as `parse_players` counts them)."""
    return sum(1 for n in text.split(",") if n.strip())


def parse_players(text: str, game: str, most: int) -> tuple[str, ...]:
    """Names separated by commas; ValueError with a sentence when they will not do. `cpu` is a
    computer player; several become CPU 1, CPU 2…"""
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    cpus = sum(1 for n in names if n.casefold() == "cpu")
    numbers = iter(range(1, cpus + 1))
    names = tuple((f"CPU {next(numbers)}" if cpus > 1 else "CPU") if n.casefold() == "cpu" else n for n in names)
    if not 2 <= len(names) <= most:
        raise ValueError(f"{game} is for 2 to {most} players; you named {len(names)}.")
    if len({n.casefold() for n in names}) != len(names):
        raise ValueError("Every player needs a different name.")
    if any(len(n) > 16 for n in names):
        raise ValueError("Names can be at most 16 characters long.")
    return names


class GameSetupScreen(BaseScreen):
    """The setup form every game shares: player names, the game's options, open hands, Start.

    A game's screen names itself (`game_title`, `most_players`), lists its options
    (`option_rows`) and starts the game from the form (`start`, ValueError for a sentence)."""

    DEFAULT_CSS = """
    GameSetupScreen { align: center middle; }
    GameSetupScreen #form { width: 72; height: auto; border: round $primary; padding: 0 1; }
    GameSetupScreen Grid { grid-size: 2; grid-columns: 14 1fr; grid-rows: 3; height: auto; }
    GameSetupScreen Label { padding: 1 0 0 0; }
    GameSetupScreen #error { color: $error; height: auto; }
    GameSetupScreen #hint { color: $text-muted; height: auto; }
    GameSetupScreen Button { width: 100%; }
    """
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "start", "Start")]

    game_title = ""
    most_players = 6

    def option_rows(self) -> Iterator[tuple[str, Widget]]:
        return iter(())

    def compose(self) -> ComposeResult:
        with Vertical(id="form") as form:
            form.border_title = f"New {self.game_title} game"
            with Grid():
                yield Label("Players")
                yield Input(value="Player 1, Player 2", id="players",
                            placeholder=f"names, separated by commas (2-{self.most_players}); cpu = computer")
                for label, widget in self.option_rows():
                    yield Label(label)
                    yield widget
                yield Label("")
                yield Checkbox("Open hands (no hand-off screen; for teaching)", id="open")
            yield Static("Type cpu as a name for a computer player (several: cpu, cpu).", id="hint")
            yield Static("", id="error")
            yield Button("Start", variant="primary", id="start")
        yield Footer()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#players", Input).focus()

    def on_input_submitted(self) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start()

    def action_back(self) -> None:
        self.dismiss(None)

    def action_start(self) -> None:
        try:
            seats = parse_players(self.query_one("#players", Input).value, self.game_title, self.most_players)
            self.start(seats, self.query_one("#open", Checkbox).value)  # type: ignore[attr-defined]
        except ValueError as exc:
            self.query_one("#error", Static).update(str(exc))

    def choice(self, widget_id: str) -> object:
        return self.query_one(f"#{widget_id}", Select).value
