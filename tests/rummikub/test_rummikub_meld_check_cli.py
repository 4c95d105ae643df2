"""`tilegames rummikub meld-check`: the 30-point initial-meld checker players asked for."""

from __future__ import annotations

import json

import pytest

from tilegames.cli import main


def run(capsys, *args):
    code = main(["rummikub", "meld-check", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_valid_meld_prints_each_set_the_joker_and_the_total(capsys):
    code, out, _ = run(capsys, "K9 K10 J", "R4 R5 R6")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:5] == ["K9", "K10", "J", "run", "30"] and "(J = K11)" in lines[0]
    assert lines[1].split() == ["R4", "R5", "R6", "run", "15"]
    assert lines[2] == "Total 45. Valid initial meld: 45 points."


def test_short_meld_exits_1_with_the_total(capsys):
    code, out, _ = run(capsys, "K8 R8 O8")
    assert code == 1
    assert "group" in out and "24" in out and "needs at least 30" in out


def test_invalid_set_exits_1_with_the_reason(capsys):
    code, out, _ = run(capsys, "B6 R7 O8 K9")
    assert code == 1
    assert "invalid" in out and "mixes colours" in out


def test_malformed_tile_exits_2_naming_the_token(capsys):
    code, out, err = run(capsys, "K9 X10 J")
    assert code == 2 and out == ""
    assert '"X10" is not a tile' in err


def test_json_output_has_the_documented_shape(capsys):
    code, out, _ = run(capsys, "--json", "R11 J R13", "K4 R4 B4 Z")
    assert code == 2  # Z is not a tile
    code, out, _ = run(capsys, "--json", "R11 J R13", "K4 R4 B4")
    data = json.loads(out)
    assert code == 0
    assert data["total"] == 48 and data["valid"] is True
    first = data["sets"][0]
    assert first["tiles"] == ["R11", "J", "R13"] and first["kind"] == "run" and first["value"] == 36
    assert first["reason"] is None
    assert set(data) >= {"sets", "total", "valid"}


@pytest.mark.parametrize(
    "sets, valid",
    [
        (["K8 R8 O8 B8"], True),
        (["B6 B7 B8 B9"], True),
        (["K7 R7 B7", "R4 R5 R6"], True),
        (["K8 R8 O8"], False),
        (["B6 R7 O8 K9"], False),
        (["K4 R4 B4", "R1 R2 R3"], False),
        (["R12 R13 R1"], False),
    ],
)
def test_seed_001_examples_through_the_command(capsys, sets, valid):
    code, _, _ = run(capsys, "--json", *sets)
    assert code == (0 if valid else 1)


def test_more_copies_than_the_set_has_are_flagged(capsys):
    code, out, _ = run(capsys, "R7 R7 R7", "B1 B2 B3 B4 B5 B6 B7 B8")
    assert code == 1 and "only 2 of each tile" in out
    code, _, _ = run(capsys, "--edition", "xp", "R7 B7 K7", "R7 B7 O7", "R7 K7 O7", "J J B1")
    assert code == 0


@pytest.mark.parametrize("sets", [["R" + "1" * 5000], [""], ["K9 K10 J", "  "], ["R٣ R4 R5"], ["\x1b[2J"]],
                         ids=["5000-digits", "empty", "blank-set", "arabic-digit", "escape-sequence"])
def test_malformed_input_is_exit_2_with_one_short_line(capsys, sets):
    code, out, err = run(capsys, *sets)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 250
    assert "\x1b" not in err


@pytest.mark.parametrize("sets", [["X1"], [""], ["R" + "9" * 5000]], ids=["not-a-tile", "empty", "5000-digits"])
def test_with_json_errors_are_json_on_stdout_too(capsys, sets):
    code, out, err = run(capsys, "--json", *sets)
    assert code == 2
    data = json.loads(out)
    assert data["valid"] is False and data["error"] and len(data["error"]) < 250
    assert err.strip()


def test_unquoted_tiles_are_explained_as_one_set_per_argument(capsys):
    code, out, err = run(capsys, "R10", "R11", "R12")
    assert code == 2 and out == ""
    assert 'each argument is one set: quote a set with spaces, e.g. "R10 R11 R12"' in err
    assert len(err.strip().splitlines()) == 1


def test_unquoted_tiles_with_json_say_so_on_stdout_too(capsys):
    code, out, err = run(capsys, "--json", "k9", "K10", "J")
    assert code == 2
    assert json.loads(out)["error"].startswith("each argument is one set")
    assert '"K9 K10 J"' in err  # the example is the player's own tiles, as notation writes them


def test_one_single_tile_is_judged_as_a_set(capsys):
    code, out, _ = run(capsys, "R10")
    assert code == 1 and "invalid" in out
