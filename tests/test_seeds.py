"""How a seed becomes a deal (core/seeds.py): a seed drawn for a new game has 128 bits, every
part of a deal is dealt from a keyed hash of it, and small seeds (every save made before, and a
short `--seed N`) deal exactly what they always dealt."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import pilegame
from pilegame import Draw, PileConfig
from tilegames.core import seeds
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.errors import BadRecord
from tilegames.core.records.journal import JournalHeader, load_journal, replay
from tilegames.core.records.saves import saves_dir, unfinished_saves
from tilegames.core.kernel.series import Series
from tilegames.core.kernel.series_meta import series_meta
from tilegames.core.kernel.session import LocalSession
from tilegames.core.parts.tiles import Bag, make_tiles
from tilegames.games.nabit.actions import Pass
from tilegames.games.nabit.config import HAND, NabItConfig
from tilegames.games.nabit.game import NabItGame
from tilegames.games.nabit.tiles import colour_set

FLOOR = 2**64
SEED_39_DIGITS = 10**38 + 12345
NABIT = NabItGame()


def keyed(seed: int, label: str) -> int:
    """The keyed hash the design specifies, computed here without core/seeds.py."""
    digest = hashlib.sha256(f"tilegames/{seed}/{label}".encode("utf-8")).digest()
    return FLOOR + int.from_bytes(digest[:16], "big")


def old_reshuffle(seed: int, shuffles: int, tiles: list) -> list:
    """Bag._reshuffled before 128-bit seeds."""
    order = list(tiles)
    random.Random(f"{seed}/{shuffles}").shuffle(order)
    return order


def old_nabit_bag_seed(seed: int, seat: int) -> int:
    return random.Random(f"{seed}/nabit/bag/{seat}").getrandbits(48)


def old_nabit_first(seed: int, players: int) -> int:
    return random.Random(f"{seed}/nabit/first").randrange(players)


def bits_apart(a: int, b: int) -> int:
    return bin(a ^ b).count("1")


def write_journal(path, header: JournalHeader, moves: list) -> None:
    """A journal as tilegames writes one, line by line: the header, then each (seat, action)."""
    lines = [header.to_json()] + [{"seq": n, "seat": seat, "action": action.to_json()}
                                  for n, (seat, action) in enumerate(moves)]
    path.write_bytes(b"".join(json.dumps(line, sort_keys=True).encode() + b"\n" for line in lines))


@pytest.fixture(autouse=True)
def private_saves(tmp_path, monkeypatch):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))


# --- a new seed ----------------------------------------------------------------------------
async def test_a_new_game_started_from_the_app_without_a_seed_journals_a_128_bit_seed():
    from tilegames.games.scrabble.config import ScrabbleConfig
    from tilegames.ui.app import TilegamesApp

    app = TilegamesApp(clock=FakeClock())
    async with app.run_test(size=(100, 30)) as pilot:
        app.start("scrabble", ("Ann", "Bora"), ScrabbleConfig(), open_hands=False)
        await pilot.pause()
    (path,) = saves_dir().glob("*.jsonl")
    header = json.loads(path.read_bytes().splitlines()[0])
    assert type(header["seed"]) is int and FLOOR <= header["seed"] < FLOOR + 2**128
    assert header["meta"]["match"]["seed"] == header["seed"]  # a game on its own is dealt from it


def test_new_seed_draws_128_bits_from_secrets_above_the_floor(monkeypatch):
    asked = []

    def randbits(k: int) -> int:
        asked.append(k)
        return 12345

    monkeypatch.setattr(seeds.secrets, "randbits", randbits)
    assert seeds.new_seed() == FLOOR + 12345 and asked == [128]
    monkeypatch.undo()
    first, second = seeds.new_seed(), seeds.new_seed()
    assert first != second and all(FLOOR <= s < FLOOR + 2**128 and len(str(s)) <= 39 for s in (first, second))


def test_a_derived_seed_is_the_keyed_sha256_of_the_seed_and_the_label():
    for seed in (5, FLOOR + 7, SEED_39_DIGITS, -3):
        assert seeds.derive(seed, "game/2") == keyed(seed, "game/2")
    assert seeds.derive(FLOOR, "nabit/bag/0") != seeds.derive(FLOOR, "nabit/bag/1")


# --- a series ------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [4, FLOOR + 4, SEED_39_DIGITS])
def test_each_game_of_a_series_is_dealt_from_the_keyed_hash_of_the_series_seed(seed):
    series = Series(("A", "B"), seed=seed, total_games=3)
    dealt = []
    for n in (1, 2, 3):
        dealt.append(series.next_seed())
        assert dealt[-1] == keyed(seed, f"game/{n}") and dealt[-1] != seed * 1000 + n - 1
        series = series.record(pilegame_outcome())
    for a, b in zip(dealt, dealt[1:]):
        assert bits_apart(a, b) > 32  # unrelated: a keyed hash, not a counter


def test_a_game_played_on_its_own_is_dealt_from_its_seed():
    assert Series(("A", "B"), seed=5, total_games=1).next_seed() == 5
    assert Series(("A", "B"), seed=SEED_39_DIGITS, total_games=1).next_seed() == SEED_39_DIGITS


def pilegame_outcome():
    from tilegames.core.kernel.series import GameRecord

    return GameRecord((1, -1), (0,))


# --- the bag -------------------------------------------------------------------------------
TILES = make_tiles(f"{colour}{n}" for colour in "RBKO" for n in range(1, 14) for _ in range(2))


@pytest.mark.parametrize("seed", [FLOOR, FLOOR + 99, SEED_39_DIGITS])
def test_a_bag_of_a_strong_seed_is_shuffled_from_sha256_derived_seeds(seed):
    bag = Bag.shuffled(TILES, seed)
    order = list(TILES)
    random.Random(keyed(seed, "0")).shuffle(order)
    assert list(bag.tiles) == order
    drawn, rest = bag.draw(10)
    again = rest.shuffle_in(drawn)
    order = list(rest.tiles + drawn)
    random.Random(keyed(seed, "1")).shuffle(order)
    assert list(again.tiles) == order


def test_bags_of_strong_seeds_one_apart_are_unrelated():
    one, other = Bag.shuffled(TILES, FLOOR + 1000).tiles, Bag.shuffled(TILES, FLOOR + 1001).tiles
    assert sum(a == b for a, b in zip(one, other)) < 10  # about 1 of 104 places agree by chance


# --- small seeds deal what they always dealt -----------------------------------------------
@pytest.mark.parametrize("seed", [1, 5, 123])
def test_a_bag_of_a_small_seed_is_shuffled_exactly_as_before(seed):
    bag = Bag.shuffled(TILES, seed)
    assert list(bag.tiles) == old_reshuffle(seed, 0, list(TILES))
    drawn, rest = bag.draw(14)
    assert list(rest.shuffle_in(drawn).tiles) == old_reshuffle(seed, 1, list(rest.tiles + drawn))


@pytest.mark.parametrize("seed", [1, 5, 123])
def test_nabit_of_a_small_seed_deals_its_bags_and_first_player_exactly_as_before(seed):
    state = NABIT.new_game(NabItConfig(), ("Ann", "Bora", "Cem"), seed)
    for seat in range(3):
        bag_seed = old_nabit_bag_seed(seed, seat)
        order = old_reshuffle(bag_seed, 0, list(colour_set(None, 3, seat)))
        assert state.bags[seat].seed == bag_seed
        assert state.hands[seat] == tuple(order[:HAND]) and list(state.bags[seat].tiles) == order[HAND:]
    assert state.current == old_nabit_first(seed, 3)


@pytest.mark.parametrize("seed", [5, FLOOR + 5])
def test_a_nabit_scenario_deals_its_bags_as_the_game_does(seed):
    state = NABIT.new_game(NabItConfig(first_player=0), ("Ann", "Bora"), seed)
    position = NABIT.scenario.position(NabItConfig(first_player=0), ("Ann", "Bora"), {}, seed)
    assert position.bags == state.bags and position.hands == state.hands


def test_nabit_of_a_strong_seed_gives_each_bag_the_keyed_hash_of_the_seed():
    seed = FLOOR + 5
    state = NABIT.new_game(NabItConfig(), ("Ann", "Bora"), seed)
    assert [bag.seed for bag in state.bags] == [keyed(seed, "nabit/bag/0"), keyed(seed, "nabit/bag/1")]
    assert state.current == random.Random(keyed(seed, "nabit/first")).randrange(2)


def test_an_old_save_of_a_small_seed_resumes_and_replays_as_it_was_dealt(tmp_path):
    seats = ("Ann", "Bora")
    header = JournalHeader(NABIT.id, NABIT.config_to_json(NabItConfig()), 5, seats,
                           meta={"match": {"seed": 5, "games": [], "open_hands": False}})
    first = old_nabit_first(5, 2)
    write_journal(tmp_path / "old.jsonl", header, [(first, Pass()), (1 - first, Pass())])
    state = replay(load_journal(tmp_path / "old.jsonl"))
    for seat in range(2):
        order = old_reshuffle(old_nabit_bag_seed(5, seat), 0, list(colour_set(None, 2, seat)))
        assert state.hands[seat] == tuple(order[:HAND]) and list(state.bags[seat].tiles) == order[HAND:]
    assert state.current == first and state.idle == 2
    session = LocalSession.resume(tmp_path / "old.jsonl")
    try:
        assert session.controller.state == state
    finally:
        session.close()


# --- 39 digits are saved and read back ------------------------------------------------------
def pile_journal(path, seed: int) -> None:
    config = PileConfig(turn_seconds=None)
    header = JournalHeader("pile", pilegame.GAME.config_to_json(config), seed, ("Ann", "Bora"),
                           meta={"match": {"seed": seed, "games": [], "open_hands": False}})
    state = pilegame.GAME.new_game(config, ("Ann", "Bora"), seed)
    write_journal(path, header, [(pilegame.GAME.current_seat(state), Draw())])


def test_a_journal_with_a_39_digit_seed_is_read_back_and_listed():
    saves_dir().mkdir(parents=True)
    path = saves_dir() / "strong.jsonl"
    pile_journal(path, SEED_39_DIGITS)
    assert load_journal(path).header.seed == SEED_39_DIGITS
    for _ in range(2):  # the first listing reads the journal, the second the saves index
        (save,) = unfinished_saves(series_meta)
        assert save.path == path and save.header.seed == SEED_39_DIGITS and save.moves == 1
        assert series_meta(save.header).seed == SEED_39_DIGITS


def test_a_41_digit_number_in_a_journal_is_still_damage():
    saves_dir().mkdir(parents=True)
    path = saves_dir() / "long.jsonl"
    pile_journal(path, 5)
    lines = path.read_bytes().splitlines()
    header = json.loads(lines[0])
    header["seed"] = 10**40  # 41 digits
    path.write_bytes(b"\n".join([json.dumps(header).encode(), *lines[1:]]) + b"\n")
    with pytest.raises(BadRecord, match="over 40 digits"):
        load_journal(path)
    assert unfinished_saves() == []
