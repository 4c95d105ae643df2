"""SVG snapshots of the Scrabble screens that issue 11 changed, at 80x24 and 120x40: the next
player's turn with the last move and the drawn tiles marked, the challenge prompt under the
board, the hand-off screen, and the summary with its chart. Update with --snapshot-update and
look at them before committing."""

from __future__ import annotations

import pytest
from test_scrabble_play import show, type_word
from scrabble_builder import position
from test_summary_charts import play_a_short_game

from tilegames.core.kernel.clock import FakeClock
from tilegames.ui.app import TilegamesApp

SIZES = [(80, 24), (120, 40)]
IDS = ["80x24", "120x40"]


def new_app() -> TilegamesApp:
    return TilegamesApp(clock=FakeClock())


async def quiz_then_challenge_prompt(pilot) -> None:
    show(pilot.app, position(["QUIZERS", "AEIOULN"], bag="VWXYJKBCDFGH"), open_hands=False)
    await pilot.pause()
    await pilot.press("enter", "left", "left", "left")
    await type_word(pilot, "QUIZ")
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_challenge_prompt(snap_compare, size):
    assert snap_compare(new_app(), terminal_size=size, run_before=quiz_then_challenge_prompt)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_hand_off(snap_compare, size):
    async def to_hand_off(pilot):
        await quiz_then_challenge_prompt(pilot)
        await pilot.press("enter")  # no challenge: the hand-off to Bora
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=size, run_before=to_hand_off)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_next_turns_show_the_last_move_and_the_drawn_tiles(snap_compare, size):
    async def back_to_ann(pilot):
        await quiz_then_challenge_prompt(pilot)
        await pilot.press("enter", "enter")  # no challenge; Bora takes the hand-off
        await pilot.pause()
        await pilot.press("left", "left", "left", "up", "up", "space")  # E6, typing down
        await type_word(pilot, "LOIE")  # LOUIE through Ann's U: the last move for Ann
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter", "enter")  # no challenge; Ann takes the hand-off
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=size, run_before=back_to_ann)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_scrabble_summary(snap_compare, size):
    async def to_the_end(pilot):
        await play_a_short_game(pilot, pilot.app)

    assert snap_compare(new_app(), terminal_size=size, run_before=to_the_end)
