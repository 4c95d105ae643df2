"""`tilegames scrabble moves FILE.gcg`: the best plays for the player to move after N events of a
record, in GCG notation with score, leave and equity; only JSON on stdout with --json; one
sentence and exit 2 for what is not a position."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tilegames.cli import main
from tilegames.core.agents import seat_view
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.moves import all_moves

from scrabble_builder import position

RECORD = """#player1 ann Ann
#player2 bora Bora
>ann: DEIQRTU 8D QUIET +48 48
>bora: ABTU F7 T.B +5 5
>ann: DEORSTX 9G OX +30 78
>bora: AEIOU - +0 5
"""
SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "gcg"


@pytest.fixture
def record(tmp_path) -> str:
    path = tmp_path / "game.gcg"
    path.write_text(RECORD)
    return str(path)


def run(capsys, *args):
    code = main(["scrabble", "moves", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_after_two_events_the_next_rack_of_the_record_gets_its_best_plays_by_equity(capsys, record):
    code, out, err = run(capsys, record, "--after", "2", "--json", "--top", "5")
    assert code == 0 and err == ""
    got = json.loads(out)  # stdout is the JSON and nothing else
    state = position(["DEORSTX", "AEIOU"], board={"8D": "QUIET", "F7": "TUB"})
    every = all_moves(seat_view(GAME, state, 0))
    assert got["count"] == len(every) and got["ms"] > 0
    assert [m["equity"] for m in got["moves"]] == sorted((m["equity"] for m in got["moves"]), reverse=True)
    assert got["moves"][0]["equity"] == round(max(m.equity for m in every), 2)
    known = {m.notation: (m.score, m.leave) for m in every}
    for listed in got["moves"]:
        assert known[listed["move"]] == (listed["score"], listed["leave"])


def test_a_play_through_tiles_on_the_board_writes_their_letters_out(capsys, record):
    code, out, _ = run(capsys, record, "--after", "2", "--rack", "S", "--top", "50", "--json")
    moves = [m["move"] for m in json.loads(out)["moves"]]
    assert code == 0 and "8D QUIETS" in moves


def test_the_text_listing_names_the_player_the_rack_and_the_count(capsys, record):
    code, out, _ = run(capsys, record, "--after", "3", "--top", "3")
    assert code == 0
    first, header, *rows = out.splitlines()
    assert first.startswith("After 3 events, bora to move with AEIOU:") and "legal play" in first
    assert len(rows) == 3 and rows[0].lstrip().startswith("1. ")


@pytest.mark.parametrize("args, problem", [
    (["--after", "9"], "has 4 event lines: --after must be 0 to 4."),
    (["--rack", "AB1"], '"AB1" is not a rack'),
    (["--after", "4"], "the record shows no rack after 4 events: give one with --rack."),
    (["--after", "2", "--top", "0"], "--top must be 1 or more."),
])
def test_what_is_not_a_position_is_one_sentence_and_exit_2(capsys, record, args, problem):
    code, out, err = run(capsys, record, *args)
    assert code == 2 and out == "" and problem in err and len(err.strip().splitlines()) == 1


def test_a_record_that_cannot_be_replayed_is_one_sentence(capsys, tmp_path):
    path = tmp_path / "bad.gcg"
    path.write_text("#player1 a A\n#player2 b B\n>a: ABC 8D ABC +5 5\n>b: XYZ 8D X.Z +1 1\n")
    code, out, err = run(capsys, str(path), "--rack", "AB")
    assert code == 2 and out == "" and "line 4" in err and "Traceback" not in err


@pytest.mark.skipif(not SHARED.is_dir(), reason="the tournament records are not on this machine")
def test_a_real_tournament_record_lists_the_annotated_alternatives(capsys):
    code, out, _ = run(capsys, str(SHARED / "macondo_vs_frentz.gcg"), "--after", "4", "--json")
    moves = [m["move"] for m in json.loads(out)["moves"]]
    assert code == 0 and "9G XI" in moves  # the play made, which the record's note says Quackle liked
