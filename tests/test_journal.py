"""The journal (DESIGN.md §6): fsynced JSON lines, exact replay, damaged files handled."""

from __future__ import annotations

import json

import pytest

import pilegame
from pilegame import Draw, PileConfig, Play
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.errors import BadRecord
from tilegames.core.records.journal import JournalHeader, load_journal, replay
from tilegames.core.records.journal_writer import JournalWriter

GAME = pilegame.GAME


def new_journal(tmp_path, seed=3, **config):
    cfg = PileConfig(**config)
    header = JournalHeader("pile", GAME.config_to_json(cfg), seed, ("Ann", "Bora"))
    writer = JournalWriter.create(tmp_path / "game.jsonl", header)
    state = GAME.new_game(cfg, header.seats, seed)
    return writer, TurnController(GAME, state, clock=FakeClock(), journal=writer)


def test_every_action_is_written_and_replay_rebuilds_the_state(tmp_path):
    writer, ctl = new_journal(tmp_path)
    for _ in range(4):
        ctl.act(ctl.seat, Draw())
    loaded = load_journal(writer.path)
    assert [r.seq for r in loaded.records] == [0, 1, 2, 3]
    assert loaded.warnings == []
    assert replay(loaded) == ctl.state


def test_timeouts_are_journaled_like_any_action(tmp_path):
    writer, ctl = new_journal(tmp_path)
    ctl.clock.advance(60)
    ctl.tick()
    loaded = load_journal(writer.path)
    assert loaded.records[0].action == {"type": "timeout", "touched": False}
    assert loaded.records[0].by == "clock"
    assert replay(loaded) == ctl.state


def test_a_timeout_written_as_a_players_move_is_refused(tmp_path):
    writer, ctl = new_journal(tmp_path)
    with open(writer.path, "ab") as fh:
        fh.write(b'{"action":{"touched":true,"type":"timeout"},"seat":0,"seq":0}\n')
    with pytest.raises(BadRecord, match="Only the turn clock"):
        replay(load_journal(writer.path))


def test_version_1_journals_still_replay_their_timeouts(tmp_path):
    header = JournalHeader("pile", GAME.config_to_json(PileConfig()), 3, ("Ann", "Bora"))
    data = json.dumps({**header.to_json(), "version": 1}).encode() + b"\n"
    data += b'{"action":{"touched":false,"type":"timeout"},"seat":0,"seq":0}\n'
    state = replay(load_journal(data))
    assert len(state.racks[0]) == len(GAME.new_game(PileConfig(), header.seats, 3).racks[0]) + 1


def test_torn_last_line_is_dropped_with_a_message(tmp_path):
    writer, ctl = new_journal(tmp_path)
    ctl.act(0, Draw())
    after_one = ctl.state
    ctl.act(1, Draw())
    data = writer.path.read_bytes()
    writer.path.write_bytes(data[:-7])  # crash in the middle of writing the second action
    loaded = load_journal(writer.path)
    assert len(loaded.records) == 1
    assert "cut off" in loaded.warnings[0]
    assert replay(loaded) == after_one


def test_reopen_repairs_the_torn_tail_and_continues(tmp_path):
    writer, ctl = new_journal(tmp_path)
    ctl.act(0, Draw())
    ctl.act(1, Draw())
    writer.path.write_bytes(writer.path.read_bytes()[:-3])
    writer2, loaded = JournalWriter.reopen(writer.path)
    state = replay(loaded)
    ctl2 = TurnController(GAME, state, clock=FakeClock(), journal=writer2)
    ctl2.act(ctl2.seat, Draw())
    again = load_journal(writer.path)
    assert again.warnings == [] and len(again.records) == 2
    assert replay(again) == ctl2.state


def test_a_damaged_line_before_the_end_is_an_error_naming_the_line(tmp_path):
    writer, ctl = new_journal(tmp_path)
    for _ in range(3):
        ctl.act(ctl.seat, Draw())
    lines = writer.path.read_bytes().split(b"\n")
    lines[2] = b'{"seq": 1, "seat": 0, "acti'
    writer.path.write_bytes(b"\n".join(lines))
    with pytest.raises(BadRecord, match="line 3"):
        load_journal(writer.path)


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "no complete header"),
        (b"hello\n", "not a tilegames journal"),
        (b"\xff\xfe\n", "not a tilegames journal"),
        (b'{"format": "tilegames-journal", "version": 99}\n', "version 99"),
        (b'{"format": "tilegames-journal", "version": 1, "game": "pile"}\n', "missing field"),
        (b"[1, 2]\n", "not a tilegames journal"),
    ],
)
def test_files_that_are_not_journals_get_a_sentence(tmp_path, content, message):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    with pytest.raises(BadRecord, match=message):
        load_journal(path)


def test_missing_file_is_a_readable_error(tmp_path):
    with pytest.raises(BadRecord, match="does not exist"):
        load_journal(tmp_path / "nope.jsonl")


def test_out_of_sequence_records_are_rejected(tmp_path):
    writer, ctl = new_journal(tmp_path)
    ctl.act(0, Draw())
    ctl.act(1, Draw())
    lines = writer.path.read_bytes().split(b"\n")
    lines[1], lines[2] = lines[2], lines[1]
    writer.path.write_bytes(b"\n".join(lines))
    with pytest.raises(BadRecord, match="record number 1 found where 0"):
        load_journal(writer.path)


def test_an_illegal_action_in_a_journal_fails_replay_with_a_sentence(tmp_path):
    writer, ctl = new_journal(tmp_path)
    writer.append(1, Draw())  # seat 1 moving on seat 0's turn
    with pytest.raises(BadRecord, match="not a legal move here: It is Ann's turn"):
        replay(load_journal(writer.path))


def test_a_malformed_action_fails_replay_with_a_sentence(tmp_path):
    writer, _ = new_journal(tmp_path)
    with open(writer.path, "ab") as fh:
        fh.write(json.dumps({"seq": 0, "seat": 0, "action": {"type": "play", "table": "x"}}).encode() + b"\n")
    with pytest.raises(BadRecord, match="expected a list"):
        replay(load_journal(writer.path))


def test_create_refuses_to_overwrite(tmp_path):
    writer, _ = new_journal(tmp_path)
    with pytest.raises(FileExistsError):
        JournalWriter.create(writer.path, JournalHeader("pile", {}, 1, ("a", "b")))


def test_actions_round_trip_through_json():
    for action in (Draw(), Play(((1, 2), (3, 4, 5))), pilegame.Timeout(True)):
        assert GAME.decode_action(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize(
    "data, message",
    [
        ("draw", "must be a JSON object"),
        ({"type": "fly"}, "Unknown action type 'fly'"),
        ({"type": "play"}, "missing field 'table'"),
        ({"type": "play", "table": [[1, "2"]]}, r"table\[0\]\[1\]: expected a whole number"),
        ({"type": "draw", "extra": 1}, "unknown field 'extra'"),
        ({"type": "timeout", "touched": 1}, "expected true or false"),
    ],
)
def test_malformed_actions_are_rejected_with_a_sentence(data, message):
    with pytest.raises(BadRecord, match=message):
        GAME.decode_action(data)
