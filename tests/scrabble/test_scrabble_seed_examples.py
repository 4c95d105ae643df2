"""Scoring by hand: the examples of seed sheet 002 and the cases RULES.md §3.6 singles out.

The seed sheet only names its examples (TRAINER -> STRAINERS, THROB through the T, HOB
parallel, CONQUEST bridging); the boards here place them on real squares, and every expected
score is worked out by hand in the comments, square by square, so these tests check
`score_play` against arithmetic and not against itself. Where the seed sheet and RULES.md §3
differ, RULES.md wins.
"""

from __future__ import annotations

import pytest

from tilegames.core.parts.grid import GeometryError, Pos
from tilegames.games.scrabble.board import Coordinate, parse_coordinate, score_play


def at(square: str) -> Pos:
    """`H8` -> (7, 7): column letter, then row number."""
    return int(square[1:]) - 1, "ABCDEFGHIJKLMNO".index(square[0])


def word(coordinate: str, letters: str) -> dict[Pos, str]:
    """The cells a word covers from a GCG coordinate (8D across, D8 down); "." skips a square."""
    coord: Coordinate = parse_coordinate(coordinate)
    return {pos: ch for pos, ch in zip(coord.cells(len(letters)), letters) if ch != "."}


# TRAINER as the opening play, across row 8 from E8: T E8, R F8, A G8, I H8 (the star), N I8,
# E J8, R K8.
TRAINER = word("8E", "TRAINER")


def test_trainer_opening_is_a_bingo_on_the_star():
    # 7 letters at face value = 7; H8 is a DW -> 14; all 7 tiles -> +50 = 64. D8 and L8 (DL)
    # are not covered.
    scored = score_play({}, TRAINER)
    assert scored.score == 64 and scored.bingo


def test_trainer_to_strainers_counts_new_premiums_only():
    # S on D8 (DL) = 2, TRAINER at face value = 7 (the star was used up by the opening),
    # S on L8 (DL) = 2: 11.
    scored = score_play(TRAINER, {at("D8"): "S", at("L8"): "S"})
    assert scored.score == 11
    assert [w.word for w in scored.word_scores] == ["STRAINERS"]


def test_throb_through_the_t():
    # Down from E8: T (on the board) 1, H E9 4, R E10 1, O E11 1, B E12 3 = 10; E11 is a DW
    # -> 20. No cross-words: D and F columns are empty below row 8.
    scored = score_play(TRAINER, word("E8", ".HROB"), hint="down")
    assert scored.score == 20
    assert [w.word for w in scored.word_scores] == ["THROB"]


def test_hob_parallel_forms_hi_on_be_and_the_dl_counts_in_both_words():
    # HOB across row 7 over I, N, E of TRAINER: H H7 4, O I7 (DL) 2, B J7 3 -> HOB 9.
    # HI: H 4 + I 1 = 5. ON: O on the DL again 2 + N 1 = 3. BE: B 3 + E 1 = 4. 9+5+3+4 = 21.
    scored = score_play(TRAINER, word("7H", "HOB"))
    assert {w.word: w.score for w in scored.word_scores} == {"HOB": 9, "HI": 5, "ON": 3, "BE": 4}
    assert scored.score == 21


def test_throbs_hooking_s_before_trainer():
    # Down column D, ending on D8: T D3 1, H D4 (DW) 4, R D5 1, O D6 1, B D7 3, S D8 (DL) 2
    # = 12, x2 = 24. The S also makes STRAINER: S 2 (its DL counts here too) + 7 = 9. 33.
    scored = score_play(TRAINER, word("D3", "THROBS"), hint="down")
    assert {w.word: w.score for w in scored.word_scores} == {"THROBS": 24, "STRAINER": 9}
    assert scored.score == 33


def test_conquest_bridges_n_and_s():
    # TRAINER's N is on I8; ASH across row 12 (H12-J12) puts an S on I12. C, O, Q, U, E and T
    # go down column I around them: C I6 3, O I7 (DL) 2, N 1, Q I9 (DL) 20, U I10 1,
    # E I11 1, S 1, T I13 (DL) 2 = 31. Six tiles: no bingo.
    board = {**TRAINER, **word("12H", "ASH")}
    placed = word("I6", "CO.QUE.T")
    assert len(placed) == 6
    scored = score_play(board, placed, hint="down")
    assert [w.word for w in scored.word_scores] == ["CONQUEST"]
    assert scored.score == 31 and not scored.bingo


# --- hand-checked premium cases (RULES.md §3.6) -----------------------------------------------


def test_two_double_words_multiply_by_four():
    # Row 5, E5 (DW) to K5 (DW), through an A already on H5: R E T A I N S = 7 x 4 = 28.
    # Six tiles placed: no bingo.
    scored = score_play({at("H5"): "A"}, word("5E", "RET.INS"))
    assert scored.score == 28 and not scored.bingo


def test_two_triple_words_multiply_by_nine_then_the_bingo_is_added():
    # Row 1, A1 (TW) to H1 (TW), through an A on E1: S1 T1 R1 E on D1 (DL) 2, A1, M3 E1 D2
    # = 12, x9 = 108, seven tiles +50 = 158.
    scored = score_play({at("E1"): "A"}, word("1A", "STRE.MED"))
    assert scored.score == 158 and scored.bingo


def test_a_blank_scores_nothing_but_still_doubles_on_a_double_word():
    # J on G8 8, blank a on H8 (the star) 0, M on I8 3 = 11, x2 = 22.
    assert score_play({}, word("8G", "JaM")).score == 22
    # The same word with a real A: 12 x 2 = 24.
    assert score_play({}, word("8G", "JAM")).score == 24


def test_a_blank_on_a_letter_premium_is_still_zero():
    # HOB with a blank o on I7 (DL): HoB = 4 + 0 + 3 = 7, HI 5, oN 0 + 1 = 1, BE 4: 17.
    scored = score_play(TRAINER, word("7H", "HoB"))
    assert scored.score == 17


def test_premium_under_a_cross_word_counts_in_both_words():
    # One tile, X on E5 (DW), with O on D5 and A on E4: OX (1 + 8) x 2 = 18 and AX the same.
    board = {at("D5"): "O", at("E4"): "A"}
    for hint in ("across", "down"):
        scored = score_play(board, {at("E5"): "X"}, hint=hint)
        assert sorted(w.word for w in scored.word_scores) == ["AX", "OX"]
        assert scored.score == 36


def test_one_tile_forming_two_words_without_premiums():
    # X on H9 under the A of HAND (8G) and right of an E on G9: EX 9, AX 9 = 18; the hint picks
    # which one is the main word, not the score.
    board = {**word("8G", "HAND"), at("G9"): "E"}
    across = score_play(board, {at("H9"): "X"}, hint="across")
    down = score_play(board, {at("H9"): "X"}, hint="down")
    assert across.score == down.score == 18
    assert across.word_scores[0].word == "EX" and down.word_scores[0].word == "AX"


def test_a_one_tile_hook_reads_the_other_way_when_the_hint_has_no_word():
    # S after HAND on K8: hint "down" finds no down word, so HANDS is the main word:
    # H4 A1 N1 D2 S1 = 9 (K8 is plain).
    scored = score_play(word("8G", "HAND"), {at("K8"): "S"}, hint="down")
    assert scored.words.direction == "across"
    assert [(w.word, w.score) for w in scored.word_scores] == [("HANDS", 9)]


def test_seven_tiles_are_a_bingo_and_six_are_not():
    # C10 to I10; only F10 is a premium (TL), under the A: 1+1+1+3+1+1+1 = 9, +50 = 59.
    scored = score_play({}, word("10C", "RETAINS"))
    assert scored.score == 59 and scored.bingo
    # The same word with the R already on C10: six tiles, 9, no bonus.
    six = score_play({at("C10"): "R"}, word("10C", ".ETAINS"))
    assert six.score == 9 and not six.bingo


def test_tiles_with_a_gap_are_refused():
    with pytest.raises(GeometryError):
        score_play({}, {at("H8"): "A", at("J8"): "B"})
