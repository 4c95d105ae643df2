"""The computer player (agent.py): from its seat's view only, it builds what the engine accepts,
prefers the build that gains most (a nab over a plain word), and exchanges or passes when it
finds nothing."""

from __future__ import annotations

from nab_builder import across, position

from tilegames.core.agents import agent_for, seat_view
from tilegames.games.nabit.actions import Build, Exchange, Pass
from tilegames.games.nabit.config import NabItConfig
from tilegames.games.nabit.game import GAME


def choose(state, budget=5.0):
    return agent_for("nabit").choose(seat_view(GAME, state, state.order.current), budget)


def own_list(tmp_path, *words):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(words) + "\n")
    return str(path)


def test_on_an_empty_grid_it_lays_the_longest_word_its_hand_spells(tmp_path):
    config = NabItConfig(word_list=own_list(tmp_path, "at", "eat", "seat", "east", "feast"))
    state = position(["FEAST", "BOGUS"], config=config)
    action = choose(state)
    assert isinstance(action, Build) and len(action.tiles) == 5
    assert GAME.apply(state, 0, action).state.control[0].seat == 0


def test_it_nabs_when_it_can_cap_a_stack(tmp_path):
    config = NabItConfig(word_list=own_list(tmp_path, "cat", "hat", "cats", "hats", "at", "as"))
    state = position(["HSEIO", "BOGUS"], {(0, 0): "PDRC", **across(0, 1, "AT")}, control={"CAT": 1}, config=config)
    action = choose(state)
    new = GAME.apply(state, 0, action).state  # HAT, capped: the word, locked, and a bank tile
    assert new.last.caps == ((0, 0),) and len(new.banks[0]) == 1


def test_with_no_build_it_exchanges_all_but_the_blank_or_passes_with_an_empty_bag(tmp_path):
    config = NabItConfig(word_list=own_list(tmp_path, "sun"))
    state = position(["BCDG?", "FOGEY"], across(0, 0, "SUN"), config=config, bags=["LMP", None])
    action = choose(state)
    assert isinstance(action, Exchange)
    assert sorted(t.face for t in state.hands[0] if t.id in action.tiles) == ["0B", "0C", "0D"]
    empty = position(["BCDG?", "FOGEY"], across(0, 0, "SUN"), config=config, bags=["", None])
    assert isinstance(choose(empty), Pass)


def test_it_says_last_tile_when_the_rule_asks_for_it(tmp_path):
    config = NabItConfig(word_list=own_list(tmp_path, "sun", "suns"), require_last_tile_announce=True)
    state = position(["SE", "FOGEY"], across(0, 0, "SUN"), config=config, bags=["", None], banks=[1, 0])
    action = choose(state)
    assert isinstance(action, Build) and action.announce
    assert len(GAME.apply(state, 0, action).state.banks[0]) == 1


def test_it_is_never_asked_out_of_turn():
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"))
    assert agent_for("nabit").choose(seat_view(GAME, state, 1), 1.0) is None
