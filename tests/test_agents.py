"""Agents (core/agents.py): the registry, the headless driver, and what an agent is shown.

Secrecy is checked on real games: every view an agent receives is compared with the state it
was built from (found again by replaying the moves), so a view that leaked another rack or the
bag order would be caught whatever the agent does with it.
"""

from __future__ import annotations

import json
from typing import Any

import pilegame
import pytest
from pilegame import PileConfig
from view_helpers import tile_ids_in

from tilegames.core.agents import (
    Agent,
    PlayOut,
    agent_for,
    has_agent,
    play_out,
    register_agent,
    seat_view,
    unregister_agent,
)
from tilegames.core.errors import BadRecord, IllegalMove
from tilegames.core.kernel.protocol import Action, Game
from tilegames.core.registry import manifests
from tilegames.games.nabit.config import NabItConfig
from tilegames.games.nabit.game import GAME as NABIT
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.game import GAME as RUMMIKUB
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME as SCRABBLE
from tilegames.games.word_rummikub.config import WordRummikubConfig
from tilegames.games.word_rummikub.game import GAME as WORD_RUMMIKUB


class Spy:
    """Wraps an agent and keeps every view it is given, with how many moves had been made."""

    def __init__(self, agent: Agent, seen: list[tuple[int, dict[str, Any]]], moves: list[Any]) -> None:
        self.agent, self.seen, self.moves = agent, seen, moves

    def choose(self, view: dict[str, Any], time_budget: float) -> Action | None:
        self.seen.append((len(self.moves), view))
        return self.agent.choose(view, time_budget)


class AlwaysDraw:
    def choose(self, view: dict[str, Any], time_budget: float) -> Action | None:
        return pilegame.Draw()


def test_each_game_has_an_agent_and_unknown_games_get_a_sentence():
    for entry in manifests():  # every game tilegames ships, and the tests' own
        assert has_agent(entry.id)
        assert isinstance(agent_for(entry.id), Agent)
    assert not has_agent("chess")
    with pytest.raises(BadRecord, match="no computer player for 'chess'"):
        agent_for("chess")


def test_an_agent_can_be_registered_in_place_of_a_games_own():
    register_agent("pile", AlwaysDraw)
    try:
        assert isinstance(agent_for("pile"), AlwaysDraw)
    finally:
        unregister_agent("pile")
    assert isinstance(agent_for("pile"), pilegame.PileAgent)


def test_an_agent_can_be_registered_for_a_game_without_one():
    assert not has_agent("chess")
    register_agent("chess", AlwaysDraw)
    try:
        assert has_agent("chess") and isinstance(agent_for("chess"), AlwaysDraw)
    finally:
        unregister_agent("chess")
    assert not has_agent("chess")


def test_play_out_drives_every_seat_to_the_end():
    state = pilegame.GAME.new_game(PileConfig(), ("Ann", "Bora", "Chul"), seed=4)
    out = play_out(pilegame.GAME, state, [AlwaysDraw()] * 3)
    assert isinstance(out, PlayOut)
    assert pilegame.GAME.result(out.state) is not None
    assert [seat for seat, _ in out.moves[:4]] == [0, 1, 2, 0]
    assert out.events and all(e.kind == "draw" for e in out.events)


def test_play_out_stops_a_game_that_does_not_end_and_an_agent_that_does_not_move():
    state = pilegame.GAME.new_game(PileConfig(), ("Ann", "Bora"), seed=4)
    with pytest.raises(RuntimeError, match="did not end within 3 actions"):
        play_out(pilegame.GAME, state, [AlwaysDraw()] * 2, max_actions=3)

    class Silent:
        def choose(self, view: dict[str, Any], time_budget: float) -> Action | None:
            return None

    with pytest.raises(RuntimeError, match="seat 0 did not move"):
        play_out(pilegame.GAME, state, [Silent(), AlwaysDraw()])


def test_a_refused_move_is_not_hidden():
    class Cheat:
        def choose(self, view: dict[str, Any], time_budget: float) -> Action | None:
            return pilegame.Play(((999, 998),))

    state = pilegame.GAME.new_game(PileConfig(), ("Ann", "Bora"), seed=4)
    with pytest.raises(IllegalMove):
        play_out(pilegame.GAME, state, [Cheat(), Cheat()])


def test_seat_view_is_plain_json_data():
    state = SCRABBLE.new_game(ScrabbleConfig(), ("Ann", "Bora"), seed=3)
    view = seat_view(SCRABBLE, state, 0)
    assert view == SCRABBLE.view(state, 0)
    assert json.loads(json.dumps(view)) == view


def _states(game: Game, start: Any, moves: list[tuple[int, Action]]) -> list[Any]:
    states = [start]
    for seat, action in moves:
        states.append(game.apply(states[-1], seat, action).state)
    return states


def _assert_secret(view: dict[str, Any], state: Any) -> None:
    """`view` shows its seat's rack, the sizes of the others, and no tile of another rack or
    of the bag, nor the bag's order."""
    seat = view["you"]
    ids = tile_ids_in(view)
    assert {t["id"] for t in view["rack"]} == {t.id for t in state.racks[seat]}
    assert view["rack_sizes"] == [len(r) for r in state.racks]
    for other, rack in enumerate(state.racks):
        if other != seat:
            assert not ids & {t.id for t in rack}
    assert not ids & {t.id for t in state.bag.tiles}
    text = json.dumps(view)
    assert "seed" not in text
    faces = [t.face for t in state.bag.tiles]
    if len(faces) >= 10 and faces != sorted(faces):
        assert json.dumps(faces)[1:-1] not in text  # the bag's faces in their order
        assert "".join(faces) not in text


@pytest.mark.parametrize("game, config, players, seed", [
    (RUMMIKUB, RummikubConfig(), 2, 0),
    (RUMMIKUB, RummikubConfig(profile="tournament"), 4, 1),
    (SCRABBLE, ScrabbleConfig(), 2, 2),
    (SCRABBLE, ScrabbleConfig(challenge_mode="single"), 3, 3),
    (WORD_RUMMIKUB, WordRummikubConfig(), 3, 4),
])
def test_agents_see_only_their_own_seat(game, config, players, seed):
    start = game.new_game(config, tuple(f"P{i}" for i in range(players)), seed)
    seen: list[tuple[int, dict[str, Any]]] = []
    moves: list[tuple[int, Action]] = []
    agents = [Spy(agent_for(game.id), seen, moves) for _ in range(players)]
    out = play_out(game, start, agents, on_move=lambda seat, action: moves.append((seat, action)))
    assert game.result(out.state) is not None and moves == out.moves
    states = _states(game, start, moves)
    assert len(seen) >= len(moves)
    for count, view in seen:
        _assert_secret(view, states[count])


@pytest.mark.parametrize("config, players, seed", [(NabItConfig(), 2, 5), (NabItConfig(bank_trigger="any_steal"), 4, 6)])
def test_nabit_agents_see_their_own_hand_and_only_counts_of_bags_and_banks(config, players, seed):
    start = NABIT.new_game(config, tuple(f"P{i}" for i in range(players)), seed)
    seen: list[tuple[int, dict[str, Any]]] = []
    moves: list[tuple[int, Action]] = []
    agents = [Spy(agent_for("nabit"), seen, moves) for _ in range(players)]
    out = play_out(NABIT, start, agents, time_budget=0.3, on_move=lambda seat, action: moves.append((seat, action)))
    assert NABIT.result(out.state) is not None and moves == out.moves
    states = _states(NABIT, start, moves)
    for count, view in seen:
        state, seat = states[count], view["you"]
        ids = tile_ids_in(view)
        assert {t["id"] for t in view["hand"]} == {t.id for t in state.hands[seat]}
        assert view["hands"] is None and view["hand_sizes"] == [len(h) for h in state.hands]
        hidden = [t for s, h in enumerate(state.hands) if s != seat for t in h]
        hidden += [t for bag in state.bags for t in bag.tiles] + [t for bank in state.banks for t in bank]
        assert not ids & {t.id for t in hidden}
        assert view["bags"] == [len(b) for b in state.bags] and view["banks"] == [len(b) for b in state.banks]
        assert "seed" not in json.dumps(view)
