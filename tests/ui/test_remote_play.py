"""Whole games over a real server through the real screens: this app plays one seat with the
keyboard, a scripted terminal (its own RemoteSession and the game's computer player, on a
thread) plays the other. No hand-off screen ever shows (one seat is played here), nothing is
journaled here, the summary works from the session alone; after a Scrabble game Enter goes back to the menu, after
the first game of a Rummikub match to its second game.

In Rummikub, after a dozen turns at the keyboard Ann's second terminal (the same code: a seat
may be held by several connections) finishes her game, and this one follows it to its end."""

from __future__ import annotations

from typing import Any

from app_helpers import lay_new_set, pick_from_rack
from remote_helpers import LOCALHOST, ScriptedPlayer, join, new_table, serving

from tilegames.core.agents import agent_for
from tilegames.games.rummikub.actions import Draw, Play
from tilegames.games.scrabble.actions import Pass, Place
from tilegames.ui.remote import start_remote
from tilegames.ui.screens.dialogs import ChallengePrompt, HandOff
from tilegames.ui.screens.menu import MenuScreen
from tilegames.ui.games.rummikub.screen import RummikubScreen
from tilegames.ui.games.rummikub.summary import SummaryScreen
from tilegames.ui.games.scrabble.screen import ScrabbleScreen
from tilegames.ui.games.scrabble.summary import ScrabbleSummary
from tilegames.ui.screens.turns import TurnScreen

STEPS = 4000  # pauses of 0.05 s: a game that is not over by then has stalled
# Ann's turns played here with the keyboard before her other terminal (the same code, scripted)
# takes over to finish the game quickly, this one following it to the summary: a whole Rummikub
# game is some 120 moves, which the screen would take a minute to draw one by one.
KEYBOARD_TURNS = 12


async def joined(pilot: Any, port: int, code: str) -> TurnScreen:
    app = pilot.app
    start_remote(app, LOCALHOST, port, (code,))
    await app.workers.wait_for_complete()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, TurnScreen), type(screen).__name__
    return screen


def no_journal(saves_home: Any) -> bool:
    return not list((saves_home / "games").glob("*.jsonl")) if (saves_home / "games").exists() else True


async def lay_out(pilot: Any, screen: RummikubScreen, play: Play) -> None:
    """The computer's `play` laid out with the keys: its new sets, then each rack tile it adds
    to a set on the table, at that set's front or end (all the computer player does)."""
    view = screen.view
    table = [[t["id"] for t in row["tiles"]] for row in view["table"]]
    faces = {t["id"]: t["face"] for t in view["rack"]}
    for row in play.sets[len(table):]:
        await lay_new_set(pilot, *[faces[t] for t in row])
    for number, after in enumerate(play.sets[:len(table)]):
        for tile in [t for t in after if t in faces]:
            await pick_from_rack(pilot, faces[tile])
            await pilot.press("tab")
            screen.table_cursor = (number, 0 if after.index(tile) == 0 else len(screen.view["table"][number]["tiles"]))
            await pilot.press("space")


async def test_a_rummikub_game_over_a_server_played_to_its_end(app, saves_home, tmp_path):
    with serving(tmp_path / "server") as server:
        table = new_table(server, "rummikub", ("Ann", "Bob"), 21, allow_doubles_redeal=False, turn_seconds=None)
        bob = ScriptedPlayer(join(server, table.codes[1])).start()
        agent = agent_for("rummikub", "easy")  # lays out with the keys only what never rearranges
        laid = turns = 0
        ann: ScriptedPlayer | None = None
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                screen = await joined(pilot, server.port, str(table.codes[0]))
                assert isinstance(screen, RummikubScreen) and screen.session.seats_here == (0,)
                await pilot.press("c")  # nothing laid out: refused over the wire, still Ann's turn
                await pilot.pause()
                assert screen._my_turn() or screen.session.current_seat == 1
                for _ in range(STEPS):
                    top = app.screen
                    assert not isinstance(top, HandOff)
                    if isinstance(top, SummaryScreen):
                        break
                    if ann is None and top is screen and screen._my_turn():
                        action = agent.choose(screen.view, 0.2)
                        if isinstance(action, Play):
                            await lay_out(pilot, screen, action)
                            await pilot.pause()
                            assert screen.session.draft_changed()  # each step an edit on the server
                            await pilot.press("c")
                            await pilot.pause()
                            laid += 1
                        else:
                            await pilot.press("d" if isinstance(action, Draw) else "p")
                        turns += 1
                        if turns >= KEYBOARD_TURNS and laid:
                            ann = ScriptedPlayer(join(server, table.codes[0])).start()
                    await pilot.pause(0.05)
                assert isinstance(app.screen, SummaryScreen)
                result = screen.session.result()
                assert result is not None and app.screen.match.games[-1].scores == result.scores
                assert laid >= 1 and bob.made >= 1 and ann is not None
                assert not app.screen.match.is_over  # two players: a match of two games
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, RummikubScreen) and app.screen is not screen  # game 2
                assert app.screen.session.result() is None
                await pilot.press("f10")  # leaving a served game asks first
                await pilot.press("y")
                await pilot.pause()
                assert isinstance(app.screen, MenuScreen) and app.playing is None
        finally:
            bob.stop()
            if ann is not None:
                ann.stop()
    assert not bob.refused and no_journal(saves_home)


def typed_play(view: dict[str, Any], action: Any) -> tuple[tuple[int, int], str, str] | None:
    """Where to put the cursor, which way to type and what, for the computer's Place `action`
    (None when it is not a play)."""
    if not isinstance(action, Place):
        return None
    tiles = sorted(action.tiles, key=lambda p: (p.row, p.col))
    across = len({p.row for p in tiles}) == 1
    return (tiles[0].row, tiles[0].col), "across" if across else "down", "".join(p.letter for p in tiles)


async def test_a_scrabble_game_over_a_server_played_to_its_end(app, saves_home, tmp_path):
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), 8)
        bob = ScriptedPlayer(join(server, table.codes[1]), moves=2, pass_action=Pass()).start()
        agent = agent_for("scrabble")
        plays = prompts = 0
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                screen = await joined(pilot, server.port, str(table.codes[0]))
                assert isinstance(screen, ScrabbleScreen)
                for _ in range(STEPS):
                    top = app.screen
                    assert not isinstance(top, HandOff)
                    if isinstance(top, ScrabbleSummary):
                        break
                    if isinstance(top, ChallengePrompt):  # Bob's play: Ann lets it stand
                        prompts += 1
                        await pilot.press("enter")
                    elif top is screen and screen._my_turn():
                        play = typed_play(screen.view, agent.choose(screen.view, 0.2)) if plays < 2 else None
                        if play is not None:
                            screen.cursor, screen.typing.direction = play[0], play[1]
                            await pilot.press(*[ch.lower() for ch in play[2]])
                            await pilot.press("enter")
                            await pilot.pause()
                            plays += 1
                        if screen._my_turn():  # no play, or it was refused: pass
                            await pilot.press("escape", "2", "y")
                    await pilot.pause(0.05)
                assert isinstance(app.screen, ScrabbleSummary) and app.screen.session is screen.session
                assert screen.session.result() is not None
                assert prompts >= 1 and plays >= 1 and bob.made >= 2
                await pilot.press("escape")
                await pilot.pause()
                assert isinstance(app.screen, MenuScreen) and app.playing is None
        finally:
            bob.stop()
    assert no_journal(saves_home)
