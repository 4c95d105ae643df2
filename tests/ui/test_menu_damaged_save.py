"""A damaged save in the menu (issue 23, item 1): the menu still comes up and lists the good
saves, and Resume marks the bad one with why, where it cannot be chosen."""

from __future__ import annotations

import os

from app_helpers import screen_text
from test_menu_resume import open_resume, saved_scrabble
from textual.widgets import OptionList

from tilegames.core.records.journal import JournalHeader
from tilegames.core.records.journal_writer import JournalWriter
from tilegames.core.records.saves import saves_dir
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME as SCRABBLE

LONG_NAME = "/tmp/" + "w" * 300 + ".txt"


def damaged_save(when: int) -> None:
    """A Scrabble save whose word list has a file name too long for the system (OSError)."""
    path = saves_dir() / "bad.jsonl"
    header = JournalHeader(SCRABBLE.id, SCRABBLE.config_to_json(ScrabbleConfig(word_list=LONG_NAME)), 5,
                           ("Ann", "Bora"), meta={"open_hands": False})
    JournalWriter.create(path, header).close()
    os.utime(path, (when, when))


async def test_the_menu_lists_the_good_save_and_marks_the_damaged_one(app):
    saves_dir().mkdir(parents=True, exist_ok=True)
    saved_scrabble(("Eun", "Fay"), 1_700_000_000, name="good.jsonl")
    damaged_save(1_700_100_000)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Resume  (1 unfinished game, 1 damaged)" in screen_text(app)
        picker = await open_resume(pilot)
        options = picker.query_one(OptionList)
        rows = [options.get_option_at_index(n) for n in range(options.option_count)]
        assert len(rows) == 2
        assert rows[0].disabled and "cannot be played" in str(rows[0].prompt) and "bad.jsonl" in str(rows[0].prompt)
        assert "File name too long" in str(rows[0].prompt)
        assert not rows[1].disabled and "Eun, Fay" in str(rows[1].prompt)
        assert options.highlighted == 1
        await pilot.press("enter")
        await pilot.pause()
        assert app.playing is not None and app.playing.path.name == "good.jsonl"


async def test_with_only_a_damaged_save_resume_shows_why(app):
    saves_dir().mkdir(parents=True, exist_ok=True)
    damaged_save(1_700_100_000)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Resume  (no unfinished game, 1 damaged)" in screen_text(app)
        picker = await open_resume(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is picker and app.playing is None
        assert "cannot be played" in screen_text(app)
