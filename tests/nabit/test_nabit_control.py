"""Control, nabbing and the bank (RULES.md §4.5): the last player to form or change a word
controls it; capping a stack (its 5th tile) nabs every word through it and locks their control;
one bank tile per capping turn from the player's own bag; `bank_trigger = "any_steal"`."""

from __future__ import annotations

from nab_builder import across, down, play, position, words

from tilegames.games.nabit.config import NabItConfig
from tilegames.games.nabit.control import update_control

ANY_STEAL = NabItConfig(bank_trigger="any_steal")


def test_building_a_word_takes_control_of_it():
    state = play(position(["CATSE", "BOGUS"]), (0, 0, "C"), (0, 1, "A"), (0, 2, "T")).state
    assert words(state) == {"CAT": 0}
    assert [len(b) for b in state.banks] == [0, 0]


def test_control_changes_to_the_last_player_to_change_a_word():
    state = position(["SEATO", "FIBER", "RIDGE"], across(0, 0, "SUN"))
    state = play(state, (0, 3, "S")).state  # Ann: SUNS
    assert words(state) == {"SUNS": 0}
    state = play(state, (0, 0, "F")).state  # Bora: FUNS
    assert words(state) == {"FUNS": 1}
    state = play(state, (0, 0, "R")).state  # Chul: RUNS
    assert words(state) == {"RUNS": 2}


def test_capping_an_intersection_nabs_both_words():
    grid = {(0, 0): "PDRC", **across(0, 1, "AT"), **down(1, 0, "UB")}
    state = position(["HEAST", "BOGUS", "DIRGE"], grid, control={"CAT": 1, "CUB": 2})
    assert words(state) == {"CAT": 1, "CUB": 2}
    new = play(state, (0, 0, "H")).state
    assert words(new) == {"HAT": 0, "HUB": 0}
    assert new.cells()[(0, 0)].capped
    assert [len(b) for b in new.banks] == [1, 0, 0]
    assert new.last.caps == ((0, 0),) and new.last.bank


def test_one_bank_tile_per_turn_however_many_stacks_are_capped_and_words_nabbed():
    grid = {(0, 0): "PDRC", (0, 1): "A", (0, 2): "BLOT", **down(1, 0, "UB"), **down(1, 2, "EN")}
    state = position(["HMEAS", "BOGUS", "DIRGE"], grid, control={"CAT": 1, "CUB": 2, "TEN": 2})
    new = play(state, (0, 0, "H"), (0, 2, "M")).state  # HAM, HUB, MEN: two caps, three words
    assert words(new) == {"HAM": 0, "HUB": 0, "MEN": 0}
    assert len(new.last.caps) == 2
    assert [len(b) for b in new.banks] == [1, 0, 0]
    assert len(new.bags[0]) == len(state.bags[0]) - 2 - 1  # two refill tiles and one bank tile


def test_the_bank_tile_comes_from_the_players_own_bag_and_none_from_an_empty_one():
    grid = {(0, 0): "PDRC", **across(0, 1, "AT")}
    state = position(["HEAST", "BOGUS"], grid, control={"CAT": 1})
    new = play(state, (0, 0, "H")).state
    assert new.banks[0][0].face.startswith("0") and len(new.bags[1]) == len(state.bags[1])
    empty = position(["HEAST", "BOGUS"], grid, control={"CAT": 1}, bags=["", None])
    new = play(empty, (0, 0, "H")).state
    assert words(new) == {"HAT": 0} and new.banks[0] == () and not new.last.bank


def test_a_capped_words_control_is_locked_until_another_of_its_stacks_is_capped():
    grid = {(0, 0): "PTRCH", **across(0, 1, "AT")}
    state = position(["BOGUS", "IDEAS"], grid, owners={(0, 0): "11110"}, control={"HAT": 0}, current=1)
    new = play(state, (0, 1, "I")).state  # Bora changes HAT to HIT: still Ann's
    assert words(new) == {"HIT": 0}
    new = play(state, (0, 3, "S")).state  # extended to HATS: still Ann's
    assert words(new) == {"HATS": 0}
    new = play(state, (1, 0, "E")).state  # a new word through the capped cell: Ann's too
    assert words(new) == {"HAT": 0, "HE": 0}


def test_of_two_capped_stacks_in_a_word_the_most_recently_capped_decides():
    grid = {(0, 0): "PDRC", (0, 1): "A", (0, 2): "BLOT"}
    state = position(["HEAST", "MIDGE"], grid, control={"CAT": 1})
    state = play(state, (0, 0, "H")).state  # Ann caps C -> H: HAT is Ann's
    assert words(state) == {"HAT": 0}
    state = play(state, (0, 2, "M")).state  # Bora caps T -> M: HAM is Bora's
    assert words(state) == {"HAM": 1}
    state = play(state, (0, 1, "E")).state  # Ann changes the middle: HEM stays Bora's
    assert words(state) == {"HEM": 1}


def test_words_the_build_did_not_touch_keep_their_controller():
    grid = {**across(0, 0, "CAT"), **across(4, 0, "SUN")}
    state = position(["HEAST", "BOGUS"], grid, control={"CAT": 1, "SUN": 1})
    new = play(state, (0, 0, "H")).state
    assert words(new) == {"HAT": 0, "SUN": 1}


def test_a_word_that_grows_is_a_new_word_and_the_old_one_has_no_controller():
    state = position(["SEATO", "BOGUS"], across(0, 0, "SUN"), control={"SUN": 1})
    before = state.controllers()
    new = play(state, (0, 3, "S")).state
    assert set(new.controllers()) == {((0, 0), (0, 1), (0, 2), (0, 3))}
    assert not set(before) & set(new.controllers())


def test_any_steal_banks_a_tile_for_taking_a_word_with_the_same_cells():
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"), control={"SUN": 1}, config=ANY_STEAL)
    new = play(state, (0, 0, "F")).state  # FUN: the same cells, taken from Bora
    assert words(new) == {"FUN": 0} and [len(b) for b in new.banks] == [1, 0]


def test_any_steal_gives_nothing_for_extending_or_for_capping_an_own_word():
    state = position(["SEATO", "BOGUS"], across(0, 0, "SUN"), control={"SUN": 1}, config=ANY_STEAL)
    new = play(state, (0, 3, "S")).state  # SUNS: other cells, so a new word, not a steal
    assert words(new) == {"SUNS": 0} and [len(b) for b in new.banks] == [0, 0]
    grid = {(0, 0): "PDRC", **across(0, 1, "AT")}
    own = position(["HEAST", "BOGUS"], grid, control={"CAT": 0}, config=ANY_STEAL)
    new = play(own, (0, 0, "H")).state
    assert words(new) == {"HAT": 0} and new.last.caps == ((0, 0),) and [len(b) for b in new.banks] == [0, 0]


def test_under_any_steal_one_bank_tile_for_several_words_taken():
    grid = {(0, 0): "C", **across(0, 1, "AT"), **down(1, 0, "UB")}
    state = position(["HEAST", "BOGUS"], grid, control={"CAT": 1, "CUB": 1}, config=ANY_STEAL)
    new = play(state, (0, 0, "H")).state
    assert words(new) == {"HAT": 0, "HUB": 0} and [len(b) for b in new.banks] == [1, 0]


def test_control_is_updated_from_what_the_cells_show():
    """The same function runs in the engine and in the computer player (from its view)."""
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"), control={"SUN": 1})
    after = play(state, (0, 0, "F")).state
    assert update_control(state.controllers(), after.cells(), [(0, 0)], 0) == after.controllers()
