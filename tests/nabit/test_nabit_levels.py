"""Nab-It!'s computer levels (games/nabit/agent.py): every turn any level commits is accepted by the
engine under every preset and option; strong ranks builds by what it weighs beyond the gain;
easy makes common words only."""

from __future__ import annotations

import pytest

from tilegames.core.agents import agent_for, levels_of, play_out, seat_view
from tilegames.core.parts.lexicon import lexicon_or_default
from tilegames.games.nabit.actions import Build
from tilegames.games.nabit.agent import strong_value
from tilegames.games.nabit.config import NabItConfig, preset
from tilegames.games.nabit.game import GAME
from tilegames.games.nabit.moves import Candidate, Seen, candidates
from tilegames.games.nabit.view_types import nabit_view

CONFIGS = {
    "standard": preset("standard"),
    "table (open hands, last tile said)": preset("table"),
    "3-letter words, family words": NabItConfig(min_word_len=3, family_words=True),
}


@pytest.mark.parametrize("name", CONFIGS)
def test_every_turn_of_every_level_is_one_the_engine_accepts_under_every_option(name):
    levels = ("easy", "normal", "strong")
    for seed, seats in zip((3, 4), ((0, 2), (1, 2))):
        start = GAME.new_game(CONFIGS[name], ("A", "B"), seed)
        out = play_out(GAME, start, [agent_for("nabit", levels[s]) for s in seats])  # a refusal raises
        assert GAME.result(out.state) is not None
        assert sum(isinstance(a, Build) for _, a in out.moves) >= 4


def test_strong_picks_the_build_it_values_most_capping_and_shunning_fourth_tiles():
    made = Candidate(Build(()), 1.0, ("AT",), caps=1, risky=0)
    risky = Candidate(Build(()), 1.2, ("AT",), caps=0, risky=1)
    assert strong_value(made) > strong_value(risky)
    state = GAME.new_game(preset("standard"), ("A", "B"), 6)
    out = play_out(GAME, state, [agent_for("nabit", "normal")] * 2)
    strong = agent_for("nabit", "strong")
    checked = 0
    for seat, action in out.moves[:12]:
        if GAME.current_seat(state) == seat:
            view = seat_view(GAME, state, seat)
            found = list(candidates(Seen.read(nabit_view(view)), float("inf")))
            if found:
                assert strong.pick(nabit_view(view), found) == max(found, key=strong_value)
                checked += 1
        state = GAME.apply(state, seat, action).state
    assert checked >= 4


def test_easy_makes_only_common_words():
    start = GAME.new_game(preset("standard"), ("Easy", "Normal"), 8)
    out = play_out(GAME, start, [agent_for("nabit", "easy"), agent_for("nabit", "normal")])
    lexicon = lexicon_or_default(None)
    state, words = start, []
    for seat, action in out.moves:
        if seat == 0 and isinstance(action, Build):
            view = nabit_view(seat_view(GAME, state, 0))
            found = {c.action: c for c in candidates(Seen.read(view), float("inf"))}
            if action in found:
                words += found[action].words
        state = GAME.apply(state, seat, action).state
    assert words and [w for w in words if not lexicon.is_common(w)] == []


def test_the_levels_are_offered_for_nab_it():
    assert levels_of("nabit") == ("easy", "normal", "strong")
