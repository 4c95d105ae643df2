"""Setting up a game: the players (each a person or the computer), the game's own options, then
Start. The form is built from the game's setup options (core/kernel/setup_options.py), the same data
`tilegames play GAME` builds its options from, so it names no game and every game gets one.

Hosting a game (ui/screens/host.py) is the same form with other last rows and another button:
it overrides `compose_more_rows`, `compose_notes` and `begin`, so the players, the seats line
and the options are written once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from tilegames.core.agents import levels_of
from tilegames.core.computer_seats import next_kind, seat_names, typed_level
from tilegames.core.text.i18n import N_, _
from tilegames.core.text.inputs import shown
from tilegames.core.kernel.protocol import Game
from tilegames.ui.screens.form import FormScreen
from tilegames.ui.widgets.seat_kinds import SeatKinds
from tilegames.ui.widgets.footer import KeysFooter


def names_typed(text: str) -> list[str]:
    """The names in the players field, in order (commas between them)."""
    return [n.strip() for n in text.split(",") if n.strip()]


def count_players(text: str) -> int:
    """How many names the players field holds (as `parse_players` counts them)."""
    return sum(1 for n in text.split(",") if n.strip())


def parse_players(text: str, game: str, most: int, levels: Sequence[str] = ()) -> tuple[str, ...]:
    """Names separated by commas; ValueError with a sentence when they will not do. `cpu` (or
    `cpu:LEVEL` when the game's computer has `levels`) is a computer player, named as
    core/computer_seats.py says."""
    names = seat_names(names_typed(text), levels)
    if not 2 <= len(names) <= most:
        raise ValueError(_("{game} is for 2 to {most} players; you named {count}.").format(
            game=game, most=most, count=len(names)))
    if len({n.casefold() for n in names}) != len(names):
        raise ValueError(_("Every player needs a different name."))
    if any(len(n) > 16 for n in names):
        raise ValueError(_("Names can be at most 16 characters long."))
    return names


def default_name(seat: int) -> str:
    """The name a seat has until the player types one ("Player 1"), in the player's language."""
    return _("Player {number}").format(number=seat + 1)


class GameSetupScreen(FormScreen):
    """The setup form every game shares: the players and who plays each seat, the game's own
    options (from its setup options), open hands, Start."""

    DEFAULT_CSS = """
    GameSetupScreen { align: center middle; }
    GameSetupScreen #form { width: 72; height: auto; border: round $primary; padding: 0 1; }
    GameSetupScreen Grid { grid-size: 2; grid-columns: 14 1fr; grid-rows: 1; grid-gutter: 1 0;
                           height: auto; margin: 1 0; }
    GameSetupScreen SeatKinds { margin: 0; }
    GameSetupScreen #error { color: $error; height: auto; }
    GameSetupScreen #open { border: none; height: 1; padding: 0; margin: 0; }
    GameSetupScreen Button { width: 100%; }
    """
    BINDINGS = [Binding("escape", "back", "Back", id="setup.back"), Binding("ctrl+s", "start", "Start", id="setup.start")]
    BUTTON = N_("Start")  # the form's button, which `begin`s

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        super().__init__()
        self.game = game
        self.options = [o for o in game.setup_options if o.in_form]
        self.levels = levels_of(game.id)

    def heading(self) -> str:
        return _("New {game} game").format(game=_(self.game.title))  # i18n: marked

    def compose(self) -> ComposeResult:
        game = self.game
        with Vertical(id="form") as form:
            form.border_title = self.heading()
            form.border_subtitle = _("space: person / computer")
            with Grid():
                yield Label(_("Players"))
                yield Input(value=", ".join(default_name(seat) for seat in range(2)), id="players", compact=True,
                            placeholder=_("names, separated by commas ({least}-{most})").format(
                                least=game.min_seats, most=game.max_seats))
                yield Label(_("Computer"))
                yield SeatKinds(id="seats")
                for option in self.options:
                    yield Label(option.shown_label())
                    yield Select(option.choices_for(game.min_seats), value=option.default, allow_blank=False,
                                 id=option.key, compact=True)
                yield from self.compose_more_rows()
            yield from self.compose_notes()
            yield Static("", id="error", markup=False)
            yield Button(_(self.BUTTON), variant="primary", id="start", compact=True)  # i18n: marked
        yield KeysFooter()
        yield from self.compose_notice()

    def compose_more_rows(self) -> ComposeResult:
        """The rows after the game's options (label, field): open hands, for a game played here."""
        yield Label("")
        yield Checkbox(_("Open hands (no hand-off screen; for teaching)"), id="open")

    def compose_notes(self) -> ComposeResult:
        """Lines between the rows and the error line (none here)."""
        yield from ()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#players", Input).focus()
        self._players_changed()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "players":
            self._players_changed()

    def _players_changed(self) -> None:
        """The seats line shows the players named now; options whose choices depend on the
        number of players (rounds say how many games they mean) are relabelled."""
        typed = names_typed(self.query_one("#players", Input).value)
        try:
            names = seat_names(typed, self.levels)
        except ValueError:
            names = tuple(typed)  # a level the game lacks: Start says so
        self.query_one(SeatKinds).show([(name, typed_level(name) is not None) for name in names])
        for option in self.options:
            if option.for_players is None:
                continue
            select = self.query_one(f"#{option.key}", Select)
            chosen = select.value
            select.set_options(option.choices_for(len(names)))
            select.value = chosen
            select.mutate_reactive(type(select).value)  # the shown choice is relabelled even when it stays

    def on_seat_kinds_switched(self, event: SeatKinds.Switched) -> None:
        """A seat switched to the computer is named cpu; back to a person, it gets a name to edit."""
        players = self.query_one("#players", Input)
        names = names_typed(players.value)
        if event.seat >= len(names):
            return
        names[event.seat] = next_kind(names[event.seat], self.levels) or default_name(event.seat)
        players.value = ", ".join(names)

    def action_start(self) -> None:
        """The players and options read, then `begin`; whatever will not do is a sentence on the
        error line and nothing starts."""
        game = self.game
        try:
            seats = parse_players(self.query_one("#players", Input).value, _(game.title), game.max_seats,  # i18n: marked
                                  self.levels)
            chosen = {o.key: self.query_one(f"#{o.key}", Select).value for o in self.options}
            config = game.config_for(chosen, len(seats))
        except ValueError as exc:
            self.refuse(str(exc))
            return
        self.begin(seats, config)

    def refuse(self, sentence: str) -> None:
        """`sentence` on the error line (the form stays as it is)."""
        self.query_one("#error", Static).update(shown(sentence, 300))

    def begin(self, seats: tuple[str, ...], config: Any) -> None:
        """Start the game set up (a refusal is `refuse`d here)."""
        self.app.start(self.game.id, seats, config, open_hands=self.query_one("#open", Checkbox).value)  # type: ignore[attr-defined]
