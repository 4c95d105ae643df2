"""Rummikub's initial-meld checker in the app (a tool of the Rummikub plug-in), typed into."""

from __future__ import annotations

from app_helpers import screen_text
from textual.widgets import Input

from tilegames.games.rummikub.meld_report import check_initial_meld
from tilegames.games.rummikub.notation import parse_faces
from tilegames.ui import games
from tilegames.ui.games.rummikub.meld_check import (
    MeldCheckScreen,
    MeldSets,
    TilePicker,
    parse_sets,
    with_new_set,
    with_tile,
    without_last,
)
from tilegames.ui.screens.menu import MenuScreen

KEYS = {" ": "space", ",": "comma", ";": "semicolon"}


async def open_checker(app, pilot) -> MeldCheckScreen:
    ((_entry, tool),) = games.game_tools()
    app.push_screen(games.tool_screen(tool))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, MeldCheckScreen)
    return screen


async def type_text(pilot, text: str) -> None:
    """Type `text` in the sets field: all but the last key pasted in at once (a key typed
    redraws the screen, which is slow), then the last key; the check runs at each change."""
    pilot.app.screen.query_one(Input).insert_text_at_cursor(text[:-1])
    await pilot.press(KEYS.get(text[-1], text[-1]))
    await pilot.pause()


def shown(screen: MeldCheckScreen) -> str:
    return screen.query_one(MeldSets).render().plain


async def test_a_run_of_red_10_11_12_is_a_run_worth_33_and_reaches_30(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_checker(app, pilot)
        await type_text(pilot, "R10 R11 R1")
        assert "out of order" in shown(screen)  # judged as typed, one key before the 2
        await pilot.press("2")
        await pilot.pause()
        text = shown(screen)
        assert "R10  R11  R12  run 33" in text
        assert "Total 33: 30 reached" in text and "Valid initial meld: 33 points." in text


async def test_a_joker_shows_the_tile_it_stands_for(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_checker(app, pilot)
        await type_text(pilot, "K4 B4 O4 J; J b5 b6 b7")
        text = shown(screen)
        assert "group 16 (J = 4 in red)" in text
        assert "run 22 (J = B4)" in text
        assert "Total 38: 30 reached" in text


async def test_an_invalid_set_says_why_and_counts_nothing(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_checker(app, pilot)
        await type_text(pilot, "R10 R11 R12, K1 K2 R3")
        text = shown(screen)
        assert "invalid: Run K1 K2 R3 mixes colours." in text
        assert "Total 33" in text and "Not a valid meld: 1 set is invalid." in text


async def test_a_meld_under_30_says_how_many_points_are_missing(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_checker(app, pilot)
        await type_text(pilot, "K1 K2 K3, B4 R4 O4")
        assert "Total 18: 12 more needed" in shown(screen)
        assert "Not enough: 18 points" in shown(screen)


async def test_bad_notation_is_a_sentence_naming_the_set_and_the_sets_come_back_when_fixed(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_checker(app, pilot)
        await type_text(pilot, "R10 R11 R12, X5")
        assert 'Set 2: "X5" is not a tile' in screen_text(app) and shown(screen) == ""
        await pilot.press("backspace", "backspace")
        await pilot.pause()
        assert "Total 33: 30 reached" in shown(screen)
        assert "is not a tile" not in screen_text(app)


async def test_commas_between_single_tiles_get_a_hint_not_three_sets(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_checker(app, pilot)
        await type_text(pilot, "R1, R2, R3")
        assert 'Each comma starts a new set: put spaces between the tiles of a set, e.g. "R1' in screen_text(app)


async def test_the_xp_tile_set_allows_a_third_copy(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_checker(app, pilot)
        await type_text(pilot, "R5 R6 R7, R5 R6 R7, R5 R6 R7")
        assert "R5, R6 and R7 appear more often" in shown(screen)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert "Valid initial meld: 54 points." in shown(screen) and "XP, 160 tiles" in screen_text(app)


async def test_ctrl_l_clears_and_escape_goes_back(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_checker(app, pilot)
        await type_text(pilot, "R10 R11 R12")
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert screen.query_one(Input).value == "" and "Type the sets" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_tiles_picked_with_the_keys_write_the_sets_as_typing_would(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_checker(app, pilot)
        await pilot.press("tab")  # from the line to the tiles
        assert app.focused is screen.query_one(TilePicker)
        await pilot.press("enter", "right", "space", "right", "enter")  # K1 K2 K3
        await pilot.press("n", "left", "left", "left", "enter")  # a new set; left of K1 is the joker
        assert screen.query_one(Input).value == "K1 K2 K3, J"
        await pilot.press("backspace")
        await pilot.pause()
        assert screen.query_one(Input).value == "K1 K2 K3,"
        assert "run 6" in shown(screen) and "Total 6: 24 more needed" in shown(screen)


async def test_a_click_on_a_tile_adds_it(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_checker(app, pilot)
        await pilot.click(TilePicker, offset=(2 + 3 * 5 + 1, 1 + 2))  # inside border and padding: B4
        assert screen.query_one(Input).value == "B4"


def test_picking_edits_the_line_tile_by_tile_and_set_by_set():
    assert with_tile("", "R1") == "R1" and with_tile("R1 ", "R2") == "R1 R2"
    assert with_new_set("R1 R2 R3") == "R1 R2 R3, " and with_new_set("") == "" and with_new_set("R1,") == "R1, "
    assert with_tile(with_new_set("R1 R2 R3"), "J") == "R1 R2 R3, J"
    assert without_last("R1 R2 R3, J") == "R1 R2 R3," and without_last("R1 R2 R3, ") == "R1 R2 R3"
    assert without_last("R1") == "" and without_last("") == ""


def test_the_checker_judges_as_meld_check_does():
    typed = "K9 K10 J, R4 R5 R6, B7 O7 J"
    sets = [parse_faces(s) for s in ("K9 K10 J", "R4 R5 R6", "B7 O7 J")]
    assert parse_sets(typed) == sets
    assert check_initial_meld(parse_sets(typed)) == check_initial_meld(sets)


def test_the_tools_are_listed_without_loading_any_game_and_open_their_screen():
    import subprocess
    import sys

    listing = ("import sys; from tilegames.ui.games import game_tools; tools = game_tools(); "
               "print([t.title for _, t in tools], any(m.startswith('tilegames.ui.games.rummikub') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", listing], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['Initial meld checker'] False"  # the menu lists tools at every start: no game is imported
    ((_entry, tool),) = games.game_tools()
    assert isinstance(games.tool_screen(tool), MeldCheckScreen)
