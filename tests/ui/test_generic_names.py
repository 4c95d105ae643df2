"""Players' names (up to 16 characters; Hangul takes two cells each) are shown whole where the
panel has room, and cut by terminal cells, with a mark, where it has not."""

from __future__ import annotations

from dataclasses import replace

from app_helpers import config, play_screen, show_position, started
from rich.cells import cell_len
from rk_builder import position

from tilegames.ui.widgets.scores import ScorePanel

LATIN = "Maximilian-Alexa"  # 16 characters
HANGUL = "김민준서연하은지우도윤시우주원예"  # 16 characters, 32 cells
SHORT = "Bo"


def rows(panel: ScorePanel) -> list[str]:
    return panel.render().plain.split("\n")


async def show_names(app, pilot):
    state = position(["R6 B6 K6 O1", "K2 K3 J", "B1 B2"], table=["R3 R4 R5"], config=config())
    show_position(app, replace(state, seats=(LATIN, HANGUL, SHORT)))
    await started(pilot)
    return play_screen(app).query_one(ScorePanel)


async def test_names_fit_the_players_panel_by_cells(app):
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await show_names(app, pilot)
        width = panel.content_size.width
        lines = rows(panel)
        assert all(cell_len(line) <= width for line in lines), lines
        assert "…" in lines[0] and "…" in lines[1]  # cut, and marked as cut
        assert lines[2].startswith(" Bo ") and lines[0].rstrip().endswith("+0")
        assert lines[0].index("tiles") == lines[2].index("tiles")  # the columns still line up


async def test_long_names_are_whole_where_there_is_room(app):
    async with app.run_test(size=(120, 40)) as pilot:
        panel = await show_names(app, pilot)
        app.screen.query_one("#side").styles.width = 60
        await pilot.pause()
        lines = rows(panel)
        assert LATIN in lines[0] and HANGUL in lines[1] and "…" not in "".join(lines)
        assert all(cell_len(line) <= panel.content_size.width for line in lines)
        tiles_at = {cell_len(line[: line.index("tiles")]) for line in lines[:3]}
        assert len(tiles_at) == 1  # the rack sizes line up in cells, whatever the script
