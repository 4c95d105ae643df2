"""The decision-time bench cases (core/decision_bench.py): each level's own decisions are timed,
over whole games played as every headless game is, and the cases carry the names and targets
`--only decision` runs."""

from __future__ import annotations

from tilegames.core import decision_bench
from tilegames.core.agents import agent_for


def test_only_the_tested_levels_own_turns_are_timed():
    from tilegames.core.agents import play_out, seat_view
    from tilegames.games.nabit.config import preset
    from tilegames.games.nabit.game import GAME

    times = decision_bench.decision_times("nabit", "easy", range(1, 2))
    own_turns = 0

    def count(seat, action):
        nonlocal own_turns
        own_turns += seat == 0

    start = GAME.new_game(preset("standard"), ("Tested", "Normal"), 1)
    play_out(GAME, start, [agent_for("nabit", "easy"), agent_for("nabit", "normal")],
             time_budget=decision_bench.BUDGET, on_move=count)
    assert len(times) == own_turns > 0 and all(t > 0 for t in times)
    timed = decision_bench._Timed(agent_for("nabit", "easy"))
    waiting = 1 - GAME.current_seat(start)
    assert timed.choose(seat_view(GAME, start, waiting), 1.0) is None and timed.times == []  # not its turn


def test_the_cases_are_named_for_only_decision_with_the_targets():
    cases = decision_bench.decision_cases("nabit", ("easy", "strong"), (1.0, 3.0))
    assert [c.name for c in cases] == ["nabit: decision per turn, easy", "nabit: decision per turn, easy, p90",
                                       "nabit: decision per turn, strong", "nabit: decision per turn, strong, p90"]
    assert [c.target for c in cases] == [1.0, 3.0, 1.0, 3.0]
