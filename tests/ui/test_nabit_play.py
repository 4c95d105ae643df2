"""Nab-It! in the app, keyboard only (issue 14): a first word typed and built, SUN → FUN taken by
stacking, HAT nabbed by capping, a refused stack that changes nothing, exchange and pass with their prompts, the window
that follows the cursor and recentres, a player's words highlighted, the hand hidden at the
hand-off, and a whole game between computers to its summary."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.widgets import Static

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "nabit"))

from app_helpers import help_text, screen_text, started  # noqa: E402
from nab_builder import across, position  # noqa: E402

from dataclasses import replace  # noqa: E402

from tilegames.core.kernel.controller import TurnController  # noqa: E402
from tilegames.core.records.journal import JournalHeader  # noqa: E402
from tilegames.core.kernel.session import LocalSession  # noqa: E402
from tilegames.games.nabit.config import NabItConfig  # noqa: E402
from tilegames.games.nabit.game import GAME  # noqa: E402
from tilegames.ui.games.nabit.board import NabBoard  # noqa: E402
from tilegames.ui.screens.dialogs import Confirm, ExchangePicker, HandOff  # noqa: E402
from tilegames.ui.games.nabit.screen import NabItScreen  # noqa: E402
from tilegames.ui.games.nabit.summary import NabItSummary  # noqa: E402
from tilegames.ui.widgets.movelog import MoveLog  # noqa: E402


def show(app, state, *, open_hands: bool = True) -> LocalSession:
    header = JournalHeader(GAME.id, GAME.config_to_json(state.config), 1, state.seats)
    session = LocalSession(GAME, TurnController(GAME, state, clock=app.clock), header, None)
    app.show_in_series(session, header, open_hands=open_hands)
    return session


def screen(app) -> NabItScreen:
    assert isinstance(app.screen, NabItScreen), type(app.screen).__name__
    return app.screen


def preview(app) -> str:
    return str(app.screen.query_one("#preview", Static).content)


async def test_a_first_word_is_typed_on_the_grid_and_built(app):
    state = position(["SUNAT", "OPERA"], turn=0)
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        assert app.screen.query_one("#preview", Static).display  # "This build" is there from the start
        await pilot.press("s", "u", "n")
        await pilot.pause()
        assert "SUN" in preview(app) and "SUN: yours" in preview(app)
        await pilot.press("enter")
        await pilot.pause()
        view = session.view(None)
        assert session.current_seat == 1
        assert [(w["word"], w["controller"]) for w in view["words"]] == [("SUN", 0)]
        assert view["hand_sizes"][0] == 5  # refilled from Ann's own bag
        assert app.screen.query_one("#preview", Static).display  # Bora's turn: her build panel


async def test_typing_a_word_along_its_own_letters_moves_through_them_and_spends_no_tile(app):
    """Issue 22, item 1: with ROPE on the board and the cursor on its R, Ann types `ropey` with
    A H B Y N in hand: R, O, P and E are on the board already, so typing them moves the cursor
    through them; only the Y is put down. Before, R, O, P and E were refused ("You have no R")
    and the Y went on top of the R: YOPE."""
    state = position(["AHBYN", "SUNAT"], across(0, 0, "ROPE"))
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        s = screen(app)
        s.typing.pos = (0, 0)
        await pilot.press(*"ropey")
        await pilot.pause()
        assert [(p["row"], p["col"], p["letter"]) for p in session.view(0)["draft"]] == [(0, 4, "Y")]
        assert "ROPEY" in preview(app) and "You have no" not in s._message
        await pilot.press("backspace")  # takes the Y back, and the cursor with it
        await pilot.pause()
        assert session.view(0)["draft"] == [] and s.typing.pos == (0, 4)


async def test_typing_suns_along_sun_adds_one_s_at_its_end(app):
    state = position(["STOPE", "BOGUS"], across(0, 0, "SUN"))
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        screen(app).typing.pos = (0, 0)
        await pilot.press(*"suns")
        await pilot.pause()
        assert [(p["row"], p["col"], p["letter"]) for p in session.view(0)["draft"]] == [(0, 3, "S")]
        assert "SUNS" in preview(app)


async def test_a_different_letter_typed_on_a_letter_is_stacked_on_it(app):
    state = position(["FTOPE", "BOGUS"], across(0, 0, "SUN"))
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        screen(app).typing.pos = (0, 0)
        await pilot.press("f")
        await pilot.pause()
        assert [(p["row"], p["col"], p["letter"]) for p in session.view(0)["draft"]] == [(0, 0, "F")]
        assert "FUN" in preview(app)


async def type_suns(pilot, required: bool = True):
    """SUNS typed (not built yet) by Ann in `last_tile_position`; the session."""
    session = show(pilot.app, last_tile_position(required))
    await pilot.pause()
    screen(pilot.app).typing.pos = (0, 0)
    await pilot.press(*"suns")
    return session


def last_tile_position(required: bool = True):
    """Ann, to play, holds S and T and her bag is empty: SUNS leaves her the T, her last tile."""
    config = replace(NabItConfig(), require_last_tile_announce=required)
    return position(["ST", "BOGUS"], across(0, 0, "SUN"), config=config, bags=["", None], banks=[1, 0])


async def test_a_build_that_leaves_the_last_tile_asks_to_say_last_tile_and_yes_says_it(app):
    """Issue 22, item 2: with the Table rules a player must say "last tile!"; before, no key or
    prompt let a person do it, so every such build was penalised."""
    async with app.run_test(size=(80, 24)) as pilot:
        session = await type_suns(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "last tile" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        said = [e.text for e in session.history] + [str(line) for line in app.screen.query_one(MoveLog).lines]
        assert any("Ann: last tile!" in text for text in said)
        assert len(session.controller.state.banks[0]) == 1  # nothing went back


async def test_answering_no_builds_without_saying_it_and_costs_a_bank_tile(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = await type_suns(pilot)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert session.current_seat == 1 and len(session.controller.state.banks[0]) == 0


async def test_the_last_tile_key_says_it_before_the_build_and_nothing_is_asked(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = await type_suns(pilot)
        await pilot.press("5")
        await pilot.pause()
        assert session.view(0)["announce"] is True and "last tile" in preview(app).lower()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, Confirm)
        assert session.current_seat == 1 and len(session.controller.state.banks[0]) == 1


async def test_without_the_table_rule_nothing_is_asked_and_the_key_is_not_offered(app):
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, last_tile_position(required=False))
        await pilot.pause()
        assert "last tile" not in " ".join(str(b.binding.description) for b in app.screen.active_bindings.values()
                                           if b.enabled).lower()
        screen(app).typing.pos = (0, 0)
        await pilot.press(*"suns", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, Confirm) and session.current_seat == 1


async def test_the_table_preset_plays_with_open_hands_no_hand_off_and_every_hand_shown(app):
    """Issue 22, item 2: "Table: open hands" showed hand-off screens and only the viewer's hand."""
    config = GAME.config_for({"preset": "table"}, 2)
    assert config.open_hands
    async with app.run_test(size=(80, 24)) as pilot:
        app.start("nabit", ("Ann", "Bob"), config, open_hands=False, seed=1)
        await pilot.pause()
        assert isinstance(app.screen, NabItScreen), type(app.screen).__name__  # no hand-off
        s = screen(app)
        view = s.session.view(None)
        other = 1 - s.session.current_seat
        shown = str(s.query_one("#hand", Static).content)
        letters = "".join(t["letter"] or "?" for t in view["hands"][other])
        assert f"{view['seats'][other]}: {letters}" in shown
        await pilot.press("2", "y")  # a pass: the next player's turn, straight away
        await pilot.pause()
        assert isinstance(app.screen, NabItScreen) and s.session.current_seat == other


async def test_a_letter_typed_without_its_tile_says_the_blank_stands_for_it(app):
    """Issue 22, item 5: a blank was spent silently for a letter the player lacked."""
    state = position(["AB?", "BOGUS"], across(0, 0, "SUN"))
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        s = screen(app)
        s.typing.pos = (0, 3)
        await pilot.press("s")
        await pilot.pause()
        assert [(p["col"], p["letter"]) for p in session.view(0)["draft"]] == [(3, "S")]
        assert "Your blank stands for S" in s._message


async def test_a_resumed_turn_types_on_after_the_tiles_typed_before(app):
    """Issue 22, item 5: after a resume the typing cursor was not after the typed tiles."""
    from tilegames.core.parts.grid_edits import PutTile

    state = position(["STOPE", "BOGUS"], across(0, 0, "SUN"))
    hand = {t.face[-1]: t.id for t in state.hands[0]}
    async with app.run_test(size=(80, 24)) as pilot:
        header = JournalHeader(GAME.id, GAME.config_to_json(state.config), 1, state.seats)
        session = LocalSession(GAME, TurnController(GAME, state, clock=app.clock), header, None)
        session.edit(0, PutTile(hand["S"], 0, 3, "S"))  # the turn as it was left: SUNS begun
        app.show_in_series(session, header, open_hands=True)
        await started(pilot)
        s = screen(app)
        assert s.typing.placed == [(0, 3)] and s.typing.pos == (0, 4) and s.typing.direction == "across"


async def test_the_last_build_is_marked_on_the_board_for_the_next_player(app):
    """Issue 22, item 5: the last move is marked on the board, as in the other games (`*`)."""
    state = position(["STOPE", "BOGUS"], across(0, 0, "SUN"))
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        screen(app).typing.pos = (0, 3)
        await pilot.press("s", "enter")  # SUNS
        await pilot.pause()
        board = app.screen.query_one(NabBoard)
        assert str(board._cell((0, 3))).endswith("*") and not str(board._cell((0, 2))).endswith("*")
        assert "*last" in str(app.screen.query_one("#board-box").border_title)


async def test_the_board_keeps_its_place_from_turn_to_turn(app):
    """Issue 22, item 5: the window recentred on the last move at every turn (SUNS moved from
    column 7 to 4 to 6); it stays put while the action is in sight (3 recentres it)."""
    state = position(["STOPE", "BOGUS"], across(0, 0, "SUN"))
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        board = app.screen.query_one(NabBoard)
        before = board.origin
        screen(app).typing.pos = (0, 3)
        await pilot.press("s", "enter")  # SUNS; Bob's turn
        await pilot.pause()
        assert session.current_seat == 1 and board.origin == before
        await pilot.press("2", "y")  # Bob passes; Ann's turn
        await pilot.pause()
        assert board.origin == before


async def test_stacking_f_on_s_makes_fun_and_takes_control_of_it(app):
    """SUN → FUN (RULES.md §4.4): Bora types F on Ann's S; the preview says she takes control
    of it, not that she nabs it: nabbing is for capping a stack (issue 22, item 3)."""
    state = position(["TO", "FIT"], across(0, 0, "SUN"), current=1)
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        s = screen(app)
        s.typing.pos = (0, 0)
        await pilot.press("f")
        await pilot.pause()
        assert "FUN: takes control from Ann" in preview(app) and "nab" not in preview(app)
        await pilot.press("enter")
        await pilot.pause()
        assert [(w["word"], w["controller"]) for w in session.view(None)["words"]] == [("FUN", 1)]


async def test_capping_a_stack_says_the_word_is_nabbed(app):
    """The 5th tile on a stack caps it and nabs every word through it (RULES.md §4.5)."""
    state = position(["HEAST", "BOGUS"], {(0, 0): "PDRC", **across(0, 1, "AT")}, control={"CAT": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        s = screen(app)
        s.typing.pos = (0, 0)
        await pilot.press("h")
        await pilot.pause()
        assert "HAT: nabbed from Bora" in preview(app) and "caps 1 stack" in preview(app)


async def test_the_help_explains_control_stacks_caps_and_the_bank(app):
    state = position(["TO", "FIT"], across(0, 0, "SUN"), current=1)
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        shown = await help_text(pilot)
        assert "Words of the game" in shown
        for term in ("Stack:", "Control:", "Cap: the 5th tile on a stack caps it", "Bank:"):
            assert term in shown
        # the players panel's column heads (issue 22, item 9)
        assert "wd: words you control, bk: bank tiles, left: tiles in your hand and bag, pts: points" in shown


async def test_a_refused_stack_says_why_and_changes_nothing(app):
    """A Y on a Y is refused at the commit; the grid and the hand stay as they were."""
    state = position(["YES", "ABC"], across(0, 0, "YE"), control={"YE": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        before = session.view(0)
        s = screen(app)
        s.typing.pos, s.typing.direction = (0, 0), "down"
        await pilot.press("backspace")  # nothing typed yet: nothing happens
        await pilot.press("up", "y", "e", "s")  # Y E S down column 0, from (-1, 0): through the Y
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert session.current_seat == 0
        assert session.view(0)["words"] == before["words"]


async def test_exchange_and_pass_each_ask_first_and_end_the_turn(app):
    state = position(["BCDGH", "BCDGH"], across(0, 0, "SUN"))
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, ExchangePicker)
        await pilot.press("escape")  # changed my mind
        await pilot.pause()
        assert session.current_seat == 0
        await pilot.press("1", "b", "c", "enter")
        await pilot.pause()
        assert session.current_seat == 1 and "exchanged 2 tiles" in " ".join(screen_text(app).split())
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        await pilot.pause()
        assert session.current_seat == 1
        await pilot.press("2", "y")
        await pilot.pause()
        assert session.current_seat == 0


async def test_the_window_follows_the_cursor_recentres_and_highlights_a_players_words(app):
    state = position(["ABCDE", "FGHIL"], {**across(0, 0, "SUN"), **across(2, 0, "OAT")}, control={"OAT": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        board = app.screen.query_one(NabBoard)
        rows, cols = board.span()
        for _ in range(cols + 5):
            await pilot.press("right")
        await pilot.pause()
        top, left = board.origin
        cursor = screen(app).typing.pos
        assert left <= cursor[1] < left + cols  # the window scrolled with the cursor
        screen(app).typing.pos = (0, 0)
        await pilot.press("3")
        await pilot.pause()
        top, left = board.origin
        assert (top + rows // 2, left + cols // 2) == (0, 0)  # centred on the cursor
        await pilot.press("4", "4")  # Ann's words, then Bora's
        await pilot.pause()
        assert board.highlight == {(2, 0), (2, 1), (2, 2)}
        await pilot.press("4")  # nobody's
        await pilot.pause()
        assert board.highlight == set()


async def test_the_hand_is_hidden_at_the_hand_off_and_shown_to_its_owner(app):
    state = position(["SUNAT", "OPERA"], turn=0)
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state, open_hands=False)
        await pilot.pause()
        assert isinstance(app.screen, HandOff)
        await pilot.press("enter")
        await pilot.pause()
        assert "S+  U+  N+  A+  T+" in screen_text(app)  # her tiles, in her mark (+)
        assert "O=  P=  E=" not in screen_text(app) and "OPERA" not in screen_text(app)


async def test_a_whole_game_between_computers_ends_in_the_summary(app):
    async with app.run_test(size=(80, 24)) as pilot:
        app.start("nabit", ("CPU 1", "CPU 2"), GAME.config_for({}, 2), open_hands=False, seed=4)
        for _ in range(1200):
            await pilot.pause(0.05)
            if isinstance(app.screen, NabItSummary):
                break
        assert isinstance(app.screen, NabItSummary)
        await pilot.pause()
        await pilot.pause()
        assert "wins" in screen_text(app) or "tie" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.screen_stack) == 1
