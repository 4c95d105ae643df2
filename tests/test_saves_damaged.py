"""Damaged saves (issue 10, item 15): every kind of damage is one sentence and exit 1 for
`resume` and `replay`, and the menu still lists the other saves."""

from __future__ import annotations

import json

import pytest

import pilegame
from pilegame import PileConfig
from tilegames.cli import main
from tilegames.core.errors import BadRecord
from tilegames.core.records.journal import JournalHeader, load_journal
from tilegames.core.records.saves import saves_dir


def pile_header(**changes) -> dict:
    header = JournalHeader("pile", pilegame.GAME.config_to_json(PileConfig()), 5, ("Ann", "Bora")).to_json()
    header.update(changes)
    return header


def line(obj) -> bytes:
    return json.dumps(obj).encode() + b"\n"


def rummikub_header(meta) -> bytes:
    from tilegames.games.rummikub.config import RummikubConfig
    from tilegames.games.rummikub.game import GAME

    header = JournalHeader(GAME.id, GAME.config_to_json(RummikubConfig()), 5, ("Ann", "Bora"), meta=meta)
    return line(header.to_json())


DEEP = b"[" * 100_000 + b"]" * 100_000
HUGE = b"9" * 5000

DAMAGED = {
    "huge number in the header": line(pile_header()).replace(b'"seed": 5', b'"seed": ' + HUGE),
    "huge number in a record": line(pile_header()) + b'{"seq": 0, "seat": ' + HUGE + b', "action": {"type": "draw"}}\n',
    "deep nesting in the header": DEEP + b"\n",
    "deep nesting in a record": line(pile_header()) + b'{"seq": 0, "seat": 0, "action": ' + DEEP + b"}\n",
    "meta of the wrong type": line(pile_header(meta=[1, 2])),
    "a byte-order mark": b"\xef\xbb\xbf" + line(pile_header()),
    "Latin-1 bytes": json.dumps(pile_header(seats=["Bj\xf6rn", "Ann"]), ensure_ascii=False).encode("latin-1") + b"\n",
    "a complete but invalid last line": line(pile_header()) + b'{"seq": 0, "seat": 0, "action": {"type": "dr\n',
    "a last record out of sequence": line(pile_header()) + b'{"seq": 7, "seat": 0, "action": {"type": "draw"}}\n',
    "not a number where one belongs": line(pile_header()).replace(b'"seed": 5', b'"seed": NaN'),
    "text that is not Unicode": line(pile_header(seats=["\udcff", "Ann"])),
    "a seat that does not exist": line(pile_header()) + b'{"seq": 0, "seat": 99, "action": {"type": "draw"}}\n',
    "a huge seat number": line(pile_header()) + b'{"seq": 0, "seat": ' + b"9" * 4000 + b', "action": {"type": "draw"}}\n',
    "a match meta of the wrong type": rummikub_header({"match": [1, 2]}),
    "a match meta with wrong fields": rummikub_header({"match": {"seed": "x", "games": 3, "open_hands": "yes"}}),
}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    saves_dir().mkdir(parents=True)
    return saves_dir()


def one_sentence(capsys) -> str:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert len(lines[0]) < 300  # the damage is named, not echoed
    return lines[0]


@pytest.mark.parametrize("kind", [k for k in sorted(DAMAGED) if "match" not in k])  # meta is the app's
def test_replay_of_a_damaged_save_is_one_sentence_and_exit_1(kind, tmp_path, capsys):
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(DAMAGED[kind])
    assert main(["replay", str(path)]) == 1
    assert "damaged.jsonl" in one_sentence(capsys)


@pytest.mark.parametrize("kind", sorted(DAMAGED))
def test_resume_of_a_damaged_save_is_one_sentence_and_exit_1_before_the_app(kind, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("tilegames.cli._run_app", lambda start: pytest.fail("the app was started"))
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(DAMAGED[kind])
    assert main(["resume", str(path)]) == 1
    one_sentence(capsys)


@pytest.mark.parametrize("kind", [k for k in sorted(DAMAGED) if "match" not in k])
def test_loading_a_damaged_save_raises_only_bad_record(kind):
    with pytest.raises(BadRecord):
        loaded = load_journal(DAMAGED[kind])
        from tilegames.core.records.journal import replay

        replay(loaded)


def test_a_complete_but_invalid_last_line_is_refused_not_dropped():
    with pytest.raises(BadRecord, match="line 2"):
        load_journal(DAMAGED["a complete but invalid last line"])


def test_the_menu_lists_the_good_saves_beside_damaged_ones(home):
    for n, kind in enumerate(sorted(DAMAGED)):
        (home / f"{n:02d}-damaged.jsonl").write_bytes(DAMAGED[kind])
    good = rummikub_header({"match": {"seed": 5, "games": [], "open_hands": False}})
    (home / "good.jsonl").write_bytes(good)
    (home / "folder.jsonl").mkdir()  # not even a file
    from tilegames.ui.app import resumable_games

    assert resumable_games() == [home / "good.jsonl"]
