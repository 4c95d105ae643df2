"""A game played with `--letters FILE` keeps the letters themselves (issue 23, item 6): the save
replays to the same game after the file changes or is gone, since its config holds the counts
read when the game began, not the file's name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tilegames.cli import main
from tilegames.core.records.journal import load_journal, replay
from tilegames.core.records.saves import saves_dir
from tilegames.core.kernel.session import LocalSession

NABIT_LETTERS = "".join(f"{c} 2\n" for c in "AEIOURSTLNDCMP") + "BLANKS 1\n"
WORD_LETTERS = "".join(f"{c} 4\n" for c in "AEIOURSTLNDCMPBGH") + "JOKERS 2\n"


def option(game: str, text: str):
    """The config value `--letters text` gives (the option's own parse, as the command line runs it)."""
    if game == "nabit":
        from tilegames.games.nabit.config import SETUP_OPTIONS
    else:
        from tilegames.games.word_rummikub.config import SETUP_OPTIONS
    [letters] = [o for o in SETUP_OPTIONS if o.flag == "--letters"]
    assert letters.parse is not None
    return letters.key, letters.parse(text)


def start(game: str, path: Path, letters: Path) -> LocalSession:
    from tilegames.core.registry import get_game

    engine = get_game(game)
    key, value = option(game, str(letters))
    config = engine.config_for({key: value}, 2)
    return LocalSession.start(engine, config, ("Ann", "Bora"), 1234, path=path)


def forget_files_read() -> None:
    """A new process reads the file again: the tiles modules keep what they read per path."""
    from tilegames.games.nabit import tiles as nabit_tiles
    from tilegames.games.word_rummikub import tiles as word_tiles

    nabit_tiles._load.cache_clear()
    word_tiles._load.cache_clear()


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    saves_dir().mkdir(parents=True)
    return saves_dir()


@pytest.mark.parametrize("game, text", [("nabit", NABIT_LETTERS), ("word-rummikub", WORD_LETTERS)])
@pytest.mark.parametrize("change", ["edited", "removed"])
def test_a_save_made_with_a_letters_file_replays_after_the_file_changes(game, text, change, home, tmp_path):
    from tilegames.core.registry import get_game

    letters = tmp_path / "letters.txt"
    letters.write_text(text)
    session = start(game, home / "g.jsonl", letters)
    before = session.controller.state
    session.close()
    if change == "edited":
        letters.write_text(text.replace(" 2\n", " 3\n", 3).replace(" 4\n", " 1\n", 5))
    else:
        letters.unlink()
    forget_files_read()
    after = replay(load_journal(home / "g.jsonl"), get_game(game))
    assert after == before


def test_the_letters_kept_name_the_file_they_came_from(tmp_path):
    letters = tmp_path / "mine.txt"
    letters.write_text(NABIT_LETTERS)
    _key, value = option("nabit", str(letters))
    assert str(letters) in value and "A 2" in value and "BLANKS 1" in value


def test_a_config_naming_a_letters_file_still_reads_that_file(tmp_path):
    from tilegames.games.nabit.config import NabItConfig
    from tilegames.games.nabit.tiles import colour_size

    letters = tmp_path / "mine.txt"
    letters.write_text(NABIT_LETTERS)
    assert colour_size(str(letters)) == colour_size(option("nabit", str(letters))[1]) == 29
    assert NabItConfig(nab_letters=str(letters)).nab_letters == str(letters)


def test_resuming_a_word_rummikub_game_after_its_letters_file_changed_works(home, tmp_path, capsys, monkeypatch):
    import tilegames.cli

    monkeypatch.setattr(tilegames.cli, "_run_app", lambda start, **k: 0)
    letters = tmp_path / "letters.txt"
    letters.write_text(WORD_LETTERS)
    session = start("word-rummikub", home / "g.jsonl", letters)
    from tilegames.games.word_rummikub.actions import Draw

    for _ in range(4):
        session.act(session.current_seat, Draw())
    session.close()
    letters.write_text("A 50\nJOKERS 2\n")
    forget_files_read()
    assert main(["resume", str(home / "g.jsonl")]) == 0
    assert main(["replay", str(home / "g.jsonl")]) == 0
    assert "4 actions replayed." in capsys.readouterr().out
