"""What the tiles a play keeps are worth to the next turn: the leave value of equity
(score + leave), which the strong computer player ranks plays by (DESIGN.md §7a).

A documented heuristic, with its numbers fitted by self-play (docs/scrabble-leaves.md says how
they were made and how to make them again with `leavefit.py`):
- each tile kept is worth `WORTH[face]`: what holding it adds to the next turn's best score,
  against an average tile drawn from the bag (a blank or an S much, a Q or a V little);
- each copy of a letter beyond the first costs `DUPLICATE` (a vowel) or
  `DUPLICATE_CONSONANT`: two of a kind rarely both fit one word;
- a leave far from the balance of vowels and consonants that words need costs `IMBALANCE`
  per tile of difference;
- a Q kept without a U (or a blank) costs `Q_WITHOUT_U` more.
The empty leave is worth 0, so a play that keeps nothing is ranked by its score alone.
"""

from __future__ import annotations

import functools

VOWELS = frozenset("AEIOU")
BLANK = "?"

# Fitted by leavefit.py (see the module docstring); regenerate rather than edit by hand.
WORTH: dict[str, float] = {
    "?": 25.0, "S": 8.0, "Z": 3.0, "X": 3.0, "E": 1.5, "H": 1.0, "A": 1.0, "R": 1.0, "C": 0.5, "M": 0.5,
    "D": 0.5, "N": 0.5, "T": 0.5, "L": 0.0, "P": 0.0, "I": -0.5, "Y": -0.5, "O": -1.0, "K": -1.0,
    "B": -2.0, "F": -2.0, "J": -2.0, "G": -2.5, "U": -3.0, "W": -3.5, "V": -5.0, "Q": -7.0,
}
DUPLICATE = 3.0
DUPLICATE_CONSONANT = 2.0
IMBALANCE = 1.5
Q_WITHOUT_U = 4.0
VOWEL_SHARE = 0.4  # about two vowels in five letters of the words played


@functools.lru_cache(maxsize=65536)
def leave_value(leave: str) -> float:
    """The value of keeping `leave` (faces, `?` a blank, any order)."""
    if not leave:
        return 0.0
    value = sum(WORTH.get(face, 0.0) for face in leave)
    for face in set(leave) - {BLANK}:
        extra = leave.count(face) - 1
        if extra > 0:
            value -= extra * (DUPLICATE if face in VOWELS else DUPLICATE_CONSONANT)
    letters = [face for face in leave if face != BLANK]
    vowels = sum(face in VOWELS for face in letters)
    value -= IMBALANCE * abs(vowels - VOWEL_SHARE * len(letters))
    if "Q" in leave and "U" not in leave and BLANK not in leave:
        value -= Q_WITHOUT_U
    return round(value, 3)
