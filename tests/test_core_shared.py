"""What both games share through core: who plays first, who may act, and their sentences (issue 12).

The first-player draw decides the bag order of every game, so the digests below pin, for many
seeds, exactly what each game's draw gave before it was written once in core: the winner, every
tile turned up, and the bag afterwards (order and shuffle count). A journal replays only if
these stay identical.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.game_setup import draw_for_first_player as shared_draw
from tilegames.core.parts.tiles import Bag, make_tiles
from tilegames.core.kernel.turn_guard import check_turn
from tilegames.games.rummikub.actions import Draw
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.game import GAME as RUMMIKUB
from tilegames.games.rummikub.notation import full_set as rummikub_set
from tilegames.games.rummikub.setup import draw_for_first_player
from tilegames.games.scrabble.actions import AcceptPlay, Challenge, Pass
from tilegames.games.scrabble.config import ScrabbleConfig, preset
from tilegames.games.scrabble.game import GAME as SCRABBLE
from tilegames.games.scrabble.setup import first_player
from tilegames.games.scrabble.tiles import full_set as scrabble_set

SEEDS = range(300)


def digest(records: list[Any]) -> str:
    return hashlib.sha256(json.dumps(records, separators=(",", ":")).encode()).hexdigest()


def rummikub_draws() -> list[Any]:
    records = []
    for edition, counts in (("standard", (2, 3, 4)), ("xp", (2, 3, 4, 5, 6))):
        for players in counts:
            for seed in SEEDS:
                first, rounds, bag = draw_for_first_player(Bag.shuffled(rummikub_set(edition), seed), players)
                records.append([edition, players, seed, first, [[list(d) for d in r.draws] for r in rounds],
                                [t.id for t in bag.tiles], bag.shuffles])
    return records


def scrabble_draws() -> list[Any]:
    records = []
    for players in (2, 3, 4):
        for seed in SEEDS:
            first, draws, bag = first_player(Bag.shuffled(scrabble_set(), seed), players)
            records.append([players, seed, first, [list(d) for d in draws], [t.id for t in bag.tiles], bag.shuffles])
    return records


def new_games() -> list[Any]:
    records = []
    for players in (2, 3, 4, 5, 6):
        for seed in range(50):
            s = RUMMIKUB.new_game(RummikubConfig(), tuple("ABCDEF"[:players]), seed)
            records.append([players, seed, s.first_seat, [[list(d) for d in r.draws] for r in s.first_draw],
                            [[t.id for t in r] for r in s.racks], [t.id for t in s.bag.tiles], s.bag.shuffles,
                            s.phase, list(s.redeal_asking)])
    for players in (2, 3, 4):
        for seed in range(50):
            t = SCRABBLE.new_game(ScrabbleConfig(), tuple("ABCD"[:players]), seed)
            records.append([players, seed, t.first_seat, [list(d) for d in t.first_draw],
                            [[x.id for x in r] for r in t.racks], [x.id for x in t.bag.tiles], t.bag.shuffles])
    return records


# Computed with each game's own draw before the shared one replaced it. The seeds cover ties
# (255 Rummikub and 86 Scrabble draws go to a second round), jokers turned up and redrawn (180)
# and blanks (40).
RUMMIKUB_DRAWS = "f85c16e7da4bedf229ed09aad8f78d44f41548f58fb6a27e0a9d073e93478531"
SCRABBLE_DRAWS = "9cedfda3345f7fe3d9f564ce9b23ecb1eefea247f188fca226b631fd76d000ea"
NEW_GAMES = "01420f7591ac157a3d4bbd79bd6a1fd9e10ab1d4dc55ee2c4caaa0872fa68e70"


def test_rummikub_first_player_draws_are_the_pinned_ones() -> None:
    assert digest(rummikub_draws()) == RUMMIKUB_DRAWS


def test_scrabble_first_player_draws_are_the_pinned_ones() -> None:
    assert digest(scrabble_draws()) == SCRABBLE_DRAWS


def test_new_games_of_both_games_are_the_pinned_ones() -> None:
    assert digest(new_games()) == NEW_GAMES


def test_two_pinned_draws_spelled_out() -> None:
    # Rummikub, 3 players, seed 32: Bora and Chul tie on 4; Chul's joker is redrawn (B1); Bora's 8 wins.
    first, rounds, _ = draw_for_first_player(Bag.shuffled(rummikub_set(), 32), 3)
    assert first == 1
    assert [r.draws for r in rounds] == [((0, "O1"), (1, "B4"), (2, "B4")), ((1, "K8"), (2, "J"), (2, "B1"))]
    # Scrabble, 2 players, seed 8: both draw A, then N beats Y.
    first, draws, _ = first_player(Bag.shuffled(scrabble_set(), 8), 2)
    assert (first, draws) == (0, ((0, "A"), (1, "A"), (0, "N"), (1, "Y")))


# --- the shared draw itself -----------------------------------------------------------------


def test_the_shared_draw_redraws_tiles_that_do_not_count_and_reshuffles_everything_back() -> None:
    bag = Bag(make_tiles(["3", "x", "5", "5", "1", "x", "2"]), seed=0)
    rank = lambda tile: None if tile.face == "x" else int(tile.face)  # noqa: E731
    first = shared_draw(bag, 3, rank)
    # Round 1: seat 0 turns up 3, seat 1 an x (again) then 5, seat 2 a 5: seats 1 and 2 tie.
    assert first.rounds == (((0, "3"), (1, "x"), (1, "5"), (2, "5")), ((1, "1"), (2, "x"), (2, "2")))
    assert first.seat == 2
    assert sorted(t.id for t in first.bag.tiles) == list(range(7)) and first.bag.shuffles == 1


def test_the_shared_draw_says_when_the_bag_runs_out() -> None:
    with pytest.raises(ValueError, match="bag ran out"):
        shared_draw(Bag(make_tiles(["4", "4"]), seed=0), 2, lambda tile: 1)


# --- the turn guard ---------------------------------------------------------------------------

SEATS = ("Ann", "Bora", "Chul")


@pytest.mark.parametrize(
    "seat, who, sentence",
    [
        (0, set(), "The game is over."),
        (5, {0}, "There is no seat 5."),
        (-1, {0}, "There is no seat -1."),
        (1, {0}, "It is Ann's turn, not Bora's."),
        (0, {1, 2}, "Only Bora and Chul may act now, not Ann."),
    ],
)
def test_the_turn_guard_refuses_with_one_sentence(seat: int, who: set[int], sentence: str) -> None:
    with pytest.raises(IllegalMove) as refused:
        check_turn(SEATS, seat, who)
    assert refused.value.reasons == (sentence,)


def test_the_turn_guard_lets_any_seat_it_is_given_act() -> None:
    check_turn(SEATS, 2, {0, 2})
    check_turn(SEATS, 0, {0})


def test_both_games_refuse_out_of_turn_with_the_same_sentence() -> None:
    rummikub = RUMMIKUB.new_game(RummikubConfig(allow_doubles_redeal=False), SEATS, 3)
    scrabble = SCRABBLE.new_game(ScrabbleConfig(), SEATS, 3)
    for game, state, action in ((RUMMIKUB, rummikub, Draw()), (SCRABBLE, scrabble, Pass())):
        current = game.current_seat(state)
        assert current is not None
        other = (current + 1) % 3
        with pytest.raises(IllegalMove) as refused:
            game.apply(state, other, action)
        assert refused.value.reasons == (f"It is {SEATS[current]}'s turn, not {SEATS[other]}'s.",)
        with pytest.raises(IllegalMove, match="There is no seat 3"):
            game.apply(state, 3, action)


def test_scrabble_lets_other_seats_challenge_and_accept_out_of_turn() -> None:
    state = SCRABBLE.new_game(preset("tournament"), ("Ann", "Bora"), 3)
    other = 1 - state.order.current
    # Not refused as out of turn: refused by the challenge rules (there is no play to challenge).
    for action in (Challenge(), AcceptPlay()):
        with pytest.raises(IllegalMove) as refused:
            SCRABBLE.apply(state, other, action)
        assert "turn" not in " ".join(refused.value.reasons)
