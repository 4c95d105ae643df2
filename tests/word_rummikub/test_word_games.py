"""Whole games: seeded games between computer players run to a legal end (headless, and through
the turn controller and a journaled session), and property tests on random play: no tile is
ever lost or duplicated, and a refused commit changes nothing."""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from game_helpers import apply_or_unchanged, play_through_session

from tilegames.core.agents import agent_for, play_out, seat_view
from tilegames.core.kernel.session import LocalSession
from tilegames.core.parts.table_rows import MoveTile
from tilegames.games.word_rummikub import agent as agent_module
from tilegames.games.word_rummikub.actions import Draw, JokerLetter, Pass, Play
from tilegames.games.word_rummikub.config import JOKER_PENALTY, WordRummikubConfig
from tilegames.games.word_rummikub.draft import NameJoker
from tilegames.games.word_rummikub.game import GAME
from tilegames.games.word_rummikub.state import WordState
from tilegames.games.word_rummikub.tiles import full_set, is_joker

ALL_IDS = sorted(t.id for t in full_set(None))


def assert_conserved(state: WordState) -> None:
    ids = [t.id for t in state.bag.tiles] + [t.id for r in state.racks for t in r]
    ids += [t.id for row in state.table.rows for t in row]
    assert sorted(ids) == ALL_IDS


def assert_legal_end(state: WordState) -> None:
    end = state.end
    assert end is not None and not len(state.bag)
    assert_conserved(state)
    jokers = tuple(sum(1 for t in rack if is_joker(t)) for rack in state.racks)
    assert end.jokers_left == jokers
    assert end.scores == tuple(s - JOKER_PENALTY * j for s, j in zip(state.scores, jokers))
    if end.reason == "out":
        assert not state.racks[end.out_seat]
    else:
        assert state.idle >= len(state.seats)
    if state.config.winner_rule == "points" or end.out_seat is None:
        assert end.winners == tuple(s for s, v in enumerate(end.scores) if v == max(end.scores))
    table_words = [row for row in state.table.rows]
    assert all(len(row) >= state.config.min_word_len for row in table_words)


STANDARD = WordRummikubConfig()
VOID = WordRummikubConfig(word_check="void", first_meld_extra_words=True)
HARD = WordRummikubConfig(min_word_len=4, skip_next_turn_on_misspell=True, joker_sub_from_table=False)
FAMILY = WordRummikubConfig(family_words=True, longest_needs_rack_tile=False, winner_rule="first_out")
# Each option set in a game, and each number of players in two.
GAMES = [(STANDARD, 2), (STANDARD, 4), (VOID, 3), (HARD, 2), (HARD, 4), (FAMILY, 3)]


@pytest.mark.parametrize("config, players", GAMES,
                         ids=["standard-2", "standard-4", "void+extra-3", "hard-2", "hard-4", "family+first_out-3"])
def test_seeded_games_between_computer_players_end_legally_with_every_move_accepted(config, players):
    start = GAME.new_game(config, tuple(f"P{i}" for i in range(players)), 10 * players)
    out = play_out(GAME, start, [agent_for("word-rummikub") for _ in range(players)])  # raises on a refusal
    assert_legal_end(out.state)
    assert {a.kind for _, a in out.moves} <= {"draw", "play", "pass"}
    assert not [e for e in out.events if e.kind == "misspell"]  # never penalised either
    assert sum(1 for _, a in out.moves if a.kind == "play") >= players


def _edits_for(session: LocalSession, seat: int, action: Play) -> None:
    """Send the edits that lay out `action` in the draft, as a screen would: each word is
    started as a new row and filled tile by tile; then the jokers are named."""
    for row in action.words:
        rows = session.view(seat)["table"]
        session.edit(seat, MoveTile(row[0], len(rows)))
        for tile_id in row[1:]:
            rows = session.view(seat)["table"]
            target = next(i for i, r in enumerate(rows) if r["tiles"][0]["id"] == row[0])
            session.edit(seat, MoveTile(tile_id, target))
    for joker in action.jokers:
        session.edit(seat, NameJoker(joker.tile_id, joker.letter))


@pytest.mark.parametrize("seed, players", [(1, 2), (2, 3)])
def test_a_game_through_the_controller_and_a_journaled_session_ends_legally_and_replays(tmp_path, seed, players):
    final = play_through_session(GAME, WordRummikubConfig(), tuple(f"P{i}" for i in range(players)), seed,
                                 tmp_path / "word.jsonl", agent=agent_for("word-rummikub"), budget=1.0, drafted=Play,
                                 lay_out=_edits_for, ready=lambda view: view["would_score"] is not None,
                                 check=assert_conserved)
    assert_legal_end(final)


# --- property tests ------------------------------------------------------------------------

def _random_play(state: WordState, seat: int, data: st.DataObject) -> Play:
    """A commit a careless player might try: the table's words, some shuffled or cut, some rack
    tiles in new or old rows, jokers named at random."""
    rows = [list(row) for row in state.table.rows]
    rack = list(state.racks[seat])
    for tile in data.draw(st.lists(st.sampled_from(rack), max_size=5, unique=True)) if rack else []:
        if rows and data.draw(st.booleans()):
            row = data.draw(st.sampled_from(rows))
            row.insert(data.draw(st.integers(0, len(row))), tile)
        else:
            rows.append([tile])
    if rows and data.draw(st.booleans()):
        row = data.draw(st.sampled_from(rows))
        data.draw(st.randoms()).shuffle(row)
    if rows and data.draw(st.booleans()):
        rows.pop(data.draw(st.integers(0, len(rows) - 1)))  # tiles off the table: refused
    jokers = tuple(JokerLetter(t.id, data.draw(st.sampled_from("AEST"))) for row in rows for t in row if is_joker(t))
    return Play(tuple(tuple(t.id for t in row) for row in rows if row), jokers)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), data=st.data())
def test_random_play_never_loses_a_tile_and_a_refused_commit_changes_nothing(seed, players, data):
    config = WordRummikubConfig(word_check=data.draw(st.sampled_from(["turn_end_penalty", "void"])))
    state = GAME.new_game(config, tuple(f"P{i}" for i in range(players)), seed)
    agent = agent_for("word-rummikub")
    for _ in range(data.draw(st.integers(5, 40))):
        seat = state.current
        if seat is None:
            break
        choice = data.draw(st.sampled_from(["agent", "random", "random", "draw"]))
        if choice == "agent":
            with mock.patch.object(agent_module, "MAX_SECONDS", 60.0):  # no deadline: the same move every run
                action = agent.choose(seat_view(GAME, state, seat), 60.0)
        elif choice == "draw":
            action = Draw() if len(state.bag) else Pass()
        else:
            action = _random_play(state, seat, data)
        after = apply_or_unchanged(GAME, state, seat, action)
        if after is not None:
            state = after
            assert_conserved(state)
