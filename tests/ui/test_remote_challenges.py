"""A challenge decided at another terminal closes the question at this one. In a served game of
three or more, every other player is asked whether to challenge a play, each at their own
terminal; the first to answer decides. Found playing a served game by hand in tmux: after Ann's
failed challenge of Bob's FINS at her terminal, Cy's terminal still asked him, and the game
(now his turn) waited behind the question until he pressed a key."""

from __future__ import annotations

from typing import Any

from app_helpers import until
from remote_helpers import LOCALHOST, join, new_table, serving, until as ticked

from tilegames.core.agents import agent_for
from tilegames.games.scrabble.actions import Challenge, Place
from tilegames.ui.remote import start_remote
from tilegames.ui.screens.dialogs import ChallengePrompt
from tilegames.ui.games.scrabble.screen import ScrabbleScreen


def first_seat_play(session: Any, seat: int) -> Place:
    """A play for `seat` (the computer player's choice from its own view)."""
    for budget in (0.3, 1.0, 3.0):
        action = agent_for("scrabble").choose(session.view(seat), budget)
        if isinstance(action, Place):
            return action
    raise AssertionError("no play found")


async def test_a_challenge_decided_at_another_terminal_closes_the_question_here(app, tmp_path):
    with serving(tmp_path / "server") as server:
        table = new_table(server, "scrabble", ("Ann", "Bob", "Cy"), 2, turn_seconds=None)
        ann, bob = join(server, table.codes[0]), join(server, table.codes[1])
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                start_remote(app, LOCALHOST, server.port, (str(table.codes[2]),))
                await app.workers.wait_for_complete()
                await until(pilot, lambda: isinstance(app.screen, ScrabbleScreen))
                screen = app.screen
                first = screen.session.current_seat
                assert first in (0, 1), "the test needs Ann or Bob to play first"
                player, other = (ann, bob) if first == 0 else (bob, ann)
                player.act(first, first_seat_play(player, first))
                await until(pilot, lambda: isinstance(app.screen, ChallengePrompt))  # Cy is asked
                ticked(other, lambda: 1 - first in other.who_may_act())
                other.act(1 - first, Challenge())  # decided at the other's terminal
                await until(pilot, lambda: app.screen is screen, seconds=5)  # the question went away
                assert screen.session.view(None)["pending"] is None
                assert "challenged" in screen._message
        finally:
            ann.close()
            bob.close()
