"""Playing Rummikub in the real app, headless, with the keyboard (and a click)."""

from __future__ import annotations

from app_helpers import config, lay_new_set, pick_from_rack, play_screen, screen_text, show_position, started, until
from rk_builder import position
from textual.widgets import OptionList

from tilegames.core.records.journal import load_journal
from tilegames.core.records.saves import unfinished_games
from tilegames.core.kernel.session import LocalSession
from tilegames.games.rummikub.game import GAME
from tilegames.ui.screens.base import TooSmall
from tilegames.ui.screens.dialogs import Confirm, HandOff
from tilegames.ui.screens.menu import MenuScreen
from tilegames.ui.games.rummikub.summary import SummaryScreen
from tilegames.ui.widgets.rack import Rack


async def ann_goes_out(pilot) -> None:
    """Ann (melded) lays her last tile, R6, on R3 R4 R5 and wins the game."""
    show_position(pilot.app, position(["R6", "K2 K3 J"], table=["R3 R4 R5"], config=config()))
    await pilot.pause()
    await pick_from_rack(pilot, "R6")
    await pilot.press("tab")
    play_screen(pilot.app).table_cursor = (0, 3)
    await pilot.press("space", "c")
    await pilot.pause()


def faces(rows):
    return [" ".join(t.face for t in row) for row in rows]


async def test_menu_lists_the_four_games(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        options = app.screen.query_one(OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(4)]
        assert prompts == ["Rummikub", "Rummikub Word", "Scrabble", "Nab-It!"]
        assert [options.get_option_at_index(i).disabled for i in range(4)] == [False, False, False, False]


async def test_setup_from_the_menu_starts_a_game_with_a_hand_off(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Rummikub
        await pilot.pause()
        players = app.screen.query_one("#players")
        players.value = "Ann, Bora, Chul"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandOff)
        assert "Pass to" in screen_text(app)


async def test_setup_refuses_one_player_with_a_sentence(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        app.screen.query_one("#players").value = "Ann"
        await pilot.press("enter")
        await pilot.pause()
        assert "2 to 6 players; you named 1" in screen_text(app)


async def test_initial_meld_committed_with_the_keyboard(app):
    state = position(["R10 R11 R12 K1 B5", "K2 K3"], melded=[False, False], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, state)
        await started(pilot)
        await lay_new_set(pilot, "R10", "R11", "R12")
        assert "Initial meld: 33 / 30" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert faces(session.controller.state.table) == ["R10 R11 R12"]
        assert session.controller.state.melded[0]
        assert session.current_seat == 1


async def test_invalid_commit_is_rejected_with_its_reason_and_editing_goes_on(app):
    state = position(["R10 R11 K1 B5", "K2 K3"], melded=[False, False], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, state)
        await started(pilot)
        await lay_new_set(pilot, "R10", "R11")
        await pilot.press("c")
        await pilot.pause()
        assert "Set 1 (R10 R11): A set needs at least 3 tiles." in screen_text(app)
        assert session.current_seat == 0 and len(session.controller.draft.rows) == 1
        await pilot.press("u")  # undo one step: R11 goes back to the rack
        await pilot.pause()
        assert [[t.face for t in r] for r in session.controller.draft.rows] == [["R10"]]
        await pilot.press("ctrl+y")  # redo: R11 comes back
        await pilot.pause()
        assert [[t.face for t in r] for r in session.controller.draft.rows] == [["R10", "R11"]]
        await pilot.press("U")  # undo all: everything back on the rack
        await pilot.pause()
        assert session.controller.draft.rows == ()
        await pilot.press("ctrl+z")  # nothing left to undo, and the screen says so
        await pilot.pause()
        assert "Nothing to undo this turn." in screen_text(app)


async def test_drawing_with_a_changed_table_asks_first(app):
    state = position(["R10 R11 K1 B5", "K2 K3"], melded=[False, False], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, state)
        await started(pilot)
        await lay_new_set(pilot, "R10")
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")  # keep playing: nothing drawn, the table as it was
        await pilot.pause()
        assert session.current_seat == 0 and len(session.controller.draft.rows) == 1
        await pilot.press("d", "y")
        await pilot.pause()
        assert session.current_seat == 1 and len(session.controller.state.racks[0]) == 5


async def test_home_and_end_jump_to_the_ends_of_the_rack(app):
    state = position(["R10 R11 K1 B5", "K2 K3"], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, state)
        await started(pilot)
        await pilot.press("end")
        assert play_screen(app).rack_cursor == 3
        await pilot.press("home")
        assert play_screen(app).rack_cursor == 0


async def test_rearrangement_committed(app):
    state = position(["R9 B6 K6 O1", "K2"], table=["R3 R4 R5 R6 R7 R8"], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, state)
        await started(pilot)
        screen = play_screen(app)
        await pilot.press("tab")  # to the table: split R3-R8 after R5
        screen.table_cursor = (0, 0)
        for _ in range(3):
            await pilot.press("right")
        await pilot.press("x")
        # Now rows: R3 R4 R5 | R6 R7 R8. Pick R6 up and make a group with B6 and K6.
        await pilot.press("down", "left", "left", "left", "space", "n")
        await pick_from_rack(pilot, "B6")
        await pilot.press("tab", "space")
        await pick_from_rack(pilot, "K6")
        await pilot.press("tab", "space")
        # R9 goes to the end of R7 R8.
        await pick_from_rack(pilot, "R9")
        await pilot.press("tab")
        screen.table_cursor = (1, 2)
        await pilot.press("space")
        await pilot.press("c")
        await pilot.pause()
        assert sorted(faces(session.controller.state.table)) == ["R3 R4 R5", "R6 B6 K6", "R7 R8 R9"]
        assert session.current_seat == 1


async def test_clicking_a_tile_picks_it_up(app):
    state = position(["R10 R11 R12", "K2"], melded=[False, False], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, state)
        await started(pilot)
        rack = app.screen.query_one(Rack)
        await pilot.click(Rack, offset=(3, 1))  # border + padding, then the first cell
        await pilot.pause()
        assert play_screen(app).held == rack.tiles[0]["id"]


async def test_timeout_restores_the_table_and_adds_three_tiles(app):
    state = position(["R6 B6 K6 O1", "K2"], table=["R3 R4 R5"], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, state)
        await started(pilot)
        await lay_new_set(pilot, "B6", "K6")
        app.clock.advance(50)
        await until(pilot, lambda: "10 seconds left" in screen_text(app))
        app.clock.advance(10)
        await until(pilot, lambda: "the table is restored and Ann draws 3" in screen_text(app))
        after = session.controller.state
        assert after.table == state.table
        assert after.racks[0][:4] == state.racks[0] and len(after.racks[0]) == 7
        assert "the table is restored and Ann draws 3" in screen_text(app)


async def test_hand_off_screen_hides_the_rack(app):
    state = position(["R6 B6 K6 O1", "K2 K3 K4"], table=["R3 R4 R5"], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, state, open_hands=False)
        await started(pilot)
        assert isinstance(app.screen, HandOff)
        text = screen_text(app)
        assert "Pass to Ann" in text and "Your rack" not in text and "R6" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert "Your rack" in screen_text(app)
        await pilot.press("d")  # Ann draws: Bora's turn, hand-off first
        await pilot.pause()
        assert isinstance(app.screen, HandOff)
        text = screen_text(app)
        assert "Pass to Bora" in text
        for tile in session.controller.state.racks[0] + session.controller.state.racks[1]:
            assert f" {tile.face} " not in text


async def test_a_short_game_to_the_summary(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await ann_goes_out(pilot)
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        assert "Ann went out." in text and "+35" in text and "-35" in text
        assert "play game 2 of 2" in text


async def test_resume_after_a_crash_restores_the_same_state(app, saves_home):
    from tilegames.core.kernel.clock import FakeClock
    from tilegames.core.records.saves import new_journal_path
    from tilegames.games.rummikub.actions import Draw

    path = new_journal_path("rummikub")
    session = LocalSession.start(GAME, config(), ("Ann", "Bora"), 42, path=path, clock=FakeClock())
    for _ in range(5):
        session.act(session.current_seat, Draw())
    before = session.controller.state
    with open(path, "ab") as fh:  # killed in the middle of writing the next action
        fh.write(b'{"seq":5,"seat":1,"act')
    assert unfinished_games() == [path]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")  # Resume from the menu
        await pilot.pause()
        await pilot.press("enter")  # hand-off
        await pilot.pause()
        resumed = play_screen(app).session
        assert resumed.controller.state == before
        assert "drew a tile." in screen_text(app)  # the moves before the crash are in the log
        assert len(load_journal(path).records) == 5 and not load_journal(path).warnings


async def test_terminal_too_small_shows_a_notice(app):
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        notice = app.screen.query_one(TooSmall)
        assert notice.display
        assert "needs at least 80x24" in screen_text(app)


async def test_enter_on_the_summary_starts_the_next_game_of_the_round(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await ann_goes_out(pilot)
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("enter")
        await pilot.pause()
        screen = play_screen(app)
        assert screen.session.controller.state.table == ()
        assert "Game 2 of 2" in screen_text(app) or app.flow.series.games


async def test_timeout_news_is_shown_on_the_hand_off_screen(app):
    state = position(["R6 B6 K6 O1", "K2"], table=["R3 R4 R5"], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, state, open_hands=False)
        await started(pilot)
        await pilot.press("enter")
        await pilot.pause()
        await lay_new_set(pilot, "B6", "K6")
        app.clock.advance(60)
        await until(pilot, lambda: isinstance(app.screen, HandOff) and "Pass to" in screen_text(app))
        text = " ".join(screen_text(app).replace("║", " ").split())
        assert "Time's up for Ann: the table is restored and Ann draws 3." in text
        assert "Pass to Bora" in text


async def test_leaving_at_the_summary_keeps_the_match_resumable(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await ann_goes_out(pilot)
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.screen.can_resume
        await pilot.press("r")
        await pilot.pause()
        assert [g.scores for g in app.flow.series.games] == [(35, -35)]
        assert len(app.flow.series.games) == 1 and not app.flow.series.is_over
        assert play_screen(app).session.controller.state.table == ()
