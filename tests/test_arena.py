"""`tilegames arena` (core/arena.py, commands/arena.py): computer levels against each other,
seeded, the seating rotated, each figure the seat entry's, the Wilson interval right, and every
refusal one sentence with exit 2.

Rummikub is played at its easy level (well under a second a game); a test-only game with two
levels (the tests' pile game, its `strong` going out, its `easy` only drawing) shows the arena
knows nothing of any game and credits a win to the level, wherever it sat."""

from __future__ import annotations

import json
from dataclasses import replace

import pilegame
import pytest
from rich.cells import cell_len

from tilegames.cli import main
from tilegames.commands.arena import report, table
from tilegames.core import registry
from tilegames.core.arena import ArenaResult, arena_entries, play_arena, seating, wilson
from tilegames.core.manifest import Manifest

LEVELED_PILE = "pile-levels"


# --- the test-only game's two levels (this module is their agent module) -------------------------

class PileLevel:
    """easy only draws; strong lays every distinct tile of its rack as a new rising row."""

    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, view: dict, time_budget: float) -> pilegame.Action:
        by_face = {int(t["face"]): t["id"] for t in view["rack"]}
        if self.level == "easy" or len(by_face) < 2:
            return pilegame.Draw()
        rows = tuple(tuple(t["id"] for t in row) for row in view["table"])
        return pilegame.Play(rows + (tuple(by_face[face] for face in sorted(by_face)),))


def new_agent(level: str) -> PileLevel:
    return PileLevel(level)


@pytest.fixture
def leveled_pile():
    registry.add(Manifest(id=LEVELED_PILE, title="Pile", engine="pilegame", agent=__name__, rules=None,
                          levels=("easy", "strong")))
    yield LEVELED_PILE
    registry.remove(LEVELED_PILE)


@pytest.fixture(scope="module")
def four() -> ArenaResult:
    """Four Rummikub matches, easy against easy, from seed 1."""
    return play_arena("rummikub", arena_entries("rummikub", ["cpu:easy", "cpu:easy"]), 4, 1)


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["arena", *args])
    out, err = capsys.readouterr()
    return code, out, err


# --- the Wilson interval -------------------------------------------------------------------------

@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    (5, 10, 0.2366, 0.7634),  # R: binom::binom.wilson(5, 10)
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
    (1, 20, 0.0089, 0.2361),
])
def test_the_wilson_interval_gives_the_known_figures(wins, games, low, high):
    found = wilson(wins, games)
    assert found == (pytest.approx(low, abs=5e-5), pytest.approx(high, abs=5e-5))


def test_the_wilson_interval_of_nothing_played_is_everything_and_a_half_win_sits_in_the_middle():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0.5, 1)
    assert low + high == pytest.approx(1.0)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0  # exactly, not a rounding error away


# --- a short arena ---------------------------------------------------------------------------

def test_the_seating_turns_round_so_each_seat_starts_from_each_place_equally_often(four):
    assert [p.order for p in four.played] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert seating(4, 3) == (1, 2, 0)
    firsts = [p.order[0] for p in four.played]
    assert firsts.count(0) == firsts.count(1) == 2
    assert len({p.seed for p in four.played}) == 4  # every game its own deal


def test_the_wins_add_up_to_the_games_played(four):
    assert four.games == 4
    assert four.games_per_match == 2  # a new Rummikub game is a match of a game per player
    assert all(sum(p.shares) == 1 for p in four.played)
    tallies = four.tallies()
    assert sum(t.wins for t in tallies) == 4
    assert sum(t.rate for t in tallies) == pytest.approx(1.0)
    assert [t.entry.name for t in tallies] == ["CPU 1 (easy)", "CPU 2 (easy)"]
    for tally in tallies:
        assert tally.interval[0] <= tally.rate <= tally.interval[1]
        assert tally.average_score == sum(p.scores[tallies.index(tally)] for p in four.played) / 4


def test_the_same_seed_gives_the_same_json_and_a_shorter_run_is_the_longer_ones_beginning(four, capsys):
    code, out, err = run(capsys, "rummikub", "--seats", "cpu:easy,cpu:easy", "--games", "2", "--json")
    assert (code, err) == (0, "")  # no progress bar off a terminal
    printed = json.loads(out)
    expected = replace(four, played=four.played[:2]).to_json()
    assert printed.pop("seconds_per_game") >= 0
    expected.pop("seconds_per_game")
    assert printed == expected
    assert printed["seats"][0]["seat"] == "cpu:easy" and printed["seed"] == 1


def test_a_win_is_the_levels_wherever_it_sat(leveled_pile, capsys):
    result = play_arena(leveled_pile, arena_entries(leveled_pile, ["cpu:easy", "cpu:strong"]), 6, 7)
    easy, strong = result.tallies()
    assert (easy.entry.name, strong.entry.name) == ("CPU 1 (easy)", "CPU 2 (strong)")
    assert (easy.wins, strong.wins) == (0, 6)  # from either place: strong goes out, easy only draws
    assert {p.order for p in result.played} == {(0, 1), (1, 0)}
    assert strong.interval == pytest.approx(wilson(6, 6)) and strong.average_score > 0 > easy.average_score
    assert arena_entries(leveled_pile, ["cpu:strong", "CPU:Easy", "cpu:strong"])[1].seat == "cpu:easy"


def test_the_text_report_names_each_seat_and_aligns_its_columns(leveled_pile, capsys):
    code, out, err = run(capsys, leveled_pile, "--seats", "cpu:strong,cpu:easy", "--games", "3", "--seed", "5")
    assert (code, err) == (0, "")
    assert "Pile: 3 games (seed 5)" in out and "half a win each for two" in out and "3 games in all" in out
    rows = [line for line in out.splitlines() if line.startswith(("Seat", "cpu:"))]
    assert rows[1].split()[:5] == ["cpu:strong", "CPU", "1", "(strong)", "3"]
    assert "100.0%" in rows[1] and rows[2].split()[4] == "0"


def test_columns_are_measured_in_terminal_cells():
    lines = table([["좌석", "승수"], ["cpu:easy", "3"], ["cpu:strong", "12.5"]], right=(1,))
    assert lines == ["좌석" + " " * 8 + "승수", "cpu:easy" + " " * 7 + "3", "cpu:strong  12.5"]
    assert len({cell_len(line) for line in lines}) == 1


def test_report_says_a_match_is_counted_whole(four):
    assert any("a match of 2 games" in line for line in report(four))


# --- refusals: one sentence, exit 2 ------------------------------------------------------------

@pytest.mark.parametrize(("args", "sentence"), [
    (["rummikub", "--seats", "cpu:hard,cpu:easy"], "There is no computer level 'hard': choose easy, normal, strong."),
    (["rummikub", "--seats", "Ann,cpu:easy"], "Every arena seat is the computer's: write cpu or cpu:LEVEL, not 'Ann'."),
    (["rummikub", "--seats", "cpu:easy,,cpu"], "Every arena seat is the computer's: write cpu or cpu:LEVEL, not ''."),
    (["pile", "--seats", "cpu,cpu"], "Pile's computer player has no levels to match against each other"),
    (["chess", "--seats", "cpu,cpu"], "Unknown game 'chess' (games with computer levels: rummikub"),
    (["rummikub", "--seats", "cpu:strong"], "An arena needs at least two seats, e.g. --seats cpu:strong,cpu:easy."),
    (["rummikub", "--seats", "cpu,cpu", "--games", "0"], "An arena plays at least one game: give --games 1 or more."),
    (["pile-levels", "--seats", "cpu:easy," * 4 + "cpu:easy"], "Pile is played by 2 to 4 players, not 5."),
    (["rummikub", "--seats", "cpu,cpu", "--games", "x"], "argument --games: x is not a whole count."),
    (["rummikub", "--seats", "cpu,cpu", "--budget", "0"], "argument --budget: 0 is not a number of seconds above 0"),
])
def test_each_refusal_is_one_sentence_and_exit_2(args, sentence, leveled_pile, capsys):
    try:
        code, out, err = run(capsys, *args)
    except SystemExit as exit_:  # the parser's own refusals
        code = exit_.code
        out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert sentence in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert err.startswith("tilegames arena: ")
