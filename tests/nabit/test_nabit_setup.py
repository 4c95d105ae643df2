"""The tiles and the setup (RULES.md §4.1): one colour per player from a letter file, the tile
notation, the deal of 5 from each player's own bag, who starts, the options and presets."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

import pytest

from tilegames.core import registry
from tilegames.core.errors import BadRecord
from tilegames.core.resources import assets_dir
from tilegames.core.kernel.setup_options import defaults
from tilegames.games.nabit.config import PRESETS, SETUP_OPTIONS, NabItConfig, letters_file, preset
from tilegames.games.nabit.game import GAME
from tilegames.games.nabit.tiles import full_set, is_blank, load_letters, owner, printed_letter, shipped_letters

RULES_4_1 = "E2 A2 I2 O2 U1 S2 T1 N1 R1 L1 D1 H1 C1 M1 P1 B1 G1 F1 Y1"


def test_each_colour_is_the_24_letters_of_the_rules_and_one_blank():
    letters = load_letters(None)
    assert dict(letters.counts) == {item[0]: int(item[1:]) for item in RULES_4_1.split()}
    assert letters.letters == 24 and letters.special == 1
    assert shipped_letters() == assets_dir() / "nabit" / "letters.txt"


def test_a_tile_names_its_colour_and_its_letter():
    tiles = full_set(None, 4)
    assert len(tiles) == 100 and len({t.id for t in tiles}) == 100
    assert Counter(owner(t) for t in tiles) == {0: 25, 1: 25, 2: 25, 3: 25}
    e = next(t for t in tiles if t.face == "2E")
    assert owner(e) == 2 and printed_letter(e) == "E" and not is_blank(e)
    blank = next(t for t in tiles if t.face == "3?")
    assert owner(blank) == 3 and printed_letter(blank) is None and is_blank(blank)
    assert sum(1 for t in tiles if is_blank(t)) == 4


def test_another_letter_file_can_be_used(tmp_path):
    path = tmp_path / "letters.txt"
    path.write_text("# mine\nA 3\nT 2\nS 2\nBLANKS 2\n")
    assert letters_file(str(path)) == f"# {path.resolve()}\nA 3\nS 2\nT 2\nBLANKS 2\n"  # the counts kept
    config = GAME.config_for({"nab_letters": str(path)}, 2)
    state = GAME.new_game(config, ("Ann", "Bora"), 5)
    assert len(state.bags[0]) + len(state.hands[0]) == 9


@pytest.mark.parametrize("text, message", [
    ("A 3 4\n", "line 1: expected a letter and a count, like 'E 2', not 'A 3 4'."),
    ("A/E 2\n", "line 1: 'A/E' is neither a letter A to Z nor BLANKS."),
    ("A two\n", "line 1: 'two' is not a count."),
    ("A 2\nA 1\n", "line 2: A is counted twice."),
    ("BLANKS 1\n", "has no letter tiles"),
])
def test_a_malformed_letter_file_is_one_sentence(tmp_path, text, message):
    path = tmp_path / "letters.txt"
    path.write_text(text)
    with pytest.raises(BadRecord) as err:
        load_letters(path)
    assert message in str(err.value) and str(err.value).startswith("The Nab-It! letters file")
    assert "\n" not in str(err.value)
    with pytest.raises(ValueError, match="The Nab-It! letters file"):
        GAME.config_for({"nab_letters": str(path)}, 2)


def test_a_missing_or_too_small_letter_file_is_refused_while_setting_up(tmp_path):
    with pytest.raises(BadRecord, match="does not exist"):
        letters_file(str(tmp_path / "none.txt"))
    small = tmp_path / "small.txt"
    small.write_text("A 2\nT 1\n")
    with pytest.raises(ValueError, match="at least 5 tiles to fill a hand"):
        GAME.check_setup(NabItConfig(nab_letters=str(small)), 2)


def test_each_player_draws_five_from_their_own_bag():
    state = GAME.new_game(NabItConfig(), ("Ann", "Bora", "Chul"), 3)
    for seat in range(3):
        assert len(state.hands[seat]) == 5 and len(state.bags[seat]) == 20
        assert {owner(t) for t in state.hands[seat] + state.bags[seat].tiles} == {seat}
    assert state.banks == ((), (), ()) and state.grid == () and state.control == ()


def test_the_bags_are_shuffled_apart_and_the_same_seed_deals_the_same_game():
    state = GAME.new_game(NabItConfig(), ("Ann", "Bora"), 3)
    letters = [[printed_letter(t) for t in bag.tiles] for bag in state.bags]
    assert letters[0] != letters[1]
    assert GAME.new_game(NabItConfig(), ("Ann", "Bora"), 3) == state


def test_the_first_player_is_drawn_from_the_seed_unless_chosen():
    starts = {GAME.new_game(NabItConfig(), ("A", "B", "C"), seed).first_seat for seed in range(30)}
    assert starts == {0, 1, 2}
    state = GAME.new_game(NabItConfig(first_player=2), ("A", "B", "C"), 1)
    assert state.order.current == 2 and not state.first_random
    with pytest.raises(ValueError, match="Player 3 cannot start a game of 2 players."):
        GAME.config_for({"first_player": 2}, 2)


def test_two_to_four_players():
    with pytest.raises(ValueError, match="Nab-It! is for 2 to 4 players, not 5."):
        GAME.new_game(NabItConfig(), tuple("ABCDE"), 1)


def test_every_config_key_of_the_rules_has_its_default():
    config = NabItConfig()
    assert {f.name: getattr(config, f.name) for f in fields(config)} == {
        "turn_seconds": None, "min_word_len": 2, "bank_trigger": "cap", "open_hands": False,
        "require_last_tile_announce": False, "first_player": None, "family_words": False,
        "word_list": None, "nab_letters": None}
    for bad, message in (({"turn_seconds": 2}, "turn time"), ({"min_word_len": 1}, "2 to 5 letters"),
                         ({"first_player": 4}, "first player")):
        with pytest.raises(ValueError, match=message):
            NabItConfig(**bad)


def test_the_presets_and_the_setup_options():
    assert PRESETS["standard"] == NabItConfig()
    assert preset("table") == NabItConfig(open_hands=True, require_last_tile_announce=True)
    assert [o.key for o in SETUP_OPTIONS] == ["preset", "bank_trigger", "turn_seconds", "family_words",
                                              "first_player", "word_list", "nab_letters"]
    assert [o.key for o in SETUP_OPTIONS if o.in_form] == ["preset", "bank_trigger", "turn_seconds", "family_words"]
    assert GAME.config_for(defaults(SETUP_OPTIONS), 2) == NabItConfig()
    by_key = {o.key: o for o in SETUP_OPTIONS}
    assert by_key["bank_trigger"].from_text("any_steal") == "any_steal"
    assert by_key["turn_seconds"].from_text("off") is None and by_key["turn_seconds"].from_text("90") == 90
    assert by_key["family_words"].from_text("ON") is True
    assert by_key["first_player"].from_text("random") is None and by_key["first_player"].from_text("2") == 1
    with pytest.raises(ValueError, match="'7' is not a player"):
        by_key["first_player"].from_text("7")


def test_nabit_is_in_the_registry():
    assert registry.get_game("nabit") is GAME
    assert GAME.title == "Nab-It!" and (GAME.min_seats, GAME.max_seats) == (2, 4)
