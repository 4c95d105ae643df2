"""The Scrabble screen at 80x24: squares readable without colour, the challenge prompt below
the board, messages that wrap instead of being cut (issue 11 items 15 and 7)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_scrabble_play import show, type_word
from scrabble_builder import position

from tilegames.ui.screens.dialogs import ChallengePrompt
from tilegames.ui.games.scrabble.board import Board
from tilegames.ui.widgets.message_line import MessageLine
from tilegames.ui.games.scrabble.rack import ScrabbleRack


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_every_square_is_one_mark_and_a_gap(app, size):
    state = position(["RETAINS", "AEIOULN"], board={"8D": "QUIZ", "9A": "JoT"})
    async with app.run_test(size=size) as pilot:
        show(app, state)
        await pilot.pause()
        await type_word(pilot, "SAT")
        await pilot.pause()
        board = app.screen.query_one(Board)
        cell = board.cell
        rows = board.render().plain.split("\n")[1:]
        assert len(rows) == 15
        for row in rows:
            squares = [row[3 + i * cell: 3 + (i + 1) * cell] for i in range(15)]
            assert all(sq[-2] != " " and sq[-1] in " +*" for sq in squares), row
        assert "=" in rows[0] and "TW" not in "".join(rows)  # premiums are marks, explained in the legend
        assert "=TW" in board.border_title and "'DL" in board.border_title


async def test_the_challenge_prompt_leaves_the_board_in_view(app):
    state = position(["QUIZERS", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await pilot.press("left", "left", "left")
        await type_word(pilot, "QUIZ")
        await pilot.press("enter")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, ChallengePrompt)
        board = app.screen_stack[-2].query_one(Board)
        box = prompt.query_one("Vertical")
        assert box.region.y >= board.content_region.bottom  # every square stays visible
        assert box.region.bottom == 24


async def test_a_long_message_wraps_with_its_next_lines_indented(app):
    state = position(["ZAQRSTE", "AEIOULN"])
    state = replace(state, seats=("Annabelle-Marie", "Bartholomew"))
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await type_word(pilot, "ZAQ")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1")  # the phony comes off; the sentence is longer than a line
        await pilot.pause()
        line = app.screen.query_one(MessageLine)
        lines = line.render().plain.split("\n")
        assert len(lines) >= 2 and lines[1].startswith("  ") and not lines[0].startswith(" ")
        assert "the turn is lost." in " ".join(lines)
        rack = app.screen.query_one(ScrabbleRack)
        assert rack.region.bottom <= 23  # the rack is still above the footer
        assert app.screen.query_one(Board).region.y == line.region.bottom
