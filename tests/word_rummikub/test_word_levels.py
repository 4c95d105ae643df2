"""Rummikub Word's computer levels (games/word_rummikub/agent.py): every turn any level commits is
accepted by the engine under every preset and option; strong plays the best play it finds;
easy makes common words only."""

from __future__ import annotations

import itertools

import pytest

from tilegames.core.agents import agent_for, play_out, seat_view
from tilegames.core.parts.lexicon import lexicon_or_default
from tilegames.games.word_rummikub.actions import Play
from tilegames.games.word_rummikub.moves import best_plays
from tilegames.games.word_rummikub.config import WordRummikubConfig, preset
from tilegames.games.word_rummikub.game import GAME
from tilegames.games.word_rummikub.view_types import word_rummikub_view

CONFIGS = {
    "standard": preset("standard"),
    "hard": preset("hard"),
    "extra words, first out, no joker swaps": WordRummikubConfig(
        first_meld_extra_words=True, winner_rule="first_out", joker_sub_from_table=False,
        longest_needs_rack_tile=False),
    "void check, family words": WordRummikubConfig(word_check="void", family_words=True, min_word_len=4),
}


@pytest.mark.parametrize("name", CONFIGS)
def test_every_turn_of_every_level_is_one_the_engine_accepts_under_every_option(name):
    levels = ("easy", "normal", "strong")
    turn = list(CONFIGS).index(name)  # each option set a different pair of levels, strong in all
    for seed, seats in (((3 + turn), ((0, 2), (1, 2))[turn % 2]),):
        start = GAME.new_game(CONFIGS[name], ("A", "B"), seed)
        # play_out applies each action through the engine: a refused one raises, a penalised
        # one shows as a penalty event
        out = play_out(GAME, start, [agent_for("word-rummikub", levels[s]) for s in seats], time_budget=0.3)
        assert GAME.result(out.state) is not None
        penalised = [e.text for e in out.events if e.kind == "misspell"]  # a play taken back
        assert penalised == []
        assert sum(isinstance(a, Play) for _, a in out.moves) >= 4


def positions(count: int):
    state = GAME.new_game(preset("standard"), ("A", "B"), 11)
    out = play_out(GAME, state, [agent_for("word-rummikub", "normal")] * 2)
    found = []
    for seat, action in out.moves:
        if GAME.current_seat(state) == seat and state.melded[seat]:
            found.append((state, seat))
        state = GAME.apply(state, seat, action).state
    return found[:count]


def test_strong_plays_the_play_that_scores_most_of_those_it_finds(monkeypatch):
    monkeypatch.setattr("time.monotonic", lambda: 0.0)  # no deadline: the searches end on their caps, alike
    strong = agent_for("word-rummikub", "strong")
    checked = 0
    for state, seat in positions(8):
        view = seat_view(GAME, state, seat)
        ranked = best_plays(word_rummikub_view(view), 1.0, 40)
        action = strong.choose(view, 1.0)
        if ranked:
            assert action == ranked[0].action
            assert ranked[0].score == max(p.score for p in ranked)
            checked += 1
    assert checked >= 3


def test_easy_makes_only_common_words():
    start = GAME.new_game(preset("standard"), ("Easy", "Normal"), 8)
    out = play_out(GAME, start, [agent_for("word-rummikub", "easy"), agent_for("word-rummikub", "normal")])
    lexicon = lexicon_or_default(None)
    state, made = start, []
    for seat, action in out.moves:
        if seat == 0 and isinstance(action, Play):
            before = {r for r in _words(state)}
            state = GAME.apply(state, seat, action).state
            made += [w for w in _words(state) if w not in before]
        else:
            state = GAME.apply(state, seat, action).state
    assert made and [w for w in made if not lexicon.is_common(w)] == []


def _words(state) -> list[str]:
    view = GAME.view(state, None)
    return [row["word"] for row in view["table"]]


def test_the_levels_are_offered_for_rummikub_word():
    from tilegames.core.agents import levels_of

    assert levels_of("word-rummikub") == ("easy", "normal", "strong")
    assert list(itertools.islice(iter(levels_of("word-rummikub")), 1)) == ["easy"]
