"""`demo check` plays scenarios through the real engine and says what differed."""

from __future__ import annotations

import io
from pathlib import Path

from tilegames.commands.demo_check import check_command
from tilegames.core.scenarios.check import check_scenario
from tilegames.core.scenarios.run import ScenarioPlay
from tilegames.core.scenarios.load import read_scenario

TIMEOUT = '''title = "Time runs out mid-rearrangement"
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
edits = [ { type = "move", tile = "K13", to_row = 0 }, { type = "move", tile = "K4", to_row = 1 }, { type = "split", row = 0, at = 2 } ]
timeout = true
'''


def run(tmp_path: Path, text: str) -> tuple[int, str]:
    path = tmp_path / "scenario.toml"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    return check_command([str(path)], out), out.getvalue()


def test_a_wrong_expectation_exits_1_and_says_what_differed(tmp_path: Path):
    status, report = run(tmp_path, TIMEOUT + '[step.expect]\nracks = { Ann = "K13 K4 R1 O1" }\n')
    assert status == 1
    assert ('scenario.toml: step 1 (line 14) racks: racks.Ann: expected "K4 K13 R1 O1", '
            'got "K4 K13 R1 O1 O2 O3"') in report
    assert "1 expectation holds, 1 differ" in report


def test_expectations_that_hold_exit_0_with_one_ok_line_each(tmp_path: Path):
    status, report = run(tmp_path, TIMEOUT + '[step.expect]\nsays = "draws 3"\nturn = "Bob"\n')
    assert status == 0
    assert report.splitlines()[:3] == ["scenario.toml: step 1 (line 14) accepted: ok",
                                        "scenario.toml: step 1 (line 14) says: ok",
                                        "scenario.toml: step 1 (line 14) turn: ok"]


def test_a_timeout_step_rolls_the_table_back_exactly_and_draws_3():
    scenario = read_scenario(TIMEOUT)
    play = ScenarioPlay(scenario)
    outcome = play.play_step()
    before, after = outcome.before, outcome.after
    assert outcome.accepted and len(outcome.edits) == 3
    assert after.table == before.table  # the same tiles, rows and order
    assert after.racks[0] == before.racks[0] + before.bag.tiles[:3]
    assert [t.face for t in after.racks[0][-3:]] == ["O1", "O2", "O3"]
    assert after.bag.tiles == before.bag.tiles[3:]
    assert any(e.kind == "clock.timeout" for e in outcome.events)


def test_a_step_refused_against_its_expectation_stops_the_scenario(tmp_path: Path):
    text = TIMEOUT.replace('timeout = true\n', 'commit = true\n') + '\n[[step]]\nmove = "draw"\n'
    status, report = run(tmp_path, text)
    assert status == 1
    assert "step 1 (line 14) accepted: refused: " in report
    assert "step 1 (line 14) the rest: not played: 1 step after this one" in report


def test_a_refusal_with_another_reason_differs(tmp_path: Path):
    text = TIMEOUT.replace('timeout = true\n', 'commit = true\n[step.expect]\nrefused = "pool is empty"\n')
    status, report = run(tmp_path, text)
    assert status == 1 and "refused, but not with 'pool is empty'" in report


def test_a_result_expectation_compares_winners_and_scores():
    text = TIMEOUT.replace("[config]\nturn_seconds = 5\n", "").replace(
        'racks = { Ann = "K13 K4 R1", Bob = "B2" }', 'racks = { Ann = "K13", Bob = "B2 J" }').split("[[step]]")[0]
    text += '[[step]]\nmove = "table K10 K11 K12 K13 / R4 B4 O4"\n[step.expect]\n'
    text += 'result = { winners = ["Bob"], scores = { Ann = 32, Bob = -32 } }\n'
    lines = check_scenario(read_scenario(text))
    assert str(lines[-1]) == "step 1 (line 12) result: winners: expected Bob, got Ann"
