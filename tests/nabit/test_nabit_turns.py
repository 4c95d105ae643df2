"""The other turns and the end (RULES.md §4.3, §4.6, §4.7): exchange (draw first, then return),
pass, the clock's timeout, refused builds that may be retried, the end by the last tile and by
2 × players turns in a row with no tile placed, and the last-tile announcement."""

from __future__ import annotations

import pickle

import pytest
from nab_builder import across, hand, play, position, words

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.errors import IllegalMove
from tilegames.games.nabit.actions import Exchange, Pass, Timeout
from tilegames.games.nabit.config import NabItConfig
from tilegames.games.nabit.draft import PutTile
from tilegames.games.nabit.game import GAME


def ids(state, seat, letters):
    free = list(state.hands[seat])
    out = []
    for ch in letters:
        tile = next(t for t in free if t.face[-1] == ch)
        free.remove(tile)
        out.append(tile.id)
    return tuple(out)


def test_an_exchange_draws_first_then_returns_the_tiles_to_the_own_bag():
    state = position(["ABCDE", "FOGEY"], across(0, 0, "SUN"), bags=["ST", None])
    new = GAME.apply(state, 0, Exchange(ids(state, 0, "AB"))).state
    assert sorted(hand(new, 0)) == sorted("CDEST")  # the bag's two tiles, never the returned ones
    assert sorted(t.face for t in new.bags[0].tiles) == ["0A", "0B"]
    assert new.bags[1] == state.bags[1] and new.order.current == 1 and new.idle == 1


def test_an_exchange_is_one_to_five_own_tiles_and_at_most_what_the_bag_holds():
    state = position(["ABCDE", "FOGEY"], across(0, 0, "SUN"), bags=["ST", None])
    bora = state.hands[1][0].id
    for tiles, message in [((), "Choose 1 to 5"), ((bora,), "Choose 1 to 5"), (ids(state, 0, "A") * 2, "Choose 1 to 5"),
                           (ids(state, 0, "ABC"), r"at most as many tiles as your bag holds \(2\)")]:
        with pytest.raises(IllegalMove, match=message):
            GAME.apply(state, 0, Exchange(tiles))
    empty = position(["ABCDE", "FOGEY"], across(0, 0, "SUN"), bags=["", None])
    with pytest.raises(IllegalMove, match="Your bag is empty"):
        GAME.apply(empty, 0, Exchange(ids(empty, 0, "A")))


def test_a_refused_build_can_be_retried_or_exchanged_in_the_same_turn():
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"))
    with pytest.raises(IllegalMove):
        play(state, (0, 3, "F"))  # SUNF
    assert words(play(state, (0, 0, "F")).state) == {"FUN": 0}
    assert GAME.apply(state, 0, Exchange(ids(state, 0, "F"))).state.order.current == 1


def test_playing_the_last_tile_ends_the_game_and_scores_one_more():
    state = position(["S", "BOGUS"], across(0, 0, "SUN"), control={"SUN": 1}, bags=["", None])
    out = play(state, (0, 3, "S"))
    end = out.state.end
    assert end is not None and end.reason == "out" and end.out_seat == 0
    assert end.words == (1, 0) and end.scores == (2, 0) and end.winners == (0,)
    assert GAME.result(out.state).reason == "went out"
    assert out.events[-1].kind == "game_over"


def test_the_game_goes_on_while_the_bag_refills_the_hand():
    state = position(["S", "BOGUS"], across(0, 0, "SUN"), bags=["E", None])
    new = play(state, (0, 3, "S")).state
    assert new.end is None and hand(new, 0) == "E"


@pytest.mark.parametrize("players", [2, 3])
def test_two_times_players_turns_in_a_row_with_no_tile_placed_end_the_game(players):
    hands = ["FEAST", "BOGUS", "RIDGE"][:players]
    state = position(hands, across(0, 0, "SUN"), control={"SUN": 1})
    kinds = [Pass(), Exchange(ids(state, 0, "F"))] + [Pass()] * (2 * players)
    for number, action in enumerate(kinds[: 2 * players], start=1):
        seat = state.order.current
        if isinstance(action, Exchange) and seat != 0:
            action = Pass()
        state = GAME.apply(state, seat, action).state
        assert (state.end is not None) == (number == 2 * players)
    assert state.end.reason == "stalled" and GAME.result(state).reason == "no more words"
    assert state.end.scores == (0, 1) + (0,) * (players - 2)


def test_a_build_restarts_the_count_of_turns_with_no_tile():
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"), idle=3)
    state = play(state, (0, 0, "F")).state
    assert state.idle == 0 and state.end is None


def test_the_app_announces_the_last_tile_by_default():
    state = position(["SE", "BOGUS"], across(0, 0, "SUN"), bags=["", None], banks=[1, 0])
    out = play(state, (0, 3, "S"))
    assert [e.text for e in out.events if e.kind == "last_tile"] == ["Ann: last tile!"]
    assert len(out.state.banks[0]) == 1


def test_with_the_announcement_rule_an_unannounced_last_tile_puts_a_bank_tile_back():
    config = NabItConfig(require_last_tile_announce=True)
    state = position(["SE", "BOGUS"], across(0, 0, "SUN"), bags=["", None], banks=[1, 0], config=config)
    out = play(state, (0, 3, "S"))
    assert len(out.state.banks[0]) == 0 and len(out.state.bags[0]) == 1
    assert "did not say so" in [e.text for e in out.events if e.kind == "last_tile"][0]
    announced = play(state, (0, 3, "S"), announce=True)
    assert len(announced.state.banks[0]) == 1 and len(announced.state.bags[0]) == 0


def test_the_timeout_is_the_clocks_alone_and_passes_the_turn_with_nothing_placed():
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"), config=NabItConfig(turn_seconds=60))
    with pytest.raises(IllegalMove, match="Only the turn clock"):
        GAME.apply(state, 0, Timeout())
    controller = TurnController(GAME, state, clock=FakeClock())
    f_tile = ids(state, 0, "F")[0]
    controller.edit(0, PutTile(f_tile, 0, 0))
    frozen = pickle.dumps(state)
    controller.clock.advance(60)
    events = controller.tick()
    assert "timeout" in [e.kind for e in events]
    after = controller.state
    assert after.grid == state.grid and after.hands == state.hands and after.bags == state.bags
    assert after.order.current == 1 and after.idle == 1 and after.last.kind == "timeout"
    assert pickle.dumps(state) == frozen


def test_the_turn_timer_is_off_unless_chosen():
    assert NabItConfig().turn_seconds is None
    assert GAME.turn_seconds(position(["FEAST", "BOGUS"])) is None
    assert GAME.turn_seconds(position(["FEAST", "BOGUS"], config=NabItConfig(turn_seconds=120))) == 120


def test_only_the_current_player_acts_and_nobody_once_the_game_is_over():
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"))
    with pytest.raises(IllegalMove, match="It is Ann's turn, not Bora's."):
        GAME.apply(state, 1, Pass())
    over = position(["S", "BOGUS"], across(0, 0, "SUN"), bags=["", None])
    over = play(over, (0, 3, "S")).state
    with pytest.raises(IllegalMove, match="The game is over."):
        GAME.apply(over, 1, Pass())
