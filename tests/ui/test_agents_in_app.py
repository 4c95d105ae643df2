"""Computer players in the app: `cpu` seats are played by the game's agent in a worker, with no
hand-off screen, and games run to their end with every seat a computer."""

from __future__ import annotations

import pytest

from tilegames.games.rummikub.config import RummikubConfig
from tilegames.ui.screens.dialogs import HandOff
from tilegames.ui.games.rummikub.summary import SummaryScreen
from tilegames.ui.screens.setup import parse_players
from tilegames.core.computer_seats import is_computer as is_agent_name

from app_helpers import started


def test_cpu_names_become_computer_seats():
    assert parse_players("Ann, cpu", "Rummikub", 6) == ("Ann", "CPU")
    assert parse_players("cpu,Ann,CPU", "Rummikub", 6) == ("CPU 1", "Ann", "CPU 2")
    assert is_agent_name("CPU 2") and not is_agent_name("Cpuella")


async def play_until(pilot, done, limit: int = 4000) -> None:
    for _ in range(limit):
        if done():
            return
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if isinstance(pilot.app.screen, HandOff):
            raise AssertionError("a computer seat got a hand-off screen")
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", [5])
async def test_a_rummikub_game_with_every_seat_a_computer_runs_to_its_end(app, seed):
    async with app.run_test(size=(80, 24)) as pilot:
        app.start("rummikub", ("CPU 1", "CPU 2"), RummikubConfig(turn_seconds=None), open_hands=False, seed=seed)
        await play_until(pilot, lambda: isinstance(app.screen, SummaryScreen))


async def test_one_person_against_the_computer_never_sees_a_hand_off(app):
    async with app.run_test(size=(80, 24)) as pilot:
        app.start("rummikub", ("Ann", "CPU"), RummikubConfig(allow_doubles_redeal=False), open_hands=False, seed=2)
        await pilot.pause()
        screen = app.screen
        assert not isinstance(screen, HandOff)
        first = screen.session.current_seat
        if first == 1:  # the computer starts: wait for its move
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert screen.session.current_seat == 0 and screen.viewer == 0
        await pilot.press("d")  # Ann draws; the computer plays at once; Ann's turn again
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not isinstance(app.screen, HandOff)
        assert screen.session.current_seat == 0 and screen.viewer == 0


async def test_a_computer_challenges_a_word_it_does_not_know(app):
    from dataclasses import replace

    from test_scrabble_play import position  # it knows where the Scrabble builder is
    from tilegames.core.kernel.controller import TurnController
    from tilegames.core.records.journal import JournalHeader
    from tilegames.core.kernel.session import LocalSession
    from tilegames.games.scrabble.game import GAME

    state = replace(position(["QXZEAIR", "AEIOULN"]), seats=("Ann", "CPU"))
    header = JournalHeader(GAME.id, GAME.config_to_json(state.config), 1, state.seats)
    session = LocalSession(GAME, TurnController(GAME, state, clock=app.clock), header, None)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_in_series(session, header, open_hands=True)
        await started(pilot)
        await pilot.press("q", "x", "z", "enter")  # QXZ is no word: the computer challenges it
        await pilot.pause()
        for _ in range(3):  # the computer considers the play, then plays its own turn (workers)
            await app.workers.wait_for_complete()
            await pilot.pause()
        await pilot.pause()
        play = next(screen for screen in app.screen_stack if screen.__class__.__name__ == "ScrabbleScreen")
        log = [str(entry) for entry in play.query_one("#log").entries]
        assert session.view(None)["scores"][0] == 0  # QXZ came off: Ann scored nothing
        assert any("challenge" in line.lower() for line in log)
