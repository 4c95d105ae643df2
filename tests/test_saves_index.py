"""The saves index (issue 11, item 17): the menu lists unfinished games without replaying
every journal each time, and the index is never trusted over the journal."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

import pilegame
from pilegame import Draw, PileConfig
from tilegames.core.records import save_index
from tilegames.core.errors import BadRecord
from tilegames.core.records.journal import JournalHeader
from tilegames.core.records.journal_writer import JournalWriter
from tilegames.core.records.saves import saves_dir, unfinished_games, unfinished_saves

# 12 tiles, 6 dealt to two seats: six draws empty the bag, two more (nothing left) end the game.
SMALL = PileConfig(copies=1, hand=3, turn_seconds=None)
DRAWS_TO_END = 8


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    folder = saves_dir()
    folder.mkdir(parents=True)
    return folder


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The names of the journals the index reads in full (and replays)."""
    seen: list[str] = []
    real = save_index.load_journal

    def counting(path):
        seen.append(Path(path).name)
        return real(path)

    monkeypatch.setattr(save_index, "load_journal", counting)
    return seen


def pile_game(path: Path, draws: int, seats: tuple[str, ...] = ("Ann", "Bora"), mtime: int | None = None,
              meta: dict | None = None) -> JournalWriter:
    """A pile game journal with `draws` moves; the writer is closed unless the caller wants it."""
    header = JournalHeader("pile", pilegame.GAME.config_to_json(SMALL), 5, seats, meta=meta or {})
    writer = JournalWriter.create(path, header)
    for n in range(draws):
        writer.append(n % 2, Draw())
    writer.close()
    if mtime is not None:
        os.utime(path, ns=(mtime * 10**9, mtime * 10**9))
    return writer


def append_draws(path: Path, start: int, count: int) -> None:
    writer = JournalWriter(path, start)
    for n in range(start, start + count):
        writer.append(n % 2, Draw())


def test_unfinished_games_are_listed_newest_first_with_what_the_menu_shows(home):
    pile_game(home / "old.jsonl", 3, ("Ann", "Bora"), mtime=1_700_000_000)
    pile_game(home / "new.jsonl", 4, ("Chul", "Dee"), mtime=1_700_000_100)
    pile_game(home / "over.jsonl", DRAWS_TO_END, mtime=1_700_000_200)
    saves = unfinished_saves()
    assert [s.path for s in saves] == [home / "new.jsonl", home / "old.jsonl"]
    assert unfinished_games() == [home / "new.jsonl", home / "old.jsonl"]
    newest = saves[0]
    assert newest.header.game == "pile" and newest.header.seats == ("Chul", "Dee")
    assert newest.moves == 4 and not newest.finished
    assert newest.saved == 1_700_000_100


def test_the_second_listing_reads_no_journal(home, reads):
    for n in range(5):
        pile_game(home / f"g{n}.jsonl", n)
    first = unfinished_games()
    assert sorted(reads) == [f"g{n}.jsonl" for n in range(5)]
    reads.clear()
    assert unfinished_games() == first
    assert reads == []
    assert (home / save_index.INDEX_NAME).is_file()


def test_a_save_that_changed_is_read_again_and_only_that_one(home, reads):
    pile_game(home / "a.jsonl", 2)
    pile_game(home / "b.jsonl", 2)
    assert len(unfinished_games()) == 2
    reads.clear()
    append_draws(home / "a.jsonl", 2, DRAWS_TO_END - 2)  # played to its end since
    assert unfinished_games() == [home / "b.jsonl"]
    assert reads == ["a.jsonl"]
    reads.clear()
    assert unfinished_games() == [home / "b.jsonl"]
    assert reads == []  # and what it learned is kept


def test_a_save_copied_in_by_hand_is_read_once(home, tmp_path, reads):
    pile_game(home / "a.jsonl", 2)
    unfinished_games()
    reads.clear()
    pile_game(tmp_path / "elsewhere.jsonl", 3)
    shutil.copy2(tmp_path / "elsewhere.jsonl", home / "copied.jsonl")  # keeps its old date
    assert set(unfinished_games()) == {home / "a.jsonl", home / "copied.jsonl"}
    assert reads == ["copied.jsonl"]
    reads.clear()
    unfinished_games()
    assert reads == []


def test_a_removed_save_leaves_the_index(home):
    pile_game(home / "a.jsonl", 2)
    pile_game(home / "b.jsonl", 2)
    unfinished_games()
    (home / "a.jsonl").unlink()
    assert unfinished_games() == [home / "b.jsonl"]
    index = json.loads((home / save_index.INDEX_NAME).read_text())
    assert list(index["saves"]) == ["b.jsonl"]


def test_an_index_that_disagrees_with_the_journal_loses(home, reads):
    pile_game(home / "a.jsonl", 2)
    unfinished_games()
    index_path = home / save_index.INDEX_NAME
    index = json.loads(index_path.read_text())
    index["saves"]["a.jsonl"]["finished"] = True
    index["saves"]["a.jsonl"]["size"] += 1  # a summary of some other version of the file
    index_path.write_text(json.dumps(index))
    reads.clear()
    assert unfinished_games() == [home / "a.jsonl"]
    assert reads == ["a.jsonl"]


@pytest.mark.parametrize("damage", [
    b"", b"not json", b"[1, 2]", b'{"format": "tilegames-save-index", "version": 99, "saves": {}}',
    b'{"format": "tilegames-save-index", "version": 1, "program": "0.1.0", "saves": {"a.jsonl": {"size": "x"}}}',
    b"9" * 5000, b"[" * 100_000,
])
def test_a_damaged_index_is_rebuilt(home, reads, damage):
    pile_game(home / "a.jsonl", 2)
    (home / save_index.INDEX_NAME).write_bytes(damage)
    assert unfinished_games() == [home / "a.jsonl"]
    assert reads == ["a.jsonl"]
    reads.clear()
    assert unfinished_games() == [home / "a.jsonl"]
    assert reads == []


def test_an_index_written_by_another_version_of_tilegames_is_rebuilt(home, reads):
    pile_game(home / "a.jsonl", 2)
    unfinished_games()
    index_path = home / save_index.INDEX_NAME
    index = json.loads(index_path.read_text())
    index["program"] = "0.0.1"  # rules may have changed since: what is finished, what is legal
    index_path.write_text(json.dumps(index))
    reads.clear()
    unfinished_games()
    assert reads == ["a.jsonl"]


def test_damaged_saves_are_skipped_and_not_read_again(home, reads):
    pile_game(home / "good.jsonl", 2)
    (home / "bad.jsonl").write_bytes(b"not a journal\n")
    (home / "folder.jsonl").mkdir()
    assert unfinished_games() == [home / "good.jsonl"]
    reads.clear()
    assert unfinished_games() == [home / "good.jsonl"]
    assert reads == []


def test_usable_is_asked_of_every_unfinished_save_and_may_refuse(home):
    pile_game(home / "a.jsonl", 2, meta={"ok": True}, mtime=1_700_000_000)
    pile_game(home / "b.jsonl", 2, meta={"ok": False}, mtime=1_700_000_100)

    def usable(header: JournalHeader) -> None:
        if not header.meta.get("ok"):
            raise BadRecord("not for this app")

    assert unfinished_games(usable) == [home / "a.jsonl"]
    assert unfinished_games(usable) == [home / "a.jsonl"]  # from the index, asked again
    assert unfinished_games() == [home / "b.jsonl", home / "a.jsonl"]


def test_a_save_whose_word_list_is_missing_is_listed_again_once_it_is_back(home, tmp_path):
    from tilegames.games.scrabble.config import ScrabbleConfig
    from tilegames.games.scrabble.game import GAME as SCRABBLE

    words = tmp_path / "family.txt"
    words.write_text("cat\ndog\n")
    header = JournalHeader(SCRABBLE.id, SCRABBLE.config_to_json(ScrabbleConfig(word_list=str(words))), 5,
                           ("Ann", "Bora"))
    JournalWriter.create(home / "s.jsonl", header).close()
    moved = tmp_path / "moved.txt"
    words.rename(moved)
    assert unfinished_games() == []
    moved.rename(words)  # the save itself has not changed
    assert unfinished_games() == [home / "s.jsonl"]


def test_a_save_with_a_name_that_is_not_utf8_is_listed_and_the_index_stays_usable(home, reads):
    odd = Path(os.fsdecode(bytes(home) + b"/\xff-odd.jsonl"))
    pile_game(odd, 2)
    pile_game(home / "plain.jsonl", 2)
    assert set(unfinished_games()) == {odd, home / "plain.jsonl"}
    reads.clear()
    assert set(unfinished_games()) == {odd, home / "plain.jsonl"}
    assert "plain.jsonl" not in reads


def test_listing_works_when_the_index_cannot_be_written(home, monkeypatch):
    pile_game(home / "a.jsonl", 2)

    def refuse(*args, **kwargs):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(save_index.os, "replace", refuse)
    assert unfinished_games() == [home / "a.jsonl"]
    assert not (home / save_index.INDEX_NAME).exists()
    assert [p.name for p in home.iterdir()] == ["a.jsonl"]  # no temporary file is left behind


def test_no_saves_folder_lists_nothing(home):
    shutil.rmtree(home)
    assert unfinished_games() == []
    assert not home.exists()  # listing never makes the folder


def test_a_save_being_written_while_it_is_read_is_read_again_next_time(home, monkeypatch):
    pile_game(home / "a.jsonl", 2)
    real = save_index.load_journal

    def appended_meanwhile(path):
        loaded = real(path)
        append_draws(Path(path), 2, DRAWS_TO_END - 2)  # another copy finished the game meanwhile
        return loaded

    monkeypatch.setattr(save_index, "load_journal", appended_meanwhile)
    assert unfinished_games() == [home / "a.jsonl"]  # what was read then
    monkeypatch.setattr(save_index, "load_journal", real)
    assert unfinished_games() == []


@pytest.mark.parametrize("edit", [
    {"finished": True},  # hides an unfinished game from Resume
    {"damaged": "x.jsonl: damaged"},  # so does this
    {"moves": 99},
    {"check": "ä" * 32},  # found by the long fuzz run: hmac.compare_digest refused it
])
def test_an_index_edited_by_hand_with_the_stamp_kept_is_not_trusted(home, reads, edit):
    pile_game(home / "a.jsonl", 2)
    unfinished_games()
    index_path = home / save_index.INDEX_NAME
    index = json.loads(index_path.read_text())
    index["saves"]["a.jsonl"].update(edit)
    index_path.write_text(json.dumps(index))
    reads.clear()
    [save] = unfinished_saves()
    assert save.path == home / "a.jsonl" and save.moves == 2 and save.damaged is None
    assert reads == ["a.jsonl"]
    reads.clear()
    unfinished_saves()
    assert reads == []  # rebuilt: trusted again


def test_an_index_with_other_names_than_the_save_shows_the_saves_names(home, reads):
    pile_game(home / "a.jsonl", 2, seats=("Ann", "Bora"))
    unfinished_games()
    index_path = home / save_index.INDEX_NAME
    index = json.loads(index_path.read_text())
    index["saves"]["a.jsonl"]["header"]["seats"] = ["Mallory", "Eve"]
    index_path.write_text(json.dumps(index))
    [save] = unfinished_saves()
    assert save.header is not None and save.header.seats == ("Ann", "Bora")


def test_a_stale_index_for_a_save_rewritten_with_the_same_size_and_times_is_not_trusted(home, reads):
    pile_game(home / "a.jsonl", 2, seats=("Ann", "Bora"))
    stat = (home / "a.jsonl").stat()
    unfinished_games()
    text = (home / "a.jsonl").read_bytes().replace(b'"Bora"', b'"Cora"')  # same length
    (home / "a.jsonl").write_bytes(text)
    os.utime(home / "a.jsonl", ns=(stat.st_atime_ns, stat.st_mtime_ns))
    index_path = home / save_index.INDEX_NAME
    index = json.loads(index_path.read_text())
    index["saves"]["a.jsonl"]["ctime_ns"] = (home / "a.jsonl").stat().st_ctime_ns  # as a restore leaves it
    index_path.write_text(json.dumps(index))
    [save] = unfinished_saves()
    assert save.header is not None and save.header.seats == ("Ann", "Cora")
