"""The crash report never shows a player's tiles (issue 10, item 19): Textual's own report
prints every frame's local variables, and a game's frames hold the racks."""

from __future__ import annotations

import pytest
from app_helpers import config, play_screen, show_position, started
from rk_builder import position

from tilegames.ui.games.rummikub.screen import RummikubScreen


async def test_a_crash_report_shows_no_rack(app, monkeypatch, capsys):
    state = position(["R6 B6 K6 O1 R13", "K2 B11 O12"], table=["R3 R4 R5"], config=config())

    def crashing_draw(self) -> None:
        rack = [tile.face for tile in self.session.controller.state.racks[0]]  # a frame holding a rack
        other_rack = [tile.face for tile in self.session.controller.state.racks[1]]
        raise RuntimeError(f"a bug while holding {len(rack) + len(other_rack)} tiles")

    monkeypatch.setattr(RummikubScreen, "action_draw", crashing_draw)
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(80, 24)) as pilot:
            show_position(app, state)
            await started(pilot)
            play_screen(app)
            await pilot.press("d")
            await pilot.pause()
    assert app.return_code == 1
    report = capsys.readouterr().err + "".join(str(r) for r in app._exit_renderables)
    from rich.console import Console

    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for renderable in app._exit_renderables:
        console.print(renderable)
    report += console.export_text()
    assert "RuntimeError" in report and "a bug while holding 8 tiles" in report
    for face in ("'R6'", "'B6'", "'K6'", "'O1'", "'R13'", "'K2'", "'B11'", "'O12'"):
        assert face not in report
    assert "tilegames resume" in report
