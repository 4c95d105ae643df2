"""A Rummikub match over a real server through the real screens: this app plays Ann's seat;
Bob's terminal and a second terminal of Ann's (the same code: a seat may be held by several
connections) play each game out quickly. Game 1 ends: its summary shows the match so far from the server's
records; Enter tells the server this terminal is ready and shows game 2's play screen; game 2
ends: the match's summary with its totals and winner; Enter goes to the menu."""

from __future__ import annotations

from typing import Any

from remote_helpers import LOCALHOST, clock_running, draw_out, join, new_table, serving, until

from tilegames.ui.remote import start_remote
from tilegames.ui.screens.menu import MenuScreen
from tilegames.ui.games.rummikub.screen import RummikubScreen
from tilegames.ui.games.rummikub.summary import SummaryScreen

SEED = 1  # Ann wins game 1 of this match, Bob game 2 and the match (scores that differ)


async def shown(pilot: Any, kind: type) -> Any:
    """Pause until the app shows a `kind` screen, composed and drawn; that screen."""
    for _ in range(200):
        screen = pilot.app.screen
        if isinstance(screen, kind) and screen.is_mounted and screen.children:
            await pilot.pause()  # the screen's own mount handlers have run
            return screen
        await pilot.pause(0.05)
    raise AssertionError(f"{type(pilot.app.screen).__name__} is shown, not {kind.__name__}")


async def test_a_match_over_a_server_shows_each_games_summary_then_the_next_game_then_the_menu(
        app, saves_home, tmp_path):
    with serving(tmp_path / "server") as server:
        table = new_table(server, "rummikub", ("Ann", "Bob"), SEED, allow_doubles_redeal=False, turn_seconds=60)
        ann, bob = join(server, table.codes[0]), join(server, table.codes[1])
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                start_remote(app, LOCALHOST, server.port, (str(table.codes[0]),))
                await app.workers.wait_for_complete()
                first_screen = await shown(pilot, RummikubScreen)
                session = first_screen.session
                assert session.series().total_games == 2 and session.series().games == ()

                first = draw_out(ann, bob)
                summary = await shown(pilot, SummaryScreen)
                assert session.result() == first  # the finished game stays, though game 2 has begun
                until(bob, lambda: bob._held is not None)
                assert [g.scores for g in summary.match.games] == [first.scores] and not summary.match.is_over
                assert clock_running(server, table.id) is False  # Ann reads the summary
                said = str(summary.query_one("#next").render())
                assert "Resume" not in said and "server" in said  # the game goes on there, not in Resume

                bob.next_game()  # Bob's terminal is ready; the clock waits for Ann's still
                assert clock_running(server, table.id) is False
                await pilot.press("enter")  # Ann is ready: the clock runs
                until(bob, lambda: clock_running(server, table.id) and bob.remaining() is not None)
                ann.next_game()
                second_screen = await shown(pilot, RummikubScreen)
                assert second_screen is not first_screen and session.result() is None
                assert session.series().games[0].scores == first.scores
                assert second_screen.match_title == "Game 2 of 2: Ann, Bob."

                second = draw_out(ann, bob)
                final = await shown(pilot, SummaryScreen)
                assert final.match.is_over and [g.scores for g in final.match.games] == [first.scores, second.scores]
                totals = tuple(a + b for a, b in zip(first.scores, second.scores))
                assert final.match.totals() == totals and final.match.winners() == (totals.index(max(totals)),)
                await pilot.press("enter")
                await shown(pilot, MenuScreen)
                assert app.playing is None
        finally:
            ann.close()
            bob.close()
