"""The play screens and tools in Korean (issue 16, item 6): at 80x24, a Rummikub turn in
progress, a Scrabble word being typed, the Rummikub summary, a rule demonstration with its
Korean captions, the turn timer and the initial-meld checker (SVG snapshots; the English ones
are in test_snapshots.py and the games' snapshot files), and what the screens say in Korean
read from the screen: nothing cut, every column in line, measured in cells.

Update the snapshots after a deliberate change with
`pytest tests/ui/test_korean_play.py --snapshot-update`, then look at the new SVGs."""

from __future__ import annotations

from dataclasses import replace

import pytest
from app_helpers import config, lay_new_set, show_position, started
from rich.cells import cell_len
from rk_builder import position
from test_scrabble_play import position as scrabble_position, show as show_scrabble, type_word
from test_snapshots import settled_charts
from textual.widgets import Input, Static

from tilegames.core.text import i18n
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.codec import to_jsonable
from tilegames.core.kernel.series import GameRecord, new_series
from tilegames.games.rummikub.game import GAME as RUMMIKUB
from tilegames.games.rummikub.state import GameEnd
from tilegames.ui import games
from tilegames.ui.app import TilegamesApp
from tilegames.ui.screens.demo import DemoScreen
from tilegames.ui.games.rummikub.summary import SummaryScreen
from tilegames.ui.screens.timer import run_timer_screen
from tilegames.ui.widgets.scores import ScorePanel
from tilegames.ui.widgets.timer import TurnTimer

NAMES = ("김민수", "이지영", "박서준")

# A demonstration with Korean title, introduction and captions (the shipped demos get theirs
# from their own files; this one stays the same whatever they say).
KOREAN_DEMO = """\
title = "Initial meld: 30 points"
title_ko = "첫 등록: 30점"
game = "rummikub"
preset = "sabra"
seats = ["김민수", "이지영"]
seed = 1
intro = "The first play must be worth 30 points from your own rack."
intro_ko = "첫 등록은 내 받침대의 타일만으로 30점 이상이어야 합니다."

[position]
turn = "김민수"
racks = { "김민수" = "K7 K8 K9 O11 J O13 B2 R5", "이지영" = "O10 R3 R4 K1 O9" }

[[step]]
caption = "Orange 11, a joker as the 12, orange 13: 36 points."
caption_ko = "주황 11, 12 대신 조커, 주황 13: 11 + 12 + 13 = 36점이므로 첫 등록이 됩니다."
move = "play O11 J O13"
"""


@pytest.fixture
def korean() -> None:
    i18n.set_language("ko")  # the autouse fixture in tests/conftest.py puts English back


def new_app() -> TilegamesApp:
    return TilegamesApp(clock=FakeClock())


def rummikub_mid_game():
    state = position(["R10 R11 J B7 K7 O2 O3 B12 K13 R1", "K2 K3 K4 K5", "B1 B2"],
                     table=["B3 B4 B5 B6", "R8 K8 O8", "O9 O10 O11 O12"], melded=[True, True, False], config=config())
    return replace(state, seats=NAMES)


def korean_match():
    match = new_series(RUMMIKUB, config(rounds=2), NAMES, 1)
    end = GameEnd("out", (1,), (-23, 58, -35), (23, 0, 35))
    return match.record(GameRecord(end.scores, end.winners, to_jsonable(end)))


# --- snapshots at 80x24 ---------------------------------------------------------------------
def test_a_rummikub_turn_in_progress_in_korean(snap_compare, korean):
    async def mid_turn(pilot):
        show_position(pilot.app, rummikub_mid_game())
        await pilot.pause()
        await lay_new_set(pilot, "R10", "R11")
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=mid_turn)


def test_a_scrabble_word_being_typed_in_korean(snap_compare, korean):
    state = scrabble_position(["RETAINS", "AEIOULN"], board={"8D": "QUIZ", "E7": "OUT", "9A": "JoT"}, scores=[64, 23])
    state = replace(state, seats=("민준", "서연"))

    async def typing(pilot):
        show_scrabble(pilot.app, state)
        await pilot.pause()
        pilot.app.screen.cursor = (9, 4)
        await type_word(pilot, "SAT")
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=typing)


def test_the_rummikub_summary_in_korean(snap_compare, korean):
    async def summary(pilot):
        pilot.app.push_screen(SummaryScreen(korean_match(), "이지영 님이 타일을 모두 내려놓았습니다."))
        await settled_charts(pilot)

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=summary)


def test_a_rule_demonstration_in_korean(snap_compare, korean, tmp_path):
    demo = tmp_path / "korean-demo.toml"
    demo.write_text(KOREAN_DEMO, encoding="utf-8")

    async def first_step(pilot):
        pilot.app.push_screen(DemoScreen.of_file(demo))  # in the language tilegames speaks
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=first_step)


def test_the_turn_timer_in_korean(snap_compare, korean):
    async def warning(pilot):
        app = pilot.app
        app.bell = lambda: None
        screen = run_timer_screen(app, 60, ",".join(NAMES), play_sound=lambda name: False)
        await pilot.pause()
        await pilot.press("space")  # 이지영's turn
        app.clock.advance(51.5)
        screen.tick()
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=warning)


def test_the_initial_meld_checker_in_korean(snap_compare, korean):
    async def typed(pilot):
        ((_entry, tool),) = games.game_tools()
        pilot.app.push_screen(games.tool_screen(tool))
        await pilot.pause()
        field = pilot.app.screen.query_one(Input)
        field.cursor_blink = False
        field.insert_text_at_cursor("R10 R11 R12, K4 B4 O4 J")
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=typed)


# --- read from the screen -------------------------------------------------------------------
async def test_the_korean_players_panel_keeps_each_player_on_one_line_with_the_numbers_in_columns(korean):
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, rummikub_mid_game())
        await started(pilot)
        panel = app.screen.query_one(ScorePanel)
        lines = panel.render().plain.split("\n")
        width = panel.content_size.width
        assert all(cell_len(line) <= width for line in lines)
        rows = lines[:3]
        for name, line in zip(NAMES, rows):
            assert name in line and "타일" in line and "개" in line
        # The tile counts end in the same column and so do the scores, whatever the name.
        assert len({cell_len(line.split("개")[0]) for line in rows}) == 1
        assert len({cell_len(line.rstrip()) for line in rows}) == 1
        assert lines[3].strip().startswith("풀: 타일")


async def test_the_korean_turn_timer_bar_fits_its_width_to_the_last_second(korean):
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, rummikub_mid_game())
        await started(pilot)
        timer = app.screen.query_one(TurnTimer)
        for left in (60.0, 42.0, 9.2, 0.0):
            timer.show(left, 60.0)
            text = timer.render().plain
            assert text.startswith("시간 ") and ("초" in text)
            assert cell_len(text) <= timer.size.width


async def test_a_demonstration_shows_its_korean_title_introduction_and_captions(korean, tmp_path):
    demo = tmp_path / "korean-demo.toml"
    demo.write_text(KOREAN_DEMO, encoding="utf-8")
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = DemoScreen.of_file(demo)
        app.push_screen(screen)
        await pilot.pause()
        where = str(screen.query_one("#where", Static).render())
        assert "첫 등록: 30점" in where and "시작 배치" in where
        assert "30점 이상이어야" in str(screen.query_one("#caption", Static).render())
        await pilot.press("right")
        assert "1단계 중 1단계" in str(screen.query_one("#where", Static).render())
        assert "36점이므로" in str(screen.query_one("#caption", Static).render())
        assert screen.language == "ko"
