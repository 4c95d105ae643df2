"""Scrabble's scenario notation (games/scrabble/scenario.py): positions, moves, describe, and the
shipped Scrabble demos played through `tilegames demo check`."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest

from tilegames.commands.demo_check import check_command
from tilegames.core.errors import IllegalMove
from tilegames.core.scenarios.notation import ScenarioError
from tilegames.games.scrabble.actions import Exchange, Place
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.scenario import SCENARIO
from tilegames.games.scrabble.tiles import DISTRIBUTION

SEATS = ("Ann", "Bob")
DEMOS = sorted((Path(__file__).parents[2] / "assets" / "demos").glob("scrabble-*.toml"))


def position(**keys: object):
    return SCENARIO.position(ScrabbleConfig(), SEATS, keys, 1)


def test_the_game_class_carries_its_notation():
    assert type(GAME).scenario is SCENARIO


def test_a_position_round_trips_through_describe():
    state = position(turn="Bob", board=["8E TRAINER", "E8 THrOB", "7H HOB"], racks={"Bob": "SS?AEIO"},
                     bag_top="QZ", scores={"Ann": 64, "Bob": 20}, passes=1, scoreless=2, loses_next_turn=["Ann"])
    described = SCENARIO.describe(state)
    assert described["board"] == ["7H HOB", "8E TRAINER", "E8 THrOB", "H7 HI", "I7 ON", "J7 BE"]
    assert described["racks"]["Bob"] == "AEIOSS?" and described["turn"] == "Bob"
    assert described["loses_next_turn"] == ["Ann"] and described["scores"] == {"Ann": 64, "Bob": 20}
    again = SCENARIO.position(ScrabbleConfig(), SEATS, described, 1)
    assert SCENARIO.describe(again) == described


def test_every_tile_not_named_is_in_the_bag_with_bag_top_on_top():
    state = position(board=["8E TRAINER"], racks={"Ann": "QUA"}, bag_top="ZX")
    assert [t.face for t in state.bag.tiles[:2]] == ["Z", "X"]
    everything = [sq.tile for sq in state.board] + [t for r in state.racks for t in r] + list(state.bag.tiles)
    assert len({t.id for t in everything}) == 100
    assert Counter(t.face for t in everything) == Counter({f: n for f, (n, _) in DISTRIBUTION.items()})
    assert len(state.racks[1]) == 7 and SCENARIO.describe(state)["bag"] == 100 - 7 - 3 - 7 - 2 + 2


@pytest.mark.parametrize("keys, named", [
    ({"board": ["8E ZAX"], "racks": {"Ann": "Z"}}, "2 Zs but the set has only 1"),
    ({"racks": {"Ann": "???"}}, "3 blanks but the set has only 2"),
    ({"board": ["8G JAM"], "bag_top": "J"}, "2 Js"),
])
def test_a_position_using_more_of_a_letter_than_the_set_has_is_refused_naming_it(keys, named):
    with pytest.raises(ScenarioError, match=named):
        position(**keys)


@pytest.mark.parametrize("keys, phrase", [
    ({"racks": {"Ann": "Q5"}}, "position.racks.Ann: "),
    ({"racks": {"Cy": "A"}}, "'Cy' is not one of the seats"),
    ({"board": ["8E TRAINER", "E8 XHROB"]}, "E8 already holds T, not X"),
    ({"board": ["8E TRAINER", "E8 tHROB"]}, "E8 already holds T, not t"),
    ({"board": ["8M TRAINER"]}, "runs off the board"),
    ({"bag": 3}, "position.bag: the bag holds the 86 tiles"),
    ({"racks": {"Ann": "ABCDEFGH"}}, "at most 7 tiles"),
    ({"rack": {"Ann": "A"}}, "position.rack is not a Scrabble position key"),
])
def test_a_position_that_cannot_be_built_names_its_key(keys, phrase):
    with pytest.raises(ScenarioError, match=phrase):
        position(**keys)


def test_played_through_letters_read_as_gcg_writes_them():
    state = position(turn="Bob", board=["8E TRAINER"], racks={"Bob": "SSAEIOU"})
    plays = [SCENARIO.move(state, 1, text) for text in ("8D STRAINERS", "8d S.......S", "8D S(TRAINER)S")]
    assert plays[0] == plays[1] == plays[2]
    assert isinstance(plays[0], Place) and [(p.row, p.col) for p in plays[0].tiles] == [(7, 3), (7, 11)]
    assert GAME.apply(state, 1, plays[0]).state.scores == (0, 11)


def test_lower_case_plays_the_blank_and_exchange_names_rack_letters():
    state = position(racks={"Ann": "JM?AEIO"})
    play = SCENARIO.move(state, 0, "8G JaM")
    assert isinstance(play, Place) and GAME.apply(state, 0, play).state.scores[0] == 22
    swap = SCENARIO.move(state, 0, "exchange J?")
    assert isinstance(swap, Exchange)
    rack = {t.id: t.face for t in state.racks[0]}
    assert sorted(rack[i] for i in swap.tiles) == ["?", "J"]


@pytest.mark.parametrize("text", ["", "play", "8Z FOO", "exchange", "8D STRAIN3RS", "H8"])
def test_a_move_not_in_the_notation_is_a_sentence(text):
    state = position()
    with pytest.raises(ScenarioError) as err:
        SCENARIO.move(state, 0, text)
    assert str(err.value).endswith(".") and "\n" not in str(err.value)


def test_a_letter_missing_from_the_rack_is_left_for_the_engine_to_refuse():
    state = position(racks={"Ann": "AEIOUST"})
    with pytest.raises(IllegalMove, match="from your rack"):
        GAME.apply(state, 0, SCENARIO.move(state, 0, "8G JAM"))


def test_expected_racks_and_boards_compare_in_any_order():
    assert SCENARIO.normalize("racks.Ann", "?SAE") == SCENARIO.normalize("racks.Ann", "AES?") == "AES?"
    assert SCENARIO.normalize("board", ["E8 THROB", "8E TRAINER"]) == ["8E TRAINER", "E8 THROB"]


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.name)
def test_each_scrabble_demo_holds(demo):
    out = io.StringIO()
    assert check_command([str(demo)], out) == 0, out.getvalue()


def test_the_scrabble_demos_are_shipped():
    names = {p.name for p in DEMOS}
    assert {"scrabble-first-play.toml", "scrabble-bingo.toml", "scrabble-challenge-void.toml",
            "scrabble-end-hasbro.toml"} <= names


@pytest.mark.parametrize("move, said", [
    ("7E CO(N)QUE(S)T", r"\(S\) plays through K7, which holds I, not S"),
    ("7E CONQUEST", "CONQUEST puts S on K7, which holds I already"),
])
def test_a_played_through_letter_must_match_the_board_or_the_move_is_refused(move, said):
    """Issue 22, item 10: with an I on K7, `7E CO(N)QUE(S)T` was accepted and played CONQUEIT."""
    state = position(board=["G7 NAIL", "K6 BIT"], racks={"Ann": "COQUETS"})
    assert state.cells()[(6, 10)] == "I"  # K7
    with pytest.raises(ScenarioError, match=said):
        SCENARIO.move(state, 0, move)


def test_a_played_through_letter_that_matches_the_board_is_played_through():
    state = position(board=["G7 NAIL", "K6 BIT"], racks={"Ann": "COQUETS"})
    play = SCENARIO.move(state, 0, "7E CO(N)QUE(I)T")
    assert isinstance(play, Place) and len(play.tiles) == 6
