"""`tilegames resume FILE` (issue 10, item 17): an illegal record is one line and exit 1, as
the README promises, and a game whose own word list has gone says so."""

from __future__ import annotations

import pytest

from tilegames.cli import main
from tilegames.core.errors import BadRecord
from tilegames.core.records.journal import JournalHeader, load_journal, replay
from tilegames.core.records.journal_writer import JournalWriter
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME as SCRABBLE


@pytest.fixture(autouse=True)
def no_app(monkeypatch, tmp_path):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("tilegames.cli._run_app", lambda start: pytest.fail("the app was started"))


def test_resume_of_a_journal_with_an_illegal_record_is_one_line_and_exit_1(tmp_path, capsys):
    from tilegames.games.rummikub.actions import Draw
    from tilegames.games.rummikub.config import RummikubConfig
    from tilegames.games.rummikub.game import GAME

    header = JournalHeader(GAME.id, GAME.config_to_json(RummikubConfig(allow_doubles_redeal=False)), 5,
                           ("Ann", "Bora"), meta={"match": {"seed": 5}})
    writer = JournalWriter.create(tmp_path / "g.jsonl", header)
    seat = GAME.current_seat(GAME.new_game(RummikubConfig(allow_doubles_redeal=False), ("Ann", "Bora"), 5))
    writer.append(1 - seat, Draw())  # out of turn
    writer.close()
    assert main(["resume", str(tmp_path / "g.jsonl")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "g.jsonl, line 2: record 0 is not a legal move here" in err[0]


def scrabble_with_own_list(tmp_path, words_file) -> JournalWriter:
    config = ScrabbleConfig(word_list=str(words_file))
    header = JournalHeader(SCRABBLE.id, SCRABBLE.config_to_json(config), 5, ("Ann", "Bora"))
    return JournalWriter.create(tmp_path / "s.jsonl", header)


@pytest.mark.parametrize("command", ["resume", "replay"])
def test_a_game_whose_word_list_has_gone_says_so(tmp_path, capsys, command):
    words = tmp_path / "lists" / "family.txt"
    words.parent.mkdir()
    words.write_text("cat\ndog\n")
    scrabble_with_own_list(tmp_path, words).close()
    words.unlink()
    assert main([command, str(tmp_path / "s.jsonl")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert f"the word list {words} used by this game is missing" in err[0]


def test_a_word_list_that_is_there_is_fine(tmp_path):
    words = tmp_path / "family.txt"
    words.write_text("cat\ndog\n")
    scrabble_with_own_list(tmp_path, words).close()
    replay(load_journal(tmp_path / "s.jsonl"))


def test_a_word_list_that_has_become_unusable_says_so(tmp_path):
    words = tmp_path / "family.txt"
    words.write_text("cat\n")
    scrabble_with_own_list(tmp_path, words).close()
    words.write_text("# nothing left\n")
    with pytest.raises(BadRecord, match=r"s.jsonl: Word list .*family.txt has no usable word"):
        replay(load_journal(tmp_path / "s.jsonl"))
