"""Malformed scenario files: one sentence with the file's line, and `demo check` exits 2."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tilegames.commands.demo_check import check_command
from tilegames.core.scenarios.notation import ScenarioError
from tilegames.core.scenarios.load import read_scenario

GOOD = '''title = "A draw"
game = "rummikub"
seats = ["Ann", "Bob"]

[position]
racks = { Ann = "R1 R2", Bob = "B1" }

[[step]]
move = "draw"
'''


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        read_scenario(text, "bad.toml")
    return caught.value


def test_a_well_formed_scenario_reads():
    scenario = read_scenario(GOOD)
    assert scenario.seats == ("Ann", "Bob") and len(scenario.steps) == 1
    assert scenario.steps[0].line == 8


def test_a_toml_syntax_error_gives_its_line():
    error = error_of(GOOD.replace('move = "draw"', 'move = "draw'))
    assert error.line == 9 and "not valid TOML" in str(error) and str(error).startswith("line 9: ")


def test_an_unknown_top_key_gives_its_line():
    error = error_of(GOOD.replace('seats = ["Ann", "Bob"]', 'seats = ["Ann", "Bob"]\nplayers = 2'))
    assert error.line == 4 and "unknown key 'players'" in str(error)


def test_an_order_that_is_not_a_small_whole_number_gives_its_line():
    assert read_scenario(GOOD.replace('seats = ["Ann", "Bob"]', 'seats = ["Ann", "Bob"]\norder = 3')).order == 3
    error = error_of(GOOD.replace('seats = ["Ann", "Bob"]', 'seats = ["Ann", "Bob"]\norder = "first"'))
    assert error.line == 4 and "order" in str(error)


def test_an_unknown_step_key_gives_its_line():
    error = error_of(GOOD + 'captoin = "typo"\n')
    assert error.line == 10 and "step 1" in str(error) and "'captoin'" in str(error)


def test_a_tile_that_is_not_a_tile_gives_the_racks_line():
    error = error_of(GOOD.replace('"R1 R2"', '"R1 Q5"'))
    assert error.line == 6 and "position.racks.Ann" in str(error) and '"Q5" is not a tile' in str(error)


def test_a_step_with_a_move_and_a_timeout_gives_the_second_ones_line():
    error = error_of(GOOD + "timeout = true\n")
    assert error.line == 10 and "both move and timeout" in str(error)


def test_a_step_with_a_move_and_edits_is_refused():
    error = error_of(GOOD + 'edits = [ { type = "move", tile = "R1", to_row = "new" } ]\n')
    assert error.line == 10 and "both move and edits" in str(error)


def test_a_step_that_does_nothing_gives_the_step_line():
    error = error_of(GOOD.replace('move = "draw"', 'caption = "Nothing"'))
    assert error.line == 8 and "does nothing" in str(error)


def test_a_missing_game_says_so_with_a_line():
    error = error_of(GOOD.replace('game = "rummikub"\n', ""))
    assert "game: missing" in str(error) and error.line == 1


def test_an_unknown_game_names_the_known_ones():
    error = error_of(GOOD.replace('"rummikub"', '"chess"'))
    assert error.line == 2 and "Unknown game 'chess'" in str(error)


def test_a_config_key_the_game_lacks_gives_its_line():
    error = error_of(GOOD.replace("[position]", "[config]\nturn_secs = 5\n\n[position]"))
    assert error.line == 6 and "turn_secs" in str(error)


def test_an_expectation_for_a_seat_not_at_the_table_gives_its_line():
    error = error_of(GOOD + '[step.expect]\nscore = { Zed = 3 }\n')
    assert error.line == 11 and "'Zed' is not one of the seats" in str(error)


def test_translations_are_allowed_only_beside_their_english_text():
    scenario = read_scenario(GOOD.replace('title = "A draw"', 'title = "A draw"\ntitle_ko = "뽑기"'))
    assert scenario.title.in_language("ko") == "뽑기" and scenario.title.in_language("fr") == "A draw"
    error = error_of(GOOD + 'caption_ko = "뽑기"\n')
    assert "needs the English caption" in str(error) and error.line == 10


def test_a_move_not_in_the_notation_stops_the_check_with_its_line(tmp_path: Path):
    path = tmp_path / "bad-move.toml"
    path.write_text(GOOD.replace('move = "draw"', 'move = "draw two"'), encoding="utf-8")
    out = io.StringIO()
    assert check_command([str(path)], out) == 2
    assert "bad-move.toml: line 8: step 1: move: 'draw two' is not a Rummikub move" in out.getvalue()


def test_demo_check_exits_2_for_a_malformed_file_even_beside_a_failing_one(tmp_path: Path):
    broken = tmp_path / "broken.toml"
    broken.write_text(GOOD.replace('"R1 R2"', '"R1 Q5"'), encoding="utf-8")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(GOOD + '[step.expect]\nturn = "Ann"\n', encoding="utf-8")
    out = io.StringIO()
    assert check_command([str(broken), str(wrong)], out) == 2
    text = out.getvalue()
    assert "broken.toml: line 6: position.racks.Ann" in text
    assert "wrong.toml: step 1 (line 8) turn: expected Ann's turn, but it is Bob's" in text
    assert "1 file malformed" in text
