"""Rummikub Word's moves (games/word_rummikub/moves.py): every play found is one the engine takes
on the state it was found for, unpenalised, placing the tiles it says and scoring what it says;
the agent plays the first of them; finds come longest first."""

from __future__ import annotations

import pytest
from word_builder import GAME, position

from tilegames.core.agents import agent_for, play_out, seat_view
from tilegames.games.word_rummikub.actions import Draw, Pass
from tilegames.games.word_rummikub.config import WordRummikubConfig
from tilegames.games.word_rummikub.moves import Candidate, candidates
from tilegames.games.word_rummikub.state import WordState

FULL = 1e9  # seconds no search reaches: the whole (bounded) search


@pytest.fixture(scope="module")
def positions() -> list[WordState]:
    """Every position of two seeded games where a seat is to move."""
    found = []
    for config, seed in ((WordRummikubConfig(), 200), (WordRummikubConfig(first_meld_extra_words=True), 5)):
        state = GAME.new_game(config, ("A", "B", "C"), seed)
        for seat, action in play_out(GAME, state, [agent_for("word-rummikub")] * 3).moves:
            found.append(state)
            state = GAME.apply(state, seat, action).state
    return found


def assert_taken(state: WordState, candidate: Candidate) -> None:
    seat = state.current
    assert seat is not None
    outcome = GAME.apply(state, seat, candidate.action)  # IllegalMove if refused
    after = outcome.state
    assert after.last is not None and after.last.kind == "play"  # not a penalised turn
    assert after.scores[seat] - state.scores[seat] == candidate.score == after.last.score
    placed = {t.id for t in candidate.placed}
    assert placed and placed <= {t.id for t in state.racks[seat]}
    assert placed == {t.id for p in candidate.pieces for t in p.tiles if t.id in p.rack_ids}
    assert all(t.id in after.table.ids() for t in candidate.placed)


def test_every_play_found_in_seeded_games_is_taken_and_the_agent_plays_the_first(positions, monkeypatch):
    monkeypatch.setattr("tilegames.games.word_rummikub.agent.MAX_SECONDS", FULL)  # its whole search too
    agent = agent_for("word-rummikub")
    plays = 0
    for state in positions:
        view = seat_view(GAME, state, state.current)
        found = list(candidates(view, FULL))
        for candidate in found:
            assert_taken(state, candidate)
        chosen = agent.choose(view, FULL)
        if found:
            plays += 1
            assert chosen == found[0].action
        else:
            assert chosen == (Draw() if len(state.bag) else Pass())
    assert plays >= 10


def test_the_first_meld_is_six_letters_or_more_and_later_finds_come_longest_first():
    first = position(["PLANETQZ", "X"], table=["CAT"], melded=[False, True])
    found = list(candidates(seat_view(GAME, first, 0), FULL))
    assert found and all(len(p.word) >= 6 and p.row is None for c in found for p in c.pieces)
    later = position(["SQZE", "X"], table=["CAT"])
    found = list(candidates(seat_view(GAME, later, 0), FULL))
    lengths = [len(c.pieces[0].word) for c in found]
    assert lengths == sorted(lengths, reverse=True) and lengths[0] >= 4
    for candidate in found:
        assert_taken(later, candidate)
