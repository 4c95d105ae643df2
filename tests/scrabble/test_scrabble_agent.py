"""The Scrabble agent (games/scrabble/agent.py): whole headless games at every level, its moves on
fixed positions against a brute-force baseline, and its answers to challenge windows."""

from __future__ import annotations

import pytest
from scrabble_builder import place, position

from tilegames.core.agents import agent_for, play_out, seat_view, seats_asked
from tilegames.core.errors import IllegalMove
from tilegames.games.scrabble.actions import (
    AcceptPlay,
    Challenge,
    Exchange,
    Pass,
    Place,
    Placement,
)
from tilegames.core.parts.lexicon import lexicon_for
from tilegames.games.scrabble.agent import ScrabbleAgent
from tilegames.games.scrabble.board import CENTRE
from tilegames.games.scrabble.config import ScrabbleConfig, preset
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.moves import best_moves
from tilegames.games.scrabble.state import ScrabbleState
from tilegames.games.scrabble.tiles import full_set

AGENT = ScrabbleAgent()
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def agent_move(state: ScrabbleState, seat: int | None = None, budget: float = 5.0):
    seat = GAME.current_seat(state) if seat is None else seat
    return AGENT.choose(seat_view(GAME, state, seat), budget)


def gained(state: ScrabbleState, action: Place) -> int:
    """What the engine scores for `action` (IllegalMove if it refuses it)."""
    seat = GAME.current_seat(state)
    return GAME.apply(state, seat, action).state.scores[seat] - state.scores[seat]


def baseline(state: ScrabbleState) -> int:
    """The best score of a trivial player: every one-tile play and every play of two tiles side
    by side, tried square by square through the engine's own checks (no blanks on the rack)."""
    seat = GAME.current_seat(state)
    rack, cells = state.racks[seat], state.cells()
    lexicon = lexicon_for(state.config.word_list)
    hooks = {(r + dr, c + dc) for r, c in cells for dr, dc in STEPS} - set(cells)
    best = 0
    for r, c in sorted(hooks):
        shapes = [[(r, c)]] + [[(r, c), (r + dr, c + dc)] for dr, dc in STEPS]
        for squares in shapes:
            if any(not (0 <= x < 15 and 0 <= y < 15) or (x, y) in cells for x, y in squares):
                continue
            for tiles in ([a] for a in rack) if len(squares) == 1 else ([a, b] for a in rack for b in rack if a != b):
                placements = tuple(Placement(t.id, x, y, t.face) for t, (x, y) in zip(tiles, squares))
                try:
                    scored, _ = GAME.check_placement(state, seat, placements)
                except IllegalMove:
                    continue
                if all(w.word in lexicon for w in scored.word_scores):
                    best = max(best, scored.score)
    return best


@pytest.mark.parametrize("config, players, seed", [
    (preset("casual"), 2, 7), (preset("casual"), 3, 8), (preset("casual"), 4, 9),
    (preset("tournament"), 2, 10), (ScrabbleConfig(challenge_mode="single"), 3, 11),
    (ScrabbleConfig(challenge_mode="penalty"), 4, 12),
    (ScrabbleConfig(challenge_mode="void", stall_rule="six_scoreless"), 2, 13),
], ids=["casual-2", "casual-3", "casual-4", "tournament-2", "single-3", "penalty-4", "void-2"])
def test_whole_games_with_every_seat_an_agent_end_legally(config, players, seed):
    start = GAME.new_game(config, tuple(f"P{i}" for i in range(players)), seed)
    levels = ("strong", "normal", "easy", "strong")  # every level, in every seat count
    out = play_out(GAME, start, [agent_for("scrabble", levels[(i + seed) % 4]) for i in range(players)])
    state = out.state
    result = GAME.result(state)
    assert result is not None and result.scores == state.end.scores
    ids = [t.id for t in state.bag.tiles] + [t.id for r in state.racks for t in r] + [sq.tile.id for sq in state.board]
    assert sorted(ids) == [t.id for t in full_set()]
    assert not any(isinstance(a, Challenge) for _, a in out.moves)  # agents play real words
    assert sum(isinstance(a, Place) for _, a in out.moves) >= 10


def test_the_first_move_covers_the_centre_and_scores_what_the_engine_says():
    state = position(["AEINRST", "OOOO"])
    action = agent_move(state)
    assert isinstance(action, Place)
    assert CENTRE in {(p.row, p.col) for p in action.tiles}
    assert gained(state, action) >= 50 + 7  # AEINRST makes seven-letter words: a bingo


@pytest.mark.parametrize("rack, board", [
    ("DEORSTX", {"8D": "QUIET", "F7": "TUB"}),
    ("AELMNPR", {"8G": "JOKE", "J5": "FIVE"}),
    ("EIIOUVW", {"8H": "WORD", "K6": "CORN", "6K": "CAB"}),
])
def test_its_move_is_legal_and_at_least_as_good_as_a_trivial_baseline(rack, board):
    state = position([rack, "AEIOU"], board=board)
    action = agent_move(state)
    assert isinstance(action, Place)
    score = gained(state, action)  # raises if the engine refuses it
    assert score >= baseline(state) > 0


def test_a_rack_with_a_blank_plays_legally_and_at_least_as_well_as_without_it():
    state = position(["?QIDRTU", "AEIOU"], board={"8G": "CAT"})
    action = agent_move(state)
    assert isinstance(action, Place)
    assert gained(state, action) >= baseline(position(["QIDRTU", "AEIOU"], board={"8G": "CAT"}))


def test_with_no_word_it_exchanges_or_passes_when_the_bag_is_low():
    state = position(["VVWWXJQ", "AEIOU"])
    action = agent_move(state)
    assert isinstance(action, Exchange) and len(action.tiles) == 7
    GAME.apply(state, 0, action)
    low = position(["VVWWXJQ", "AEIOU"], bag="EEE")
    assert agent_move(low) == Pass()


def test_a_tiny_budget_still_gives_a_move_the_engine_takes():
    state = position(["DEORSTX", "AEIOU"], board={"8D": "QUIET"})
    action = agent_move(state, budget=0.0)
    assert isinstance(action, (Place, Exchange, Pass))
    GAME.apply(state, 0, action)


def phony(config: ScrabbleConfig | None = None, bag: str | None = None) -> ScrabbleState:
    state = position(["QXTACE", "DOGS", "EEL"], config=config, bag=bag)
    return GAME.apply(state, 0, place(state, "8G", "XQ")).state


def test_a_phony_is_challenged_by_the_next_player_and_out_of_turn():
    state = phony()
    assert state.pending is not None and state.pending.words == ("XQ",)
    assert seats_asked(GAME, state) == (2, 1)
    assert agent_move(state, 1) == Challenge()
    assert agent_move(state, 2) == Challenge()
    assert agent_move(state, 0) is None  # never its own play
    after = GAME.apply(state, 2, Challenge()).state
    assert after.board == ()


def test_a_real_word_is_let_stand():
    state = position(["CATXQ", "DOGS", "EEL"])
    state = GAME.apply(state, 0, place(state, "8G", "CAT")).state
    assert agent_move(state, 2) is None
    assert isinstance(agent_move(state, 1), (Place, Exchange, Pass))


def test_the_last_play_of_the_game_is_accepted_or_challenged():
    state = position(["CAT", "DOGS"], bag="")
    out = GAME.apply(state, 0, place(state, "8G", "CAT")).state
    assert out.awaiting_final_challenge
    assert agent_move(out, 1) == AcceptPlay()
    assert GAME.apply(out, 1, AcceptPlay()).state.end is not None
    bad = position(["XQ", "DOGS"], bag="")
    bad = GAME.apply(bad, 0, place(bad, "8G", "XQ")).state
    assert agent_move(bad, 1) == Challenge()


def level_move(state: ScrabbleState, level: str, seat: int = 0):
    return agent_for("scrabble", level).choose(seat_view(GAME, state, seat), 1.0)


def test_strong_exchanges_a_rack_of_vowels_that_scores_little():
    state = position(["IIIUUOA", "EEE"], board={"8D": "CAT"})
    action = level_move(state, "strong")
    assert isinstance(action, Exchange) and len(action.tiles) >= 6  # keeps its best leave, if any
    assert isinstance(level_move(state, "normal"), Place)  # normal takes the points
    GAME.apply(state, 0, action)


def test_strong_with_the_bag_empty_goes_out_and_takes_twice_the_opponents_tiles():
    state = position(["CAT", "QZJ"], board={"8D": "DOG"}, bag="")
    action = level_move(state, "strong")
    assert isinstance(action, Place) and len(action.tiles) == 3
    assert GAME.apply(state, 0, action).state.racks[0] == ()


def test_easy_plays_only_common_words_and_not_always_the_best():
    start = GAME.new_game(preset("casual"), ("Easy", "Normal"), 21)
    out = play_out(GAME, start, [agent_for("scrabble", "easy"), agent_for("scrabble", "normal")])
    lexicon = lexicon_for(None)
    state, words, below_best = start, [], 0
    for seat, action in out.moves:
        if seat == 0 and isinstance(action, Place):
            best = best_moves(seat_view(GAME, state, 0))[0].score
            after = GAME.apply(state, 0, action).state
            words.extend(after.pending.words)
            below_best += after.scores[0] - state.scores[0] < best
        state = GAME.apply(state, seat, action).state
    assert words and [w for w in words if not lexicon.is_common(w)] == []
    assert below_best >= 3
