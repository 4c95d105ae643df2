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

# Fitted by leavefit.py (see the module docstring): 400 games from seed 1000, 8,556 racks.
# Regenerate rather than edit by hand.
WORTH: dict[str, float] = {
    "?": 18.01, "S": 4.9, "Z": 4.86, "E": 2.4, "Q": 1.89, "X": 1.26, "A": 1.19, "H": 0.22, "M": -0.11,
    "I": -0.23, "K": -0.58, "O": -0.63, "R": -0.96, "T": -1.04, "N": -1.11, "D": -1.2, "P": -1.34,
    "C": -1.39, "Y": -1.67, "L": -2.31, "J": -2.34, "F": -2.72, "B": -2.75, "U": -3.27, "W": -3.42,
    "G": -3.47, "V": -5.29,
}
DUPLICATE = 5.95
DUPLICATE_CONSONANT = 5.18
IMBALANCE = 5.14
Q_WITHOUT_U = 7.92
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
