"""Played without colour (issue 22, item 4): with `NO_COLOR` set, and for colour-blind players,
whose tile is on top of each Nab-It! stack reads from the text, a mark after its height, named
beside each player in the players panel (the legend) and on the hand's tiles; the players'
colours stay apart under the common colour blindnesses; Rummikub's tile colours read from the
face's colour letter.

Textual reads `NO_COLOR` when an App is made (App.__init__: it then renders in grey), so these
tests set it before making their app."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest
from textual.widgets import Static

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "nabit"))

from app_helpers import config, screen_text, show_position, started
from cvd import SIMULATIONS, contrast, delta_e
from nab_builder import across, position
from rk_builder import position as rk_position
from test_nabit_play import show

from tilegames.core.kernel.clock import FakeClock
from tilegames.games.nabit.tiles import COLOURS
from tilegames.ui.app import TilegamesApp
from tilegames.ui.games.nabit.board import NabBoard
from tilegames.ui.games.nabit.tiles import STYLES


@pytest.fixture
def grey_app(monkeypatch) -> TilegamesApp:
    monkeypatch.setenv("NO_COLOR", "1")
    app = TilegamesApp(clock=FakeClock())
    assert app.no_color  # Textual renders in grey
    return app


def after(line: str, letter: str, cells: int) -> str:
    """The `cells` characters after `letter`'s first place in `line`: its cell's height and marks."""
    at = line.index(letter)
    return line[at + 1:at + 1 + cells]


async def show_sun(pilot) -> str:
    """SUN across the top, Ann's S and U and Bora's N, Bora to play: the board's row of it."""
    state = position(["TO", "FIT"], across(0, 0, "SUN"), owners={(0, 0): "0", (0, 1): "0", (0, 2): "1"}, current=1)
    show(pilot.app, state)
    await pilot.pause()
    board = pilot.app.screen.query_one(NabBoard)
    return next(line for line in board.render().plain.split("\n") if "S" in line)


async def test_without_colour_the_board_says_whose_tile_tops_each_stack_and_the_panel_names_each_mark(grey_app):
    """SUN: Ann's S and U, Bora's N. Before, the three cells read `S1 U1 N1` alike: only the
    colour told Bora's N from Ann's letters, and no legend named a mark."""
    app = grey_app
    async with app.run_test(size=(80, 24)) as pilot:
        row = await show_sun(pilot)
        gap = row.index("U") - row.index("S")  # a cell's width
        ann, ann_too, bora = after(row, "S", gap - 1), after(row, "U", gap - 1), after(row, "N", gap - 1)
        assert ann == ann_too and ann != bora, row  # the text, not a style, tells them apart
        ann_mark, = set(ann) - set("1 ")
        bora_mark, = set(bora) - set("1 ")
        players = app.screen.query_one("#players", Static).render().plain.split("\n")
        ann_line = next(line for line in players if "Ann" in line)
        bora_line = next(line for line in players if "Bora" in line)
        assert ann_mark in ann_line.split("Ann")[0] and bora_mark not in ann_line.split("Ann")[0], players
        assert bora_mark in bora_line.split("Bora")[0] and ann_mark not in bora_line.split("Bora")[0], players
        hand = str(app.screen.query_one("#hand", Static).render())  # Bora's F I T, in her mark
        assert f"F{bora_mark}" in hand and f"T{bora_mark}" in hand, hand
        drawn = "".join(screen_text(app).split())  # as drawn (the export cuts the text where styles change)
        assert "".join(f"S{ann}U{ann_too}N{bora}".split()) in drawn


async def test_without_colour_a_players_highlighted_words_name_their_mark(grey_app):
    app = grey_app
    async with app.run_test(size=(80, 24)) as pilot:
        row = await show_sun(pilot)
        ann_mark, = set(after(row, "S", 2)) - set("1 ")
        await pilot.press("4")  # Ann's words
        await pilot.pause()
        subtitle = str(app.screen.query_one("#board-box").border_subtitle)
        assert "Ann" in subtitle and ann_mark in subtitle.split("Ann")[0], subtitle


def rgb(name: str) -> tuple[int, int, int]:
    style = STYLES[name]
    assert style.bgcolor is not None
    triplet = style.bgcolor.get_truecolor()
    return (triplet.red, triplet.green, triplet.blue)


def letter_rgb(name: str) -> tuple[int, int, int]:
    style = STYLES[name]
    assert style.color is not None
    triplet = style.color.get_truecolor()
    return (triplet.red, triplet.green, triplet.blue)


@pytest.mark.parametrize("deficiency", sorted(SIMULATIONS))
def test_the_player_colours_stay_apart_under_colour_blindness(deficiency):
    """CIE76 ΔE between every two players' colours as seen with each deficiency. Before, green3
    and gold1 were 8 apart for a protanope, and red3 and green3 24 for a deuteranope. Now every
    pair is at least 30 apart in normal vision and under the common protanopia and
    deuteranopia, and at least 15 under the rare tritanopia."""
    least = 15 if deficiency == "tritanopia" else 30
    for a, b in itertools.combinations(COLOURS, 2):
        assert delta_e(rgb(a), rgb(b), deficiency) >= least, (a, b, round(delta_e(rgb(a), rgb(b), deficiency), 1))


def test_each_tiles_letter_reads_on_its_colour():
    for name in COLOURS:
        assert contrast(letter_rgb(name), rgb(name)) >= 4.5, (name, round(contrast(letter_rgb(name), rgb(name)), 2))


async def test_rummikub_tile_colours_read_without_colour_from_their_letter(grey_app):
    """Rummikub's colours are rules (a run is one colour): each face carries its colour's letter
    (K R B O), so a grey screen still tells R7 from B7."""
    app = grey_app
    state = rk_position(["R7 B7 K7 O7", "K2 K3 K4 K5"], table=["B3 B4 B5"], melded=[True, True], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, state)
        await started(pilot)
        shown = screen_text(app)
        for face in ("R7", "B7", "K7", "O7", "B3", "B4", "B5"):
            assert face in shown, face
