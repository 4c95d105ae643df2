"""After a turn: the last move marked on the board for the next player, and the tiles a player
drew told to that player alone at their next turn (issue 11 item 11)."""

from __future__ import annotations

from test_scrabble_play import flat, show, type_word
from scrabble_builder import position

from tilegames.ui.screens.dialogs import ChallengePrompt, HandOff
from tilegames.ui.games.scrabble.screen import ScrabbleScreen
from tilegames.ui.games.scrabble.board import Board
from tilegames.ui.games.scrabble.rack import ScrabbleRack


def rack_text(app) -> str:
    screen = app.screen
    assert isinstance(screen, ScrabbleScreen)
    return str(screen.query_one(ScrabbleRack).render())


async def ann_plays_quiz(pilot, app) -> None:
    """Ann (hidden hands) takes the hand-off and plays QUIZ on E8; nobody challenges."""
    await pilot.press("enter")  # the hand-off to Ann
    await pilot.pause()
    await pilot.press("left", "left", "left")  # E8
    await type_word(pilot, "QUIZ")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, ChallengePrompt)
    await pilot.press("enter")  # no challenge
    await pilot.pause()


async def test_the_next_player_sees_the_last_move_marked_on_the_board(app):
    state = position(["QUIZERS", "AEIOULN"], bag="VWXYJKBCDFGH")
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state, open_hands=False)
        await pilot.pause()
        await ann_plays_quiz(pilot, app)
        assert isinstance(app.screen, HandOff)
        await pilot.press("enter")  # Bora's turn
        await pilot.pause()
        board = app.screen.query_one(Board)
        assert board.last == {(7, 4), (7, 5), (7, 6), (7, 7)}
        assert "Q*U*I*Z*" in str(board.render()).replace(" ", "")  # marked without colour too
        assert "*last" in flat(app)  # the legend says what the mark means
        await pilot.press("2", "y")  # Bora acts (passes): the mark goes
        await pilot.pause()
        await pilot.press("enter")  # the hand-off to Ann
        await pilot.pause()
        assert "*" not in str(app.screen.query_one(Board).render()).replace("* ", "")


async def test_drawn_tiles_are_told_to_their_owner_only(app):
    state = position(["QUIZERS", "AEIOULN"], bag="VWXYJKBCDFGH")
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state, open_hands=False)
        await pilot.pause()
        await ann_plays_quiz(pilot, app)
        assert "".join(t.face for t in session.controller.state.racks[0]) == "ERSVWXY"
        for _ in range(2):  # the hand-off to Bora, then Bora's turn: nothing of Ann's draw
            text = flat(app)
            assert "drew" not in text and "V, W, X, Y" not in text and "just drawn" not in text
            await pilot.press("enter")
            await pilot.pause()
        assert app.screen.viewer == 1
        assert "*" not in rack_text(app)
        await pilot.press("2", "y")  # Bora passes; the hand-off to Ann
        await pilot.pause()
        assert "drew" not in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "You drew V, W, X, Y." in flat(app)
        rack = rack_text(app).split()
        assert [t for t in rack if t.endswith("*")] == ["V4*", "W4*", "X8*", "Y4*"]
        assert "just drawn" in flat(app)


async def test_an_exchange_tells_its_player_what_came_back(app):
    state = position(["QUIZERS", "AEIOULN"], bag="VWXYJKBCDFGH")
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state, open_hands=False)
        await pilot.pause()
        await pilot.press("enter", "1", "q", "z", "enter")  # Ann exchanges Q and Z
        await pilot.pause()
        await pilot.press("enter")  # Bora
        await pilot.pause()
        assert "drew" not in flat(app) and "exchanged Q" not in flat(app)
        await pilot.press("2", "y", "enter")  # Bora passes; Ann
        await pilot.pause()
        assert "You exchanged Q, Z and drew V, W." in flat(app)
        assert sorted(t for t in rack_text(app).split() if t.endswith("*")) == ["V4*", "W4*"]


async def test_a_play_challenged_off_draws_nothing_to_tell(app):
    state = position(["ZAQRSTE", "AEIOULN"], bag="VWXYJKBCDFGH")
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await type_word(pilot, "ZAQ")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1")  # Bora challenges: the phony comes off, the draws go back
        await pilot.pause()
        await pilot.press("2", "y")  # Bora passes
        await pilot.pause()
        assert app.screen.viewer == 0
        assert "You drew" not in flat(app) and "*" not in rack_text(app)


async def test_the_log_says_who_plays_first_after_a_resume_too(app, saves_home):
    from tilegames.games.scrabble.config import ScrabbleConfig
    from tilegames.ui.widgets.movelog import MoveLog

    async with app.run_test(size=(80, 24)) as pilot:
        app.start("scrabble", ("Ann", "Bora"), ScrabbleConfig(), open_hands=True, seed=5)
        await pilot.pause()
        first = app.screen.session.controller.state.first_seat
        await pilot.press("2", "y")  # a move, so the resumed game has a history
        await pilot.pause()
        app.back_to_menu()
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.pause()
        entries = [str(e) for e in app.screen.query_one(MoveLog).entries]
        assert entries[0].startswith(f"{('Ann', 'Bora')[first]} plays first (tiles drawn: ")
