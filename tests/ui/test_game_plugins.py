"""Games are plug-ins: a game registered only here, in the tests (the pile game of
tests/pilegame.py), appears in the menu, the command palette and `tilegames play`, without a
line of the generic app or of cli.py knowing it."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Select, Static

import pilegame
from app_helpers import started
from tilegames.cli import main
from tilegames.ui import games
from tilegames.ui.screens.setup import GameSetupScreen
from tilegames.ui.screens.turns import TurnScreen
from tilegames.ui.widgets.timer import TurnTimer


class PileSummary(Screen):
    """Enter goes on with the series (the next game, or the menu after the last)."""

    BINDINGS = [Binding("enter", "next", "Next")]

    def __init__(self, series) -> None:
        super().__init__()
        self.series = series

    def compose(self):
        yield Static(f"Totals: {self.series.totals()}")

    def action_next(self) -> None:
        self.app.next_game()


class PilePlugin:
    """The pile game's screens: its play screen is the shared turn flow alone."""

    id = "pile"

    def play_screen(self, session, *, open_hands, series, heading, on_game_over):
        return PileScreen(session, open_hands=open_hands, on_game_over=on_game_over)

    def summary(self, session, series):
        return PileSummary(series)

    def position(self, view: dict[str, Any]) -> Any:
        from textual.widgets import Static

        return Static(" ".join(str(len(row)) for row in view.get("table", [])))


@pytest.fixture
def pile():
    plugin = PilePlugin()  # the game itself is in the core registry for every test (conftest.py)
    games.register(plugin)
    yield plugin
    games.unregister("pile")


async def test_a_game_registered_in_the_tests_is_in_the_menu_and_the_palette(app, pile):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert "Pile" in prompts
        assert "New game: Pile" in [c.title for c in app.get_system_commands(app.screen)]
        app.open_setup("pile")
        await pilot.pause()
        assert isinstance(app.screen, GameSetupScreen)
        assert app.screen.query_one("#penalty", Select).value == 2  # the pile game's own option
        app.screen.query_one("#players").value = "Ann, Bora"
        app.screen.query_one("#penalty", Select).value = 5
        await pilot.press("enter")
        await pilot.pause()
        assert any(isinstance(s, PileScreen) for s in app.screen_stack)  # under the hand-off to Ann
        assert app.playing.seats == ("Ann", "Bora") and app.flow.config == pilegame.PileConfig(penalty=5)


def test_a_game_registered_in_the_tests_is_playable_from_the_command_line(pile, monkeypatch):
    started = []

    class FakeApp:
        def start(self, game_id, seats, config, *, open_hands, seed):
            started.append((game_id, seats, config, open_hands, seed))

    monkeypatch.setattr("tilegames.cli._run_app", lambda start: start(FakeApp()) or 0)
    assert main(["play", "pile", "--players", "Ann,Bora", "--penalty", "5", "--seed", "9"]) == 0
    assert started == [("pile", ("Ann", "Bora"), pilegame.PileConfig(penalty=5), False, 9)]


def test_the_generic_app_and_the_command_line_name_no_game():
    root = pathlib.Path(__file__).resolve().parents[2] / "tilegames"
    generic = [root / "cli.py", root / "ui" / "app.py", root / "ui" / "commands.py", root / "ui" / "series_flow.py"]
    generic += [root / "ui" / "screens" / name for name in (
        "menu.py", "setup.py", "turns.py", "base.py", "help.py", "rules.py", "dialogs.py", "spectator.py")]
    for path in generic:
        text = path.read_text(encoding="utf-8").lower()
        code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
        for game_id in ("games.rummikub", "games.scrabble", '"rummikub"', '"scrabble"', "'rummikub'", "'scrabble'"):
            assert game_id not in code, f"{path.name} names {game_id}"


class PileScreen(TurnScreen):
    """A play screen made of nothing but the shared turn flow and its default hooks."""

    BINDINGS = [Binding("d", "draw", "Draw")]

    def compose(self):
        yield TurnTimer()
        yield Footer()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        self.call_after_refresh(self._start_turns)

    def action_draw(self) -> None:
        self._do(lambda seat: self.session.act(seat, pilegame.Draw()))


async def test_the_shared_turn_flow_plays_a_game_with_its_default_hooks(app):
    from tilegames.core.kernel.controller import TurnController
    from tilegames.core.records.journal import JournalHeader
    from tilegames.core.kernel.session import LocalSession

    state = pilegame.GAME.new_game(pilegame.PileConfig(), ("Ann", "Bora"), 3)
    header = JournalHeader("pile", pilegame.GAME.config_to_json(pilegame.PileConfig()), 3, state.seats)
    session = LocalSession(pilegame.GAME, TurnController(pilegame.GAME, state, clock=app.clock), header, None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = PileScreen(session, open_hands=True, on_game_over=lambda s: None)
        app.show_play(session, screen)
        await started(pilot)
        assert screen.viewer == 0 and screen.view == session.view(0)  # the default _redraw
        await pilot.press("d")  # the default _after_change starts Bora's turn
        await pilot.pause()
        assert screen.viewer == 1 and session.current_seat == 1
        screen._do(lambda seat: session.act(0, pilegame.Draw()))  # out of turn: refused, and said
        await pilot.pause()
        assert session.current_seat == 1


async def play_pile_to_its_end(pilot) -> None:
    """Both players draw until the bag is empty and everyone has passed."""
    session = pilot.app.playing
    while session.result() is None:
        await pilot.press("d")
        await pilot.pause()


async def test_any_game_can_be_played_as_a_series_of_games(app, monkeypatch):
    """The series flow is the app's, not a game's: a game whose rules say a new game starts a
    series of two is dealt its second game when the first ends, then goes back to the menu."""
    monkeypatch.setattr(pilegame.GAME, "series_length", lambda config, seats: 2)
    games.register(PilePlugin())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            app.start("pile", ("Ann", "Bora"), pilegame.PileConfig(), open_hands=True, seed=4)
            await pilot.pause()
            first = app.playing
            await play_pile_to_its_end(pilot)
            assert isinstance(app.screen, PileSummary) and len(app.flow.series.games) == 1
            totals = first.result().scores
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, PileScreen) and app.playing is not first
            assert app.playing.result() is None  # game 2, dealt from its own seed
            await play_pile_to_its_end(pilot)
            assert app.flow.series.is_over
            assert app.screen.series.totals() == tuple(a + b for a, b in zip(totals, app.playing.result().scores))
            await pilot.press("enter")
            await pilot.pause()
            assert len(app.screen_stack) == 1  # the series is over: back to the menu
    finally:
        games.unregister("pile")
