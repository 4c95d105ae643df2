"""The play screens need nothing but the Session protocol: both games played to their end in
the real app through a session that carries every message as JSON."""

from __future__ import annotations

from json_session import JsonSession
from rk_builder import position as rk_position
from test_scrabble_play import position as sc_position, type_word  # it knows where the Scrabble builder is

from app_helpers import config, pick_from_rack, play_screen, session_for, started
from tilegames.core.kernel.controller import TurnController
from tilegames.core.records.journal import JournalHeader
from tilegames.core.kernel.session import LocalSession
from tilegames.core.kernel.session_protocol import Session
from tilegames.games.scrabble.game import GAME as SCRABBLE
from tilegames.ui.games.scrabble.summary import ScrabbleSummary
from tilegames.ui.games.rummikub.summary import SummaryScreen


def test_both_sessions_implement_the_protocol(app):
    local = session_for(rk_position(["R6", "K2"], config=config()), app.clock)
    assert isinstance(local, Session) and isinstance(JsonSession(local), Session)


async def test_a_rummikub_game_played_to_its_end_through_a_json_session(app):
    state = rk_position(["R6 K1", "K2 K3 J"], table=["R3 R4 R5"], pool="O1 O2 O3", config=config())
    local = session_for(state, app.clock)
    session = JsonSession(local)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_in_series(session, local.header, open_hands=True)
        await started(pilot)
        await pilot.press("d")  # Ann draws O1
        await pilot.pause()
        await pilot.press("d")  # Bora draws O2
        await pilot.pause()
        await pick_from_rack(pilot, "R6")  # Ann: R6 on the end of R3 R4 R5
        await pilot.press("tab")
        play_screen(app).table_cursor = (0, 3)
        await pilot.press("space", "u", "ctrl+y", "c")  # put down, undo, redo, commit
        await pilot.pause()
        await pilot.press("d")  # Bora draws O3
        await pilot.pause()
        await pilot.press("p")  # the pool is empty and Ann (K1 O1) cannot play: the game sticks
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert session.messages > 50


async def test_a_scrabble_game_played_to_its_end_through_a_json_session(app):
    state = sc_position(["QUIZERS", "AEIOULN"])
    header = JournalHeader(SCRABBLE.id, SCRABBLE.config_to_json(state.config), 1, state.seats)
    session = JsonSession(LocalSession(SCRABBLE, TurnController(SCRABBLE, state, clock=app.clock), header, None))
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_in_series(session, header, open_hands=True)
        await started(pilot)
        await pilot.press("left", "left", "left")
        await type_word(pilot, "QUIZ")
        await pilot.press("ctrl+z", "ctrl+y", "enter")  # take Z back, put it back, play
        await pilot.pause()
        await pilot.press("enter")  # Bora does not challenge
        await pilot.pause()
        for _ in range(4):  # then everyone passes twice: the game stalls
            await pilot.press("2", "y")
            await pilot.pause()
        assert isinstance(app.screen, ScrabbleSummary)
        assert app.screen.session is session and session.messages > 50
