"""Whole games: seeded games between computer players run to a legal end (headless, and through
the turn controller and a journaled session), and property tests on random play: no tile of any
colour is ever lost or duplicated, and a refused build changes nothing."""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from game_helpers import apply_or_unchanged, play_through_session
from nab_builder import assert_conserved

from tilegames.core.agents import agent_for, play_out, seat_view
from tilegames.core.parts.lexicon import lexicon_for
from tilegames.core.kernel.session import LocalSession
from tilegames.games.nabit import agent as agent_module
from tilegames.games.nabit.actions import Build, Exchange, Pass, Placement
from tilegames.games.nabit.board import spell, words_on
from tilegames.games.nabit.config import MAX_HEIGHT, NabItConfig
from tilegames.games.nabit.draft import Announce, PutTile
from tilegames.games.nabit.game import GAME
from tilegames.games.nabit.scoring import scores
from tilegames.games.nabit.state import NabState

BUDGET = 0.3  # seconds per move: enough for good moves, short enough for the suite


def assert_legal_position(state: NabState) -> None:
    """What holds after every turn: tiles conserved, stacks legal, every word a word with one
    controller."""
    assert_conserved(state)
    cells = state.cells()
    lexicon = lexicon_for(state.config.word_list)
    assert set(words_on(cells)) == set(state.controllers())
    for word in words_on(cells):
        assert len(word) >= state.config.min_word_len and spell(cells, word) in lexicon
    for stack in state.grid:
        assert 1 <= stack.height <= MAX_HEIGHT
        letters = [layer.letter for layer in stack.layers]
        assert all(a != b for a, b in zip(letters, letters[1:]))  # never a letter on the same letter


def assert_legal_end(state: NabState) -> None:
    end = state.end
    assert end is not None
    assert_legal_position(state)
    players = len(state.seats)
    if end.reason == "out":
        assert not state.hands[end.out_seat] and not len(state.bags[end.out_seat])
    else:
        assert state.idle >= 2 * players
    assert end.scores == scores(state.controllers(), [len(b) for b in state.banks], end.out_seat)
    best = max(end.scores)
    assert set(end.winners) <= {s for s, v in enumerate(end.scores) if v == best}


STANDARD = NabItConfig()
ANY_STEAL = NabItConfig(bank_trigger="any_steal", require_last_tile_announce=True)
FAMILY = NabItConfig(min_word_len=3, family_words=True)
# Each option set and each number of players in at least one game; each game takes seconds.
GAMES = [(STANDARD, 2), (STANDARD, 4), (ANY_STEAL, 3), (FAMILY, 2), (FAMILY, 4)]


@pytest.mark.parametrize("config, players", GAMES,
                         ids=["standard-2", "standard-4", "any_steal+announce-3", "3 letters+family-2",
                              "3 letters+family-4"])
def test_seeded_games_between_computer_players_end_legally_with_every_move_accepted(config, players):
    start = GAME.new_game(config, tuple(f"P{i}" for i in range(players)), 10 * players + len(str(config)))
    out = play_out(GAME, start, [agent_for("nabit") for _ in range(players)], time_budget=BUDGET)  # raises on a refusal
    assert_legal_end(out.state)
    assert {a.kind for _, a in out.moves} <= {"build", "exchange", "pass"}
    assert sum(1 for _, a in out.moves if a.kind == "build") >= players


def _edits_for(session: LocalSession, seat: int, action: Build) -> None:
    """Put the build's tiles down one by one in the draft, as a screen would."""
    for p in action.tiles:
        session.edit(seat, PutTile(p.tile, p.row, p.col, p.letter))
    if action.announce:
        session.edit(seat, Announce(True))


@pytest.mark.parametrize("seed, players", [(1, 2), (2, 4)])
def test_a_game_through_the_controller_and_a_journaled_session_ends_legally_and_replays(tmp_path, seed, players):
    final = play_through_session(GAME, NabItConfig(turn_seconds=60), tuple(f"P{i}" for i in range(players)), seed,
                                 tmp_path / "nabit.jsonl", agent=agent_for("nabit"), budget=BUDGET, drafted=Build,
                                 lay_out=_edits_for, ready=lambda view: view["preview"]["valid"],
                                 check=assert_legal_position)
    assert_legal_end(final)


# --- property tests ------------------------------------------------------------------------

def _random_build(state: NabState, seat: int, data: st.DataObject) -> Build:
    """A build a careless player might try: some hand tiles on cells on or near the grid."""
    hand = list(state.hands[seat])
    cells = sorted(state.cells()) or [(0, 0)]
    chosen = data.draw(st.lists(st.sampled_from(hand), min_size=1, max_size=len(hand), unique=True)) if hand else []
    placements = []
    for tile in chosen:
        r, c = data.draw(st.sampled_from(cells))
        dr, dc = data.draw(st.sampled_from([(0, 0), (0, 1), (1, 0), (0, -1), (-1, 0), (0, 2)]))
        letter = data.draw(st.sampled_from("AESTQ")) if tile.face.endswith("?") else tile.face[-1]
        placements.append(Placement(tile.id, r + dr, c + dc, letter))
    return Build(tuple(placements))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), data=st.data())
def test_random_play_never_loses_a_tile_of_any_colour_and_a_refused_build_changes_nothing(seed, players, data):
    config = NabItConfig(bank_trigger=data.draw(st.sampled_from(["cap", "any_steal"])))
    state = GAME.new_game(config, tuple(f"P{i}" for i in range(players)), seed)
    agent = agent_for("nabit")
    for _ in range(data.draw(st.integers(5, 30))):
        seat = state.current
        if seat is None:
            break
        choice = data.draw(st.sampled_from(["agent", "agent", "random", "random", "exchange", "pass"]))
        if choice == "agent":
            with mock.patch.object(agent_module, "MAX_SECONDS", 60.0):  # no deadline: the same move every run
                action = agent.choose(seat_view(GAME, state, seat), 60.0)
        elif choice == "exchange":
            hand = state.hands[seat]
            action = Exchange(tuple(t.id for t in hand[: data.draw(st.integers(0, len(hand)))]))
        elif choice == "pass":
            action = Pass()
        else:
            action = _random_build(state, seat, data)
        after = apply_or_unchanged(GAME, state, seat, action)
        if after is not None:
            state = after
            assert_legal_position(state)
