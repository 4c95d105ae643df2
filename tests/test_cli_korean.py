"""`tilegames --lang ko …`: the command line in Korean (help, argparse's own words, refusals,
the tools' output), lined up by terminal cells; English stays as it was (tests/test_cli.py)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

import pilegame
from pilegame import Draw, PileConfig
from tilegames.cli import main
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.records.journal import JournalHeader
from tilegames.core.records.journal_writer import JournalWriter

HANGUL = re.compile("[가-힣]")
SCENARIO = '''title = "Time runs out mid-rearrangement"
game = "rummikub"
seats = ["Ann", "Bob"]

[config]
turn_seconds = 5

[position]
melded = ["Ann"]
table = ["K10 K11 K12", "R4 B4 O4"]
racks = { Ann = "K13 K4 R1", Bob = "B2" }
pool = "O1 O2 O3 O9"

[[step]]
edits = [ { type = "move", tile = "K13", to_row = 0 } ]
timeout = true

[step.expect]
racks = { Ann = "K13 K4 R1 O1" }
'''


@pytest.fixture(autouse=True)
def private_saves_and_80_columns(tmp_path, monkeypatch):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "80")  # argparse sizes its help to the terminal


def help_text(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 0
    return capsys.readouterr().out


def test_the_help_is_korean_with_lang_ko_and_fits_80_columns(capsys):
    out = help_text(["--lang", "ko", "--help"], capsys)
    assert out.startswith("사용법: tilegames")
    for words in ("옵션:", "터미널에서 즐기는 루미큐브", "바로 게임 시작", "이 도움말을 보여 주고 종료",
                  "프로그램 버전을 보여 주고 종료"):
        assert words in out
    assert "usage:" not in out and "show this help" not in out
    # Korean letters take two cells: help wrapped by characters would run past the 80th column.
    assert max(cell_len(line) for line in out.splitlines()) <= 80


def test_the_korean_usage_continues_under_its_first_option(capsys):
    out = help_text(["--lang", "ko", "play", "rummikub", "--help"], capsys)
    usage = out.split("\n\n")[0].splitlines()
    assert len(usage) > 1
    first_option = cell_len(usage[0][:usage[0].index("[")])
    for line in usage[1:]:
        assert cell_len(line) - cell_len(line.lstrip()) == first_option
    assert "같은 배분을 다시 만드는 시드" in out  # --seed


def test_a_command_line_argparse_refuses_is_one_korean_line_and_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "ko", "play", "rummikub"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines() == ["tilegames play rummikub: 오류: 다음 인수가 필요합니다: --players "
                                "(도움말: 'tilegames --help')"]


def test_argparse_speaks_english_again_after_a_korean_command_line(capsys):
    before = getattr(argparse, "_")
    help_text(["--lang", "ko", "--help"], capsys)
    assert getattr(argparse, "_") is before


def test_one_player_for_rummikub_is_refused_with_a_korean_sentence(capsys):
    assert main(["--lang", "ko", "play", "rummikub", "--players", "한명"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("tilegames play rummikub: ")
    sentence = err.removeprefix("tilegames play rummikub: ")
    assert "루미큐브" in sentence and HANGUL.search(sentence.replace("루미큐브", ""))
    assert "players" not in sentence


def test_a_bad_port_is_refused_in_korean(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "ko", "serve", "--port", "70000"])
    assert "70000은(는) 포트 번호가 아닙니다 (1부터 65535까지)." in capsys.readouterr().err


def test_demo_check_of_a_wrong_scenario_sums_up_in_korean(tmp_path: Path, capsys):
    path = tmp_path / "scenario.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text("title = \n", encoding="utf-8")
    assert main(["--lang", "ko", "demo", "check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "파일 1개: 기대 결과 1개 맞음, 1개 다름."
    assert main(["--lang", "ko", "demo", "check", str(path), str(broken)]) == 2
    assert capsys.readouterr().out.splitlines()[-1] == "파일 2개: 기대 결과 1개 맞음, 1개 다름, 잘못된 파일 1개."


def test_meld_check_names_the_kinds_in_korean_and_lines_up_the_points(capsys):
    assert main(["--lang", "ko", "rummikub", "meld-check", "K9 K10 J", "R4 R5 R6", "R1 B5"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[3:5] == ["연속", "30"] and lines[1].split()[3:5] == ["연속", "15"]
    assert lines[2].split()[2] == "무효"
    points = [cell_len(line[:line.index(value) + len(value)]) for line, value in zip(lines, ("30", "15"))]
    assert points[0] == points[1]  # the points column ends in the same cell
    assert lines[3].startswith("합계 45.")


def test_replay_tells_whose_turn_it_is_in_korean(tmp_path: Path, capsys):
    config = PileConfig()
    header = JournalHeader("pile", pilegame.GAME.config_to_json(config), 5, ("Ann", "Bora"))
    writer = JournalWriter.create(tmp_path / "g.jsonl", header)
    TurnController(pilegame.GAME, pilegame.GAME.new_game(config, header.seats, 5), clock=FakeClock(),
                   journal=writer).act(0, Draw())
    assert main(["--lang", "ko", "replay", str(writer.path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:] == ["동작 1개를 다시 재생했습니다.", "진행 중: Bora 님의 차례입니다."]
    assert out[0].endswith("Ann, Bora (시드 5)")


def test_demo_check_in_korean_still_holds_the_shipped_demos_whose_expectations_quote_the_rules(capsys):
    """Scenario files quote the rules' English sentences (`says`, `refused`): they are checked
    in English, and only the report speaks Korean."""
    demo = Path(__file__).parent.parent / "assets" / "demos" / "scrabble-challenge-single.toml"
    assert main(["--lang", "ko", "demo", "check", str(demo)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("0개 다름.")
