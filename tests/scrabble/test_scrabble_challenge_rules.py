"""Challenges at the edges of the rules (RULES.md §3.8, §3.9): the play that goes out, lost
turns in games of 3 and 4, and what a challenged-off player may not learn about the bag."""

from __future__ import annotations

from scrabble_builder import act, place, position

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.records.journal import load_journal, replay
from tilegames.core.parts.lexicon import lexicon_for
from tilegames.core.kernel.session import LocalSession
from tilegames.games.scrabble.game import GAME

from tilegames.games.scrabble.actions import Challenge, Pass, Place, Placement
from tilegames.games.scrabble.config import ScrabbleConfig


# --- the play that goes out ---------------------------------------------------------------------

def going_out(mode: str):
    """Ann goes out with S on J8 (CATS, 3+1+1+1 = 6); Bora holds Q Z E (21)."""
    state = position(["S", "QZE"], board={"8G": "CAT"}, bag="", scores=[100, 120],
                     config=ScrabbleConfig(challenge_mode=mode))
    return act(state, place(state, "8G", "CATS")).state


def test_penalty_challenge_of_the_going_out_play_still_costs_the_challenger():
    out = going_out("penalty")
    assert out.awaiting_final_challenge
    outcome = act(out, Challenge(), seat=1)
    end = outcome.state.end
    assert end.reason == "out" and end.out_seat == 0
    assert end.before_adjustment == (106, 115)  # Bora: 120 - 5 for the one word challenged
    assert end.scores == (106 + 21, 115 - 21)
    assert outcome.events[0].text == "Bora challenged CATS: all valid. Bora loses 5 points."


def test_double_or_single_challenge_of_the_going_out_play_costs_nothing_more_the_game_is_over():
    for mode in ("double", "single"):
        end = act(going_out(mode), Challenge(), seat=1).state.end
        assert end.before_adjustment == (106, 120) and end.scores == (127, 99)


# --- turns lost to a failed `double` challenge in games of 3 and 4 ------------------------------

def zax_challenged_by(challenger: int, players: int, stall_rule: str = "all_pass_twice"):
    """Ann plays ZAX (valid); `challenger` challenges it and loses their next turn."""
    racks = ["ZAXRSTE", "AEIOULN", "BCDFGHI", "EEIOUAR"][:players]
    state = position(racks, config=ScrabbleConfig(challenge_mode="double", stall_rule=stall_rule))
    played = act(state, place(state, "8G", "ZAX")).state
    return act(played, Challenge(), seat=challenger).state


def passes(state, count: int):
    events = []
    for _ in range(count):
        outcome = act(state, Pass())
        state, events = outcome.state, events + list(outcome.events)
    return state, events


def test_a_turn_lost_by_a_challenger_who_is_not_next_counts_as_a_pass_when_it_is_skipped():
    state = zax_challenged_by(2, players=3)  # Chul challenged; Bora plays next, then Chul is skipped
    assert state.passes == 0
    state, events = passes(state, 1)  # Bora passes, Chul's turn is lost: 2 of the 6 (2N)
    assert state.passes == 2 and state.scoreless == 2 and state.order.current == 0
    assert [(e.kind, e.seat) for e in events] == [("pass", 1), ("turn_lost", 2)]
    assert events[1].text == "Chul's turn is lost (failed challenge)."
    state, _ = passes(state, 3)  # Ann, Bora, Chul
    assert state.end is None
    state, _ = passes(state, 1)  # Ann: the 6th, counting Chul's lost turn
    assert state.end is not None and state.end.reason == "stalled"


def test_a_turn_lost_by_the_next_player_counts_at_once_and_says_so():
    state = zax_challenged_by(1, players=3)  # Bora is next: her turn is lost now
    assert state.order.current == 2 and state.passes == 1 and state.scoreless == 1


def test_six_scoreless_with_four_players_counts_a_turn_lost_to_a_challenge_among_the_3n():
    state = zax_challenged_by(3, players=4, stall_rule="six_scoreless")  # Dan challenged; Bora is next
    state, _ = passes(state, 2)  # Bora, Chul, (Dan's turn lost): 3 scoreless turns
    assert state.scoreless == 3 and state.order.current == 0
    state, _ = passes(state, 8)  # Ann ... : 11 of the 12 (3N)
    assert state.end is None
    state, _ = passes(state, 1)
    assert state.end is not None and state.end.reason == "stalled"


def test_a_turn_already_lost_is_not_lost_again_when_the_play_before_it_comes_off():
    state = zax_challenged_by(2, players=3)  # Chul will be skipped after Bora
    outcome = act(state, place(state, "H7", "LAE"))  # Bora's phony LAE; Chul's turn is lost
    assert [(e.kind, e.seat) for e in outcome.events] == [("play", 1), ("turn_lost", 2)]
    taken_off = act(outcome.state, Challenge(), seat=0)  # Ann, next to play, challenges it
    assert [e.kind for e in taken_off.events] == ["challenge.won"]
    assert taken_off.state.order.current == 0 and not taken_off.state.order.lose_next
    assert taken_off.state.passes == 2  # Bora's turn lost to the challenge, and Chul's


# --- secrecy: what the phony's player drew goes back, shuffled ----------------------------------

def test_the_tiles_drawn_after_a_phony_go_back_and_the_bag_is_reshuffled_so_the_next_draw_differs():
    state = position(["ZAQRSTE", "AEIOULN"])
    after = act(state, place(state, "8G", "ZAQ")).state
    seen = [t for t in after.racks[0] if t not in state.racks[0]]  # the 3 tiles Ann drew
    assert list(state.bag.tiles[:3]) == seen
    new = act(after, Challenge(), seat=1).state
    assert new.racks == state.racks and sorted(new.bag.tiles) == sorted(state.bag.tiles)
    assert set(new.bag.tiles[:3]) != set(seen)  # Bora does not draw exactly what Ann saw
    assert act(after, Challenge(), seat=1).state == new  # the shuffle is fixed by the game's seed


def test_a_game_with_a_phony_challenged_off_replays_exactly_from_its_journal(tmp_path):
    path = tmp_path / "game.jsonl"
    session = LocalSession.start(GAME, ScrabbleConfig(), ("Ann", "Bora"), 7, path=path, clock=FakeClock())
    seat = session.current_seat
    rack, words = session.controller.state.racks[seat], lexicon_for(None)
    a, b = next((a, b) for a in rack for b in rack if a != b and f"{a.face}{b.face}" not in words and "?" not in a.face + b.face)
    session.act(seat, Place((Placement(a.id, 7, 7, a.face), Placement(b.id, 7, 8, b.face))))
    events = session.act(1 - seat, Challenge())
    assert events[0].kind == "challenge.won"
    assert replay(load_journal(path), GAME) == session.controller.state
