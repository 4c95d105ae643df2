"""Every file from outside is read with a limit (issue 23, item 2): nothing is read whole into
memory, what is not a regular file is refused, and the commands say one sentence naming the
limit and exit non-zero."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from tilegames.cli import main
from tilegames.core.errors import BadRecord
from tilegames.core.records.file_limits import JOURNAL, LETTERS, WORD_LIST, read_limited
from tilegames.core.records.journal import JournalHeader, load_journal, read_header
from tilegames.core.records.journal_writer import JournalWriter
from tilegames.core.records.saves import saves_dir


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    saves_dir().mkdir(parents=True)
    return saves_dir()


def sparse(path: Path, size: int) -> Path:
    """A file of `size` bytes that takes no disk space (and would take the memory if read)."""
    with open(path, "wb") as file:
        file.truncate(size)
    return path


def one_sentence(capsys) -> str:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    lines = (captured.err + captured.out).strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_a_file_over_its_kinds_limit_is_refused_before_it_is_read_naming_the_limit(tmp_path):
    big = sparse(tmp_path / "big.txt", LETTERS.max_bytes + 1)
    with pytest.raises(BadRecord, match=r"^big.txt is larger than 64 kB, more than a letter tiles file ever holds"):
        read_limited(big, "big.txt", LETTERS)
    assert read_limited(sparse(tmp_path / "fits.txt", LETTERS.max_bytes), "fits.txt", LETTERS) == bytes(LETTERS.max_bytes)


@pytest.mark.parametrize("command", [["replay"], ["resume"], ["scrabble", "gcg", "export"]])
def test_a_journal_too_big_is_one_sentence_and_exit_1(command, tmp_path, capsys):
    big = sparse(tmp_path / "huge.jsonl", JOURNAL.max_bytes + 1)
    assert main([*command, str(big)]) == 1
    assert "is larger than 64 MB, more than a saved game ever holds" in one_sentence(capsys)


@pytest.mark.parametrize("command", [["replay", "/dev/zero"], ["resume", "/dev/zero"],
                                     ["words", "check", "cat", "--words", "/dev/zero"],
                                     ["words", "info", "--words", "/dev/zero"],
                                     ["scrabble", "gcg", "verify", "/dev/zero"]])
def test_a_device_is_refused_in_one_sentence_with_a_non_zero_exit(command, capsys):
    assert main(command) != 0
    assert "/dev/zero is not a file (it is a device, a pipe or a socket)" in one_sentence(capsys)


def test_a_word_list_too_big_is_refused_naming_its_limit(tmp_path, capsys):
    big = sparse(tmp_path / "words.txt", WORD_LIST.max_bytes + 1)
    assert main(["words", "info", "--words", str(big)]) != 0
    assert "is larger than 32 MB, more than a word list ever holds" in one_sentence(capsys)


def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)
    failures: list[str] = []

    def read_both() -> None:
        for reader in (load_journal, read_header):
            try:
                reader(fifo)
            except BadRecord as exc:
                failures.append(str(exc))

    thread = threading.Thread(target=read_both, daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), "reading a pipe waited for a writer"
    assert len(failures) == 2 and all("is not a file" in f for f in failures)


def test_journals_still_take_the_40_digit_seeds_of_128_bits(home):
    import pilegame

    seed = 2**128 - 1  # 39 digits; the largest a deal uses
    header = JournalHeader("pile", pilegame.GAME.config_to_json(pilegame.PileConfig()), seed, ("Ann", "Bora"))
    JournalWriter.create(home / "big-seed.jsonl", header).close()
    assert load_journal(home / "big-seed.jsonl").header.seed == seed
    forty = int("9" * 40)
    (home / "forty.jsonl").write_bytes((home / "big-seed.jsonl").read_bytes().replace(str(seed).encode(), str(forty).encode()))
    assert load_journal(home / "forty.jsonl").header.seed == forty
