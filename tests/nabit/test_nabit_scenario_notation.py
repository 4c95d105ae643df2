"""Nab-It!'s scenario notation (games/nabit/scenario.py): positions, moves, describe, and the
shipped Nab-It! demos played through `tilegames demo check`."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tilegames.commands.demo_check import check_command
from tilegames.core.errors import IllegalMove
from tilegames.core.scenarios.notation import ScenarioError
from tilegames.games.nabit.actions import Build, Exchange, Pass
from tilegames.games.nabit.config import NabItConfig
from tilegames.games.nabit.game import GAME
from tilegames.games.nabit.scenario import SCENARIO
from tilegames.games.nabit.tiles import full_set

SEATS = ("Ann", "Bob")
DEMOS = sorted((Path(__file__).parents[2] / "assets" / "demos").glob("nabit-*.toml"))
CROSSING = {"turn": "Bob", "grid": ["0,0 across 0B 1A0O0U0A 0T", "-1,1 down 1C . 1T"],
            "hands": {"Bob": "UMPSE"}, "control": {"0,0 across BAT": "Ann", "-1,1 down CAT": "Ann"}}


def position(**keys: object):
    return SCENARIO.position(NabItConfig(), SEATS, keys, 1)


def test_the_game_class_carries_its_notation():
    assert type(GAME).scenario is SCENARIO


def test_a_position_round_trips_through_describe():
    state = position(**CROSSING, banks={"Ann": 2, "Bob": "E"}, bag_top={"Bob": "AI"}, idle=1)
    described = SCENARIO.describe(state)
    assert described["grid"] == ["-1,1 1C", "0,0 across 0B 1A0O0U0A 0T", "1,1 1T"]
    assert described["control"] == {"-1,1 down CAT": "Ann", "0,0 across BAT": "Ann"}
    assert described["hands"]["Bob"] == "EMPSU" and described["banks"] == {"Ann": 2, "Bob": 1}
    assert described["scores"] == {"Ann": 4, "Bob": 1} and described["idle"] == 1
    again = SCENARIO.position(NabItConfig(), SEATS, described, 1)
    assert SCENARIO.describe(again) == described


def test_every_tile_not_named_is_in_its_own_colours_bag():
    state = position(**CROSSING, bag_top={"Bob": "AI"})
    assert [t.face for t in state.bags[1].tiles[:2]] == ["1A", "1I"]
    found = [t for b in state.bags for t in b.tiles] + [t for h in state.hands for t in h]
    found += [layer.tile for stack in state.grid for layer in stack.layers]
    assert sorted(found) == sorted(full_set(None, 2))
    assert all(t.face.startswith("1") for t in state.bags[1].tiles + state.hands[1])


@pytest.mark.parametrize("keys, named", [
    ({"grid": ["0,0 across 0S 0S 0S"]}, "3 of 0S \\(Ann's S\\) but that colour has 2"),
    ({"grid": ["0,0 across 1f 0U 0N"], "hands": {"Bob": "?"}}, "2 of 1\\? \\(Bob's blank\\)"),
    ({"hands": {"Ann": "J"}}, "1 of 0J \\(Ann's J\\) but that colour has 0"),
])
def test_a_position_using_more_tiles_than_a_colour_has_is_refused_naming_the_tile(keys, named):
    with pytest.raises(ScenarioError, match=named):
        position(**keys)


@pytest.mark.parametrize("keys, phrase", [
    ({"hands": {"Ann": "Q5"}}, "position.hands.Ann: "),
    ({"grid": ["0,0 9S"]}, "is not a stack"),
    ({"grid": ["0,0 0A0B0C0D0E0F"]}, "at most 5 tiles"),
    ({"grid": ["0,0 2S"]}, "seats are numbered 0 to 1"),
    ({"grid": ["0,0 across 0S 0U 0N"], "control": {"0,0 across SIN": "Ann"}}, "the word there is SUN, not SIN"),
    ({"grid": ["0,0 across 0S 0U 0N"], "control": {"0,0 down SUN": "Ann"}}, "no word starts at 0,0 going down"),
    ({"bags": {"Ann": 3}}, "position.bags.Ann"),
    ({"stacks": []}, "position.stacks is not a Nab-It! position key"),
])
def test_a_position_that_cannot_be_built_names_its_key(keys, phrase):
    with pytest.raises(ScenarioError, match=phrase):
        position(**keys)


def test_a_word_not_given_a_controller_belongs_to_the_colour_showing_most():
    state = position(grid=["0,0 across 1S 1U 0N"])
    assert SCENARIO.describe(state)["control"] == {"0,0 across SUN": "Bob"}


def test_word_moves_stack_a_different_letter_and_pass_through_the_same():
    state = position(turn="Bob", grid=["0,0 across 0S 0U 0N"], hands={"Bob": "FSEAT"})
    moves = [SCENARIO.move(state, 1, text) for text in ("0,0 across FUN", "0,0 across F..", "0,0 F", "0,0 across F(UN)")]
    assert all(m == moves[0] for m in moves)
    assert isinstance(moves[0], Build) and [(p.row, p.col, p.letter) for p in moves[0].tiles] == [(0, 0, "F")]
    after = GAME.apply(state, 1, moves[0]).state
    assert SCENARIO.describe(after)["control"] == {"0,0 across FUN": "Bob"}


def test_lower_case_plays_the_blank_and_other_moves_read():
    state = position(turn="Bob", grid=["0,0 across 0S 0U 0N"], hands={"Bob": "?EATS"})
    build = SCENARIO.move(state, 1, "0,0 across rUN announce")
    assert isinstance(build, Build) and build.announce and build.tiles[0].letter == "R"
    assert state.hands[1][0].face == "1?" and build.tiles[0].tile == state.hands[1][0].id
    assert isinstance(SCENARIO.move(state, 1, "exchange EA"), Exchange)
    assert isinstance(SCENARIO.move(state, 1, "pass"), Pass)


@pytest.mark.parametrize("text", ["", "build it", "0,0 across", "0 0 F", "1,0 down .AT", "exchange", "0,0 FF"])
def test_a_move_not_in_the_notation_is_a_sentence(text):
    state = position(grid=["0,0 across 0S 0U 0N"])
    with pytest.raises(ScenarioError) as err:
        SCENARIO.move(state, 0, text)
    assert str(err.value).endswith(".") and "\n" not in str(err.value)


def test_a_letter_missing_from_the_hand_is_left_for_the_engine_to_refuse():
    state = position(turn="Bob", grid=["0,0 across 0S 0U 0N"], hands={"Bob": "EATSM"})
    with pytest.raises(IllegalMove, match="from your hand"):
        GAME.apply(state, 1, SCENARIO.move(state, 1, "0,0 F"))


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.name)
def test_each_nabit_demo_holds(demo):
    out = io.StringIO()
    assert check_command([str(demo)], out) == 0, out.getvalue()


def test_the_nabit_demos_are_shipped():
    assert {"nabit-sun-fun.toml", "nabit-capping.toml", "nabit-bank.toml"} <= {p.name for p in DEMOS}
