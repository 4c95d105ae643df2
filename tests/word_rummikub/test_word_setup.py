"""The tiles and the setup (RULES.md §2.1, §2.2): the letter file, the first-player draw by the
letter nearest A, the deal of 14, the options and presets."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from tilegames.core import registry
from tilegames.core.agents import agent_for, has_agent
from tilegames.core.errors import BadRecord
from tilegames.core.resources import assets_dir
from tilegames.core.parts.tiles import Bag, make_tiles
from tilegames.games.word_rummikub.config import PRESETS, SETUP_OPTIONS, WordRummikubConfig, letters_file, on_off, preset
from tilegames.games.word_rummikub.game import GAME
from tilegames.games.word_rummikub.setup import first_player
from tilegames.games.word_rummikub.tiles import JOKER, full_set, load_letters, shipped_letters

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_set_is_110_letters_and_2_jokers_as_in_the_rules():
    letters = load_letters(None)
    assert letters.letters == 110 and letters.jokers == 2
    counts = dict(letters.counts)
    assert counts == {"A": 10, "B": 2, "C": 3, "D": 5, "E": 13, "F": 2, "G": 3, "H": 3, "I": 9, "J": 1, "K": 1,
                      "L": 5, "M": 2, "N": 7, "O": 9, "P": 2, "Q": 1, "R": 7, "S": 6, "T": 7, "U": 4, "V": 2,
                      "W": 2, "X": 1, "Y": 2, "Z": 1}
    faces = Counter(t.face for t in full_set(None))
    assert faces[JOKER] == 2 and sum(faces.values()) == 112
    assert JOKER not in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # J is a letter: the joker's face is not


def test_the_letter_file_lives_in_the_assets_the_wheel_ships():
    assert shipped_letters() == assets_dir() / "word_rummikub" / "tiles.txt"
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]["assets"] == "tilegames/assets"
    assert (ROOT / "assets" / "rules" / "word-rummikub.md").is_file()


def test_a_file_of_ones_own_replaces_the_distribution(tmp_path):
    path = tmp_path / "letters.txt"
    path.write_text("# a tiny set\nA 20\nb 10\nJOKERS 1\n")
    config = WordRummikubConfig(word_letters=str(path))
    state = GAME.new_game(config, ("Ann", "Bora"), seed=3)
    assert Counter(t.face for t in full_set(str(path))) == {"A": 20, "B": 10, "*": 1}
    assert state.tile_count == 31
    kept = letters_file(str(path))  # the config keeps the counts, headed by their file
    assert kept == f"# {path.resolve()}\nA 20\nB 10\nJOKERS 1\n"
    assert full_set(kept) == full_set(str(path))


@pytest.mark.parametrize("text, message", [
    ("A ten\n", "line 1: 'ten' is not a count."),
    ("A 3 4\n", "line 1: expected a letter and a count, like 'E 13', not 'A 3 4'."),
    ("A 3\nÄ 2\n", "line 2: 'Ä' is neither a letter A to Z nor JOKERS."),
    ("A 3\nA 2\n", "line 2: A is counted twice."),
    ("A 30\nJOKERS 1\njokers 2\n", "line 3: the jokers are counted twice."),
    ("A -3\n", "line 1: a count cannot be negative."),
    ("# nothing\nJOKERS 2\n", "has no letter tiles"),
    ("A 999\nB 999\n", "has more than 1000 tiles."),
])
def test_a_malformed_letter_file_is_one_sentence(tmp_path, text, message):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(BadRecord) as err:
        load_letters(path)
    assert message in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(ValueError, match="The letter tiles file"):
        GAME.config_for({"word_letters": str(path)}, 2)


def test_a_missing_or_too_small_letter_file_is_refused_while_setting_up(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        letters_file(str(tmp_path / "none.txt"))
    small = tmp_path / "small.txt"
    small.write_text("A 28\n")
    with pytest.raises(ValueError, match="28 tiles are too few to deal 14 to each of 2 players"):
        GAME.check_setup(WordRummikubConfig(word_letters=str(small)), 2)


def test_the_letter_nearest_a_starts_and_a_joker_is_drawn_again():
    bag = Bag(make_tiles(["M", JOKER, "C", "B", "Z", "Z", "Z"]), seed=5)
    first = first_player(bag, 3)
    assert first.seat == 2
    assert first.rounds == (((0, "M"), (1, JOKER), (1, "C"), (2, "B")),)
    assert sorted(t.id for t in first.bag.tiles) == list(range(7))  # every tile went back


def test_players_tied_for_the_best_letter_draw_again_among_themselves():
    bag = Bag(make_tiles(["C", "C", "K", "E", "D", "Z"]), seed=5)
    first = first_player(bag, 3)
    assert first.seat == 1
    assert first.rounds == (((0, "C"), (1, "C"), (2, "K")), ((0, "E"), (1, "D")))


def test_a_new_game_deals_14_each_and_keeps_every_tile():
    for players in (2, 3, 4):
        state = GAME.new_game(WordRummikubConfig(), tuple(f"P{i}" for i in range(players)), seed=players)
        assert [len(r) for r in state.racks] == [14] * players
        assert len(state.bag) == 112 - 14 * players
        assert state.tile_count == 112 and state.current == state.first_seat
        assert state.first_draw and state.first_draw[-1]  # the draw is kept for the view


def test_the_game_is_for_2_to_4_players():
    with pytest.raises(ValueError, match="Rummikub Word is for 2 to 4 players, not 5."):
        GAME.new_game(WordRummikubConfig(), ("A", "B", "C", "D", "E"), seed=1)


def test_the_same_seed_deals_the_same_game():
    one = GAME.new_game(WordRummikubConfig(), ("A", "B"), seed=42)
    two = GAME.new_game(WordRummikubConfig(), ("A", "B"), seed=42)
    assert one == two


def test_the_game_and_its_computer_player_are_registered():
    assert registry.get_game("word-rummikub") is GAME
    assert GAME.title == "Rummikub Word" and (GAME.min_seats, GAME.max_seats) == (2, 4)
    assert has_agent("word-rummikub") and agent_for("word-rummikub") is not None


def test_config_defaults_follow_the_rules_and_bad_values_are_refused():
    config = WordRummikubConfig()
    assert (config.turn_seconds, config.min_word_len, config.word_check, config.timeout_penalty_tiles,
            config.winner_rule) == (60, 3, "turn_end_penalty", 1, "points")
    assert (config.first_meld_extra_words, config.skip_next_turn_on_misspell, config.family_words) == (False,) * 3
    assert config.longest_needs_rack_tile and config.joker_sub_from_table
    assert config.word_list is None and config.word_letters is None
    for bad, message in (({"turn_seconds": 2}, "turn time"), ({"min_word_len": 2}, "3 to 6 letters"),
                         ({"timeout_penalty_tiles": 9}, "0 to 7 tiles")):
        with pytest.raises(ValueError, match=message):
            WordRummikubConfig(**bad)  # type: ignore[arg-type]


def test_presets_and_setup_options():
    assert set(PRESETS) == {"standard", "hard"}
    assert preset("hard") == WordRummikubConfig(min_word_len=4, skip_next_turn_on_misspell=True)
    assert [o.key for o in SETUP_OPTIONS] == ["preset", "word_check", "turn_seconds", "family_words",
                                              "word_list", "word_letters"]
    chosen = {"preset": "hard", "word_check": "void", "turn_seconds": None, "family_words": True}
    config = GAME.config_for(chosen, 3)
    assert config == WordRummikubConfig(min_word_len=4, skip_next_turn_on_misspell=True, word_check="void",
                                        turn_seconds=None, family_words=True)
    assert GAME.config_from_json(GAME.config_to_json(config)) == config
    family = next(o for o in SETUP_OPTIONS if o.key == "family_words")
    assert family.from_text("on") is True and family.cli_flag == "--family-words"
    with pytest.raises(ValueError, match="choose on or off"):
        on_off("maybe")
    with pytest.raises(ValueError, match="Unknown preset"):
        GAME.config_for({"preset": "easy"}, 2)
