"""Rummikub in the real app: the three-doubles redeal question (RULES.md §1.2.5) answered every
way with play going on, and a turn left mid-way that comes back with its table and clock."""

from __future__ import annotations

import pytest
from app_helpers import play_screen, screen_text, started, until
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.ui.screens.dialogs import Confirm, HandOff

# Match seeds whose first deal (core/seeds.py's derive(seed, "game/1")) offers a redeal to two
# players: seed 94 asks Ann (who plays first); seed 175 asks Bob although Ann plays first.
ASKS_FIRST_PLAYER, ASKS_SECOND_PLAYER = 94, 175


async def _to_question(pilot, seed: int) -> None:
    pilot.app.start("rummikub", ("Ann", "Bob"), RummikubConfig(), open_hands=False, seed=seed)
    await until(pilot, lambda: isinstance(pilot.app.screen, HandOff))
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, Confirm))


async def _answer_until_play(pilot, key: str) -> None:
    """Answer every redeal question (a demanded redeal may deal new doubles) until play starts."""
    for _ in range(20):
        if isinstance(pilot.app.screen, HandOff):
            await pilot.press("enter")
            await pilot.pause()
            continue
        if not isinstance(pilot.app.screen, Confirm):
            return
        await pilot.press(key if key != "y" else "n" if _ == 10 else "y")
        await pilot.pause()
    raise AssertionError("the redeal questions never ended")


@pytest.mark.parametrize("seed", [ASKS_FIRST_PLAYER, ASKS_SECOND_PLAYER])
@pytest.mark.parametrize("answer", ["y", "n", "escape"])
async def test_each_answer_to_the_redeal_question_leads_to_play_and_the_next_turn(app, seed, answer):
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_question(pilot, seed)
        await _answer_until_play(pilot, answer)
        screen = play_screen(app)
        view = screen.view
        assert view["phase"] == "play"
        first = view["first_player"]["seat"]
        assert screen.viewer == first and view["current"] == first  # the first player's own rack
        assert "no time limit" not in screen_text(app)
        await pilot.press("d")  # the first player draws; the turn goes to the other player
        await pilot.pause()
        assert isinstance(app.screen, HandOff)
        await pilot.press("enter")
        await pilot.pause()
        assert play_screen(app).viewer == 1 - first
        assert play_screen(app).view["current"] == 1 - first


async def test_the_log_and_the_rack_agree_on_whose_question_it_is(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_question(pilot, ASKS_SECOND_PLAYER)
        screen = pilot.app.screen_stack[-2]
        assert screen.viewer == 1  # Bob is asked, so Bob's rack is the one behind the question
        question = app.screen.question
        assert question.startswith("Bob: you hold 3 doubles") and "Ann plays first either way" in question


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_redeal_question_leaves_the_rack_it_is_about_in_sight(app, size):
    """Issue 22, item 8: the question covered the screen, so the doubles it asks about could
    not be seen; every tile of the asked player's rack shows while it is asked."""
    async with app.run_test(size=size) as pilot:
        await _to_question(pilot, ASKS_FIRST_PLAYER)
        behind = pilot.app.screen_stack[-2]
        text = screen_text(app)
        rack = [t["face"] for t in behind.view["rack"]]
        assert len(rack) == 14 and all(face in text for face in rack)
        assert "Demand a new deal" in text


async def test_quitting_with_5_seconds_left_and_resuming_keeps_the_table_and_the_clock(app):
    """q, y, then Resume: the changed table and the 5 seconds come back, and the timeout
    still costs the 3-tile penalty."""
    async with app.run_test(size=(80, 24)) as pilot:
        app.start("rummikub", ("Ann", "Bob"), RummikubConfig(allow_doubles_redeal=False), open_hands=False, seed=2)
        await pilot.pause()
        await pilot.press("enter")  # the hand-off
        await pilot.pause()
        screen = play_screen(app)
        seat = screen.viewer
        await pilot.press("space", "n")  # lay the first rack tile as a new set
        await pilot.pause()
        assert screen.session.draft_changed()
        rack_before = len(screen.view["rack"])
        app.clock.advance(55)
        await until(pilot, lambda: "10 seconds left" in screen_text(app))  # the clock ticks
        await pilot.press("q", "y")
        await pilot.pause()
        app.clock.advance(120)  # time at the menu does not count
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HandOff)
        await pilot.press("enter")
        await pilot.pause()
        resumed = play_screen(app)
        assert resumed.viewer == seat and resumed.session.draft_changed()
        assert len(resumed.view["rack"]) == rack_before
        assert resumed.session.remaining() == pytest.approx(5, abs=1)
        app.clock.advance(6)
        # time ran out: the turn went to the other player, and the hand-off says why
        await until(pilot, lambda: isinstance(app.screen, HandOff) and "draws 3" in screen_text(app))
        assert "the table is restored and" in screen_text(app) and "draws 3" in screen_text(app)


async def test_the_next_player_sees_the_last_move_and_the_drawer_sees_the_drawn_tile(app):
    from app_helpers import show_position
    from rk_builder import position
    from tilegames.core.parts.table_rows import MoveTile

    state = position(["R6 K1", "B9 B10 B11 K5"], table=["R3 R4 R5"], pool="O7 O8 O9 O10")
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, state, open_hands=False)
        await started(pilot)
        await pilot.press("enter")  # Ann
        await pilot.pause()
        r6 = next(t.id for t in state.racks[0] if t.face == "R6")
        session.edit(0, MoveTile(r6, 0))
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")  # Bora
        await pilot.pause()
        screen = play_screen(app)
        assert screen.table_marks == {r6: "*"}  # the tile Ann laid, marked for Bora
        assert "last move" in screen_text(app)
        await pilot.press("d")  # Bora draws O7; the mark goes once Bora acts
        await pilot.pause()
        assert "O7" not in screen_text(app)  # the drawn tile is Bora's secret, not Ann's
        await pilot.press("enter")  # Ann again
        await pilot.pause()
        await pilot.press("d")  # Ann draws O8
        await pilot.pause()
        await pilot.press("enter")  # Bora: told what she drew, and it is marked on her rack
        await pilot.pause()
        screen = play_screen(app)
        assert "You drew O7." in screen_text(app)
        o7 = next(t["id"] for t in screen.view["rack"] if t["face"] == "O7")
        assert screen.rack_marks == {o7: "*"}


async def test_names_of_16_characters_are_shown_whole_where_there_is_room(app):
    from dataclasses import replace

    from app_helpers import show_position
    from rk_builder import position

    state = replace(position(["R6 K1", "B9 K5"]), seats=("Kim Seo-yeon Lee", "박서연"))
    async with app.run_test(size=(120, 40)) as pilot:
        show_position(app, state)
        await started(pilot)
        text = screen_text(app)
        assert "Kim Seo-yeon Lee" in text and "박서연" in text


async def test_every_reason_of_a_refusal_gets_its_own_indented_paragraph(app):
    from app_helpers import show_position
    from rk_builder import position
    from tilegames.ui.widgets.message_line import MessageLine

    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, position(["R6 K1", "B9 K5"]))
        await started(pilot)
        screen = play_screen(app)
        screen._say("First reason, long enough to wrap: " + "word " * 20 + "\nSecond reason.", error=True)
        await pilot.pause()
        lines = app.screen.query_one(MessageLine)._lines(60)
        assert lines[0][0].startswith("First reason") and lines[1][0].startswith("  ")
        assert any(line.startswith("Second reason.") for line, _ in lines)


async def test_with_open_hands_the_next_player_sees_the_last_move_too(app):
    """No hand-off screen between the turns: the commit that starts Bora's turn must not count
    as Bora having acted, so her marks stay until she does."""
    from app_helpers import show_position
    from rk_builder import position
    from tilegames.core.parts.table_rows import MoveTile

    state = position(["R6 K1", "B9 B10 B11 K5"], table=["R3 R4 R5"], pool="O7 O8 O9 O10")
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, state, open_hands=True)
        await started(pilot)
        r6 = next(t.id for t in state.racks[0] if t.face == "R6")
        session.edit(0, MoveTile(r6, 0))
        await pilot.press("c")
        await pilot.pause()
        screen = play_screen(app)
        assert screen.viewer == 1 and screen.table_marks == {r6: "*"}
        assert "last move" in screen_text(app)
        await pilot.press("d")  # Bora draws: Ann's turn, and Bora laid nothing to mark
        await pilot.pause()
        assert screen.viewer == 0 and screen.table_marks == {}
