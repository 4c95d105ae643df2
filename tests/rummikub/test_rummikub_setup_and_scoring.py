"""Setup (RULES.md §1.2), scoring (§1.8) and matches (§1.9)."""

from __future__ import annotations

import pytest

from rk_builder import Tiles, position
from tilegames.core.errors import IllegalMove
from tilegames.core.parts.tiles import Bag
from tilegames.games.rummikub.actions import Draw, Pass, Redeal
from tilegames.games.rummikub.config import RummikubConfig, preset
from tilegames.games.rummikub.game import GAME
from tilegames.core.kernel.series import new_series
from tilegames.games.rummikub.scoring import rack_value, score_stuck, stuck_winners
from tilegames.games.rummikub.setup import count_doubles, draw_for_first_player, redeal_candidates
from tilegames.games.rummikub.state import GameEnd

SABRA, TOURNAMENT = preset("sabra"), preset("tournament")


# --- setup ----------------------------------------------------------------------------------

def test_standard_set_for_2_to_4_players_and_xp_for_5_or_6():
    for players, edition, total in ((2, "standard", 106), (4, "standard", 106), (5, "xp", 160), (6, "xp", 160)):
        state = GAME.new_game(SABRA, tuple(f"P{i}" for i in range(players)), seed=3)
        assert state.edition == edition
        held = sum(len(r) for r in state.racks) + len(state.bag)
        assert held == total
        assert all(len(r) == 14 for r in state.racks)


def test_impossible_player_counts_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="2 to 6 players"):
        GAME.new_game(SABRA, ("Solo",), 1)
    with pytest.raises(ValueError, match="XP set"):
        GAME.new_game(RummikubConfig(edition="standard"), tuple("ABCDE"), 1)
    with pytest.raises(ValueError, match="2 players"):
        GAME.new_game(RummikubConfig(mso_joker_deal=True), tuple("ABC"), 1)


def test_highest_number_starts():
    tiles = Tiles()
    bag = Bag(tiles.take("R5 K9 B2"), seed=0)
    first, draws, rest = draw_for_first_player(bag, 3)
    assert first == 1
    assert draws[0].draws == ((0, "R5"), (1, "K9"), (2, "B2"))
    assert sorted(t.face for t in rest.tiles) == sorted(["R5", "K9", "B2"])  # all go back


def test_tied_highest_players_draw_again_and_a_joker_is_redrawn():
    tiles = Tiles()
    bag = Bag(tiles.take("K9 R9 B2 J O3 R8"), seed=0)
    first, draws, rest = draw_for_first_player(bag, 3)
    # Round 1: Ann K9, Bora R9, Chul B2 -> Ann and Bora tie. Round 2: Ann J (draws again) O3, Bora R8.
    assert [r.draws for r in draws] == [((0, "K9"), (1, "R9"), (2, "B2")), ((0, "J"), (0, "O3"), (1, "R8"))]
    assert first == 1
    assert len(rest) == 6


def test_mso_joker_deal_gives_each_of_two_players_a_joker():
    state = GAME.new_game(RummikubConfig(profile="tournament", mso_joker_deal=True), ("A", "B"), 5)
    assert all(sum(t.face == "J" for t in rack) >= 1 for rack in state.racks)
    assert all(len(rack) == 14 for rack in state.racks)


def test_doubles_are_distinct_faces_held_twice_and_jokers_never_count():
    tiles = Tiles("xp")
    assert count_doubles(tiles.take("R1 R1 R1 B2 B2 J J K5")) == 2  # an XP triple counts once
    assert count_doubles(tiles.take("R3 R3 B4 B4 O5 O5")) == 3


def test_three_doubles_offer_a_redeal_in_turn_order_from_the_first_player():
    tiles = Tiles()
    racks = (tiles.take("R1 R1 B2 B2 O3 O3"), tiles.take("K1"), tiles.take("R5 R5 B6 B6 O7 O7"))
    assert redeal_candidates(racks, first_seat=1) == (2, 0)
    assert redeal_candidates(racks, first_seat=0) == (0, 2)


def find_redeal_game(config=SABRA):
    for seed in range(500):
        state = GAME.new_game(config, ("Ann", "Bora"), seed)
        if state.phase == "redeal":
            return state
    raise AssertionError("no seed deals three doubles")


def test_demanding_a_redeal_reshuffles_and_keeps_the_first_player():
    state = find_redeal_game()
    asked = state.current
    outcome = GAME.apply(state, asked, Redeal(demand=True))
    new = outcome.state
    assert new.first_seat == state.first_seat and new.deals == 2
    assert new.racks != state.racks and all(len(r) == 14 for r in new.racks)
    assert sum(len(r) for r in new.racks) + len(new.bag) == 106


def test_declining_the_redeal_plays_on():
    state = find_redeal_game()
    while state.phase == "redeal":
        state = GAME.apply(state, state.current, Redeal(demand=False)).state
    assert state.phase == "play" and state.current == state.first_seat


def test_no_other_move_while_a_redeal_is_offered():
    state = find_redeal_game()
    with pytest.raises(IllegalMove, match="redeal offer"):
        GAME.apply(state, state.current, Draw())


def test_redeal_can_be_switched_off():
    for seed in range(200):
        state = GAME.new_game(RummikubConfig(allow_doubles_redeal=False), ("Ann", "Bora"), seed)
        assert state.phase == "play"


# --- rack values and scores -----------------------------------------------------------------

def test_sabra_joker_on_the_rack_costs_30():
    tiles = Tiles()
    assert rack_value(SABRA, tiles.take("J R5 K13"), melded=True) == 48
    assert rack_value(SABRA, tiles.take("J"), melded=False) == 30


def test_tournament_joker_costs_50_for_a_player_who_melded():
    assert rack_value(TOURNAMENT, Tiles().take("J R5 K13"), melded=True) == 68


def test_tournament_player_who_never_melded_pays_100():
    assert rack_value(TOURNAMENT, Tiles().take("R1 B5 K9 O12"), melded=False) == 100


def test_tournament_player_who_could_have_melded_pays_200():
    assert rack_value(TOURNAMENT, Tiles().take("R10 B10 K10 O2"), melded=False) == 200
    # Exact search, not a greedy guess: 30 only by choosing the run over the group.
    assert rack_value(TOURNAMENT, Tiles().take("K9 R9 B9 K10 K11"), melded=False) == 200


def test_going_out_scores_are_zero_sum():
    state = position(["R6", "K2 K3 J", "B10 O13"], table=["R3 R4 R5"])
    from rk_builder import ids
    from tilegames.games.rummikub.actions import Play

    end = GAME.apply(state, 0, Play(ids(state, "R3 R4 R5 R6"))).state.end
    assert end.scores == (35 + 23, -35, -23) and sum(end.scores) == 0


def test_stuck_game_lowest_rack_wins_and_pays_the_differences():
    scores = score_stuck(SABRA, [10, 25, 40], winners=(0,))
    assert scores == (15 + 30, -15, -30)


def test_stuck_tie_goes_to_fewer_tiles_then_co_winners_split():
    assert stuck_winners([10, 10, 30], [3, 2, 5]) == (1,)
    assert stuck_winners([10, 10, 31], [2, 2, 5]) == (0, 1)
    scores = score_stuck(SABRA, [10, 10, 31], winners=(0, 1))
    assert scores == (10, 10, -21)  # 21 shared, the odd point dropped


def test_rummikub_org_stuck_scoring_charges_full_values():
    config = RummikubConfig(stuck_scoring="rummikub_org")
    assert score_stuck(config, [10, 25, 40], winners=(0,)) == (45, -25, -40)


def test_stuck_ending_through_the_engine():
    state = position(["R6 J", "K2 K3", "O13"], pool="")
    end = GAME.apply(state, 0, Pass()).state.end
    assert end.rack_values == (36, 5, 13)
    assert end.winners == (1,) and end.scores == (-31, 31 + 8, -8)


# --- matches --------------------------------------------------------------------------------

def end(scores, winners):
    return GameEnd("out", winners, scores, (0,) * len(scores))


def test_a_round_is_as_many_games_as_players():
    match = new_series(GAME, RummikubConfig(rounds=2), ("A", "B", "C"), 1)
    assert match.total_games == 6
    for _ in range(6):
        match = match.record(end((2, -1, -1), (0,)))
    assert match.is_over
    with pytest.raises(ValueError):
        match.record(end((2, -1, -1), (0,)))


def test_match_winner_by_points_or_by_games_won():
    games = [end((50, -50), (0,)), end((-10, 10), (1,)), end((-10, 10), (1,))]
    by_points = new_series(GAME, RummikubConfig(rounds=2), ("A", "B"), 1)
    by_games = new_series(GAME, RummikubConfig(rounds=2, match_winner="games_won"), ("A", "B"), 1)
    for g in games:
        by_points, by_games = by_points.record(g), by_games.record(g)
    assert by_points.totals() == (30, -30) and by_points.winners() == (0,)
    assert by_games.games_won() == (1, 2) and by_games.winners() == (1,)


def test_each_game_of_a_match_has_its_own_seed():
    match = new_series(GAME, SABRA, ("A", "B"), 7)
    first = match.next_seed()
    assert match.record(end((1, -1), (0,))).next_seed() != first


def test_presets_differ_only_in_profile():
    assert SABRA.joker_penalty == 30 and TOURNAMENT.joker_penalty == 50
    with pytest.raises(ValueError, match="choose sabra or tournament"):
        preset("casual")


def test_bad_config_values_are_refused():
    with pytest.raises(ValueError, match="between 5 and 600"):
        RummikubConfig(turn_seconds=1)
    with pytest.raises(ValueError, match="rounds"):
        RummikubConfig(rounds=0)
