"""Tiles and bags, seats and turn order, clocks and the JSON codec."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pytest

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.codec import from_jsonable, to_jsonable
from tilegames.core.errors import BadRecord, IllegalMove
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.tiles import Bag, make_tiles

TILES = make_tiles(f"R{n}" for n in range(1, 21))


def test_same_seed_gives_the_same_bag_order():
    assert Bag.shuffled(TILES, 42).tiles == Bag.shuffled(TILES, 42).tiles
    assert Bag.shuffled(TILES, 42).tiles != Bag.shuffled(TILES, 43).tiles


def test_draw_takes_from_the_front_and_stops_when_empty():
    bag = Bag.shuffled(TILES, 1)
    first, rest = bag.draw(3)
    assert first == bag.tiles[:3] and rest.tiles == bag.tiles[3:]
    everything, empty = rest.draw(100)
    assert len(everything) == 17 and len(empty) == 0
    assert empty.draw(1)[0] == ()


def test_return_to_bottom_keeps_order_under_the_pool():
    bag = Bag.shuffled(TILES, 1)
    drawn, rest = bag.draw(2)
    back = rest.return_to_bottom(drawn)
    assert back.tiles[-2:] == drawn and back.tiles[:-2] == rest.tiles


def test_shuffle_in_is_reproducible_and_conserves_tiles():
    bag = Bag.shuffled(TILES, 9)
    drawn, rest = bag.draw(5)
    a, b = rest.shuffle_in(drawn), rest.shuffle_in(drawn)
    assert a.tiles == b.tiles
    assert sorted(a.tiles) == sorted(TILES)
    assert a.counts()["R1"] == 1


def test_bag_refuses_negative_draws():
    with pytest.raises(ValueError):
        Bag.shuffled(TILES, 1).draw(-1)


def test_turns_go_clockwise_and_wrap():
    order = SeatOrder(3)
    seats = []
    for _ in range(4):
        order = order.advance()
        seats.append(order.current)
    assert seats == [1, 2, 0, 1]


def test_a_seat_marked_to_lose_its_next_turn_is_skipped_once():
    order = SeatOrder(3).mark_lose_next_turn(1)
    order = order.advance()
    assert order.current == 2 and not order.lose_next
    assert order.advance().advance().current == 1


def test_when_every_other_seat_loses_its_turn_the_mover_goes_again():
    order = SeatOrder(2).mark_lose_next_turn(1)
    assert order.advance().current == 0


def test_seat_order_rejects_impossible_seats():
    with pytest.raises(ValueError):
        SeatOrder(0)
    with pytest.raises(ValueError):
        SeatOrder(2, current=2)


def test_fake_clock_moves_only_forward_when_told():
    clock = FakeClock(5)
    clock.advance(2.5)
    assert clock.now() == 7.5
    with pytest.raises(ValueError):
        clock.advance(-1)


def test_illegal_move_needs_a_reason_and_joins_them():
    with pytest.raises(ValueError):
        IllegalMove()
    exc = IllegalMove("One.", "Two.")
    assert str(exc) == "One. Two." and exc.reasons == ("One.", "Two.")


@dataclass(frozen=True)
class Sample:
    mode: Literal["a", "b"]
    limit: int | None
    rows: tuple[tuple[int, ...], ...]
    flag: bool = False


def test_codec_round_trips_nested_tuples_and_optionals():
    value = Sample("b", None, ((1, 2), ()), True)
    assert from_jsonable(Sample, to_jsonable(value)) == value


@pytest.mark.parametrize(
    "data, message",
    [
        ({"mode": "c", "limit": 1, "rows": []}, "expected one of 'a', 'b'"),
        ({"mode": "a", "limit": True, "rows": []}, "limit"),
        ({"mode": "a", "limit": 1, "rows": [[1.5]]}, r"rows\[0\]\[0\]"),
        ({"mode": "a", "limit": 1}, "missing field 'rows'"),
        ([], "expected an object"),
    ],
)
def test_codec_rejects_bad_values_naming_the_field(data, message):
    with pytest.raises(BadRecord, match=message):
        from_jsonable(Sample, data)
