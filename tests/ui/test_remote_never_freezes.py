"""A networked screen never freezes: requests wait for the server in a worker while the keys
go on answering, the screen says when the server is slow, a server gone silent costs one move
(said in a sentence) and play goes on when it speaks again, news from another terminal arrives
without waiting for the screen's timer, and a `slow_down` refusal is said in passing."""

from __future__ import annotations

from typing import Any

from app_helpers import until
from remote_helpers import LOCALHOST, join, new_table, serving
from server_gate import ServerGate
from textual import events
from textual.widgets import Static

from tilegames.games.scrabble.actions import Pass
from tilegames.net import remote_session
from tilegames.ui.games.scrabble.board import Board
from tilegames.ui.remote import start_remote
from tilegames.ui.screens import turns
from tilegames.ui.screens.dialogs import Confirm
from tilegames.ui.screens.help import HelpScreen
from tilegames.ui.games.scrabble.screen import ScrabbleScreen
from tilegames.ui.games.scrabble.summary import ScrabbleSummary
from tilegames.ui.widgets.movelog import MoveLog

ANN_FIRST, BOB_FIRST = 4, 3  # Scrabble seeds for Ann and Bob (no clock)
WAITING = "Waiting for the server"


async def show(pilot: Any, port: int, code: str, timeout: float = 10.0) -> ScrabbleScreen:
    start_remote(pilot.app, LOCALHOST, port, (code,), timeout)
    await pilot.app.workers.wait_for_complete()
    await until(pilot, lambda: isinstance(pilot.app.screen, ScrabbleScreen))
    screen = pilot.app.screen
    assert isinstance(screen, ScrabbleScreen)
    await until(pilot, lambda: screen.view["rack"] is not None)  # its player's view: the turn has begun
    return screen


def status(screen: ScrabbleScreen) -> str:
    return str(screen.query_one("#status", Static).render())


def letter_of(screen: ScrabbleScreen, index: int = 0) -> str:
    face = screen.view["rack"][index]["face"]
    return "a" if face == "?" else face.lower()


def notes(app: Any) -> list[tuple[str, str]]:
    return [(n.message, n.severity) for n in app._notifications]


async def test_while_the_server_is_slow_to_answer_keys_still_answer_and_the_screen_says_it_waits(
        app, tmp_path, monkeypatch):
    gate = ServerGate(monkeypatch)
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), ANN_FIRST)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await show(pilot, server.port, str(table.codes[0]))
            assert screen._my_turn() and WAITING not in status(screen)
            gate.hold()
            await pilot.press(letter_of(screen))
            await until(pilot, gate.holding.is_set)
            await until(pilot, lambda: WAITING in status(screen))  # after a moment
            assert not screen.session.draft_changed()
            await pilot.press("f1")  # help opens, and closes
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen
            await pilot.press("f10")  # leaving asks, and staying goes back to the game
            await pilot.pause()
            assert isinstance(app.screen, Confirm)
            await pilot.press("n")
            await pilot.pause()
            assert app.screen is screen
            before = screen.cursor
            await pilot.press("down")  # the cursor moves
            assert screen.cursor != before and WAITING in status(screen)
            gate.answer()
            await until(pilot, lambda: screen.session.draft_changed() and WAITING not in status(screen))
            assert len(screen.view["draft"]) == 1  # the first move, as the server has it
            placed = screen.view["draft"][0]
            assert screen.query_one(Board).new == {(placed["row"], placed["col"])}  # drawn on the board
            await pilot.press(letter_of(screen))  # and play goes on
            await until(pilot, lambda: len(screen.view["draft"]) == 2)


async def test_a_word_typed_faster_than_the_server_answers_lands_whole_in_order(app, tmp_path, monkeypatch):
    """Type-ahead: the keys pressed while a move waits for its answer are held, then pressed
    again in order once it has come, each against the screen the answers before it made (the
    next letter goes to the next square). Found playing by hand: `negates` typed in one go
    over the network placed the N alone, the other six letters refused."""
    gate = ServerGate(monkeypatch)
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), ANN_FIRST)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await show(pilot, server.port, str(table.codes[0]))
            word = [letter_of(screen, n) for n in range(5)]
            gate.hold()
            for letter in word:  # all at once, as a terminal sends a word typed fast or pasted
                app.post_message(events.Key(letter, letter))
            await until(pilot, gate.holding.is_set)
            await pilot.press("f1")  # help still opens at once, and closes
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert not screen.session.draft_changed()
            gate.answer()
            await until(pilot, lambda: len(screen.view["draft"]) == 5, seconds=10)
            placed = sorted((t["col"], t["letter"].lower()) for t in screen.view["draft"])
            cols = [col for col, _letter in placed]
            assert cols == list(range(cols[0], cols[0] + 5))  # across, square after square
            assert [letter for _col, letter in placed] == word
            assert "has not answered" not in screen._message


async def test_a_silent_server_costs_the_move_in_a_sentence_and_play_goes_on_when_it_answers_again(
        app, tmp_path, monkeypatch):
    monkeypatch.setattr(remote_session, "RECONNECT_DELAYS", (0.1,) * 100)
    gate = ServerGate(monkeypatch)
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), ANN_FIRST)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await show(pilot, server.port, str(table.codes[0]), timeout=0.6)
            assert screen._my_turn()
            gate.silence()
            await pilot.press(letter_of(screen))
            await pilot.press("f1")  # the app answers while the server says nothing
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            await until(pilot, lambda: "did not answer" in screen._message)
            assert "the move was not made" in screen._message and screen._problem
            assert not screen.session.draft_changed()
            gate.speak()
            await until(pilot, lambda: screen.session.connected and any("again" in n for n, _ in notes(app)))
            assert screen._my_turn() and not screen.session.draft_changed()  # the server's state: nothing made
            await pilot.press(letter_of(screen))
            await until(pilot, screen.session.draft_changed)


async def test_a_move_made_at_another_terminal_reaches_the_screen_without_its_timer(app, tmp_path, monkeypatch):
    monkeypatch.setattr(turns, "CLOCK_INTERVAL", 3600.0)  # the screen's timer never comes round
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), BOB_FIRST)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await show(pilot, server.port, str(table.codes[0]))
            bob = join(server, table.codes[1])
            try:
                assert not screen._my_turn()
                bob.act(1, Pass())
                await until(pilot, screen._my_turn, seconds=5)
                log = "\n".join(str(line) for line in screen.query_one(MoveLog).lines)
                assert "Bob passed." in log
            finally:
                bob.close()


async def test_a_slow_down_refusal_is_said_in_passing_and_play_goes_on(app, tmp_path, monkeypatch):
    gate = ServerGate(monkeypatch)
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), ANN_FIRST)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await show(pilot, server.port, str(table.codes[0]))
            app.clear_notifications()
            gate.refuse("slow_down", "Too many edits at once: wait a moment.")
            await pilot.press(letter_of(screen))
            await until(pilot, lambda: any("wait a moment" in n for n, _ in notes(app)))
            assert ("Too many edits at once: wait a moment.", "information") in notes(app)
            assert "wait a moment" not in screen._message and not screen._problem  # not an error line
            assert screen.session.connected and not screen.session.draft_changed()  # the edit was not made
            await pilot.press(letter_of(screen))
            await until(pilot, screen.session.draft_changed)


async def test_a_summary_that_charts_the_game_waits_for_its_past_views_while_the_screen_answers(
        app, tmp_path, monkeypatch):
    gate = ServerGate(monkeypatch, held_ops=("past_views",))
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), ANN_FIRST)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await show(pilot, server.port, str(table.codes[0]))
            bob = join(server, table.codes[1])
            try:
                gate.hold()
                for _ in range(2):  # everyone passes twice: the game ends
                    await until(pilot, screen._my_turn)
                    await pilot.press("2", "y")
                    await until(pilot, lambda: bob.tick() is not None and bob.current_seat == 1)
                    bob.act(1, Pass())
                await until(pilot, gate.holding.is_set)  # the summary's chart is asked of the server
                await until(pilot, lambda: WAITING in status(screen))  # after a moment
                assert app.screen is screen
                await pilot.press("f1")
                await pilot.pause()
                assert isinstance(app.screen, HelpScreen)
                await pilot.press("escape")
                gate.answer()
                await until(pilot, lambda: isinstance(app.screen, ScrabbleSummary))
                assert screen.session.result() is not None
            finally:
                bob.close()


async def test_the_connecting_note_goes_once_the_game_shows(app, tmp_path):
    """Issue 22, item 9: a joined game's "Connecting…" note covered the rack for seconds."""
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), ANN_FIRST)
        async with app.run_test(size=(80, 24)) as pilot:
            await show(pilot, server.port, str(table.codes[0]))
            await pilot.pause()
            assert not any("Connecting" in n for n, _ in notes(app))
