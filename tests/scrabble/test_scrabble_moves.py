"""Scrabble's moves (games/scrabble/moves.py): every move found is one the engine takes on the
state it was found for, forming only words of the list and scoring what the move says; the
agent plays the best of them; the best few are the top of everything found; and a search cut
short by its budget finds a prefix of the full search, in the same order."""

from __future__ import annotations

import pytest
from scrabble_builder import position

from tilegames.core.agents import agent_for, play_out, seat_view
from tilegames.core.parts.lexicon import anagrams_for
from tilegames.games.scrabble.actions import Place
from tilegames.games.scrabble.config import preset
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.moves import Move, best_moves, by_score, candidates
from tilegames.games.scrabble.state import ScrabbleState

FULL = 1e9  # a budget no search reaches: the whole search


def fixed_positions() -> list[ScrabbleState]:
    return [position(["AEINRST", "OOOO"]), position(["DEORSTX", "AEIOU"], board={"8D": "QUIET", "F7": "TUB"}),
            position(["?QIDRTU", "AEIOU"], board={"8G": "CAT"})]


@pytest.fixture(scope="module")
def positions() -> list[ScrabbleState]:
    """The fixed positions, and every third turn of a seeded game, each with a seat to place."""
    found = fixed_positions()
    state = GAME.new_game(preset("casual"), ("A", "B"), 7)
    for number, (seat, action) in enumerate(play_out(GAME, state, [agent_for("scrabble")] * 2).moves):
        if number % 3 == 0 and state.pending is None and not state.awaiting_final_challenge:
            found.append(state)
        state = GAME.apply(state, seat, action).state
    return found


def assert_taken(state: ScrabbleState, move: Move) -> None:
    seat = GAME.current_seat(state)
    after = GAME.apply(state, seat, move.action).state  # IllegalMove if refused
    assert after.scores[seat] - state.scores[seat] == move.score
    assert after.pending is not None
    lexicon = anagrams_for(state.config.word_list).lexicon
    assert all(word in lexicon for word in after.pending.words)
    assert move.blanks == sum(1 for p in move.placements if p.tile not in
                              {t.id for t in state.racks[seat] if t.face != "?"})


def test_every_move_found_is_taken_scores_what_it_says_and_the_agent_plays_the_best(positions):
    agent = agent_for("scrabble")
    for state in positions:
        seat = GAME.current_seat(state)
        view = seat_view(GAME, state, seat)
        words = anagrams_for(view.get("word_list"))
        found = list(candidates(view, words, FULL))
        assert found, "each of these positions has a move"
        step = max(1, len(found) // 25)  # a sample across the search's order
        for move in found[::step]:
            assert_taken(state, move)
        best = max(by_score(m) for m in found)
        chosen = agent.choose(view, FULL)
        assert isinstance(chosen, Place)
        assert chosen == next(m for m in found if by_score(m) == best).action  # the first of the best


def test_the_best_few_are_the_top_of_all_found_best_first():
    state = position(["DEORSTX", "AEIOU"], board={"8D": "QUIET", "F7": "TUB"})
    view = seat_view(GAME, state, 0)
    words = anagrams_for(None)
    found = list(candidates(view, words, FULL))
    top = best_moves(view, words, FULL, 5)
    assert len(top) == 5
    assert [by_score(m) for m in top] == sorted((by_score(m) for m in found), reverse=True)[:5]
    assert top[0] == best_moves(view, words, FULL)[0]


def test_a_search_cut_short_finds_a_prefix_of_the_whole_search():
    state = position(["AEINRST", "OOOO"])  # the first slot (7 squares, the centre the last) has moves
    view = seat_view(GAME, state, 0)
    words = anagrams_for(None)
    whole = list(candidates(view, words, FULL))
    cut = list(candidates(view, words, 0.0))  # stops after the first slot
    assert 0 < len(cut) < len(whole)
    assert whole[:len(cut)] == cut
