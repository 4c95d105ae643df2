"""The `tilegames` command line: one parser, one-line errors with exit 2, no tracebacks."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pytest

import pilegame
from pilegame import Draw, PileConfig
from tilegames import __version__
from tilegames.cli import build_parser, main
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.records.journal import JournalHeader
from tilegames.core.records.journal_writer import JournalWriter


@pytest.fixture(autouse=True)
def private_saves(tmp_path, monkeypatch):
    """`play` checks the saves folder before starting: never the real one in tests."""
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))


def run_module(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tilegames", *args], capture_output=True, text=True, timeout=60)


def test_version_via_python_dash_m():
    result = run_module("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"tilegames {__version__}"


def test_output_to_a_reader_that_has_gone_ends_quietly():
    # `tilegames ... | head -1`: the reader is gone before the answer is written.
    read, write = os.pipe()
    os.close(read)
    with os.fdopen(write, "w") as stdout:
        result = subprocess.run([sys.executable, "-m", "tilegames", "rummikub", "solve", "--rack", "K7", "--table",
                                 "K4 K5 K6"], stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=60)
    assert result.returncode == 141
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr


def test_help_lists_every_subcommand(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for command in ("play", "resume", "rummikub", "replay", "bench"):
        assert command in out


@pytest.mark.parametrize("argv", [["fly"], ["bench", "--nope"], ["replay"], ["bench", "--runs", "x"]])
def test_bad_command_lines_give_one_line_and_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("tilegames")


def test_no_arguments_opens_the_app_at_the_menu(monkeypatch):
    opened = []
    monkeypatch.setattr("tilegames.cli._run_app", lambda start: opened.append(start) or 0)
    assert main([]) == 0
    assert opened == [None]  # no game to start: the main menu


def test_play_rummikub_starts_a_match_with_the_given_players(monkeypatch):
    started = []

    class FakeApp:
        def start(self, game_id, seats, config, *, open_hands, seed):
            started.append((seats, config.profile, config.turn_seconds, config.rounds, open_hands, seed))

    monkeypatch.setattr("tilegames.cli._run_app", lambda start: start(FakeApp()) or 0)
    argv = ["play", "rummikub", "--players", "Ann,Bob,Chul", "--preset", "tournament", "--turn-time", "off",
            "--seed", "7", "--rounds", "2", "--open-hands"]
    assert main(argv) == 0
    assert started == [(("Ann", "Bob", "Chul"), "tournament", None, 2, True, 7)]


@pytest.mark.parametrize("players, message", [("Ann", "2 to 6 players"), ("Ann,ann", "different name")])
def test_play_with_bad_players_is_one_line_and_exit_2(players, message, capsys):
    assert main(["play", "rummikub", "--players", players]) == 2
    assert message in capsys.readouterr().err


def test_play_with_a_bad_turn_time_exits_2(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["play", "rummikub", "--players", "A,B", "--turn-time", "soon"])
    assert exit_.value.code == 2


def test_resume_with_nothing_to_resume(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path))
    assert main(["resume"]) == 1
    assert "no unfinished game" in capsys.readouterr().err


def test_resume_of_a_damaged_file_is_one_sentence(tmp_path, capsys):
    path = tmp_path / "x.jsonl"
    path.write_text("not a journal\n")
    assert main(["resume", str(path)]) == 1
    assert "not a tilegames journal" in capsys.readouterr().err


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
    assert "none.jsonl does not exist." in capsys.readouterr().err


def test_bench_runs_and_prints_medians(capsys):
    assert main(["bench", "--runs", "1", "--only", "bag"]) == 0
    out = capsys.readouterr().out
    assert "median" in out and "bag: shuffle" in out
    assert "(1 run)" in out and "1 runs" not in out


def test_bench_with_unknown_case(capsys):
    assert main(["bench", "--runs", "1", "--only", "zzz"]) == 2


def test_play_scrabble_starts_a_game(monkeypatch):
    started = []

    class FakeApp:
        def start(self, game_id, seats, config, *, open_hands, seed):
            started.append((seats, config.challenge_mode, config.stall_rule, config.turn_seconds, seed))

    monkeypatch.setattr("tilegames.cli._run_app", lambda start: start(FakeApp()) or 0)
    assert main(["play", "scrabble", "--players", "Ann,Bob", "--preset", "tournament", "--challenge", "void",
                 "--turn-time", "120", "--seed", "3"]) == 0
    assert started == [(("Ann", "Bob"), "void", "six_scoreless", 120, 3)]


def test_play_scrabble_refuses_five_players_and_tournament_for_three(capsys):
    assert main(["play", "scrabble", "--players", "A,B,C,D,E"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err
    assert main(["play", "scrabble", "--players", "A,B,C", "--preset", "tournament"]) == 2
    assert "(tournament rules) is for 2 players" in capsys.readouterr().err


def test_play_scrabble_with_an_own_word_list(monkeypatch, tmp_path, capsys):
    started = []

    class FakeApp:
        def start(self, game_id, seats, config, *, open_hands, seed):
            started.append(config.word_list)

    monkeypatch.setattr("tilegames.cli._run_app", lambda start: start(FakeApp()) or 0)
    words = tmp_path / "family.txt"
    words.write_text("cat\ndog\n")
    assert main(["play", "scrabble", "--players", "A,B", "--words", str(words)]) == 0
    assert started == [str(words.resolve())]
    with pytest.raises(SystemExit) as exited:  # a bad value of an option: argparse's one line, exit 2
        main(["play", "scrabble", "--players", "A,B", "--words", str(tmp_path / "none.txt")])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv", [
    ["play", "rummikub", "--players", "A,B", "--seed", "٣"],
    ["play", "rummikub", "--players", "A,B", "--seed", "9" * 5000],
    ["play", "rummikub", "--players", "A,B", "--turn-time", "٣0"],
    ["play", "rummikub", "--players", "A,B", "--rounds", "٢"],
    ["play", "scrabble", "--players", "A,B", "--turn-time", "9" * 5000],
    ["bench", "--runs", "9" * 5000],
], ids=["arabic-seed", "huge-seed", "arabic-turn-time", "arabic-rounds", "huge-turn-time", "huge-runs"])
def test_numbers_on_the_command_line_are_ascii_and_bounded(argv, capsys, monkeypatch):
    monkeypatch.setattr("tilegames.cli._run_app", lambda start: pytest.fail("the app was started"))
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and len(err[0]) < 250


def test_shown_shortens_and_escapes():
    from tilegames.core.text.inputs import shown

    assert shown("abc") == "abc"
    assert shown("x" * 500, 20) == "x" * 17 + "..."
    assert shown("\x1b[2Jboo\n") == "\\x1b[2Jboo\\n"
    assert shown("bad\udcffname") == "bad\\xffname"
    assert shown("Bj\u00f6rn 한국") == "Bj\u00f6rn 한국"
    assert shown("\u202eevil") == "\\u202eevil"


STRICT = {"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}


def run_bytes(tmp_path, *args) -> subprocess.CompletedProcess:
    import os

    env = {**os.environ, **STRICT, "TILEGAMES_HOME": str(tmp_path / "home")}
    return subprocess.run([sys.executable, "-m", "tilegames", *args], capture_output=True, env=env, timeout=60)


@pytest.mark.parametrize("argv, code", [
    ([b"replay", b"\xff-missing.jsonl"], 1),
    ([b"resume", b"\xff-missing.jsonl"], 1),
    ([b"replay", b"\xff\x1b-damaged.jsonl"], 1),
    ([b"play", b"rummikub", b"--players", b"\xff,Bob"], 2),
    ([b"play", b"scrabble", b"--players", b"Ann,Bob", b"--words", b"\xff.txt"], 2),
    ([b"rummikub", b"meld-check", b"R\xff"], 2),
    ([b"words", b"check", b"\xff"], 1),
    ([b"words", b"info", b"--words", b"\xff.txt"], 1),
    ([b"fly\xff"], 2),
], ids=["replay-missing", "resume-missing", "replay-damaged", "player-name", "word-list", "meld-check", "words-check",
        "words-info", "command"])
def test_non_utf8_names_and_paths_never_crash_output(tmp_path, argv, code):
    import os

    os.chdir(tmp_path)
    (tmp_path / os.fsdecode(b"\xff\x1b-damaged.jsonl")).write_bytes(b"garbage\n")
    result = run_bytes(tmp_path, *argv)
    assert b"Traceback" not in result.stderr, result.stderr.decode("utf-8", "replace")
    assert result.returncode == code, result.stderr
    output = result.stdout + result.stderr  # a verdict on stdout, or an error on stderr
    assert len(output.strip().splitlines()) == 1
    assert b"\x1b" not in output and b"\xff" not in output
    output.decode("utf-8")  # strict: every byte written is UTF-8


def test_the_largest_seed_accepted_can_be_saved_and_read_back(monkeypatch, tmp_path, capsys):
    """39 digits, a drawn 128-bit seed's most: a game played again from its journal's seed
    (`play --seed`) is accepted, and every game of its match can be saved and read back."""
    from tilegames.core.records.journal import load_journal
    from tilegames.core.kernel.series import new_series
    from tilegames.games.rummikub.game import GAME as RUMMIKUB

    started = []

    class FakeApp:
        def start(self, game_id, seats, config, *, open_hands, seed):
            started.append((config, seed))

    monkeypatch.setattr("tilegames.cli._run_app", lambda start: start(FakeApp()) or 0)
    assert main(["play", "scrabble", "--players", "A,B", "--seed", "9" * 39]) == 0
    assert main(["play", "rummikub", "--players", "A,B", "--seed", "-" + "9" * 39, "--rounds", "20"]) == 0
    assert [seed for _, seed in started] == [int("9" * 39), -int("9" * 39)]
    config, seed = started[1]
    match = new_series(RUMMIKUB, config, ("A", "B"), seed)
    header = JournalHeader("pile", pilegame.GAME.config_to_json(PileConfig()), match.next_seed(), ("A", "B"),
                           meta={"match": {"seed": seed}})
    writer = JournalWriter.create(tmp_path / "g.jsonl", header)
    writer.close()
    assert load_journal(writer.path).header == header
    with pytest.raises(SystemExit) as exit_:
        main(["play", "rummikub", "--players", "A,B", "--seed", "9" * 40])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "at most 39 digits" in err[0]


@pytest.mark.parametrize("seconds, expected", [("5", 5), ("7", 7), ("600", 600), ("off", None)])
def test_play_rummikub_takes_any_turn_time_from_5_to_600_seconds(seconds, expected, monkeypatch):
    """The setup screen offers a few times; the command line keeps taking any the rules allow."""
    started = []

    class FakeApp:
        def start(self, game_id, seats, config, *, open_hands, seed):
            started.append(config.turn_seconds)

    monkeypatch.setattr("tilegames.cli._run_app", lambda start: start(FakeApp()) or 0)
    assert main(["play", "rummikub", "--players", "Ann,Bob", "--turn-time", seconds]) == 0
    assert started == [expected]


@pytest.mark.parametrize("seconds", ["4", "601"])
def test_play_rummikub_refuses_a_turn_time_outside_5_to_600_in_one_line(seconds, capsys):
    assert main(["play", "rummikub", "--players", "Ann,Bob", "--turn-time", seconds]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "between 5 and 600 seconds" in err


def test_join_without_a_code_is_one_line_and_exit_2(monkeypatch, capsys):
    monkeypatch.delenv("TILEGAMES_JOIN_CODES", raising=False)
    assert main(["join", "127.0.0.1:7777"]) == 2
    assert "give your seat's code with --code" in capsys.readouterr().err


def test_host_takes_the_games_own_options_as_play_does():
    from tilegames.cli import build_parser

    argv = ["host", "rummikub", "--players", "Ann,Bob", "--turn-time", "30", "--rounds", "2", "--port", "7788"]
    args = build_parser(argv).parse_args(argv)
    assert (args.option_turn_seconds, args.option_rounds) == (30, 2)


def test_the_language_comes_before_the_command_and_the_games_options_still_follow_it():
    from tilegames.cli import build_parser

    argv = ["--lang", "ko", "play", "scrabble", "--players", "Ann,Bob", "--turn-time", "45"]
    args = build_parser(argv).parse_args(argv)
    assert args.lang == "ko" and args.game == "scrabble"


def test_a_language_tilegames_lacks_is_one_line_and_exit_2(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["--lang", "xx", "play", "rummikub", "--players", "Ann,Bob"])
    assert exit.value.code == 2
    assert "--lang" in capsys.readouterr().err


def test_play_help_names_each_game_played_at_one_terminal(capsys):
    """Issue 22, item 13: the help read "Rummikub round one terminal"."""
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert "round one terminal" not in out and "Rummikub: players take turns at one terminal" in out


@pytest.mark.parametrize("argv", [["rummikub", "meld-check", "--help"], ["demo", "--help"], ["completion", "--help"]])
def test_help_keeps_hyphenated_words_whole_and_reads_cleanly(argv, capsys):
    """Issue 22, item 13: `meld-check` was broken across two lines at its hyphen, and the demo's
    usage read `[NAME | check FILE... ...]`."""
    with pytest.raises(SystemExit):
        main(argv)
    out = capsys.readouterr().out
    assert not [line for line in out.splitlines() if line.rstrip().endswith("-") and not line.strip() == "-"]
    assert "... ..." not in out and "{bash" not in out


def test_the_menu_opens_without_building_the_commands_and_a_mistake_still_gets_them_all():
    """A bare `tilegames` (with the language and the log at most) opens the menu: its parser
    has no command in it, which keeps start-up light; anything else gets the whole parser."""
    def commands(parser):
        (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        return set(action.choices)

    menu = build_parser(["--lang", "en", "--debug"])
    args = menu.parse_args(["--lang", "en", "--debug"])
    assert args.command is None and args.debug and commands(menu) == set()
    assert {"play", "resume", "demo"} <= commands(build_parser(["--bogus"]))
    assert {"play", "resume", "demo"} <= commands(build_parser(["-h"]))
