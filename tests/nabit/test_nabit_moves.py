"""Nab-It!'s moves (games/nabit/moves.py): every build found is one the engine takes on the state
it was found for, worth the gain it says; the agent plays the first of the best."""

from __future__ import annotations

import pytest
from nab_builder import across, position
from test_nabit_agent import own_list

from tilegames.core.agents import agent_for, play_out, seat_view
from tilegames.games.nabit.actions import Build
from tilegames.games.nabit.config import NabItConfig
from tilegames.games.nabit.game import GAME
from tilegames.games.nabit.moves import Candidate, Seen, candidates

NEVER = float("inf")  # no deadline: the whole (bounded) search


def found(state) -> list[Candidate]:
    return list(candidates(Seen.read(seat_view(GAME, state, state.order.current)), NEVER))


@pytest.fixture(scope="module")
def positions() -> list:
    """Every other position of two seeded games (each asks for a whole search, twice)."""
    kept = []
    for players, seed in ((2, 300), (3, 301)):
        state = GAME.new_game(NabItConfig(), tuple(f"P{i}" for i in range(players)), seed)
        for seat, action in play_out(GAME, state, [agent_for("nabit")] * players).moves:
            kept.append(state)
            state = GAME.apply(state, seat, action).state
    return kept[::2]


def test_every_build_found_in_seeded_games_is_taken_and_the_agent_plays_the_first_best(positions, monkeypatch):
    monkeypatch.setattr("tilegames.games.nabit.agent.MAX_SECONDS", NEVER)  # its whole search too
    agent = agent_for("nabit")
    builds = 0
    for state in positions:
        seat = state.order.current
        every = found(state)
        for candidate in every:
            assert isinstance(candidate.action, Build) and candidate.placements == candidate.action.tiles
            GAME.apply(state, seat, candidate.action)  # IllegalMove if refused
        chosen = agent.choose(seat_view(GAME, state, seat), NEVER)
        if every:
            builds += 1
            best = max(c.value for c in every)
            assert chosen == next(c for c in every if c.value == best).action
        else:
            assert not isinstance(chosen, Build)
    assert builds >= 10


def test_a_first_word_gains_its_word_and_a_twentieth_per_tile(tmp_path):
    config = NabItConfig(word_list=own_list(tmp_path, "at", "eat", "seat", "east", "feast"))
    state = position(["FEAST", "BOGUS"], config=config)
    by_length = {len(c.placements): c.value for c in found(state)}
    assert by_length[5] == pytest.approx(1 + 0.05 * 5) and by_length[3] == pytest.approx(1 + 0.05 * 3)


def test_a_nab_gains_more_than_a_plain_word(tmp_path):
    config = NabItConfig(word_list=own_list(tmp_path, "cat", "hat", "cats", "hats", "at", "as"))
    state = position(["HSEIO", "BOGUS"], {(0, 0): "PDRC", **across(0, 1, "AT")}, control={"CAT": 1}, config=config)
    every = found(state)
    best = max(every, key=lambda c: c.value)
    after = GAME.apply(state, 0, best.action).state
    assert after.last.caps == ((0, 0),)  # HAT, capped: stolen, locked, a bank tile
    assert best.value == pytest.approx(1 + 1 + 0.5 + 0.05)
