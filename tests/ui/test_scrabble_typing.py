"""Typing a word in Scrabble, with the real keys: where the cursor goes, play-through, the edge
of the board, and letters that are not on the rack (issue 11 items 4, 5 and 6)."""

from __future__ import annotations

import re

from test_scrabble_play import flat, show, type_word
from scrabble_builder import position

from tilegames.ui.screens.dialogs import ExchangePicker
from tilegames.ui.games.scrabble.screen import ScrabbleScreen


def screen_of(app) -> ScrabbleScreen:
    screen = app.screen
    assert isinstance(screen, ScrabbleScreen), type(screen).__name__
    return screen


async def test_escape_puts_the_cursor_back_where_the_word_started(app):
    state = position(["QUIZERS", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        screen = screen_of(app)
        assert screen.cursor == (7, 7)  # the first play starts at the centre
        await pilot.press("left", "left", "left")  # E8
        await type_word(pilot, "QUI")
        await pilot.pause()
        assert screen.cursor == (7, 7)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.cursor == (7, 4) and len(screen.view["rack"]) == 7
        assert "Cursor E8" in flat(app)


async def test_each_player_finds_the_cursor_where_they_left_it(app):
    state = position(["RETAINS", "AEIOULN"], board={"8D": "QUIZ"})
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        screen = screen_of(app)
        assert screen.cursor == (7, 7)
        await pilot.press("up", "up", "left", "space")  # Ann: G6, typing down
        await pilot.press("2", "y")  # and passes
        await pilot.pause()
        assert session.current_seat == 1
        assert screen.cursor == (7, 7) and screen.direction == "across"  # not where Ann stopped
        await pilot.press("down", "down", "down")  # Bora: H11
        await pilot.press("2", "y")
        await pilot.pause()
        assert session.current_seat == 0
        assert screen.cursor == (5, 6) and screen.direction == "down"
        await pilot.press("2", "y")
        await pilot.pause()
        assert screen.cursor == (10, 7) and screen.direction == "across"


async def test_the_first_play_starts_at_the_centre_even_after_moving_away(app):
    state = position(["QUIZERS", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("up", "up", "2", "y")  # Ann passes from H6
        await pilot.pause()
        await pilot.press("down", "2", "y")  # Bora passes from H9
        await pilot.pause()
        assert session.current_seat == 0 and screen.cursor == (7, 7)


async def test_typing_on_a_covered_square_plays_through_it(app):
    state = position(["RETAINS", "AEIOULN"], board={"8D": "QUIZ"})
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("left", "left", "left", "space")  # E8 holds the U; typing goes down
        await type_word(pilot, "S")  # skips the U: S on E9
        await pilot.pause()
        text = flat(app)
        assert "already covered" not in text
        assert "US: " in text
        assert screen.view["draft"][0]["row"] == 8 and screen.view["draft"][0]["col"] == 4


async def test_typing_through_a_word_skips_every_covered_square(app):
    state = position(["RETAINS", "AEIOULN"], board={"8D": "QUIZ"})
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await pilot.press(*["left"] * 5)  # C8, before the Q
        await type_word(pilot, "AS")  # A on C8, then over QUIZ: S on H8
        await pilot.pause()
        assert "AQUIZS: " in flat(app) and "already covered" not in flat(app)


async def test_a_word_running_off_the_right_edge_says_so(app):
    state = position(["RETAINS", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await pilot.press(*["right"] * 5)  # M8
        await type_word(pilot, "RETA")
        await pilot.pause()
        text = flat(app)
        assert "runs past column O" in text and "already covered" not in text
        assert len(screen_of(app).view["draft"]) == 3


async def test_a_word_running_off_the_bottom_says_so(app):
    state = position(["RETAINS", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await pilot.press("space", *["down"] * 6)  # H14, typing down
        await type_word(pilot, "RET")
        await pilot.pause()
        text = flat(app)
        assert "runs past row 15" in text and "already covered" not in text


async def test_a_letter_not_on_the_rack_is_refused_out_loud(app):
    state = position(["QTAEIRS", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await type_word(pilot, "XQZT")
        await pilot.pause()
        text = flat(app)
        assert re.search(r"You have no X\b.*\bZ \(and no blank\)", text), text
        assert "QT: " in text  # the letters that are there still went down


async def test_with_a_blank_left_a_missing_letter_uses_it(app):
    state = position(["QTAEIR?", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await type_word(pilot, "XU")
        await pilot.pause()
        text = flat(app)
        assert "You have no U (and no blank)" in text  # the blank went on the X


async def test_the_exchange_dialog_says_when_a_letter_is_not_on_the_rack(app):
    state = position(["QTAEIRS", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await pilot.press("1", "x")
        await pilot.pause()
        assert isinstance(app.screen, ExchangePicker)
        assert "You have no X" in flat(app)
        await pilot.press("q", "q")
        await pilot.pause()
        assert "You have no other Q" in flat(app)


async def test_ctrl_z_takes_back_the_last_letter_and_ctrl_y_puts_it_back(app):
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, position(["QUIZERS", "AEIOULN"]))
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("q", "u")
        await pilot.pause()
        assert len(screen.view["draft"]) == 2
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(screen.view["draft"]) == 1 and screen.cursor == (7, 8)
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert len(screen.view["draft"]) == 2 and screen.cursor == (7, 9)
        await pilot.press("escape")  # everything back, the cursor where the word began
        await pilot.pause()
        assert screen.view["draft"] == [] and screen.cursor == (7, 7)


async def test_passing_asks_first(app):
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, position(["QUIZERS", "AEIOULN"]))
        await pilot.pause()
        screen = screen_of(app)
        seat = screen.viewer
        await pilot.press("2", "n")
        await pilot.pause()
        assert screen.session.current_seat == seat
        await pilot.press("2", "y")
        await pilot.pause()
        assert screen.session.current_seat != seat
