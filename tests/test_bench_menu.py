"""`tilegames bench` times the menu's first frame with no saves and with many (issue 11, item
17). Only that the cases run, on the saves they should, and report is tested here: timings
are never pass/fail."""

from __future__ import annotations

import json

from tilegames import bench
from tilegames.core.records.journal import load_journal, replay
from tilegames.core.records.save_index import INDEX_NAME


def test_the_menu_cases_launch_on_indexed_bot_games_and_report_the_ratio(monkeypatch):
    from tilegames.games.rummikub.game import GAME

    monkeypatch.setattr(bench, "MENU_SAVES", 3)
    monkeypatch.setattr(bench, "MENU_DISTINCT", 2)
    monkeypatch.setattr(bench, "_HOMES", {})
    lines: list[str] = []
    assert bench.run(1, "menu: first frame", lines.append) == 0
    text = "\n".join(lines)
    assert "menu: first frame, no saves" in text and "menu: first frame, 1,000 saves" in text
    ratio = [line for line in lines if "x the median of 'menu: first frame, no saves'" in line]
    assert len(ratio) == 1 and "(target 1.5x)" in ratio[0]

    home = bench.saves_home(bench.MENU_SAVES)  # built once, for every run
    journals = sorted((home / "games").glob("*.jsonl"))
    assert len(journals) == 3
    for path in journals:
        loaded = load_journal(path)
        assert loaded.header.game == "rummikub" and len(loaded.header.seats) == 4
        assert len(loaded.records) == bench.MENU_MOVES
        assert not GAME.is_over(replay(loaded))
    index = json.loads((home / "games" / INDEX_NAME).read_text())
    assert sorted(index["saves"]) == [p.name for p in journals]  # indexed by a launch before the timed ones


def test_a_relative_case_takes_turns_with_its_base(monkeypatch):
    order: list[str] = []

    def timed(name: str, seconds: float):
        def run() -> float:
            order.append(name)
            return seconds
        return run

    monkeypatch.setattr(bench, "CASES", [bench.BenchCase("fake: base", timed("base", 0.2)),
                                         bench.BenchCase("fake: many", timed("many", 0.5), target=1.5,
                                                    relative_to="fake: base")])
    lines: list[str] = []
    assert bench.run(3, "fake", lines.append) == 0
    assert order == ["base", "many"] * 3  # a busy moment weighs on both alike
    assert "2.50x the median of 'fake: base' (target 1.5x)" in "\n".join(lines)
    order.clear()
    assert bench.run(2, "fake: many", lines.append) == 0  # without its base: on its own, no ratio
    assert order == ["many", "many"]
