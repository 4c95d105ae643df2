"""Setting up a Rummikub match: players, rule preset, timer, rounds."""

from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from tilegames.games.rummikub.config import PRESETS
from tilegames.ui.screens.base import BaseScreen

TIMERS = [("60 seconds", 60), ("30 seconds", 30), ("45 seconds", 45), ("90 seconds", 90),
          ("120 seconds", 120), ("off", 0)]


def parse_players(text: str, game: str = "Rummikub", most: int = 6) -> tuple[str, ...]:
    """Names separated by commas; ValueError with a sentence when they will not do."""
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    if not 2 <= len(names) <= most:
        raise ValueError(f"{game} is for 2 to {most} players; you named {len(names)}.")
    if len({n.casefold() for n in names}) != len(names):
        raise ValueError("Every player needs a different name.")
    if any(len(n) > 16 for n in names):
        raise ValueError("Names can be at most 16 characters long.")
    return names


class SetupScreen(BaseScreen):
    DEFAULT_CSS = """
    SetupScreen { align: center middle; }
    SetupScreen #form { width: 72; height: auto; border: round $primary; padding: 0 1; }
    SetupScreen Grid { grid-size: 2; grid-columns: 14 1fr; grid-rows: 3; height: auto; }
    SetupScreen Label { padding: 1 0 0 0; }
    SetupScreen #error { color: $error; height: auto; }
    SetupScreen Button { width: 100%; }
    """
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "start", "Start")]

    def compose(self) -> ComposeResult:
        with Vertical(id="form") as form:
            form.border_title = "New Rummikub game"
            with Grid():
                yield Label("Players")
                yield Input(value="Player 1, Player 2", placeholder="names, separated by commas (2-6)", id="players")
                yield Label("Rules")
                yield Select([("Sabra (box rules)", "sabra"), ("Tournament", "tournament")], value="sabra",
                             allow_blank=False, id="preset")
                yield Label("Turn timer")
                yield Select(TIMERS, value=60, allow_blank=False, id="timer")
                yield Label("Rounds")
                yield Select([(str(n), n) for n in range(1, 6)], value=1, allow_blank=False, id="rounds")
                yield Label("")
                yield Checkbox("Open hands (no hand-off screen; for teaching)", id="open")
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
            seats = parse_players(self.query_one("#players", Input).value)
        except ValueError as exc:
            self.query_one("#error", Static).update(str(exc))
            return
        seconds = self.query_one("#timer", Select).value
        config = replace(PRESETS[str(self.query_one("#preset", Select).value)],
                         turn_seconds=int(seconds) or None,  # type: ignore[arg-type]
                         rounds=int(self.query_one("#rounds", Select).value))  # type: ignore[arg-type]
        open_hands = self.query_one("#open", Checkbox).value
        self.app.start_rummikub(seats, config, open_hands=open_hands)  # type: ignore[attr-defined]


class ScrabbleSetupScreen(BaseScreen):
    """Setting up a Scrabble game: players, rule preset, challenge rule, timer."""

    DEFAULT_CSS = SetupScreen.DEFAULT_CSS.replace("SetupScreen", "ScrabbleSetupScreen")
    BINDINGS = SetupScreen.BINDINGS

    def compose(self) -> ComposeResult:
        with Vertical(id="form") as form:
            form.border_title = "New Scrabble game"
            with Grid():
                yield Label("Players")
                yield Input(value="Player 1, Player 2", placeholder="names, separated by commas (2-4)", id="players")
                yield Label("Rules")
                yield Select([("Casual (Hasbro)", "casual"), ("Tournament (NASPA, 2 players)", "tournament")],
                             value="casual", allow_blank=False, id="preset")
                yield Label("Challenges")
                yield Select([("Double: a failed challenge loses a turn", "double"),
                              ("Single: no penalty", "single"),
                              ("Penalty: 5 points per word", "penalty"),
                              ("Void: words are checked at once", "void")],
                             value="double", allow_blank=False, id="challenge")
                yield Label("Turn timer")
                yield Select([("off", 0), ("1 minute", 60), ("2 minutes", 120), ("3 minutes", 180)], value=0,
                             allow_blank=False, id="timer")
                yield Label("")
                yield Checkbox("Open hands (no hand-off screen; for teaching)", id="open")
            yield Static("", id="error")
            yield Button("Start", variant="primary", id="start")
        yield Footer()
        yield from self.compose_notice()

    on_mount = SetupScreen.on_mount
    on_input_submitted = SetupScreen.on_input_submitted
    on_button_pressed = SetupScreen.on_button_pressed
    action_back = SetupScreen.action_back

    def action_start(self) -> None:
        from tilegames.games.scrabble.config import PRESETS as SCRABBLE_PRESETS

        try:
            seats = parse_players(self.query_one("#players", Input).value, "Scrabble", 4)
            config = replace(SCRABBLE_PRESETS[str(self.query_one("#preset", Select).value)],
                             challenge_mode=self.query_one("#challenge", Select).value,  # type: ignore[arg-type]
                             turn_seconds=int(self.query_one("#timer", Select).value) or None)  # type: ignore[arg-type]
            if config.endgame == "naspa2p" and len(seats) != 2:
                raise ValueError("Tournament rules are for 2 players; choose Casual for 3 or 4.")
        except ValueError as exc:
            self.query_one("#error", Static).update(str(exc))
            return
        self.app.start_scrabble(seats, config, open_hands=self.query_one("#open", Checkbox).value)  # type: ignore[attr-defined]
