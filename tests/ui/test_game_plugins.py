"""Games are plug-ins: a game registered only here, in the tests (the pile game of
tests/pilegame.py), appears in the menu, the command palette and `tilegames play`, without a
line of the generic app or of cli.py knowing it."""

from __future__ import annotations

import argparse
import pathlib
from typing import Any

import pytest
from textual.binding import Binding
from textual.widgets import Footer, OptionList

import pilegame
from tilegames.cli import main
from tilegames.ui import games
from tilegames.ui.screens.setup import GameSetupScreen
from tilegames.ui.screens.turns import TurnScreen
from tilegames.ui.widgets.timer import TurnTimer


class PileSetup(GameSetupScreen):
    game_title = "Pile"
    most_players = 4

    def start(self, seats: tuple[str, ...], open_hands: bool) -> None:
        self.app.start("pile", seats, pilegame.PileConfig(), open_hands=open_hands)  # type: ignore[attr-defined]


class PilePlugin:
    id = "pile"
    title = "Pile"
    most_players = 4

    def __init__(self) -> None:
        self.started: list[tuple[Any, ...]] = []

    def setup_screen(self) -> PileSetup:
        return PileSetup()

    def add_cli_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--penalty", type=int, default=3)

    def config_from_cli(self, args: argparse.Namespace, seats: tuple[str, ...]) -> Any:
        return pilegame.PileConfig(penalty=args.penalty)

    def start(self, app: Any, seats: tuple[str, ...], config: Any, *, open_hands: bool, seed: int) -> None:
        self.started.append((seats, config, open_hands, seed))

    def check_meta(self, header: Any) -> None:
        pass

    def show_resumed(self, app: Any, session: Any) -> None:
        pass

    def position(self, view: dict[str, Any]) -> Any:
        from textual.widgets import Static

        return Static(" ".join(str(len(row)) for row in view.get("table", [])))


@pytest.fixture
def pile():
    plugin = PilePlugin()
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
        assert isinstance(app.screen, PileSetup)
        app.screen.query_one("#players").value = "Ann, Bora"
        await pilot.press("enter")
        await pilot.pause()
        assert pile.started and pile.started[0][0] == ("Ann", "Bora")


def test_a_game_registered_in_the_tests_is_playable_from_the_command_line(pile, monkeypatch):
    class FakeApp:
        def start(self, game_id, seats, config, *, open_hands, seed):
            pile.start(self, seats, config, open_hands=open_hands, seed=seed)

    monkeypatch.setattr("tilegames.cli._run_app", lambda start: start(FakeApp()) or 0)
    assert main(["play", "pile", "--players", "Ann,Bora", "--penalty", "5", "--seed", "9"]) == 0
    assert pile.started == [(("Ann", "Bora"), pilegame.PileConfig(penalty=5), False, 9)]


def test_the_generic_app_and_the_command_line_name_no_game():
    root = pathlib.Path(__file__).resolve().parents[2] / "tilegames"
    generic = [root / "cli.py", root / "ui" / "app.py", root / "ui" / "commands.py"]
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
    from tilegames.core.controller import TurnController
    from tilegames.core.journal import JournalHeader
    from tilegames.core.session import LocalSession

    state = pilegame.GAME.new_game(pilegame.PileConfig(), ("Ann", "Bora"), 3)
    header = JournalHeader("pile", pilegame.GAME.config_to_json(pilegame.PileConfig()), 3, state.seats)
    session = LocalSession(pilegame.GAME, TurnController(pilegame.GAME, state, clock=app.clock), header, None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = PileScreen(session, open_hands=True, on_game_over=lambda s: None)
        app.show_play(session, screen)
        await pilot.pause()
        assert screen.viewer == 0 and screen.view == session.view(0)  # the default _redraw
        await pilot.press("d")  # the default _after_change starts Bora's turn
        await pilot.pause()
        assert screen.viewer == 1 and session.current_seat == 1
        screen._do(lambda seat: session.act(0, pilegame.Draw()))  # out of turn: refused, and said
        await pilot.pause()
        assert session.current_seat == 1
