"""Can this player obviously still play? The check behind a pass with an empty pool.

With the pool empty, "pass" and a timeout mean "I cannot play", and under `first_stuck` they
end the game (RULES.md §1.6(5), §1.7). Taking that on trust would let a player who can play
end the game while ahead, so the cheap cases are checked first:

* before the initial meld: the rack alone holds a meld worth 30 (exact, `can_meld`);
* afterwards: the rack alone holds a valid set, or one rack tile extends a table set at
  either end or fills a group.

A play that needs a rearrangement of the table is not looked for: that takes a full solver,
and a player is not expected to see every one either.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Sequence

from tilegames.core.text.i18n import _
from tilegames.core.parts.tiles import Tile
from tilegames.games.rummikub.config import INITIAL_MELD_POINTS
from tilegames.games.rummikub.meld_search import best_meld, can_meld
from tilegames.games.rummikub.notation import HIGHEST, JOKER, LOWEST, Face, face_of
from tilegames.games.rummikub.sets import best_reading, format_set
from tilegames.games.rummikub.state import RummikubState


def obvious_play(state: RummikubState, seat: int) -> str | None:
    """A play `seat` can still make, as a sentence ("R7 extends R4 R5 R6"), or None."""
    faces = [face_of(t) for t in state.racks[seat]]
    if not state.melded[seat]:
        if not can_meld(faces, INITIAL_MELD_POINTS):
            return None
        sets = ", ".join(format_set(s) for s in best_meld(faces))
        return _("your rack holds an initial meld of {points} or more ({sets})").format(
            points=INITIAL_MELD_POINTS, sets=sets)
    rack_set = set_on_rack(faces)
    if rack_set is not None:
        return _("{set} is a set on your rack").format(set=format_set(rack_set))
    return _single_tile_play(state.racks[seat], state.table)


def set_on_rack(faces: Sequence[Face]) -> tuple[Face, ...] | None:
    """Some valid set made of `faces` alone, or None. Linear in the rack: groups by number,
    runs by three-number windows of each colour, jokers filling what is missing."""
    jokers = sum(1 for f in faces if f.is_joker)
    by_number: dict[int, dict[str, Face]] = defaultdict(dict)
    by_colour: dict[str, set[int]] = defaultdict(set)
    for face in faces:
        if face.number is not None and face.colour is not None:
            by_number[face.number][face.colour] = face
            by_colour[face.colour].add(face.number)
    for number in sorted(by_number):
        colours = list(by_number[number].values())[:3]
        if len(colours) + jokers >= 3:
            return tuple(colours) + (JOKER,) * (3 - len(colours))
    for colour in sorted(by_colour):
        numbers = by_colour[colour]
        for start in range(LOWEST, HIGHEST - 1):
            window = range(start, start + 3)
            missing = sum(1 for n in window if n not in numbers)
            if missing < 3 and missing <= jokers:
                return tuple(Face(colour, n) if n in numbers else JOKER for n in window)
    return None


def _single_tile_play(rack: Sequence[Tile], table: Sequence[Sequence[Tile]]) -> str | None:
    for tile in rack:
        for row in table:
            for candidate in ((*row, tile), (tile, *row)):
                check = best_reading([face_of(t) for t in candidate])
                if check.valid:
                    row_text = format_set([face_of(t) for t in row])
                    if check.kind == "group":
                        return _("{tile} fills {set}").format(tile=tile.face, set=row_text)
                    return _("{tile} extends {set}").format(tile=tile.face, set=row_text)
    return None
