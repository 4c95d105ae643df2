"""`tilegames rummikub solve`: the exact solver from the command line, one position or a batch."""

from __future__ import annotations

import json
from collections import Counter

from tilegames.cli import main


def run(capsys, *args, stdin=None, monkeypatch=None):
    if stdin is not None:
        import io
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["rummikub", "solve", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def answer(capsys, *args):
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_a_table_joker_example_places_all_five_tiles_rearranging_nothing_lost(capsys):
    got = answer(capsys, "--rack", "K4 R5 R6 R7 J", "--table", "K1 K2 K3")
    assert got["tiles"] == 5 and sorted(got["placed"]) == sorted(["K4", "R5", "R6", "R7", "J"])
    assert Counter(t for row in got["table"] for t in row) == Counter(["K1", "K2", "K3", "K4", "R5", "R6", "R7", "J"])
    assert ["K1", "K2", "K3", "K4"] in got["table"]


def test_value_mode_lays_the_thirteens_worth_39_not_the_run_worth_36(capsys):
    got = answer(capsys, "--rack", "K11 K12 K13 B13 O13", "--mode", "value")
    assert got == {"placed": ["K13", "B13", "O13"], "table": [["K13", "B13", "O13"]], "tiles": 3, "value": 39}


def test_runs_are_printed_ascending_with_the_joker_at_the_place_it_stands_for(capsys):
    got = answer(capsys, "--rack", "R5 J R7")
    assert got["table"] == [["R5", "J", "R7"]] and got["value"] == 18


def test_with_no_play_placed_is_empty_and_the_table_is_as_given(capsys):
    got = answer(capsys, "--rack", "K1 R9", "--table", "O7 O8 O9 | R3 B3 K3")
    assert got == {"placed": [], "table": [["O7", "O8", "O9"], ["R3", "B3", "K3"]], "tiles": 0, "value": 0}
    code, out, _ = run(capsys, "--rack", "K1 R9", "--table", "O7 O8 O9")
    assert code == 0 and "No tile of the rack can be laid." in out


def test_meld_mode_ignores_the_table_and_needs_30(capsys):
    assert answer(capsys, "--rack", "R10 R11 R12 B1", "--table", "K1 K2 K3", "--mode", "meld")["value"] == 33
    assert answer(capsys, "--rack", "R1 R2 R3 B9", "--mode", "meld")["placed"] == []
    code, out, _ = run(capsys, "--rack", "R1 R2 R3", "--mode", "meld")
    assert code == 0 and "No initial meld of 30 or more." in out


def test_the_plain_answer_names_the_tiles_and_the_new_table(capsys):
    code, out, _ = run(capsys, "--rack", "K4 R5 R6 R7 J", "--table", "K1 K2 K3")
    assert code == 0
    assert out.splitlines()[0] == "Lay K4 R5 R6 R7 J: 5 tiles, 30 points."
    assert "  K1 K2 K3 K4" in out.splitlines()


def test_a_bad_tile_is_one_sentence_and_exit_2(capsys):
    code, out, err = run(capsys, "--rack", "K4 X9", "--json")
    assert code == 2 and '"X9" is not a tile' in json.loads(out)["error"] and "Traceback" not in err
    assert err.count("\n") == 1


def test_three_copies_of_a_tile_in_a_standard_set_are_refused_and_allowed_in_xp(capsys):
    code, _, err = run(capsys, "--rack", "K5", "--table", "K5 R5 B5 | K5 K6 K7")
    assert code == 2 and "K5 is 3 times in the rack and on the table, but the standard set has only 2" in err
    got = answer(capsys, "--rack", "K3 K4 K5", "--table", "K5 R5 B5 | K5 K6 K7", "--edition", "xp")
    assert got["tiles"] == 3 and ["K3", "K4", "K5"] in got["table"]


def test_too_many_jokers_an_empty_set_and_a_set_that_is_not_one_are_refused(capsys):
    for table, words in (("J J K1", "3 jokers"), ("K1 K2 K3 |", "Table set 2 is empty"),
                         ("K1 K2", "Table set 1 (K1 K2) is not a set")):
        code, _, err = run(capsys, "--rack", "J", "--table", table)
        assert code == 2 and words in err, (table, err)
    code, _, err = run(capsys)
    assert code == 2 and "--rack" in err


def test_a_batch_answers_every_line_with_its_time_and_exits_2_for_the_bad_ones(capsys, monkeypatch):
    lines = ['{"rack": "K4 R5 R6 R7 J", "table": "K1 K2 K3"}', "not json", '{"rack": "X9"}', "",
             '{"rack": "R10 R11 R12 B1", "mode": "meld"}', '{"rack": 5}', '{"rack": "R1", "mode": "best"}',
             '{"rack": "R1 R2 R3", "table": ["K1"]}', "[" * 20_000]
    code, out, err = run(capsys, "--batch", "-", stdin="\n".join(lines) + "\n", monkeypatch=monkeypatch)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(answers) == 8 and all(a["ms"] >= 0 for a in answers)
    assert answers[0]["tiles"] == 5 and answers[3]["value"] == 33
    assert [("error" in a) for a in answers] == [False, True, True, False, True, True, True, True]
    assert "line 2: The line is not JSON" in err and "line 9: The line is longer" in err
    assert "Traceback" not in err


def test_a_batch_file_that_cannot_be_read_is_one_sentence(capsys, tmp_path):
    code, _, err = run(capsys, "--batch", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "cannot read" in err and err.count("\n") == 1
