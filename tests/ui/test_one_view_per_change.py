"""One view per change (issue 12): a key press fetches the seat's view from the session once,
whatever the screen does with it, and a key that changes nothing fetches none. Over a wire a
view is a round trip, so these counts are the screen's cost of a move.

The session here counts the views it hands out; the real screens are driven with keys."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app_helpers import config, pick_from_rack, play_screen, started, until
from rk_builder import position as rk_position
from test_scrabble_play import position as sc_position, type_word  # it knows where the Scrabble builder is

from tilegames.core.kernel.controller import TurnController
from tilegames.core.records.journal import JournalHeader
from tilegames.core.kernel.session import LocalSession
from tilegames.core.kernel.session_protocol import Session
from tilegames.games.rummikub.game import GAME as RUMMIKUB
from tilegames.games.scrabble.game import GAME as SCRABBLE
from tilegames.ui.screens.dialogs import ChallengePrompt, Confirm, HandOff
from tilegames.ui.games.rummikub.screen import RummikubScreen
from tilegames.ui.games.scrabble.screen import ScrabbleScreen


class CountingSession:
    """A LocalSession that notes the seat of every view it hands out, and counts the times the
    screen looks at its clock (`ticks`); everything else passes straight through (settings
    too: the app sets `on_save_failed`)."""

    def __init__(self, inner: LocalSession) -> None:
        object.__setattr__(self, "_inner", inner)
        object.__setattr__(self, "fetched", [])
        object.__setattr__(self, "ticks", 0)

    def tick(self) -> Any:
        object.__setattr__(self, "ticks", self.ticks + 1)
        return self._inner.tick()

    def view(self, seat: int | None) -> dict[str, Any]:
        self.fetched.append(seat)
        return self._inner.view(seat)

    def counted(self) -> list[int | None]:
        """The seats of the views fetched since the last call."""
        seats = list(self.fetched)
        self.fetched.clear()
        return seats

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._inner, name, value)


async def ticks(pilot, session: CountingSession, count: int) -> None:
    """Until the screen has looked at the clock `count` more times."""
    until_ticks = session.ticks + count
    await until(pilot, lambda: session.ticks >= until_ticks)


def counting(game, state, clock) -> CountingSession:
    header = JournalHeader(game.id, game.config_to_json(state.config), 1, state.seats)
    return CountingSession(LocalSession(game, TurnController(game, state, clock=clock), header, None))


def show_rummikub(app, state, *, open_hands: bool = True) -> CountingSession:
    session = counting(RUMMIKUB, state, app.clock)
    assert isinstance(session, Session)
    app.show_play(session, RummikubScreen(session, open_hands=open_hands, totals=[0, 0], on_game_over=lambda s: None))
    return session


def show_scrabble(app, state, *, open_hands: bool = True) -> CountingSession:
    session = counting(SCRABBLE, state, app.clock)
    app.show_play(session, ScrabbleScreen(session, open_hands=open_hands, on_game_over=lambda s: None))
    return session


def rummikub_game(**changes):
    return rk_position(["R6 K1 B9", "K2 K3 J"], table=["R3 R4 R5"], config=config(**changes))


# --- Rummikub ---------------------------------------------------------------------------------
async def test_a_rummikub_edit_fetches_one_view_and_moving_the_cursor_none(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_rummikub(app, rummikub_game())
        await started(pilot)
        session.counted()
        await pick_from_rack(pilot, "R6")  # cursor moves and picking up: the session is not asked
        await pilot.press("tab", "down", "up", "home", "end")
        await pilot.pause()
        assert session.counted() == []
        play_screen(app).table_cursor = (0, 3)
        await pilot.press("space")  # R6 onto R3 R4 R5: one edit
        await pilot.pause()
        assert session.counted() == [0]
        assert [t["face"] for t in play_screen(app).view["table"][0]["tiles"]] == ["R3", "R4", "R5", "R6"]
        await pilot.press("u")  # undo: one change
        await pilot.pause()
        assert session.counted() == [0]
        assert len(play_screen(app).view["table"][0]["tiles"]) == 3


async def test_a_refused_edit_fetches_no_view_and_says_why(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_rummikub(app, rummikub_game())
        await started(pilot)
        await pilot.press("tab")  # the table, before R3
        await pilot.pause()
        session.counted()
        await pilot.press("x")  # no split before a row's first tile: refused, nothing changed
        await pilot.pause()
        assert session.counted() == []
        assert "split between two of its tiles" in str(play_screen(app).query_one("#message").render())


async def test_a_rummikub_commit_fetches_one_view_for_the_next_player(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_rummikub(app, rummikub_game())
        await started(pilot)
        await pick_from_rack(pilot, "R6")
        await pilot.press("tab")
        play_screen(app).table_cursor = (0, 3)
        await pilot.press("space")
        await pilot.pause()
        session.counted()
        await pilot.press("c")  # Ann commits; the hands are open, so Bora's turn shows at once
        await pilot.pause()
        assert session.counted() == [1]
        assert play_screen(app).viewer == 1
        await pilot.press("d")  # Bora draws: Ann's turn
        await pilot.pause()
        assert session.counted() == [0]


async def test_a_turn_handed_over_fetches_the_public_view_then_the_next_players(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_rummikub(app, rummikub_game(), open_hands=False)
        await started(pilot)
        assert isinstance(app.screen, HandOff)
        assert session.counted() == [None]  # the start: who plays first, the table, the screen hidden
        await pilot.press("enter")
        await pilot.pause()
        assert session.counted() == [0]
        await pilot.press("d")  # Ann draws; the screen hides her rack for the hand-off
        await pilot.pause()
        assert isinstance(app.screen, HandOff) and session.counted() == [None]
        await pilot.press("enter")  # Bora takes the terminal
        await pilot.pause()
        assert session.counted() == [1]


async def test_the_clock_fetches_a_view_only_when_it_brings_news(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_rummikub(app, rummikub_game())  # 60 seconds a turn
        await started(pilot)
        session.counted()
        app.clock.advance(20)
        await ticks(pilot, session, 2)  # the timer moves, the game does not
        assert session.counted() == []
        app.clock.advance(35)
        await ticks(pilot, session, 2)  # the 10-second warning: one event batch
        assert session.counted() == [0]
        app.clock.advance(10)
        await ticks(pilot, session, 2)  # time's up: Ann draws a penalty tile and Bora's turn begins
        assert session.counted() == [1]


async def test_a_computer_turn_fetches_the_computers_own_view_and_one_for_the_screen(app):
    state = replace(rk_position(["R6 K1 B9", "K2 B7 O5"], table=["R3 R4 R5"], config=config()), seats=("Ann", "CPU"))
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_rummikub(app, state, open_hands=False)  # one person: no hand-offs
        await started(pilot)
        session.counted()
        await pilot.press("d")  # Ann draws; the computer decides from its own view, then draws
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert session.current_seat == 0 and play_screen(app).viewer == 0
        # Ann's rack while the computer thinks, the computer's view (its own seat: it may see
        # only that), Ann's rack again on her next turn.
        assert session.counted() == [0, 1, 0]


# --- Scrabble ---------------------------------------------------------------------------------
async def test_a_scrabble_letter_fetches_one_view_and_the_cursor_none(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_scrabble(app, sc_position(["QUIZERS", "AEIOULN"]))
        await started(pilot)
        session.counted()
        await pilot.press("left", "left", "space", "space", "4", "3")  # cursor, direction, rack order
        await pilot.pause()
        assert session.counted() == []
        await type_word(pilot, "Q")
        await pilot.pause()
        assert session.counted() == [0]
        await pilot.press("backspace")  # the letter taken back
        await pilot.pause()
        assert session.counted() == [0] and play_screen_view(app)["draft"] == []
        await type_word(pilot, "QU")
        await pilot.press("ctrl+z")  # undo: one change
        await pilot.pause()
        assert session.counted() == [0, 0, 0]
        await pilot.press("x")  # no X and no blank: said, nothing asked of the session
        await pilot.pause()
        assert session.counted() == []


async def test_a_refused_scrabble_play_fetches_no_view(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_scrabble(app, sc_position(["QUIZERS", "AEIOULN"]))
        await started(pilot)
        await pilot.press("up")  # off the centre square
        await type_word(pilot, "QUIZ")
        await pilot.pause()
        session.counted()
        await pilot.press("enter")  # the first play must cover the centre: refused
        await pilot.pause()
        assert session.counted() == []
        assert "centre" in str(app.screen.query_one("#message").render()).lower()


async def test_a_scrabble_play_and_its_challenge_fetch_one_view_each(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_scrabble(app, sc_position(["QUIZERS", "AEIOULN"]))
        await started(pilot)
        await pilot.press("left", "left", "left")
        await type_word(pilot, "QUIZ")
        await pilot.pause()
        session.counted()
        await pilot.press("enter")  # the play stands until Bora answers the prompt
        await pilot.pause()
        assert isinstance(app.screen, ChallengePrompt)
        assert session.counted() == [0]
        await pilot.press("enter")  # no challenge: Bora's turn
        await pilot.pause()
        assert isinstance(app.screen, ScrabbleScreen) and session.counted() == [1]
        await pilot.press("2")  # pass? (the question asks nothing of the session)
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and session.counted() == []
        await pilot.press("y")  # Bora passes: Ann's turn
        await pilot.pause()
        assert session.counted() == [0]


def play_screen_view(app) -> dict[str, Any]:
    assert isinstance(app.screen, ScrabbleScreen)
    return app.screen.view
