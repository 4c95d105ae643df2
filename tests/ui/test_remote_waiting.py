"""A served table's clock waits until every player has joined: the screen says so, rather than
showing a clock that stands still for no reason (found playing by hand)."""

from __future__ import annotations

from remote_helpers import join, new_table, serving, until
from test_remote_play import joined

from tilegames.ui.widgets.timer import TurnTimer


async def test_the_clock_says_it_waits_for_the_players_until_everyone_has_joined(app, tmp_path):
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob"), 3, turn_seconds=60)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await joined(pilot, server.port, str(table.codes[0]))  # Ann is here, Bob is not yet
            await pilot.pause(0.3)
            assert screen.session.clock_waiting()
            assert "waiting for every player" in str(screen.query_one(TurnTimer).render())
            bob = join(server, table.codes[1])
            try:
                until(bob, lambda: bob.remaining() is not None and not bob.clock_waiting())
                for _ in range(40):  # Ann's terminal hears that the clock runs
                    await pilot.pause(0.05)
                    if not screen.session.clock_waiting():
                        break
                await pilot.pause(0.3)
                assert "waiting" not in str(screen.query_one(TurnTimer).render())
            finally:
                bob.close()
