"""The `tilegames` command line: one parser, one-line errors with exit 2, no tracebacks."""

from __future__ import annotations

import subprocess
import sys

import pytest

import pilegame
from pilegame import Draw, PileConfig
from tilegames import __version__
from tilegames.cli import main
from tilegames.core.clock import FakeClock
from tilegames.core.controller import TurnController
from tilegames.core.journal import JournalHeader, JournalWriter


def run_module(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tilegames", *args], capture_output=True, text=True, timeout=60)


def test_version_via_python_dash_m():
    result = run_module("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"tilegames {__version__}"


def test_help_lists_every_subcommand(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for command in ("replay", "bench"):
        assert command in out


@pytest.mark.parametrize("argv", [["fly"], ["bench", "--nope"], ["replay"], ["bench", "--runs", "x"]])
def test_bad_command_lines_give_one_line_and_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("tilegames")


def test_no_arguments_says_what_exists(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "not built yet" in out and "tilegames replay" in out


def test_replay_reports_a_game_in_progress(tmp_path, capsys):
    config = PileConfig()
    header = JournalHeader("pile", pilegame.GAME.config_to_json(config), 5, ("Ann", "Bora"))
    writer = JournalWriter.create(tmp_path / "g.jsonl", header)
    ctl = TurnController(pilegame.GAME, pilegame.GAME.new_game(config, header.seats, 5),
                         clock=FakeClock(), journal=writer)
    ctl.act(0, Draw())
    assert main(["replay", str(writer.path)]) == 0
    out = capsys.readouterr().out
    assert "1 actions replayed" in out and "Bora to play" in out


@pytest.mark.parametrize("content", [b"", b"garbage\n", b'{"format":"tilegames-journal","version":1,"game":"chess","config":{},"seed":1,"seats":["a"]}\n'])
def test_replay_of_a_bad_file_is_one_sentence_and_exit_1(tmp_path, capsys, content):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert len(captured.err.strip().splitlines()) == 1


def test_replay_of_a_missing_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "none.jsonl")]) == 1
    assert "Cannot read" in capsys.readouterr().err


def test_bench_runs_and_prints_medians(capsys):
    assert main(["bench", "--runs", "1", "--only", "bag"]) == 0
    out = capsys.readouterr().out
    assert "median" in out and "bag: shuffle" in out


def test_bench_with_unknown_case(capsys):
    assert main(["bench", "--runs", "1", "--only", "zzz"]) == 2
