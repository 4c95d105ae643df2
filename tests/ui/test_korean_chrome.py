"""The app's chrome in Korean (issue 16, item 6): the menu, the setup form, the rules screen and
the hand-off at 80x24 (SVG snapshots; the English ones are in test_snapshots.py), the Korean
rule texts, and the menu's Language entry, which saves the choice and starts tilegames again in
it.

Update the snapshots after a deliberate change with
`pytest tests/ui/test_korean_chrome.py --snapshot-update`, then look at the new SVGs."""

from __future__ import annotations

import re
from dataclasses import replace

import pilegame
import pytest
from app_helpers import screen_text
from rich.cells import cell_len
from textual.widgets import Input, OptionList

from tilegames.core import registry
from tilegames.core.text import i18n
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.resources import assets_dir
from tilegames.core.settings import saved_language
from tilegames.ui.app import TilegamesApp
from tilegames.ui.games import playable
from tilegames.ui.screens.dialogs import HandOff
from tilegames.ui.screens.language import LanguageScreen, restart_argv
from tilegames.ui.screens.menu import MenuScreen
from tilegames.ui.screens.rules import RulesScreen, rules_path, rules_text

KOREAN_RULES = ("rummikub", "word-rummikub", "scrabble", "nabit")


@pytest.fixture
def korean() -> None:
    i18n.set_language("ko")  # the autouse fixture in tests/conftest.py puts English back


def new_app() -> TilegamesApp:
    return TilegamesApp(clock=FakeClock())


# --- snapshots at 80x24 ---------------------------------------------------------------------
def test_the_menu_in_korean(snap_compare, korean):
    assert snap_compare(new_app(), terminal_size=(80, 24))


def test_the_setup_form_in_korean(snap_compare, korean):
    async def open_setup(pilot):
        await pilot.press("enter")
        await pilot.pause()
        players = pilot.app.screen.query_one(Input)
        players.cursor_blink = False
        players.value = "김민수, 이지영, cpu"

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=open_setup)


def test_the_rules_screen_in_korean(snap_compare, korean):
    async def open_rules(pilot):
        pilot.app.push_screen(RulesScreen("rummikub"))
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=open_rules)


def test_the_hand_off_in_korean(snap_compare, korean):
    async def hand_off(pilot):
        pilot.app.push_screen(HandOff("김민수", "이지영: 시간 초과"))
        await pilot.pause()

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=hand_off)


# --- what the screens say -------------------------------------------------------------------
async def test_every_korean_menu_entry_fits_the_menu_on_one_line(korean):
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        prompts = [str(options.get_option_at_index(n).prompt) for n in range(options.option_count)]
        assert "언어: 한국어" in prompts and "루미큐브 워드" in prompts and "규칙: 냅잇!" in prompts
        inner = options.content_region.width
        assert max(cell_len(prompt) for prompt in prompts) <= inner
        assert "언어: 한국어" in screen_text(app) and "끝내기" in screen_text(app)


async def test_the_footer_of_the_korean_menu_names_its_keys_in_korean(korean):
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "끝내기" in text and "이어하기" in text and "Quit" not in text


def test_the_rules_screen_reads_the_rule_text_of_the_players_language():
    assert rules_path("scrabble") == assets_dir() / "rules" / "scrabble.md"
    i18n.set_language("ko")
    assert rules_path("scrabble") == assets_dir() / "rules" / "ko" / "scrabble.md"
    assert rules_text("scrabble").startswith("# 스크래블")
    registry.add(replace(pilegame.MANIFEST, rules="pile.md"))  # a game with no Korean rule text
    try:
        assert rules_path("pile") == assets_dir() / "rules" / "pile.md"
    finally:
        registry.add(pilegame.MANIFEST)
    assert rules_path("pile") is None and "규칙 문서가 없습니다" in rules_text("pile")


@pytest.mark.parametrize("game", KOREAN_RULES)
def test_each_korean_rule_text_keeps_the_sections_and_examples_of_the_english_one(game):
    """A translation that dropped a section or changed a tile example would teach other rules."""
    english = (assets_dir() / "rules" / f"{game}.md").read_text(encoding="utf-8")
    korean = (assets_dir() / "rules" / "ko" / f"{game}.md").read_text(encoding="utf-8")
    heads = re.compile(r"^#+ ", re.MULTILINE)
    assert len(heads.findall(korean)) == len(heads.findall(english))
    assert sorted(re.findall(r"`[^`]+`", korean)) == sorted(re.findall(r"`[^`]+`", english))
    assert set(re.findall(r"\d+", english)) <= set(re.findall(r"\d+", korean))  # every number the rules give


def test_every_game_the_app_plays_has_korean_rules():
    assert {entry.id for entry in playable()} <= set(KOREAN_RULES)


def test_the_korean_hand_off_names_the_next_player():
    i18n.set_language("ko")
    assert i18n._("Pass to {name}").format(name="김민수") == "김민수 님에게 넘기세요"


# --- the Language entry ---------------------------------------------------------------------
async def choose_in_menu(pilot, option_id: str) -> None:
    options = pilot.app.screen.query_one(OptionList)
    options.highlighted = options.get_option_index(option_id)
    await pilot.press("enter")
    await pilot.pause()


async def test_choosing_korean_saves_it_and_asks_for_a_restart_in_korean(saves_home):
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_in_menu(pilot, "language")
        assert isinstance(app.screen, LanguageScreen)
        assert "English" in screen_text(app) and "한국어" in screen_text(app)
        await pilot.press("down", "enter")
        await pilot.pause()
    assert saved_language() == "ko"
    assert app.restart_in_language == "ko"


async def test_choosing_the_language_in_use_changes_nothing(saves_home):
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_in_menu(pilot, "language")
        await pilot.press("enter")  # English, highlighted as the language in use
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.restart_in_language is None
    assert saved_language() is None


async def test_a_language_that_cannot_be_saved_is_a_sentence_and_nothing_restarts(saves_home):
    (saves_home / "settings.json.tmp").mkdir(parents=True)  # the settings cannot be written
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_in_menu(pilot, "language")
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.restart_in_language is None
        messages = [n.message for n in app._notifications]
        assert any(m.startswith("The language cannot be saved (") and m.endswith("tilegames stays as it is.")
                   for m in messages), messages
    assert saved_language() is None


def test_the_restart_keeps_the_options_and_sets_the_language():
    assert restart_argv([], "ko") == ["--lang", "ko"]
    assert restart_argv(["--lang", "en"], "ko") == ["--lang", "ko"]
    assert restart_argv(["--lang=en"], "ko") == ["--lang", "ko"]


def test_the_restart_comes_back_to_the_menu_not_to_the_command_it_began_with():
    """Starting `play` again would deal a new game, `join` would join again: the language was
    chosen in the menu, and the menu is where tilegames starts again."""
    assert restart_argv(["--lang", "en", "play", "rummikub", "--players", "Ann,Bora"], "ko") == ["--lang", "ko"]
    assert restart_argv(["join", "127.0.0.1:7777", "--code", "K7PQ-3MZD-XW4R"], "en") == ["--lang", "en"]


# --- lining up in cells -----------------------------------------------------------------------
def test_the_korean_list_of_saves_lines_up_the_dates_and_moves_whatever_the_title():
    from pathlib import Path

    from tilegames.core.records.journal import JournalHeader
    from tilegames.core.records.save_index import SaveInfo
    from tilegames.ui.screens.menu import describe

    i18n.set_language("ko")
    rows = [describe(SaveInfo(Path(f"{game}.jsonl"), JournalHeader(game, {}, 1, ("김민수", "이지영")), moves, False,
                              1_700_000_000.0)) for game, moves in (("rummikub", 1), ("word-rummikub", 23), ("nabit", 7))]
    assert rows[0].startswith("루미큐브 ") and rows[1].startswith("루미큐브 워드 ")
    dates = {cell_len(row[:row.index("20")]) for row in rows}
    moves_end = {cell_len(row[:row.index("수") + 1]) for row in rows}
    assert len(dates) == 1 and len(moves_end) == 1, rows


def test_the_spectators_players_panel_lines_up_the_tile_counts_in_korean():
    from tilegames.ui.screens.spectator import _players

    i18n.set_language("ko")
    view = {"seats": ["김민수", "Ann", "이지영박서준김"], "current": 0, "scores": [12, -5, 140], "rack_sizes": [1, 14, 9]}
    lines = _players(view).plain.splitlines()
    assert [line.endswith(("타일 1개", "타일 14개", "타일 9개")) for line in lines] == [True, True, True]
    assert len({cell_len(line) for line in lines}) == 1, lines
    assert max(cell_len(line) for line in lines) <= 30  # the side panel's 34 cells, less its border and padding


def test_the_restart_runs_this_python_on_tilegames_with_the_new_language(monkeypatch):
    import sys

    from tilegames.ui.screens import language

    ran: list[tuple[str, list[str]]] = []

    def execv(program: str, args: list[str]) -> None:
        ran.append((program, args))
        raise SystemExit(0)  # execv never returns

    monkeypatch.setattr(language.os, "execv", execv)
    with pytest.raises(SystemExit):
        language.restart("ko", ["--lang", "en"])
    assert ran == [(sys.executable, [sys.executable, "-m", "tilegames", "--lang", "ko"])]
