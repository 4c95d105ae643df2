"""Rummikub tile notation: `R7`, `K13`, `J` (RULES.md §1.1).

A face is what is printed on a tile. Colours are written with one letter: K black, R red,
B blue, O orange (seed 001's "주홍"/scarlet is orange). Numbers run 1-13. `J` is a joker;
jokers are colourless and identical (RULES.md §1.1), so a joker face has neither colour nor
number.

Input is case-insensitive because players type it; output is always the canonical upper-case
form, so that faces stored in `tilegames.core.parts.tiles.Tile.face` compare equal as strings.

Sorting order is black, red, blue, orange (the order RULES.md lists the colours), numbers
ascending within a colour, and jokers last: a rack sorted this way reads colour by colour, the
way players arrange their racks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final, Literal, get_args

from tilegames.core.text.i18n import N_, _
from tilegames.core.text.inputs import shown
from tilegames.core.parts.tiles import Tile, make_tiles

Edition = Literal["standard", "xp"]

#: Colour letters in sorting order.
COLOURS: Final[tuple[str, ...]] = ("K", "R", "B", "O")
#: Colour names, for sentences players read.
COLOUR_NAMES: Final[dict[str, str]] = {"K": N_("black"), "R": N_("red"), "B": N_("blue"), "O": N_("orange")}
LOWEST: Final[int] = 1
HIGHEST: Final[int] = 13
JOKER_TOKEN: Final[str] = "J"

_COLOUR_RANK: Final[dict[str, int]] = {c: i for i, c in enumerate(COLOURS)}
# ASCII digits only: \d and int() also take "٣" and "３". Leading zeros are allowed ("R07").
_TOKEN = re.compile(r"([A-Z])0*([0-9]+)")


class NotationError(ValueError):
    """A token that is not a Rummikub tile. The message names the token and says why."""


@dataclass(frozen=True)
class EditionSpec:
    """How many copies of each tile an edition has (RULES.md §1.1 table)."""

    copies: int
    jokers: int


EDITIONS: Final[dict[str, EditionSpec]] = {
    "standard": EditionSpec(copies=2, jokers=2),
    "xp": EditionSpec(copies=3, jokers=4),
}


def edition_spec(edition: str) -> EditionSpec:
    """The copy counts of `edition`; a readable ValueError for an unknown edition."""
    try:
        return EDITIONS[edition]
    except KeyError:
        known = _(" or ").join(f'"{e}"' for e in get_args(Edition))
        raise ValueError(_('"{edition}" is not a Rummikub edition: choose {editions}.').format(
            edition=edition, editions=known)) from None


@dataclass(frozen=True, order=True)
class Face:
    """What one tile shows: a colour and a number, or (both None) a joker.

    `rank` is derived and comes first so that `order=True` sorts by colour in the documented
    order (K, R, B, O), then number, with jokers last, instead of alphabetically by letter.
    """

    rank: tuple[int, int] = field(init=False, repr=False)
    colour: str | None
    number: int | None

    def __post_init__(self) -> None:
        # Faces are validated once, here, so that every later rule check can trust them.
        if self.colour is None and self.number is None:
            rank = (len(COLOURS), 0)
        elif self.colour in _COLOUR_RANK and isinstance(self.number, int):
            if not LOWEST <= self.number <= HIGHEST:
                raise NotationError(_('"{tile}": numbers go from {lowest} to {highest}.').format(
                    tile=f"{self.colour}{self.number}", lowest=LOWEST, highest=HIGHEST))
            rank = (_COLOUR_RANK[self.colour], self.number)
        else:
            raise NotationError(
                f"Face(colour={self.colour!r}, number={self.number!r}) is not a tile: "
                "a tile has a colour and a number, or neither for a joker."
            )
        object.__setattr__(self, "rank", rank)

    @property
    def is_joker(self) -> bool:
        return self.colour is None

    @property
    def value(self) -> int | None:
        """The printed number. A joker has none on its own: its value comes from its set."""
        return self.number

    @property
    def colour_name(self) -> str | None:
        return None if self.colour is None else COLOUR_NAMES[self.colour]

    def __str__(self) -> str:
        return JOKER_TOKEN if self.colour is None else f"{self.colour}{self.number}"


JOKER: Final[Face] = Face(None, None)

# Every face that exists, keyed by canonical token. Parsing is a dict lookup, so parsing a
# face that is already canonical (every Tile.face) costs one hash, and equal faces are the
# same object.
_CANONICAL: Final[dict[str, Face]] = {JOKER_TOKEN: JOKER} | {
    f"{c}{n}": Face(c, n) for c in COLOURS for n in range(LOWEST, HIGHEST + 1)
}

#: All 52 numbered faces in sorting order, then the joker.
ALL_FACES: Final[tuple[Face, ...]] = tuple(sorted(_CANONICAL.values()))


def parse_face(token: str) -> Face:
    """The face written as `token` ("r7", "K13", "j"); NotationError naming it otherwise."""
    cleaned = token.strip()
    face = _CANONICAL.get(cleaned) or _CANONICAL.get(cleaned.upper())
    if face is not None:
        return face
    match = _TOKEN.fullmatch(cleaned.upper()) if cleaned.isascii() else None
    if match and match.group(1) in _COLOUR_RANK:
        digits = match.group(2)
        # Bounded before int(): a 5,000-digit "number" is out of range, not a ValueError.
        number = int(digits) if len(digits) <= 2 else HIGHEST + 1
        if LOWEST <= number <= HIGHEST:  # a leading zero, as in "R07"
            return _CANONICAL[f"{match.group(1)}{number}"]
        raise NotationError(_('"{tile}": numbers go from {lowest} to {highest}.').format(
            tile=shown(cleaned, 20), lowest=LOWEST, highest=HIGHEST))
    raise NotationError(_('"{tile}" is not a tile: colours are R, B, K, O (red, blue, black, orange) and numbers '
                          '{lowest}-{highest}, or J for a joker.').format(tile=shown(cleaned, 20), lowest=LOWEST,
                                                                          highest=HIGHEST))


def parse_faces(text: str) -> tuple[Face, ...]:
    """Faces written in `text`, separated by whitespace and/or commas ("R7, r8 J")."""
    return tuple(parse_face(token) for token in re.split(r"[\s,]+", text) if token)


def face_of(tile: Tile) -> Face:
    """The face of a tile. Tiles carry canonical faces, so this is a single dict lookup."""
    face = _CANONICAL.get(tile.face)
    return face if face is not None else parse_face(tile.face)


def full_set(edition: Edition = "standard") -> tuple[Tile, ...]:
    """Every tile of one edition, numbered from 0 (RULES.md §1.1).

    standard: 1-13 in 4 colours, 2 copies each, and 2 jokers (106 tiles).
    xp: 3 copies each and 4 jokers (160 tiles). The order is fixed (copy by copy, in sorting
    order, jokers last), so tile ids mean the same thing in every game of an edition.
    """
    spec = edition_spec(edition)
    numbered = [str(face) for face in ALL_FACES if not face.is_joker]
    return make_tiles(numbered * spec.copies + [JOKER_TOKEN] * spec.jokers)
