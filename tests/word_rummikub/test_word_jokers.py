"""Jokers (RULES.md §2.8): named when laid, freed by substitution from the rack or the table and
played again the same turn, untouchable before the first meld, renamed only when their word
changes, and 30 points against a player still holding one at the end."""

from __future__ import annotations

import pytest

from word_builder import GAME, arrange, play, position, rack, refused, words
from tilegames.core.errors import IllegalMove
from tilegames.core.parts.table_rows import MoveTile
from tilegames.games.word_rummikub.actions import JokerLetter, Play
from tilegames.games.word_rummikub.config import WordRummikubConfig
from tilegames.games.word_rummikub.draft import NameJoker


def joker_id(state, seat=0):
    return next(t.id for t in state.racks[seat] if t.face == "*")


def test_a_joker_is_laid_with_the_letter_it_stands_for():
    state = position(["CT*Q", "Z"], table=["DOG"])
    outcome = play(state, "DOG", "C+aT")
    assert words(outcome.state) == ["DOG", "CAT"]
    assert outcome.state.table.letters == {joker_id(state): "A"}
    assert outcome.state.scores[0] == 3


def test_a_joker_without_a_letter_or_with_a_bad_one_is_refused():
    state = position(["CT*Q", "Z"], table=["DOG"])
    ids = arrange(state, "DOG", "C+aT").words
    with pytest.raises(IllegalMove, match="Say which letter the joker in row 2 stands for."):
        GAME.apply(state, 0, Play(ids))
    with pytest.raises(IllegalMove, match="one letter from A to Z"):
        GAME.apply(state, 0, Play(ids, (JokerLetter(joker_id(state), "Ä"),)))
    letter_tile = state.racks[0][0].id
    with pytest.raises(IllegalMove, match="Only a joker in a word on the table is given a letter"):
        GAME.apply(state, 0, Play(ids, (JokerLetter(joker_id(state), "A"), JokerLetter(letter_tile, "B"))))


def test_the_draft_names_a_joker_once_it_lies_in_a_row():
    state = position(["CT*Q", "Z"], table=["DOG"])
    draft = GAME.new_draft(state, 0)
    joker = joker_id(state)
    with pytest.raises(IllegalMove, match="Put the joker in a word first"):
        GAME.edit(draft, 0, NameJoker(joker, "A"))
    for tile_id in arrange(state, "DOG", "C+aT").words[1]:
        draft = GAME.edit(draft, 0, MoveTile(tile_id, 1))
    draft = GAME.edit(draft, 0, NameJoker(joker, "a"))
    with pytest.raises(IllegalMove, match="Only a joker is given a letter; C is a letter already."):
        GAME.edit(draft, 0, NameJoker(draft.rows[1][0].id, "B"))
    with pytest.raises(IllegalMove, match="one letter from A to Z"):
        GAME.edit(draft, 0, NameJoker(joker, "AB"))
    action = GAME.commit_action(state, draft, 0)
    assert action.jokers == (JokerLetter(joker, "A"),)
    assert words(GAME.apply(state, 0, action).state) == ["DOG", "CAT"]
    back = GAME.edit(draft, 0, MoveTile(joker, None))  # own joker back to the rack: no letter any more
    assert back.jokers == ()


def test_the_first_meld_may_use_the_players_own_joker():
    state = position(["PLNET*Q", "Z"], melded=[False, False])
    outcome = play(state, "PL+aNET")
    assert words(outcome.state) == ["PLANET"] and outcome.state.melded[0]


def test_a_table_joker_cannot_be_used_before_the_first_meld():
    state = position(["APLNETQ", "Z"], table=["CaT"], melded=[False, True])
    reasons = refused(state, "CAT", "PLaNET")
    assert reasons[0].startswith("Until your first meld is down")


def test_a_joker_is_retrieved_by_substitution_from_the_rack_and_played_again():
    state = position(["ADOQ", "Z"], table=["CaT"])
    joker = state.table.rows[0][1].id
    outcome = play(state, "C+AT", "DOg")
    assert words(outcome.state) == ["CAT", "DOG"]
    assert outcome.state.table.letters == {joker: "G"}
    assert rack(outcome.state).startswith("Q")
    assert outcome.state.scores[0] == 3  # CAT is new too: a real letter took the joker's place


def test_a_retrieved_joker_must_be_played_again_the_same_turn():
    state = position(["ADOQ", "Z"], table=["CaT"])
    reasons = refused(state, "C+AT")
    assert reasons == ("A joker taken from the table must be played again in this turn: it never goes to a rack.",)


def test_a_joker_is_retrieved_by_substitution_from_another_table_word():
    # BEST is new and holds no rack tile, so DOGS (as long, with rack tiles) carries the joker.
    state = position(["DOSQ", "Z"], table=["CaT", "BEAST"])
    outcome = play(state, "CAT", "BEST", "DOgS")
    assert words(outcome.state) == ["CAT", "BEST", "DOGS"]


def test_without_joker_sub_from_table_only_a_rack_letter_may_take_the_jokers_place():
    config = WordRummikubConfig(joker_sub_from_table=False)
    state = position(["DOSQ", "Z"], table=["CaT", "BEAST"], config=config)
    reasons = refused(state, "CAT", "BEST", "DOgS")
    assert reasons == ("The joker in CAT can only be replaced by a letter from your rack, not by A from the table.",)
    from_rack = position(["ADOQ", "Z"], table=["CaT"], config=config)
    assert words(play(from_rack, "C+AT", "DOg").state) == ["CAT", "DOG"]


def test_a_joker_is_also_freed_by_breaking_its_word_up():
    # CaTS: the joker leaves; C, T and S go into new words with rack letters, the joker too.
    state = position(["OARQ", "Z"], table=["CaTS"])
    assert words(play(state, "+OaTS", "C+A+R").state) == ["OATS", "CAR"]


def test_a_joker_in_an_untouched_word_keeps_its_letter():
    state = position(["SQ", "Z"], table=["CaT", "DOG"])
    ids = arrange(state, "CaT", "DOGS")
    joker = state.table.rows[0][1].id
    renamed = Play(ids.words, (JokerLetter(joker, "U"),))
    with pytest.raises(IllegalMove, match="The joker in CAT stays A: a joker's letter changes only when"):
        GAME.apply(state, 0, renamed)


def test_a_jokers_letter_may_change_when_its_word_changes():
    state = position(["SQ", "Z"], table=["CaT"])
    outcome = play(state, "CuTS")
    assert words(outcome.state) == ["CUTS"]


def test_a_joker_left_on_a_rack_costs_30_at_the_end():
    state = position(["S", "*AB"], table=["CAT"], pool="", scores=[4, 10])
    outcome = play(state, "CATS")
    end = outcome.state.end
    assert end is not None and end.reason == "out" and end.out_seat == 0
    assert end.jokers_left == (0, 1)
    assert end.scores == (4 + 4 * 2, 10 - 30)  # CATS doubled: Ann emptied her rack
    assert end.winners == (0,)
    assert outcome.events[-1].kind == "game_over"
