"""Rummikub Word in the app, keyboard first (issue 13): a first meld, a recombination, a
misspelling penalty, a joker laid with its letter and retrieved, a timeout, and a whole game
from the menu."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.widgets import Static

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "word_rummikub"))

from app_helpers import help_text, pick_from_rack, play_screen, screen_text, until  # noqa: E402
from word_builder import position  # noqa: E402

from tilegames.core.kernel.controller import TurnController  # noqa: E402
from tilegames.core.records.journal import JournalHeader  # noqa: E402
from tilegames.core.kernel.session import LocalSession  # noqa: E402
from tilegames.games.word_rummikub.game import GAME  # noqa: E402
from tilegames.ui.screens.dialogs import AskLetter, Confirm, HandOff  # noqa: E402
from tilegames.ui.games.word_rummikub.summary import WordRummikubSummary  # noqa: E402


def show(app, state, *, open_hands: bool = True) -> LocalSession:
    """A prepared position on screen (not saved)."""
    header = JournalHeader(GAME.id, GAME.config_to_json(state.config), 1, state.seats)
    session = LocalSession(GAME, TurnController(GAME, state, clock=app.clock), header, None)
    app.show_in_series(session, header, open_hands=open_hands)
    return session


async def lay_word(pilot, letters: str) -> None:
    """Lay `letters` from the rack as a new word, left to right, keys only."""
    await pick_from_rack(pilot, letters[0])
    await pilot.press("n")
    for letter in letters[1:]:
        await pick_from_rack(pilot, letter)
        await pilot.press("tab", "space")  # back to the table, where the cursor waits
    await pilot.pause()


def turn_line(app) -> str:
    return str(app.screen.query_one("#turn-line", Static).content)


async def test_a_first_meld_of_six_letters_laid_with_the_keyboard_scores_its_length(app):
    state = position(["FLORALXQ", "CCDGHIJ"], melded=[False, False])
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        heard: list[str] = []
        session.subscribe(lambda event: heard.append(event.text))
        await pilot.pause()
        await lay_word(pilot, "FLORA")
        assert not turn_line(app).startswith("Commit now")  # 5 letters will not do
        await pilot.press("c")
        await pilot.pause()
        assert "at least 6 letters; FLORA has 5" in screen_text(app) and session.current_seat == 0  # refused
        await pick_from_rack(pilot, "L")
        await pilot.press("tab", "space")  # at the end of FLORA, where the cursor waits
        await pilot.pause()
        assert turn_line(app) == "Commit now for 6 points."
        assert "word, 6 letters, new" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert session.view(None)["scores"] == [6, 0]
        assert session.current_seat == 1 and "Ann made the first meld: FLORAL; 6 points. Ann draws 5 tiles." in heard  # topped up to 7


async def test_a_recombination_breaks_ape_into_pal_and_the(app):
    """APE + L, T, H → PAL + THE (seed 000): moving table tiles between rows with the keys."""
    state = position(["LTHQ", "XYZV"], table=["APE"])
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        screen = play_screen(app)
        await pick_from_rack(pilot, "L")
        screen.zone, screen.table_cursor = "table", (0, 2)  # APE: L between P and E
        await pilot.press("space")
        await pilot.press("x")  # split APL|E at the cursor (after L): APL and E
        await pilot.pause()
        # Now rows are A P L | E: make PAL by moving A after P, then THE from T, H and E.
        screen.zone, screen.table_cursor = "table", (0, 0)
        await pilot.press("space")  # pick A
        screen.table_cursor = (0, 2)  # between P and L (A has left its place)
        await pilot.press("space")
        await pick_from_rack(pilot, "T")
        screen.zone, screen.table_cursor = "table", (1, 0)
        await pilot.press("space")
        await pick_from_rack(pilot, "H")
        screen.zone, screen.table_cursor = "table", (1, 1)
        await pilot.press("space")
        await pilot.pause()
        assert [row["word"] for row in screen.view["table"]] == ["PAL", "THE"]
        assert turn_line(app) == "Commit now for 3 points."
        await pilot.press("c")
        await pilot.pause()
        assert session.current_seat == 1 and sorted(w["word"] for w in session.view(None)["table"]) == ["PAL", "THE"]


async def test_a_misspelled_word_is_named_before_the_commit_and_penalised_after_it(app):
    state = position(["QXZABC", "DEFGHI"], table=["APE"], pool="LMNOP")
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        await lay_word(pilot, "QXZ")
        assert "QXZ is not in the word list." in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "QXZ: not a word here" in screen_text(app)
        await pilot.press("n")  # no: keep editing
        await pilot.pause()
        assert session.current_seat == 0
        await pilot.press("c", "y")
        await pilot.pause()
        view = session.view(0)
        assert session.current_seat == 1
        assert [row["word"] for row in view["table"]] == ["APE"]  # the table exactly as before
        assert sorted(t["face"] for t in view["rack"]) == sorted("QXZABCL")  # tiles back, and one drawn
        assert view["scores"] == [0, 0]


async def test_a_joker_laid_is_given_its_letter_at_once(app):
    state = position(["CA*T", "QXZV"], table=["DoG"])  # the table's joker stands for O
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        await lay_word(pilot, "CA*")
        assert isinstance(app.screen, AskLetter)  # the joker just laid is given its letter
        await pilot.press("t")
        await pilot.pause()
        assert [row["word"] for row in play_screen(app).view["table"]] == ["DOG", "CAT"]
        await pilot.press("c")
        await pilot.pause()
        assert session.current_seat == 1


async def test_a_joker_is_retrieved_by_its_letter_and_played_again_in_a_new_word(app):
    """O from the rack in the joker's place; the joker keeps standing for O in COT."""
    state = position(["OTC", "QXZV"], table=["DoG", "CAP"])
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        screen = play_screen(app)
        await pick_from_rack(pilot, "O")
        screen.zone, screen.table_cursor = "table", (0, 1)
        await pilot.press("space")  # D O * G
        screen.table_cursor = (0, 2)
        await pilot.press("space")  # pick the joker up
        screen.table_cursor = (2, 0)
        await pilot.press("space")  # ... it starts a new word, keeping its letter O
        await pilot.pause()
        assert not isinstance(app.screen, AskLetter)
        await pick_from_rack(pilot, "T")
        await pilot.press("tab", "space")
        screen.zone, screen.table_cursor = "table", (2, 0)
        await pick_from_rack(pilot, "C")
        screen.zone, screen.table_cursor = "table", (2, 0)
        await pilot.press("space")  # C O T
        await pilot.pause()
        assert [row["word"] for row in screen.view["table"]] == ["DOG", "CAP", "COT"]
        await pilot.press("c")
        await pilot.pause()
        assert session.current_seat == 1
        assert any(t["joker"] for t in session.view(None)["table"][2]["tiles"])


async def test_time_running_out_puts_the_table_back_and_draws_a_tile(app):
    state = position(["RSTQ", "XYZV"], table=["APE"], pool="LMNOP")
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state, open_hands=False)
        await pilot.pause()
        await pilot.press("enter")  # Ann takes the screen
        await pilot.pause()
        await lay_word(pilot, "RST")
        app.clock.advance(61)
        await until(pilot, lambda: isinstance(app.screen, HandOff) and "Time's up" in screen_text(app))
        assert "Time's up" in screen_text(app)
        view = session.view(0)
        assert [row["word"] for row in view["table"]] == ["APE"]
        assert sorted(t["face"] for t in view["rack"]) == sorted("RSTQL")


async def test_a_whole_game_between_computers_ends_in_the_summary(app):
    """Every seat a computer: the app plays a whole game to its summary, and Enter goes back
    to the menu."""
    async with app.run_test(size=(80, 24)) as pilot:
        app.start("word-rummikub", ("CPU 1", "CPU 2"), GAME.config_for({"turn_seconds": None}, 2),
                  open_hands=False, seed=5)
        for _ in range(600):
            await pilot.pause(0.05)
            if isinstance(app.screen, WordRummikubSummary):
                break
        assert isinstance(app.screen, WordRummikubSummary)
        await pilot.pause()
        await pilot.pause()  # the summary draws itself
        assert "wins" in screen_text(app) or "tie" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.screen_stack) == 1


async def test_help_lists_every_key_the_screen_answers_to(app):
    """The rows screen's keys (commit, draw, moving tiles) and Rummikub Word's own (look up, =)."""
    from tilegames.ui.screens.help import HelpScreen

    state = position(["CAT", "DOG"], table=["APE"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(str(s.content) for s in app.screen.query(Static))  # the list scrolls at 80x24
        for words in ("Commit", "Draw", "Pick up/Put down", "Look up", "Name the joker", "+ new word"):
            assert words in text, words
        assert "equals_sign" not in text


async def test_a_game_open_elsewhere_is_shown_read_only_with_its_words(app):
    """A saved game watched as a spectator: its table's words, no rack."""
    from tilegames.core.agents import agent_for
    from tilegames.core.records.saves import new_journal_path
    from tilegames.ui.screens.spectator import SpectatorScreen

    path = new_journal_path(GAME.id)
    session = LocalSession.start(GAME, GAME.config_for({}, 2), ("Ann", "Bora"), 3, path=path)
    agent = agent_for(GAME.id)
    while not session.view(None)["table"]:  # the computer plays both seats until a word is down
        seat = session.current_seat
        session.act(seat, agent.choose(session.view(seat), 1.0))
    word = session.view(None)["table"][0]["word"]
    session.close()
    async with app.run_test(size=(100, 30)) as pilot:
        app.watch_elsewhere(path)
        await pilot.pause()
        assert isinstance(app.screen, SpectatorScreen)
        text = screen_text(app)
        assert "read-only" in text and "word, " in text
        assert " ".join(word[:4]) in " ".join(text.split())  # the word's first tiles, one cell each


async def test_with_the_pool_empty_the_hint_says_pass_not_draw(app):
    """Issue 22, item 7: with the pool empty the prompt still said "or d to draw"."""
    state = position(["STARED", "OPAQUE"], pool="", melded=[True, True], table=["CAT"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        line = turn_line(app)
        assert "d to draw" not in line and "p to pass" in line


async def test_a_drawn_joker_is_named_a_joker_in_the_drawn_line(app):
    """Issue 22, item 7: a drawn joker showed as `*` in "You drew A, *, E"."""
    state = position(["ABC", "DEFGHI"], pool="*XY", melded=[True, True], table=["CAT"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("d")  # Bob draws too: it is Ann's turn again, who drew the joker
        await pilot.pause()
        said = screen_text(app)
        assert "You drew a joker." in said and "You drew *" not in said


async def test_the_help_says_word_where_rummikub_says_set(app):
    """Issue 22, item 7: the help said `n New set` in a game of words."""
    state = position(["STARED", "OPAQUE"], melded=[True, True], table=["CAT"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        shown = await help_text(pilot)
        assert "New word" in shown and "New set" not in shown


def test_a_demonstrations_table_says_new_word_too():
    """Issue 22, item 7: demos (and a spectator's picture) showed `+ new set` in a game of words."""
    from tilegames.ui.games.word_rummikub.plugin import PLUGIN

    state = position(["STARED", "OPAQUE"], melded=[True, True], table=["CAT"])
    assert PLUGIN.position(GAME.view(state, None)).new_row == "new word"


async def test_a_refused_commit_is_said_once(app):
    """Issue 22, item 7: "Your first meld must be a word of at least 6 letters; PLATE has 5."
    was printed twice, on two lines (the refusal, and the hint line saying the same)."""
    state = position(["PLATEXQ", "CCDGHIJ"], melded=[False, False])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await lay_word(pilot, "PLATE")
        await pilot.press("c")
        await pilot.pause()
        assert screen_text(app).count("PLATE has 5") == 1


async def test_the_commit_line_says_when_emptying_the_rack_doubles_the_score(app):
    """Issue 22, item 7: "Commit now for 6 points." did not say the 6 was DOG's 3, doubled."""
    state = position(["DOG", "CCDGHIJ"], melded=[True, True], table=["CAT"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await lay_word(pilot, "DOG")
        assert turn_line(app) == "Commit now for 6 points (doubled: your rack is empty)."


async def test_a_long_hint_is_shown_whole_at_80_columns(app):
    """Issue 22, item 7: the one-line hint under the table was cut at 80 columns."""
    state = position(["STARED", "OPAQUE"], melded=[False, False])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = show(app, state) and app.screen
        await pilot.pause()
        long = ("The longest new word must hold a tile from your rack, and every word on the table must be "
                "a word of the list: QWERTYX is not.")
        screen.turn_line = lambda: (long, False)
        screen._redraw()
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "QWERTYX is not." in shown
