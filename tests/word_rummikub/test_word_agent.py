"""The Rummikub Word computer player (games/word_rummikub/agent.py): its plays from views, each
accepted by the engine."""

from __future__ import annotations

from word_builder import GAME, position, words
from tilegames.core.agents import seat_view
from tilegames.games.word_rummikub.actions import Draw, Pass, Play
from tilegames.games.word_rummikub.agent import WordRummikubAgent
from tilegames.games.word_rummikub.config import WordRummikubConfig

AGENT = WordRummikubAgent()


def move(state, seat=None):
    seat = state.current if seat is None else seat
    return AGENT.choose(seat_view(GAME, state, seat), 1.0)


def test_its_first_meld_is_a_word_of_six_letters_or_more_from_its_rack_alone():
    state = position(["PLANETQZ", "X"], table=["CAT"], melded=[False, True])
    action = move(state)
    assert isinstance(action, Play)
    after = GAME.apply(state, 0, action).state
    assert words(after)[0] == "CAT" and len(words(after)) == 2 and len(words(after)[1]) >= 6
    assert after.melded[0]


def test_its_first_meld_may_use_its_own_joker():
    state = position(["PLNET*QZ", "X"], melded=[False, False])
    action = move(state)
    assert isinstance(action, Play) and action.jokers
    after = GAME.apply(state, 0, action).state
    assert len(words(after)[0]) >= 6 and "*" not in "".join(t.face for t in after.racks[0][:2])


def test_without_a_first_meld_it_draws_or_with_the_pool_empty_passes():
    assert move(position(["QZXJKV", "W"], melded=[False, False])) == Draw()
    empty = position(["QZXJKV", "W"], melded=[False, False], pool="")
    assert move(empty) == Pass()
    GAME.apply(empty, 0, Pass())


def test_later_it_adds_rack_letters_to_a_table_word():
    state = position(["SQZ", "X"], table=["CAT"])
    action = move(state)
    assert isinstance(action, Play)
    after = GAME.apply(state, 0, action).state
    (word,) = words(after)
    assert sorted(word) == sorted("CATS")


def test_later_it_never_lays_a_word_that_is_already_on_the_table():
    state = position(["DOGQ", "X"], table=["DOG"])
    outcome = GAME.apply(state, 0, move(state))
    assert outcome.events[0].kind == "play"  # not a penalised turn
    assert len(set(words(outcome.state))) == len(words(outcome.state))


def test_it_follows_the_options_it_is_shown():
    config = WordRummikubConfig(min_word_len=4, family_words=True)
    state = position(["DOGSQ", "X"], table=["CAT"], config=config)
    after = GAME.apply(state, 0, move(state)).state
    assert all(len(w) >= 4 for w in words(after))


def test_it_is_silent_out_of_turn_and_for_a_spectator():
    state = position(["SQZ", "X"], table=["CAT"])
    assert move(state, 1) is None
    assert AGENT.choose(GAME.view(state, None), 1.0) is None


def test_with_nothing_to_play_it_draws_and_passes_on_an_empty_pool():
    assert move(position(["QZX", "J"], table=["CAT"])) == Draw()
    assert move(position(["QZX", "J"], table=["CAT"], pool="")) == Pass()
