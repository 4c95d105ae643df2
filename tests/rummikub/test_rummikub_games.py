"""Whole Rummikub games: seeded bot games to a legal end, and property tests on random play."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.errors import IllegalMove
from tilegames.core.records.journal import JournalHeader, load_journal, replay
from tilegames.core.records.journal_writer import JournalWriter
from tilegames.core.parts.table_rows import JoinRows, MoveTile, SplitRow
from tilegames.games.rummikub.actions import Play
from tilegames.games.rummikub.bot import choose_action
from tilegames.games.rummikub.config import RummikubConfig, preset
from tilegames.games.rummikub.game import GAME
from tilegames.games.rummikub.notation import full_set
from tilegames.games.rummikub.state import RummikubState

MAX_TURNS = 3000


def assert_conserved(state: RummikubState) -> None:
    ids = [t.id for t in state.bag.tiles] + [t.id for r in state.racks for t in r]
    ids += [t.id for row in state.table for t in row]
    assert sorted(ids) == [t.id for t in full_set(state.edition)]


def assert_zero_sum(state: RummikubState) -> None:
    scores, winners = state.end.scores, state.end.winners
    # Co-winners of a stuck game split the total and drop what does not divide.
    assert -(len(winners) - 1) <= sum(scores) <= 0
    if len(winners) == 1:
        assert sum(scores) == 0


def bot_game(config: RummikubConfig, players: int, seed: int, level: str = "easy") -> RummikubState:
    state = GAME.new_game(config, tuple(f"P{i}" for i in range(players)), seed)
    for _ in range(MAX_TURNS):
        if state.phase == "over":
            return state
        state = GAME.apply(state, state.current, choose_action(state, state.current, level)).state
        assert_conserved(state)
    raise AssertionError("the game did not end")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=st.fixed_dictionaries({
        "profile": st.sampled_from(["sabra", "tournament"]),
        "manipulate_on_meld_turn": st.booleans(),
        "joker_sub_from_table": st.booleans(),
        "joker_free_by_rearrange": st.booleans(),
        "joker_group_needs_both": st.booleans(),
        "penalty_swap_own_tiles": st.booleans(),
        "pool_empty_end": st.sampled_from(["first_stuck", "all_stuck"]),
    }),
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
)
def test_the_automatic_player_never_has_a_move_refused_under_any_options(options, players, seed):
    # The normal level: the solver's plays, rearranging the table, checked against each option.
    state = bot_game(RummikubConfig(**options), players, seed, "normal")  # GAME.apply raises on a refusal
    assert state.phase == "over"


@pytest.mark.parametrize("profile", ["sabra", "tournament"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_seeded_bot_game_runs_to_a_legal_end(profile, players):
    for seed in range(2):
        state = bot_game(preset(profile), players, seed)
        assert state.end.reason in ("out", "stuck")
        assert state.edition == ("xp" if players == 6 else "standard")
        assert_zero_sum(state)
        if state.end.reason == "out":
            assert not state.racks[state.end.winners[0]]


def test_same_seed_same_game():
    a, b = bot_game(preset("sabra"), 3, 11), bot_game(preset("sabra"), 3, 11)
    assert a == b


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_play_conserves_tiles_and_illegal_moves_change_nothing(data):
    players = data.draw(st.integers(2, 6), label="players")
    profile = data.draw(st.sampled_from(["sabra", "tournament"]))
    state = GAME.new_game(preset(profile), tuple(f"P{i}" for i in range(players)), data.draw(st.integers(0, 999)))
    for _ in range(data.draw(st.integers(0, 400), label="turns")):
        if state.phase == "over":
            assert_zero_sum(state)
            break
        seat = state.current
        if data.draw(st.booleans()):
            # A random (almost always illegal) table from table and rack tiles.
            pool = [t.id for row in state.table for t in row] + [t.id for t in state.racks[seat]]
            rows = data.draw(st.lists(st.lists(st.sampled_from(pool) if pool else st.just(0), max_size=5), max_size=4))
            before = pickle.dumps(state)
            try:
                state = GAME.apply(state, seat, Play(tuple(tuple(r) for r in rows))).state
            except IllegalMove as exc:
                assert exc.reasons and all(r.endswith((".", "!")) for r in exc.reasons), exc.reasons
                assert pickle.dumps(state) == before
        else:
            state = GAME.apply(state, seat, choose_action(state, seat)).state
        assert_conserved(state)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_edits_and_timeouts_roll_back_exactly_and_replay_from_the_journal(data, tmp_path_factory):
    folder = tmp_path_factory.mktemp("journal", numbered=True)
    config = RummikubConfig()
    seats = ("Ann", "Bora", "Chul")
    seed = data.draw(st.integers(0, 999))
    writer = JournalWriter.create(folder / "g.jsonl", JournalHeader("rummikub", GAME.config_to_json(config), seed, seats))
    ctl = TurnController(GAME, GAME.new_game(config, seats, seed), clock=FakeClock(), journal=writer)
    for _ in range(data.draw(st.integers(1, 60))):
        if ctl.is_over:
            break
        seat = ctl.seat
        if ctl.state.phase == "redeal":
            ctl.act(seat, choose_action(ctl.state, seat))
            continue
        snapshot = ctl.snapshot
        for _ in range(data.draw(st.integers(0, 6))):
            tiles = list(ctl.draft.rack) + [t for r in ctl.draft.rows for t in r]
            kind = data.draw(st.sampled_from(["move", "split", "join"]))
            try:
                if kind == "move":
                    t = data.draw(st.sampled_from(tiles))
                    ctl.edit(seat, MoveTile(t.id, data.draw(st.one_of(st.none(), st.integers(0, len(ctl.draft.rows))))))
                elif kind == "split":
                    ctl.edit(seat, SplitRow(data.draw(st.integers(0, 5)), data.draw(st.integers(1, 4))))
                else:
                    ctl.edit(seat, JoinRows(data.draw(st.integers(0, 5)), data.draw(st.integers(0, 5))))
            except IllegalMove:
                pass
        if data.draw(st.booleans()):
            touched = ctl.draft_changed()
            ctl.clock.advance(60)
            ctl.tick()
            state = ctl.state
            assert state.table == snapshot.table
            assert state.racks[seat][: len(snapshot.racks[seat])] == snapshot.racks[seat]
            expected = min(3 if touched else 1, len(snapshot.bag))
            assert len(state.racks[seat]) == len(snapshot.racks[seat]) + expected or state.phase == "over"
        else:
            ctl.undo_all(seat)
            ctl.act(seat, choose_action(ctl.state, seat))
        assert_conserved(ctl.state)
    assert replay(load_journal(writer.path)) == ctl.state
