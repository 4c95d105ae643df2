"""Rummikub Word's marks (issue 22, item 7): what the next player sees of the last move (`*`
laid, `~` moved, as in Rummikub), and a drawn joker on the rack."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "word_rummikub"))

from app_helpers import pick_from_rack, play_screen, screen_text, until
from test_word_rummikub_play import show
from word_builder import arrange, position

from tilegames.core.parts.table_rows import MoveTile


class Scripted:
    """A computer player whose move is given: the rows it leaves on the table."""

    def __init__(self, session, *words: str) -> None:
        self.session, self.words = session, words

    def choose(self, view, time_budget):
        return arrange(self.session.controller.state, *self.words)


async def test_tiles_the_computer_moved_are_marked_moved_not_laid(app):
    """Ann lays STOP; the computer takes its S for SUN (U, N from its rack). On Ann's turn S, T,
    O and P were moved (~: the S left its word, TOP lost its S), U and N laid (*): the table of
    Ann's own turn before is not what the last move started from."""
    state = replace(position(["STOPQ", "UNXYZV"], table=["APE"]), seats=("Ann", "CPU"))
    ann = {t.face: t.id for t in state.racks[0]}
    cpu = {t.face: t.id for t in state.racks[1]}
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state)
        await pilot.pause()
        screen = play_screen(app)
        screen._agents[1] = Scripted(session, "APE", "TOP", "SUN")
        for index, face in enumerate("STOP"):
            session.edit(0, MoveTile(ann[face], 1, index))
        assert [row["word"] for row in session.view(0)["table"]] == ["APE", "STOP"]
        await pilot.press("c")
        await until(pilot, lambda: session.current_seat == 0 and screen.viewer == 0)
        await pilot.pause()
        assert [row["word"] for row in session.view(0)["table"]] == ["APE", "TOP", "SUN"]
        assert screen.table_marks == {ann["S"]: "~", ann["T"]: "~", ann["O"]: "~", ann["P"]: "~",
                                      cpu["U"]: "*", cpu["N"]: "*"}
        assert "last move: * laid  ~ moved" in screen_text(app)


async def test_at_one_terminal_the_next_player_sees_moved_and_laid_tiles_apart(app):
    """APE + L, T, H → PAL + THE, hot-seat: A, P and E moved (~), L, T and H laid (*)."""
    from tilegames.core.parts.table_rows import SplitRow

    state = position(["LTHQ", "XYZV"], table=["APE"])
    ids = {t.face: t.id for t in state.racks[0]} | {t.face: t.id for t in state.table.rows[0]}
    async with app.run_test(size=(80, 24)) as pilot:
        session = show(app, state, open_hands=False)
        await pilot.pause()
        await pilot.press("enter")  # Ann takes the screen
        await pilot.pause()
        for edit in (SplitRow(0, 2), MoveTile(ids["L"], 0), MoveTile(ids["T"], 1, 0), MoveTile(ids["H"], 1, 1),
                     MoveTile(ids["A"], 0, 1)):
            session.edit(0, edit)
        assert [row["word"] for row in session.view(0)["table"]] == ["PAL", "THE"]
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")  # Bora takes the screen
        await pilot.pause()
        screen = play_screen(app)
        assert screen.viewer == 1
        assert screen.table_marks == {ids["A"]: "~", ids["P"]: "~", ids["E"]: "~",
                                      ids["L"]: "*", ids["T"]: "*", ids["H"]: "*"}


async def test_a_drawn_joker_does_not_read_as_two_stars(app):
    """Issue 22, item 7: a drawn joker showed as `**` on the rack, the drawn mark `*` beside the
    joker's face `*`. Rummikub Word marks a drawn tile `^` (its joker is `*`), and the rack's
    title says what the mark means, as Scrabble's and Rummikub's racks do."""
    from tilegames.ui.widgets.rack import Rack

    state = position(["ABC", "DEFGHI"], pool="*XY", melded=[True, True], table=["CAT"])
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, state)
        await pilot.pause()
        await pilot.press("d")  # Ann draws the joker
        await pilot.pause()
        await pilot.press("d")  # Bora draws: Ann's turn again, told what she drew
        await pilot.pause()
        rack = app.screen.query_one(Rack)
        shown = rack.render().plain
        assert "**" not in shown and "^*" in shown.replace(" ", "")
        assert rack.border_title == "Your rack: ^ just drawn"
        await pick_from_rack(pilot, "A")
        await pilot.press("n")  # Ann acts: the marks go, and the title with them
        await pilot.pause()
        assert "^" not in rack.render().plain and rack.border_title == "Your rack"
