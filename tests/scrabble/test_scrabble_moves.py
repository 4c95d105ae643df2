"""Scrabble's moves (games/scrabble/moves.py, over movegen.py and the shipped word list): every
move found is one the engine takes on the state it was found for, forming only words of the
list and scoring what the move says, with the leave it says; the best few are the top of all;
the normal player plays the best by score, the strong one the best by equity."""

from __future__ import annotations

import pytest
from scrabble_builder import position

from tilegames.core.agents import agent_for, play_out, seat_view
from tilegames.core.parts.lexicon import lexicon_for
from tilegames.games.scrabble.actions import Place
from tilegames.games.scrabble.config import preset
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.moves import Move, all_moves, best_moves
from tilegames.games.scrabble.state import ScrabbleState


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
    lexicon = lexicon_for(state.config.word_list)
    assert all(word in lexicon for word in after.pending.words)
    used = {p.tile for p in move.placements}
    assert "".join(sorted(t.face for t in state.racks[seat] if t.id not in used)) == move.leave
    assert move.blanks == sum(1 for t in state.racks[seat] if t.id in used and t.face == "?")


def test_every_move_found_is_taken_scores_what_it_says_and_normal_plays_the_best(positions):
    normal = agent_for("scrabble", "normal")
    for state in positions:
        view = seat_view(GAME, state, GAME.current_seat(state))
        found = all_moves(view)
        assert found, "each of these positions has a move"
        step = max(1, len(found) // 25)  # a sample across the search's order
        for move in found[::step]:
            assert_taken(state, move)
        chosen = normal.choose(view, 1.0)
        assert isinstance(chosen, Place)
        assert chosen == best_moves(view)[0].action
        assert best_moves(view)[0].score == max(m.score for m in found)


def test_the_strong_player_plays_the_best_by_equity_while_the_bag_is_full(positions):
    strong = agent_for("scrabble", "strong")
    for state in positions[:6]:
        view = seat_view(GAME, state, GAME.current_seat(state))
        chosen = strong.choose(view, 1.0)
        best = best_moves(view, 1, equity=True)[0]
        assert chosen == best.action or not isinstance(chosen, Place)


def test_the_best_few_are_the_top_of_all_best_first_with_notation():
    state = position(["DEORSTX", "AEIOU"], board={"8D": "QUIET", "F7": "TUB"})
    view = seat_view(GAME, state, 0)
    top = best_moves(view, 5)
    assert len(top) == 5
    assert [m.score for m in top] == sorted((m.score for m in all_moves(view)), reverse=True)[:5]
    through = next(m for m in all_moves(view) if m.notation.startswith("8D QUIET"))
    assert through.notation.split()[1].startswith("QUIET")  # the letters played through, written out
