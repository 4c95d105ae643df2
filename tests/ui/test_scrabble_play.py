"""Playing Scrabble in the real app, headless, with the keyboard."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from app_helpers import screen_text, until

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scrabble"))
from scrabble_builder import position  # noqa: E402

from tilegames.core.kernel.controller import TurnController  # noqa: E402
from tilegames.core.records.journal import JournalHeader, load_journal  # noqa: E402
from tilegames.core.kernel.session import LocalSession  # noqa: E402
from tilegames.games.scrabble.config import ScrabbleConfig  # noqa: E402
from tilegames.games.scrabble.game import GAME  # noqa: E402
from tilegames.games.scrabble.gcg import parse_gcg, verify  # noqa: E402
from tilegames.ui.screens.dialogs import ChallengePrompt  # noqa: E402
from tilegames.ui.games.scrabble.screen import ScrabbleScreen  # noqa: E402
from tilegames.ui.games.scrabble.summary import ScrabbleSummary  # noqa: E402
from tilegames.ui.games.scrabble.rack import ScrabbleRack  # noqa: E402


def show(app, state, open_hands=True) -> LocalSession:
    header = JournalHeader(GAME.id, GAME.config_to_json(state.config), 1, state.seats)
    session = LocalSession(GAME, TurnController(GAME, state, clock=app.clock), header, None)
    app.show_in_series(session, header, open_hands=open_hands)
    return session


def flat(app) -> str:
    return " ".join(screen_text(app).replace("│", " ").replace("║", " ").split())


async def type_word(pilot, word: str) -> None:
    for ch in word:
        await pilot.press(ch.lower() if ch != "?" else "question_mark")


async def test_first_play_is_scored_exactly_with_live_feedback(app):
    state = position(["QUIZERS", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScrabbleScreen)
        screen.cursor = (7, 4)  # E8, typing across
        await type_word(pilot, "QUIZ")
        await pilot.pause()
        assert "QUIZ: 44 points" in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChallengePrompt)
        await pilot.press("enter")  # no challenge
        await pilot.pause()
        assert session.controller.state.scores == (44, 0)
        assert "Ann: 8E QUIZ +44" in flat(app)


async def test_an_illegal_placement_is_explained_and_refused(app):
    state = position(["QUIZERS", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        app.screen.cursor = (2, 2)
        await type_word(pilot, "QUIZ")
        await pilot.pause()
        assert "Not yet: The first word must cover the centre star (H8)." in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert session.controller.state.board == () and session.current_seat == 0
        await pilot.press("escape")  # take everything back
        await pilot.pause()
        assert len(app.screen.view["rack"]) == 7


async def test_a_blank_asks_for_its_letter_and_shows_it(app):
    state = position(["?ATSERN", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        app.screen.cursor = (7, 6)
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.press("c")
        await type_word(pilot, "AT")
        await pilot.pause()
        assert "CAT: 4 points" in flat(app)
        assert "c+A+T+" in screen_text(app).replace(" ", "")  # a blank shows its letter in lower case
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert session.controller.state.cells()[(7, 6)] == "c"


async def test_exchange_chooses_tiles_and_ends_the_turn(app):
    state = position(["QQAEIOU"[1:] + "Z", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        await pilot.press("1", "q", "z", "enter")
        await pilot.pause()
        rack = "".join(t.face for t in session.controller.state.racks[0])
        assert "Q" not in rack and "Z" not in rack and session.current_seat == 1
        assert "Ann exchanged 2 tiles." in flat(app)


async def test_exchange_is_refused_when_the_bag_is_low(app):
    state = position(["QAEIOUZ", "AEIOULN"], bag="ABCDEF")
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert "at least 7 tiles; it holds 6" in flat(app)


async def test_a_successful_challenge_takes_the_phony_off(app):
    state = position(["ZAQRSTE", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        app.screen.cursor = (7, 6)
        await type_word(pilot, "ZAQ")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1")  # Bora challenges
        await pilot.pause()
        assert session.controller.state.board == () and session.controller.state.scores == (0, 0)
        assert "ZAQ is not a word" in flat(app)


async def test_a_failed_double_challenge_loses_the_challenger_a_turn(app):
    state = position(["ZAXRSTE", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        app.screen.cursor = (7, 6)
        await type_word(pilot, "ZAX")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert session.controller.state.scores[0] > 0 and session.current_seat == 0
        assert "Bora loses the next turn" in flat(app)


async def test_a_game_to_the_end_shows_the_adjustments_and_saves_a_gcg(app, saves_home):
    async with app.run_test(size=(80, 24)) as pilot:
        app.start("scrabble", ("Ann", "Bora"), ScrabbleConfig(), open_hands=True, seed=11)
        await pilot.pause()
        screen = app.screen
        session = screen.session
        first = session.current_seat
        rack = [t.face for t in session.controller.state.racks[first] if t.face != "?"]
        screen.cursor = (7, 7)
        await type_word(pilot, "".join(rack[:2]))
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # no challenge
        await pilot.pause()
        for _ in range(4):  # everyone passes twice: the game stalls
            await pilot.press("2", "y")
            await pilot.pause()
        assert isinstance(app.screen, ScrabbleSummary)
        text = flat(app)
        assert "for the tiles left on the rack" in text and ("wins!" in text or "draw" in text)
        await pilot.press("s")
        await pilot.pause()
        saved = session.path.with_suffix(".gcg")
        assert saved.exists() and f"Saved as {saved}"[:30] in flat(app)
        report = verify(parse_gcg(saved.read_text()))
        assert report.ok
        assert [t for _, t in report.totals] == list(session.controller.state.end.scores)
        assert load_journal(session.path).records


async def test_hand_off_hides_the_rack_between_players(app):
    state = position(["QUIZERS", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state, open_hands=False)
        await pilot.pause()
        text = flat(app)
        assert "Pass to Ann" in text and "Q10" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert "Q10" in flat(app)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_board_mid_game_snapshot(snap_compare, size):
    from tilegames.core.kernel.clock import FakeClock
    from tilegames.ui.app import TilegamesApp

    state = position(["RETAINS", "AEIOULN"], board={"8D": "QUIZ", "E7": "OUT", "9A": "JoT"}, scores=[64, 23])

    async def mid_game(pilot):
        show(pilot.app, state)
        await pilot.pause()
        pilot.app.screen.cursor = (9, 4)
        await type_word(pilot, "SAT")  # SAT across, OUTS down
        await pilot.pause()

    assert snap_compare(TilegamesApp(clock=FakeClock()), terminal_size=size, run_before=mid_game)


async def test_timeout_takes_the_tiles_back_and_the_turn_is_lost(app):
    state = position(["QUIZERS", "AEIOULN"], config=ScrabbleConfig(turn_seconds=60))
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        app.screen.cursor = (7, 4)
        await type_word(pilot, "QU")
        app.clock.advance(50)
        await until(pilot, lambda: "10 seconds left" in flat(app))
        app.clock.advance(10)
        await until(pilot, lambda: session.current_seat == 1 and "Time's up for Ann" in flat(app))
        assert session.controller.state.board == ()
        assert "".join(t.face for t in session.controller.state.racks[0]) == "QUIZERS"
        assert "Time's up for Ann" in flat(app)


async def test_the_challenge_prompt_never_shows_the_players_new_rack(app):
    state = position(["ZAXRSTE", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state, open_hands=False)
        await pilot.pause()
        await pilot.press("enter")  # hand-off to Ann
        await pilot.pause()
        app.screen.cursor = (7, 6)
        await type_word(pilot, "ZAX")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChallengePrompt)
        play_screen = app.screen_stack[-2]
        assert isinstance(play_screen, ScrabbleScreen) and play_screen.viewer is None
        assert str(play_screen.query_one(ScrabbleRack).render()) == "(hidden)"
        assert session.controller.state.racks[0]  # Ann has tiles; they are just not shown


async def test_arrow_keys_and_shift_hjkl_move_the_cursor_and_space_turns_it(app):
    state = position(["QUIZERS", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        screen = app.screen
        await pilot.press("up", "up", "left", "K", "H")
        assert screen.cursor == (4, 5)
        await pilot.press("down", "J", "right", "L")
        assert screen.cursor == (6, 7)
        await pilot.press("space")
        assert screen.direction == "down"
        await type_word(pilot, "QUIZ")  # G7 down: Q U I Z through the star
        await pilot.pause()
        assert "QUIZ: 44 points" in flat(app)


async def test_a_scrabble_game_resumes_after_a_crash(app, saves_home):
    from tilegames.core.kernel.clock import FakeClock
    from tilegames.core.records.saves import new_journal_path, unfinished_games

    path = new_journal_path("scrabble")
    session = LocalSession.start(GAME, ScrabbleConfig(), ("Ann", "Bora"), 9, path=path, clock=FakeClock(),
                                 meta={"open_hands": True})
    from tilegames.games.scrabble.actions import Pass

    session.act(session.current_seat, Pass())
    before = session.controller.state
    with open(path, "ab") as fh:
        fh.write(b'{"seq":1,"se')  # killed mid-write
    assert unfinished_games() == [path]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ScrabbleScreen)
        assert app.screen.session.controller.state == before
        assert "passed." in flat(app)  # the move log shows the moves before the crash


async def test_the_rack_shows_points_and_can_be_shuffled_and_sorted(app):
    state = position(["ZAXRS?E", "AEIOULN"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        screen = app.screen
        assert "Z10" in flat(app) and "?0" in flat(app)
        await pilot.press("4")
        assert [t["face"] for t in screen._rack_tiles()] == list("AERSXZ?")
        await pilot.press("3")
        assert sorted(t["face"] for t in screen._rack_tiles()) == sorted("ZAXRS?E")


async def test_setup_from_the_menu_starts_scrabble_and_refuses_five_players(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "enter")  # Scrabble
        await pilot.pause()
        players = app.screen.query_one("#players")
        players.value = "A, B, C, D, E"
        await pilot.press("enter")
        await pilot.pause()
        assert "Scrabble is for 2 to 4 players; you named 5." in flat(app)
        players.value = "Ann, Bora"
        await pilot.press("enter")
        await pilot.pause()
        assert "Pass to" in flat(app)
