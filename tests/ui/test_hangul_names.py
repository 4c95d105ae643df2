"""Korean players' names take two terminal cells a character: at 80x24 every game's players
panel still shows each player on one line, name and numbers together, and all of them in view
(issue 16: with 김민수, 이지영, 박서준 the scores wrapped and the third player was pushed out).

The screen is read as the player sees it: rebuilt cell by cell from the SVG export, then cut
to the players panel's region."""

from __future__ import annotations

import html
import re

import pytest
from rich.cells import cell_len
from textual.widget import Widget

from tilegames.core.registry import get_game
from tilegames.ui.games import playable
from tilegames.ui.widgets.scores import ScorePanel
from tilegames.ui.games.scrabble.scores import ScrabbleScores

NAMES = ("김민수", "이지영", "박서준")
CELL_PX = 12.2  # the width of one cell in Textual's SVG export
_TEXT = re.compile(r'<text[^>]*? x="([0-9.]+)"[^>]*?clip-path="url\(#[^)]*-line-([0-9]+)\)">([^<]*)</text>')


def screen_rows(svg: str, width: int, height: int) -> list[str]:
    """The screen as `height` strings of `width` cells (a wide character, then "" for the cell
    it covers), from the SVG export."""
    cells = [[" "] * width for _ in range(height)]
    for x, line, text in _TEXT.findall(svg):
        column = round(float(x) / CELL_PX)
        for char in html.unescape(text).replace("\xa0", " "):
            if column < width:
                cells[int(line)][column] = char
                for covered in range(1, cell_len(char)):
                    if column + covered < width:
                        cells[int(line)][column + covered] = ""
            column += cell_len(char)
    return ["".join(row) for row in cells]


def panel_of(app) -> Widget:
    """The widget that lists the players in the game on screen."""
    for selector in (ScorePanel, ScrabbleScores, "#players"):
        found = app.screen.query(selector)
        if found:
            return found.first()
    raise AssertionError(f"no players panel on {type(app.screen).__name__}")


@pytest.mark.parametrize("game_id", [entry.id for entry in playable()])
async def test_hangul_names_each_show_on_one_line_with_their_numbers_at_80x24(app, game_id):
    game = get_game(game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start(game_id, NAMES, game.config_for({}, len(NAMES)), open_hands=True, seed=3)
        await pilot.pause()
        await pilot.pause()
        region = panel_of(app).content_region
        assert region.bottom <= 24 and region.right <= 80, region  # the panel is in view
        rows = screen_rows(app.export_screenshot(), 80, 24)
        panel = [row[region.x:region.right] for row in rows[region.y:region.bottom]]
        for name in NAMES:
            lines = [line for line in panel if name in line]
            assert len(lines) == 1, (name, panel)
            after = lines[0].split(name, 1)[1]
            assert re.search(r"[0-9]", after), (name, panel)  # its numbers on its own line
        # No line of the panel holds numbers alone: nothing wrapped onto a line of its own.
        named = [i for i, line in enumerate(panel) if any(n in line for n in NAMES)]
        assert named == list(range(named[0], named[0] + len(NAMES))), panel


@pytest.mark.parametrize("names, cells", [(("플레이어 1", "플레이어 2"), 8), (("Player 1", "Player 2"), 6)])
def test_default_names_cut_to_a_narrow_column_stay_apart(names, cells):
    """Issue 22, item 9: 플레이어 1 and 플레이어 2 both showed as `플레이 …`, and Player 1 and
    Player 2 as `Player…`: a name ending in a number keeps it when cut."""
    from rich.cells import cell_len

    from tilegames.ui.widgets.scores import name_cell

    shown = [name_cell(name, cells).plain for name in names]
    assert shown[0] != shown[1] and all(cell_len(s) == cells for s in shown)
    assert all(s.rstrip().endswith(name[-1]) and "…" in s for s, name in zip(shown, names))


def test_the_nab_it_players_panel_cuts_names_the_same_way():
    from tilegames.ui.games.nabit.panels import players_text

    view = {"seats": ["Player 1", "Player 2"], "colours": ["red", "blue"], "current": 0, "bags": [20, 20],
            "hand_sizes": [5, 5], "words_held": [0, 0], "banks": [0, 0], "scores": [0, 0]}
    lines = players_text(view, 28).plain.split("\n")
    assert "1" in lines[1][:14] and "2" in lines[2][:14]
