"""A save that names a file that cannot be used (issue 23, item 1): a word list or letters file
whose name is too long, holds a NUL, is a folder, a device or a pipe. The save is one bad save:
the menu lists the good ones and marks it, and every command that reads it says one line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tilegames.cli import main
from tilegames.core.records.journal import JournalHeader
from tilegames.core.records.journal_writer import JournalWriter
from tilegames.core.records.saves import saves_dir, unfinished_saves

LONG_NAME = "/tmp/" + "w" * 300 + ".txt"


def bad_names(tmp_path: Path) -> dict[str, str]:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    return {"a name too long": LONG_NAME, "a NUL in the name": "/tmp/words\x00.txt", "a folder": str(tmp_path),
            "a device": "/dev/zero", "a pipe": str(fifo), "a loop of links": _loop(tmp_path)}


def _loop(tmp_path: Path) -> str:
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    return str(loop)


def scrabble_save(path: Path, word_list: str) -> Path:
    from tilegames.games.scrabble.config import ScrabbleConfig
    from tilegames.games.scrabble.game import GAME

    header = JournalHeader(GAME.id, GAME.config_to_json(ScrabbleConfig(word_list=word_list)), 5, ("Ann", "Bora"))
    JournalWriter.create(path, header).close()
    return path


def nabit_save(path: Path, letters: str) -> Path:
    from tilegames.games.nabit.config import NabItConfig
    from tilegames.games.nabit.game import GAME

    header = JournalHeader(GAME.id, GAME.config_to_json(NabItConfig(nab_letters=letters)), 5, ("Ann", "Bora"))
    JournalWriter.create(path, header).close()
    return path


def word_rummikub_save(path: Path, letters: str) -> Path:
    from tilegames.games.word_rummikub.config import WordRummikubConfig
    from tilegames.games.word_rummikub.game import GAME

    header = JournalHeader(GAME.id, GAME.config_to_json(WordRummikubConfig(word_letters=letters)), 5, ("Ann", "Bora"))
    JournalWriter.create(path, header).close()
    return path


SAVES = {"a Scrabble word list": scrabble_save, "Nab-It! letters": nabit_save,
         "Rummikub Word letters": word_rummikub_save}


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    saves_dir().mkdir(parents=True)
    return saves_dir()


def good_save(home: Path) -> Path:
    from tilegames.games.scrabble.config import ScrabbleConfig
    from tilegames.games.scrabble.game import GAME

    header = JournalHeader(GAME.id, GAME.config_to_json(ScrabbleConfig()), 7, ("Cho", "Dan"))
    JournalWriter.create(home / "good.jsonl", header).close()
    return home / "good.jsonl"


def one_line(capsys) -> str:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert len(lines[0]) < 500
    return lines[0]


@pytest.mark.parametrize("kind", ["a name too long", "a NUL in the name", "a folder", "a device", "a pipe",
                                  "a loop of links"])
@pytest.mark.parametrize("save", sorted(SAVES))
def test_a_save_naming_a_file_that_cannot_be_used_is_listed_as_damaged_beside_the_good_ones(save, kind, home, tmp_path):
    good = good_save(home)
    bad = SAVES[save](home / "bad.jsonl", bad_names(tmp_path)[kind])
    listed = {info.path: info for info in unfinished_saves(damaged=True)}
    assert listed[good].damaged is None
    assert listed[bad].damaged is not None and "bad.jsonl" in listed[bad].damaged
    assert [info.path for info in unfinished_saves()] == [good]


@pytest.mark.parametrize("save", sorted(SAVES))
def test_resume_replay_and_export_of_such_a_save_are_one_line(save, home, tmp_path, capsys):
    bad = SAVES[save](home / "bad.jsonl", LONG_NAME)
    assert main(["resume", str(bad)]) == 1
    assert "bad.jsonl" in one_line(capsys)
    assert main(["replay", str(bad)]) == 1
    assert "bad.jsonl" in one_line(capsys)
    if save == "a Scrabble word list":
        assert main(["scrabble", "gcg", "export", str(bad)]) == 1
        assert "bad.jsonl" in one_line(capsys)


def test_resume_with_only_damaged_saves_says_so_in_one_line_and_starts_no_app(home, tmp_path, capsys, monkeypatch):
    import tilegames.cli

    monkeypatch.setattr(tilegames.cli, "_run_app", lambda *a, **k: pytest.fail("the app was started"))
    scrabble_save(home / "bad.jsonl", LONG_NAME)
    assert main(["resume"]) == 1
    line = one_line(capsys)
    assert "cannot be played" in line and "bad.jsonl" in line


def test_resume_without_a_file_resumes_the_good_save_past_a_damaged_newer_one(home, tmp_path, capsys, monkeypatch):
    import tilegames.cli

    started = []
    monkeypatch.setattr(tilegames.cli, "_run_app", lambda start, **k: started.append(start) or 0)
    good = good_save(home)
    os.utime(good, (1_000_000, 1_000_000))
    scrabble_save(home / "bad.jsonl", LONG_NAME)
    assert main(["resume"]) == 0
    assert len(started) == 1
