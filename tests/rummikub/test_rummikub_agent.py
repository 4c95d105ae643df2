"""The Rummikub agent (games/rummikub/agent.py): whole headless games, and its plays from views."""

from __future__ import annotations

import pytest
from rk_builder import position

from tilegames.core.agents import agent_for, play_out, seat_view
from tilegames.games.rummikub.actions import Draw, Pass, Play, Redeal
from tilegames.games.rummikub.agent import RummikubAgent
from tilegames.games.rummikub.config import RummikubConfig, preset
from tilegames.games.rummikub.game import GAME
from tilegames.games.rummikub.notation import full_set
from tilegames.games.rummikub.state import RummikubState

AGENT = RummikubAgent()


def agent_move(state: RummikubState, seat: int | None = None, level: str = "normal"):
    seat = state.current if seat is None else seat
    return RummikubAgent(level).choose(seat_view(GAME, state, seat), 1.0)


def faces(state: RummikubState, action: Play) -> list[str]:
    by_id = {t.id: t.face for t in full_set(state.edition)}
    return [" ".join(by_id[i] for i in row) for row in action.sets]


def assert_legal_end(state: RummikubState) -> None:
    assert state.phase == "over" and state.end is not None
    ids = [t.id for t in state.bag.tiles] + [t.id for r in state.racks for t in r]
    ids += [t.id for row in state.table for t in row]
    assert sorted(ids) == [t.id for t in full_set(state.edition)]
    if state.end.reason == "out":
        assert not state.racks[state.end.winners[0]]
        assert sum(state.end.scores) == 0


@pytest.mark.parametrize("profile", ["sabra", "tournament"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_with_every_seat_an_agent_end_legally(profile, players):
    for seed in range(2):
        start = GAME.new_game(preset(profile), tuple(f"P{i}" for i in range(players)), 100 + seed)
        out = play_out(GAME, start, [agent_for("rummikub") for _ in range(players)])
        assert_legal_end(out.state)
        assert {a.kind for _, a in out.moves} <= {"draw", "play", "pass", "redeal"}


def test_an_initial_meld_of_30_is_laid_from_the_rack_leaving_the_table_alone():
    state = position(["R10 R11 R12 K1 O5", "K2"], table=["B1 B2 B3"], melded=[False, True])
    action = agent_move(state)
    assert isinstance(action, Play)
    assert faces(state, action) == ["B1 B2 B3", "R10 R11 R12"]
    GAME.apply(state, 0, action)


def test_below_30_it_draws_and_with_the_pool_empty_it_passes():
    state = position(["R1 R2 R3 K9", "K2"], melded=[False, False])
    assert agent_move(state) == Draw()
    empty = position(["R1 R2 R3 K9", "K2"], melded=[False, False], pool="")
    assert agent_move(empty) == Pass()
    GAME.apply(empty, 0, Pass())


def test_after_the_meld_it_adds_to_run_ends_and_groups_of_three_and_lays_new_sets():
    state = position(["R8 K5 O9 O10 O11 B13", "K1"], table=["R5 R6 R7", "B5 R5 O5"], melded=[True, True])
    action = agent_move(state)
    assert isinstance(action, Play)
    assert sorted(faces(state, action)) == ["B5 R5 O5 K5", "O9 O10 O11", "R5 R6 R7 R8"]
    GAME.apply(state, 0, action)


def test_the_easy_level_never_rearranges_the_table():
    # R4 and K12 extend the two runs; every old set stays whole and in order (the joker too).
    state = position(["R4 K12", "B1"], table=["R5 R6 R7", "K9 J K11"], melded=[True, True], pool="")
    action = agent_move(state, level="easy")
    assert isinstance(action, Play)
    old = [row.split() for row in ("R5 R6 R7", "K9 J K11")]
    new = [row.split() for row in faces(state, action)]
    assert sorted(faces(state, action)) == ["K9 J K11 K12", "R4 R5 R6 R7"]
    for row in old:
        assert any(row == new_row[i:i + len(row)] for new_row in new for i in range(len(new_row)))
    GAME.apply(state, 0, action)


def test_with_nothing_to_play_and_the_pool_empty_it_passes_legally():
    state = position(["K1 O13", "B2"], table=["R5 R6 R7"], melded=[True, True], pool="")
    assert agent_move(state) == Pass()
    GAME.apply(state, 0, Pass())


def test_it_declines_a_redeal_and_is_silent_out_of_turn():
    state = GAME.new_game(RummikubConfig(), ("A", "B", "C", "D"), 0)  # seat 2 is offered a redeal
    assert state.phase == "redeal"
    asked = state.redeal_asking[0]
    assert agent_move(state, asked) == Redeal(demand=False)
    others = [s for s in range(4) if s != state.current]
    assert all(agent_move(state, s) is None for s in others)


def test_the_normal_level_rearranges_the_table_to_lay_more():
    # R4 alone fits nowhere; taking R5 from the group and R6 from the run's start makes R4 R5 R6.
    state = position(["R4 K13", "B1"], table=["R5 B5 O5 K5", "R6 R7 R8 R9"], melded=[True, True], pool="")
    action = agent_move(state)
    assert isinstance(action, Play)
    rows = faces(state, action)
    assert sorted(sorted(row.split()) for row in rows) == [["B5", "K5", "O5"], ["R4", "R5", "R6", "R7", "R8", "R9"]]
    assert "R4 R5 R6 R7 R8 R9" in rows  # the run in order
    GAME.apply(state, 0, action)


def test_the_strong_level_goes_out_when_it_can():
    state = position(["R4 R8", "B1"], table=["R5 R6 R7"], melded=[True, True])
    action = agent_move(state, level="strong")
    after = GAME.apply(state, 0, action).state
    assert after.phase == "over" and after.end.winners == (0,)
