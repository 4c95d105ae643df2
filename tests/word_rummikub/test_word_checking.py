"""Wrong words (RULES.md §2.9): under `turn_end_penalty` a play with a word the list lacks, or a
word spelled twice, is accepted as a penalised turn; under `void` it is refused naming each
word. The word list and the family word mode decide what a word is."""

from __future__ import annotations

from dataclasses import replace

import pytest

from word_builder import GAME, arrange, play, position, rack, refused, words
from tilegames.core.errors import IllegalMove
from tilegames.games.word_rummikub.config import WordRummikubConfig

VOID = WordRummikubConfig(word_check="void")


def test_a_wrong_word_is_a_penalised_turn_table_restored_tiles_back_one_drawn_no_score():
    state = position(["XJSZ", "Q"], table=["CAT", "DOG"], scores=[5, 0])
    outcome = play(state, "CATX", "DOG", "+J+S+Z")
    after = outcome.state
    assert after.table == state.table
    assert rack(after) == "XJSZ" + state.bag.tiles[0].face
    assert after.bag.tiles == state.bag.tiles[1:]
    assert after.scores == (5, 0) and after.current == 1
    (event,) = outcome.events
    assert event.kind == "misspell"
    assert event.public["invalid"] == ["CATX", "JSZ"]
    assert "CATX is not in the word list." in event.text and "JSZ is not in the word list." in event.text
    assert event.text.endswith("Ann draws a tile.")
    assert event.for_seat(1).get("tiles") is None and event.for_seat(0)["tiles"] == [state.bag.tiles[0].face]
    assert after.last.kind == "penalty" and after.last.words == ("CATX", "JSZ")


def test_a_repeated_word_is_penalised_under_turn_end_penalty():
    state = position(["CATQ", "Z"], table=["CAT"])
    outcome = play(state, "CAT", "+C+A+T")
    assert outcome.state.table == state.table
    assert outcome.events[0].public["invalid"] == ["CAT"]
    assert "CAT is on the table twice: every word on the table must be different." in outcome.events[0].text


def test_a_repeated_word_is_refused_under_void():
    state = position(["CATQ", "Z"], table=["CAT"], config=VOID)
    assert refused(state, "CAT", "+C+A+T") == ("CAT is on the table twice: every word on the table must be different.",)


def test_void_refuses_naming_each_invalid_word_and_the_player_goes_on():
    state = position(["XJSZ", "Q"], table=["CAT", "DOG"], config=VOID)
    assert refused(state, "CATX", "DOG", "+J+S+Z") == ("CATX is not in the word list.", "JSZ is not in the word list.")


def test_skip_next_turn_on_misspell_loses_the_next_turn():
    config = WordRummikubConfig(skip_next_turn_on_misspell=True)
    state = position(["XQ", "Z", "J"], table=["CAT"], config=config)
    outcome = play(state, "CATX")
    assert outcome.events[0].text.endswith("Ann draws a tile and loses their next turn.")
    state = outcome.state
    assert state.order.lose_next == {0} and GAME.view(state, 1)["skips"] == [True, False, False]
    state = GAME.apply(state, 1, GAME.decode_action({"type": "draw"})).state
    outcome = GAME.apply(state, 2, GAME.decode_action({"type": "draw"}))
    assert outcome.state.current == 1  # Ann's turn was skipped
    assert [e.kind for e in outcome.events] == ["draw", "skip"]
    assert outcome.events[1].text == "Ann loses this turn for a wrong word."


def test_structural_faults_are_refused_even_when_a_word_is_wrong():
    state = position(["XQ", "Z"], table=["CAT"])
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, arrange(state, "CATX", "+Q"))
    assert err.value.reasons == ("Row 2 (Q) is too short: words need at least 3 letters.",)


def test_family_word_mode_accepts_only_common_words():
    family = WordRummikubConfig(family_words=True, word_check="void")
    rare = position(["QAT", "X"], table=["DOG"], config=family)
    assert refused(rare, "DOG", "+Q+A+T") == ("QAT is too rare a word for the family word mode.",)
    assert words(play(position(["QAT", "X"], table=["DOG"], config=VOID), "DOG", "+Q+A+T").state) == ["DOG", "QAT"]
    common = position(["SX", "Q"], table=["CAT"], config=family)
    assert words(play(common, "CATS").state) == ["CATS"]


def test_a_word_list_of_ones_own_replaces_the_shipped_one(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("# my words\nqsz\ncat\n")
    config = WordRummikubConfig(word_list=str(path), word_check="void")
    state = position(["QSZ", "X"], table=["CAT"], config=config)
    assert words(play(state, "CAT", "+Q+S+Z").state) == ["CAT", "QSZ"]
    dog = position(["SX", "Q"], table=["CAT"], config=config)
    assert refused(dog, "CATS") == ("CATS is not in the word list.",)


def test_a_word_list_that_cannot_be_read_is_a_sentence(tmp_path):
    gone = WordRummikubConfig(word_list=str(tmp_path / "gone.txt"))
    with pytest.raises(ValueError, match="does not exist"):
        GAME.check_setup(gone, 2)
    # Moved away mid-game: the commit says so, and the game is unchanged.
    state = replace(position(["SX", "Q"], table=["CAT"]), config=gone)
    with pytest.raises(IllegalMove, match="gone.txt does not exist"):
        play(state, "CATS")
