"""The turn flow over a network: a hand-off screen only between the seats played at this
terminal, and a lost connection told in a sentence (never a traceback), play going on once it
is back."""

from __future__ import annotations

import socket

from remote_helpers import LOCALHOST, ScriptedPlayer, join, new_table, serving

from tilegames.games.scrabble.actions import Pass
from tilegames.net import remote_session
from tilegames.ui.remote import start_remote
from tilegames.ui.screens.dialogs import HandOff
from tilegames.ui.games.scrabble.screen import ScrabbleScreen
from tilegames.ui.games.scrabble.summary import ScrabbleSummary
from tilegames.ui.widgets.movelog import MoveLog


async def show(pilot, port: int, *codes: str | None) -> ScrabbleScreen:
    start_remote(pilot.app, LOCALHOST, port, tuple(c for c in codes if c is not None))
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    screen = pilot.app.screen
    if isinstance(screen, HandOff):
        return pilot.app.screen_stack[-2]  # type: ignore[no-any-return]
    assert isinstance(screen, ScrabbleScreen), type(screen).__name__
    return screen


async def test_two_players_at_one_terminal_hand_off_between_them_and_never_for_a_seat_played_elsewhere(app, tmp_path):
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob", "Cat"), 12)
        cat = ScriptedPlayer(join(server, table.codes[2]), moves=0, pass_action=Pass()).start()
        handed_to: list[str] = []
        turns_here: list[int] = []
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                screen = await show(pilot, server.port, table.codes[0], table.codes[1])
                assert screen.session.seats_here == (0, 1)
                for _ in range(2000):
                    top = app.screen
                    if isinstance(top, ScrabbleSummary):
                        break
                    if isinstance(top, HandOff):
                        assert screen.session.current_seat in (0, 1)  # never for Cat's turn
                        handed_to.append(top.player)
                        await pilot.press("enter")
                    elif top is screen and screen._my_turn():
                        turns_here.append(screen.viewer)
                        await pilot.press("2", "y")  # everyone passes twice: the game ends
                    await pilot.pause(0.05)
                assert isinstance(app.screen, ScrabbleSummary)
        finally:
            cat.stop()
    names = {0: "Ann", 1: "Bob"}
    assert len(turns_here) == 4 and handed_to == [names[s] for s in turns_here]  # one before each turn here
    assert cat.made == 2


def notes(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_lost_connection_is_told_and_play_goes_on_when_it_is_back(app, tmp_path, monkeypatch):
    monkeypatch.setattr(remote_session, "RECONNECT_DELAYS", (1.5,) + (0.05,) * 50)
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), 12)
        bob = ScriptedPlayer(join(server, table.codes[1]), moves=0, pass_action=Pass()).start()
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                screen = await show(pilot, server.port, table.codes[0])
                for _ in range(200):
                    if screen._my_turn():
                        break
                    await pilot.pause(0.05)
                assert screen._my_turn()
                letter = screen.view["rack"][0]["face"]
                await pilot.press(letter.lower() if letter != "?" else "a")
                await pilot.pause()
                assert screen.session.draft_changed()
                screen.session._connection._sock.shutdown(socket.SHUT_RDWR)  # the network goes
                for _ in range(100):
                    await pilot.pause(0.05)
                    if any("was lost" in n for n in notes(app)):
                        break
                assert any("was lost" in n for n in notes(app)) and not screen.session.connected
                await pilot.press("enter")  # a play now is refused with a sentence, not a traceback
                await pilot.pause()
                assert "reconnecting" in screen._message and "The move was not made." in screen._message
                for _ in range(200):
                    if screen.session.connected and any("again" in n for n in notes(app)):
                        break
                    await pilot.pause(0.05)
                assert any("again: the game goes on" in n for n in notes(app))
                assert screen.session.draft_changed() and screen._my_turn()  # the turn and its draft are back
                log = "\n".join(str(line) for line in screen.query_one(MoveLog).lines)
                assert "was lost" in log and "goes on" in log
                await pilot.press("escape", "2", "y")  # play goes on: Ann passes
                for _ in range(100):
                    if screen.session.current_seat == 1 or screen.session.turn_number() > 1:
                        break
                    await pilot.pause(0.05)
                assert screen.session.turn_number() >= 1 and not bob.refused
        finally:
            bob.stop()


async def test_a_spectators_code_watches_the_game_without_a_seat_or_a_hand_off(app, tmp_path):
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), 12)
        players: list[ScriptedPlayer] = []
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                screen = await show(pilot, server.port, table.spectator)
                assert screen.session.seats_here == () and screen.viewer is None
                # The players sit down once the watcher is there (the game starts when they have).
                players += [ScriptedPlayer(join(server, code), moves=0, pass_action=Pass()).start()
                            for code in table.codes]
                for _ in range(400):
                    assert not isinstance(app.screen, HandOff) and not screen._my_turn()
                    if isinstance(app.screen, ScrabbleSummary):
                        break
                    await pilot.pause(0.05)
                assert isinstance(app.screen, ScrabbleSummary)  # four passes: the game is over
                log = "\n".join(str(line) for line in screen.query_one(MoveLog).lines)
                assert "Ann passed." in log and "Bob passed." in log
        finally:
            for player in players:
                player.stop()
