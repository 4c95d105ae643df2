"""Saving that fails (issue 10, item 16): a full, read-only or unwritable saves folder, or a
saves path that is not a folder, is one clear line before play; mid-game the game goes on in
memory, its moves kept until the disk takes them again (test_saves_disk_full.py), and the
player is told how many are not saved; a failed append leaves no fragment."""

from __future__ import annotations

import errno
import os

import pytest

import pilegame
from pilegame import Draw, PileConfig
from tilegames.cli import main
from tilegames.core.records import journal_writer
from tilegames.core.errors import SaveFailed
from tilegames.core.records.journal import JournalHeader, load_journal, replay
from tilegames.core.records.journal_writer import JournalWriter
from tilegames.core.records.saves import check_saves_dir, saves_dir
from tilegames.core.kernel.session import LocalSession

HEADER = JournalHeader("pile", pilegame.GAME.config_to_json(PileConfig()), 5, ("Ann", "Bora"))
root = pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else False,
                          reason="root writes to read-only folders anyway; the injected failures cover it")


def half_then_full(real):
    """A write that puts half its bytes on disk, then fails: the disk is full."""

    def write(fd: int, data: bytes) -> None:
        real(fd, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    return write


@pytest.fixture
def disk_full(monkeypatch):
    monkeypatch.setattr(journal_writer, "write_durably", half_then_full(journal_writer.write_durably))


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_a_failed_append_is_cut_back_so_the_next_append_starts_clean(tmp_path, monkeypatch):
    writer = JournalWriter.create(tmp_path / "g.jsonl", HEADER)
    writer.append(0, Draw())
    good = writer.path.read_bytes()
    real = journal_writer.write_durably
    monkeypatch.setattr(journal_writer, "write_durably", half_then_full(real))
    with pytest.raises(SaveFailed, match="disk is full"):
        writer.append(1, Draw())
    assert writer.path.read_bytes() == good  # no fragment left behind
    monkeypatch.setattr(journal_writer, "write_durably", real)
    writer.append(1, Draw())  # space again: the same record, written whole
    loaded = load_journal(writer.path)
    assert [r.seq for r in loaded.records] == [0, 1] and loaded.warnings == []


def test_a_failed_fsync_is_cut_back_too(tmp_path, monkeypatch):
    writer = JournalWriter.create(tmp_path / "g.jsonl", HEADER)
    good = writer.path.read_bytes()
    real = journal_writer.write_durably

    def written_but_not_synced(fd: int, data: bytes) -> None:
        os.write(fd, data)
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(journal_writer, "write_durably", written_but_not_synced)
    with pytest.raises(SaveFailed, match="Input/output error"):
        writer.append(0, Draw())
    assert writer.path.read_bytes() == good
    monkeypatch.setattr(journal_writer, "write_durably", real)


def test_creating_a_journal_on_a_full_disk_leaves_no_file(tmp_path, disk_full):
    with pytest.raises(SaveFailed, match="disk is full"):
        JournalWriter.create(tmp_path / "g.jsonl", HEADER)
    assert not (tmp_path / "g.jsonl").exists()


def test_mid_game_the_game_goes_on_in_memory_and_its_moves_wait_for_the_disk(tmp_path, monkeypatch):
    session = LocalSession.start(pilegame.GAME, PileConfig(), ("Ann", "Bora"), 5, path=tmp_path / "g.jsonl")
    told = []
    session.on_save_failed = told.append
    session.act(0, Draw())
    real = journal_writer.write_durably
    monkeypatch.setattr(journal_writer, "write_durably", half_then_full(real))
    session.act(1, Draw())  # no exception: the move counts
    session.act(0, Draw())
    assert session.turn_number() == 3
    assert len(told) == 1 and "Saving stopped" in told[0] and "disk is full" in told[0]
    assert "1 move is not saved yet" in told[0] and "tries again" in told[0]
    assert session.saving_stopped and session.unsaved_moves == 2
    loaded = load_journal(tmp_path / "g.jsonl")  # what was saved is whole and replays
    assert len(loaded.records) == 1 and loaded.warnings == []
    replay(loaded)
    monkeypatch.setattr(journal_writer, "write_durably", real)
    session.retry_saving()  # space again: the two moves kept are written
    assert len(load_journal(tmp_path / "g.jsonl").records) == 3 and session.unsaved_moves == 0
    assert told[1] == "Saving works again: every move is saved." and session.saving_stopped is None
    session.close()


def test_a_saves_path_that_is_a_file_is_one_line_and_exit_1_before_play(home, monkeypatch, capsys):
    monkeypatch.setattr("tilegames.cli._run_app", lambda start: pytest.fail("the app was started"))
    home.mkdir()
    (home / "games").write_text("I am a file")
    assert main(["play", "rummikub", "--players", "Ann,Bob"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is not a folder" in err[0]


def test_a_full_saves_folder_is_one_line_and_exit_1_before_play(home, monkeypatch, capsys, disk_full):
    monkeypatch.setattr("tilegames.cli._run_app", lambda start: pytest.fail("the app was started"))
    assert main(["play", "scrabble", "--players", "Ann,Bob"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "disk is full" in err[0]
    assert list(saves_dir().iterdir()) == []  # the probe cleaned up after itself


def test_an_unwritable_saves_folder_injected(home, monkeypatch):
    saves_dir().mkdir(parents=True)

    def refuse(fd: int, data: bytes) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(journal_writer, "write_durably", refuse)
    with pytest.raises(SaveFailed, match="read-only"):
        check_saves_dir()


@root
def test_a_read_only_saves_folder_is_one_line_and_exit_1(home, monkeypatch, capsys):
    monkeypatch.setattr("tilegames.cli._run_app", lambda start: pytest.fail("the app was started"))
    saves_dir().mkdir(parents=True)
    saves_dir().chmod(0o500)
    try:
        assert main(["play", "rummikub", "--players", "Ann,Bob"]) == 1
    finally:
        saves_dir().chmod(0o700)
    assert "may not write" in capsys.readouterr().err


@root
def test_resume_of_a_read_only_journal_is_one_line_and_exit_1(home, monkeypatch, capsys):
    monkeypatch.setattr("tilegames.cli._run_app", lambda start: pytest.fail("the app was started"))
    from tilegames.ui.app import TilegamesApp  # noqa: F401  (the app's games registered)
    from tilegames.games.rummikub.config import RummikubConfig
    from tilegames.games.rummikub.game import GAME

    path = saves_dir() / "g.jsonl"
    LocalSession.start(GAME, RummikubConfig(), ("Ann", "Bob"), 5, path=path).close()
    path.chmod(0o400)
    assert main(["resume", str(path)]) == 1
    assert "may not write" in capsys.readouterr().err


def test_the_app_exit_code_is_passed_on(monkeypatch):
    class Crashed:
        return_code = 1

        def call_later(self, *args):
            pass

        def run(self):
            pass

    monkeypatch.setattr("tilegames.ui.app.TilegamesApp", lambda **_: Crashed())
    assert main([]) == 1
