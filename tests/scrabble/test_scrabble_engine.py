"""Scrabble rules through the engine (RULES.md §3.3-3.9)."""

from __future__ import annotations

import json
import pickle

import pytest
from scrabble_builder import place, position

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.errors import IllegalMove
from tilegames.games.scrabble.actions import AcceptPlay, Challenge, Exchange, Pass, Place, Placement, Timeout
from tilegames.games.scrabble.config import ScrabbleConfig, preset
from tilegames.games.scrabble.draft import PutTile
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.setup import first_player
from tilegames.core.parts.tiles import Bag
from tilegames.games.scrabble.tiles import rack_value



def apply(state, action, seat=None):
    return GAME.apply(state, state.order.current if seat is None else seat, action)


def rejected(state, action, seat=None) -> tuple[str, ...]:
    before = pickle.dumps(state)
    with pytest.raises(IllegalMove) as err:
        apply(state, action, seat)
    assert pickle.dumps(state) == before
    return err.value.reasons


# --- setup ------------------------------------------------------------------------------------

def test_seven_tiles_each_and_100_in_all():
    state = GAME.new_game(ScrabbleConfig(), ("Ann", "Bora", "Chul"), 4)
    assert [len(r) for r in state.racks] == [7, 7, 7]
    assert len(state.bag) + 21 == 100


def test_blank_beats_every_letter_then_nearest_to_a_and_ties_draw_again():
    from scrabble_builder import Tiles

    tiles = Tiles()
    first, draws, bag = first_player(Bag(tiles.take("CA?B"), 0), 3)
    assert first == 2 and draws == ((0, "C"), (1, "A"), (2, "?"))
    tiles = Tiles()
    first, draws, _ = first_player(Bag(tiles.take("AAZDB"), 0), 3)
    assert draws == ((0, "A"), (1, "A"), (2, "Z"), (0, "D"), (1, "B")) and first == 1


def test_player_counts():
    with pytest.raises(ValueError, match="2 to 4"):
        GAME.new_game(ScrabbleConfig(), ("Solo",), 1)
    with pytest.raises(ValueError, match="2 players"):
        GAME.new_game(preset("tournament"), ("A", "B", "C"), 1)


# --- placement --------------------------------------------------------------------------------

def test_first_play_scored_exactly_and_drawn_back_to_seven():
    state = position(["QUIZERS", "AEIOULN"])
    outcome = apply(state, place(state, "8E", "QUIZ"))
    # Q 10, U 1, I 1, Z 10 on the star (DW): (10+1+1+10) x 2 = 44
    assert outcome.state.scores == (44, 0)
    assert len(outcome.state.racks[0]) == 7
    assert outcome.events[0].text == "Ann played QUIZ for 44."


def test_first_play_must_cover_the_centre_star_with_two_tiles():
    state = position(["QUIZERS", "AEIOULN"])
    assert rejected(state, place(state, "7D", "QUIZ")) == ("The first word must cover the centre star (H8).",)
    assert rejected(state, place(state, "8H", "Q")) == ("The first word needs at least two tiles.",)


def test_tiles_must_be_in_one_line_without_gaps_and_touch_the_board():
    state = position(["ATSERIN", "AEIOULN"], board={"8G": "CAT"})
    a, t = [t for t in state.racks[0] if t.face in "AT"][:2]
    diagonal = Place((Placement(a.id, 8, 8, "A"), Placement(t.id, 9, 9, "T")))
    assert rejected(state, diagonal) == ("The tiles must be in one row or one column.",)
    gap = Place((Placement(a.id, 9, 6, "A"), Placement(t.id, 9, 9, "T")))
    assert rejected(state, gap) == ("The tiles must form one word with no gaps.",)
    assert rejected(state, place(state, "2A", "SAT")) == ("The word must touch a tile already on the board.",)


def test_tiles_must_come_from_the_rack_and_land_on_empty_squares():
    state = position(["ATSERIN", "AEIOULN"], board={"8G": "CAT"})
    other = state.racks[1][0]
    assert "from your rack" in rejected(state, Place((Placement(other.id, 6, 7, "A"),)))[0]
    mine = state.racks[0][0]
    assert rejected(state, Place((Placement(mine.id, 7, 7, mine.face),))) == ("H8 is already covered.",)


def test_blank_takes_the_chosen_letter_for_good_and_scores_zero():
    state = position(["?ATSERN", "AEIOULN"])
    outcome = apply(state, place(state, "8G", "cAT"))
    board = outcome.state.cells()
    assert board[(7, 6)] == "c"
    assert outcome.state.scores[0] == (0 + 1 + 1) * 2


def test_void_mode_rejects_a_phony_at_once_naming_it():
    state = position(["ZAXQRST", "AEIOULN"], config=ScrabbleConfig(challenge_mode="void"))
    assert rejected(state, place(state, "8G", "ZAQ")) == ("ZAQ is not a word.",)
    assert apply(state, place(state, "8G", "ZAX")).state.scores[0] > 0


# --- exchange and pass ------------------------------------------------------------------------

def test_exchange_draws_first_then_returns_and_scores_nothing():
    state = position(["QQAEIOU"[1:] + "Z", "AEIOULN"])
    q = state.racks[0][0]
    outcome = apply(state, Exchange((q.id,)))
    new = outcome.state
    assert q not in new.racks[0] and len(new.racks[0]) == 7
    assert new.racks[0][-1] == state.bag.tiles[0]
    assert sorted(new.bag.tiles) == sorted(state.bag.tiles[1:] + (q,))
    assert new.scores == (0, 0) and new.order.current == 1
    assert "returned" not in json.dumps(outcome.events[0].for_seat(1))


def test_exchange_is_refused_with_fewer_than_seven_in_the_bag():
    state = position(["QAEIOUZ", "AEIOULN"], bag="ABCDEF")
    reasons = rejected(state, Exchange((state.racks[0][0].id,)))
    assert reasons == ("You can only exchange while the bag holds at least 7 tiles; it holds 6.",)


# --- challenges ---------------------------------------------------------------------------------

def played_phony(mode="double", players=2):
    racks = ["ZAQRSTE", "AEIOULN", "BCDFGHI"][:players]
    state = position(racks, config=ScrabbleConfig(challenge_mode=mode))
    return state, apply(state, place(state, "8G", "ZAQ")).state


def played_word(mode="double", players=2):
    racks = ["ZAXRSTE", "AEIOULN", "BCDFGHI"][:players]
    state = position(racks, config=ScrabbleConfig(challenge_mode=mode))
    return state, apply(state, place(state, "8G", "ZAX")).state


@pytest.mark.parametrize("mode", ["double", "single", "penalty"])
def test_successful_challenge_takes_the_play_off_and_rolls_back_exactly(mode):
    before, after = played_phony(mode)
    outcome = apply(after, Challenge(), seat=1)
    new = outcome.state
    assert new.board == before.board and new.racks == before.racks
    assert sorted(new.bag.tiles) == sorted(before.bag.tiles)  # the same tiles, reshuffled
    assert new.scores == before.scores
    assert new.order.current == 1  # Ann's turn is lost
    assert "ZAQ is not a word" in outcome.events[0].text


def test_failed_double_challenge_costs_the_challenger_the_next_turn():
    _, after = played_word("double")
    new = apply(after, Challenge(), seat=1).state
    assert new.scores[0] > 0 and new.order.current == 0  # Bora's turn is lost: Ann again


def test_failed_double_challenge_in_three_players_skips_the_challenger_once():
    _, after = played_word("double", players=3)
    new = apply(after, Challenge(), seat=2).state
    assert new.order.current == 1
    new = apply(new, Pass()).state
    assert new.order.current == 0  # Chul is skipped once


def test_failed_single_challenge_has_no_penalty():
    _, after = played_word("single")
    new = apply(after, Challenge(), seat=1).state
    assert new.order.current == 1 and new.scores[1] == 0


def test_failed_penalty_challenge_costs_five_points_per_word():
    _, after = played_word("penalty")
    new = apply(after, Challenge(), seat=1).state
    assert new.scores[1] == -5 and new.order.current == 1


def test_no_challenge_in_void_mode_or_after_the_next_player_begins():
    _, after = played_word("void")
    assert "void" in rejected(after, Challenge(), seat=1)[0]
    _, after = played_word("double")
    moved = apply(after, Pass()).state
    assert "no play to challenge" in rejected(moved, Challenge(), seat=0)[0]
    assert "own play" in rejected(after, Challenge(), seat=0)[0]


# --- endings ------------------------------------------------------------------------------------

def test_all_pass_twice_ends_after_2n_passes_and_an_exchange_resets_the_count():
    state = position(["AEIOUZQ", "AEIOULN"])
    for _ in range(3):
        state = apply(state, Pass()).state
    state = apply(state, Exchange((state.racks[state.order.current][0].id,))).state
    for _ in range(3):
        state = apply(state, Pass()).state
    assert state.end is None
    state = apply(state, Pass()).state
    assert state.end.reason == "stalled"
    assert state.end.adjustments[0] == -rack_value("AEIOUZQ")  # each player loses their own rack


def test_six_scoreless_turns_end_a_tournament_game_exchanges_included():
    state = position(["AEIOUZQ", "AEIOULN"], config=preset("tournament"))
    for i in range(5):
        state = apply(state, Exchange((state.racks[state.order.current][0].id,)) if i % 2 else Pass()).state
    assert state.end is None
    state = apply(state, Pass()).state
    assert state.end.reason == "stalled"


def test_play_out_waits_for_a_challenge_then_hasbro_adjustments():
    state = position(["AT", "QZE"], board={"8G": "CAT"}, bag="", scores=[100, 120])
    outcome = apply(state, place(state, "H9", "AT"))  # AAT down through CAT's A; Bora lets it stand
    new = outcome.state
    assert new.awaiting_final_challenge and new.end is None
    done = apply(new, AcceptPlay(), seat=1).state
    end = done.end
    assert end.reason == "out" and end.out_seat == 0
    assert end.adjustments == (21, -21)
    assert end.scores == (end.before_adjustment[0] + 21, 120 - 21)


def test_naspa_two_player_end_gives_twice_the_rack_and_no_deduction():
    state = position(["AT", "QZE"], board={"8G": "CAT"}, bag="", scores=[100, 120], config=preset("tournament"))
    new = apply(state, place(state, "H9", "AT")).state
    end = apply(new, AcceptPlay(), seat=1).state.end
    assert end.adjustments == (42, 0)


def test_tie_goes_to_the_higher_score_before_adjustments():
    state = position(["E", "E"], bag="", scores=[50, 50])
    for _ in range(4):
        state = apply(state, Pass()).state
    assert state.end.scores == (49, 49) and len(state.end.winners) == 2  # a real draw
    state = position(["E", "Q"], bag="", scores=[60, 69])
    for _ in range(4):
        state = apply(state, Pass()).state
    assert state.end.scores == (59, 59) and state.end.winners == (1,)


# --- clock, views -------------------------------------------------------------------------------

def test_timeout_puts_the_tiles_back_and_the_turn_is_lost():
    state = position(["QUIZERS", "AEIOULN"], config=ScrabbleConfig(turn_seconds=60))
    ctl = TurnController(GAME, state, clock=FakeClock())
    q = state.racks[0][0]
    ctl.edit(0, PutTile(q.id, 7, 7, "Q"))
    ctl.clock.advance(60)
    ctl.tick()
    assert ctl.state.board == () and ctl.state.racks[0] == state.racks[0] and ctl.seat == 1


def test_view_hides_other_racks_and_counts_unseen_tiles():
    state = position(["QUIZERS", "AEIOULN"], board={"8G": "CAT"})
    view = json.loads(json.dumps(GAME.view(state, 0)))
    assert [t["face"] for t in view["rack"]] == list("QUIZERS")
    assert "AEIOULN" not in json.dumps(view)
    assert len(view["unseen"]) == 100 - 3 - 7
    assert view["rack_sizes"] == [7, 7] and view["bag"] == len(state.bag)


def test_a_player_cannot_send_a_timeout_only_the_clock_takes_it():
    state = position(["QUIZERS", "AEIOULN"], config=ScrabbleConfig(turn_seconds=60))
    with pytest.raises(IllegalMove, match="Only the turn clock"):
        GAME.apply(state, 0, Timeout())
    assert GAME.apply(state, 0, Timeout(), by_controller=True).state.order.current == 1
