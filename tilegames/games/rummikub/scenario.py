"""Rummikub positions and moves written for scenarios (docs/scenarios.md, "Rummikub").

Tiles are written as in notation.py (`R10`, `K9`, `J`). A position names what the demo needs
(the racks, the sets on the table, who has melded, the top of the pool) and leaves the rest of
the set to the pool, shuffled from the seed, so the tiles are always exactly one edition's.

Moves: `draw`, `pass`, `redeal` / `keep` (the three-doubles offer), `play SETS` (lay new sets
from the rack; the sets on the table stay) and `table SETS` (the whole table after the turn, for
additions and rearrangements), sets separated by `/`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from tilegames.core.text.inputs import shown
from tilegames.core.kernel.protocol import Action, Edit, decode_tagged
from tilegames.core.scenarios.notation import ScenarioError
from tilegames.core.scenarios.rows import TilePicker, pool_of, row_edit, rows_from_faces, split_rows
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.table_rows import ROW_EDIT_TYPES, RowsDraft
from tilegames.games.rummikub.actions import Draw, Pass, Play, Redeal
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.notation import NotationError, full_set, parse_face, parse_faces
from tilegames.games.rummikub.setup import HAND, redeal_candidates
from tilegames.games.rummikub.state import RummikubState
from tilegames.games.rummikub.sets import best_reading

POSITION_KEYS = ("turn", "racks", "table", "melded", "pool", "redeal")


def faces(text: Any, key: str) -> tuple[str, ...]:
    """Canonical faces written in `text`; ScenarioError naming `key` otherwise."""
    if not isinstance(text, str):
        raise ScenarioError(f"{key}: expected tiles written as text, \"R10 R11 J\".")
    try:
        return tuple(str(face) for face in parse_faces(text))
    except NotationError as exc:
        raise ScenarioError(f"{key}: {exc}") from None


def one_face(text: str, key: str) -> str:
    """The one tile written in `text`."""
    written = faces(text, key)
    if len(written) != 1:
        raise ScenarioError(f"{key}: expected one tile, not {shown(repr(text), 30)}.")
    return written[0]


def sorted_faces(text: Any, key: str) -> str:
    """A rack as compared: its faces in the order players sort them."""
    return " ".join(sorted(faces(text, key), key=parse_face))


@dataclass(frozen=True)
class RummikubScenario:
    # --- the position -----------------------------------------------------------------------
    def position(self, config: RummikubConfig, seats: tuple[str, ...], position: Mapping[str, Any],
                 seed: int) -> RummikubState:
        unknown = [k for k in position if k not in POSITION_KEYS]
        if unknown:
            raise ScenarioError(f"position.{unknown[0]}: not a Rummikub position key "
                                f"(expected {', '.join(POSITION_KEYS)}).")
        players = len(seats)
        edition = config.edition_for(players)
        if edition == "standard" and players > 4:
            raise ScenarioError("seats: the standard set is for 2 to 4 players; 5 or 6 need the XP set.")
        picker = TilePicker(full_set(edition))
        table = tuple(picker.take(row, "position.table") for row in self._table(position.get("table", [])))
        racks_text = position.get("racks", {})
        if not isinstance(racks_text, dict):
            raise ScenarioError("position.racks: expected a table of seat = tiles, { Ann = \"R1 R2\" }.")
        for name in racks_text:
            if name not in seats:
                raise ScenarioError(f"position.racks.{name}: {shown(repr(name), 30)} is not one of the seats.")
        named = {name: picker.take(faces(racks_text[name], f"position.racks.{name}"), f"position.racks.{name}")
                 for name in seats if name in racks_text}
        top = picker.take(faces(position.get("pool", ""), "position.pool"), "position.pool")
        rest = pool_of((), picker.rest(), seed).tiles
        racks = []
        for name in seats:  # a seat not named is dealt 14 from the shuffled rest
            if name in named:
                racks.append(named[name])
            else:
                racks.append(rest[:HAND])
                rest = rest[HAND:]
        bag = pool_of(top, rest, seed)
        turn = self._seat(position.get("turn", seats[0]), seats, "position.turn")
        melded = position.get("melded", [])
        if not isinstance(melded, list) or any(m not in seats for m in melded):
            raise ScenarioError("position.melded: expected a list of the seats that have made their initial meld.")
        state = RummikubState(config=config, seats=seats, edition=edition, bag=bag, racks=tuple(racks),
                              table=table, melded=tuple(name in melded for name in seats),
                              order=SeatOrder(players, current=turn), first_seat=turn, first_draw=(), phase="play")
        redeal = position.get("redeal", False)
        if redeal is not False:
            if redeal is not True:
                raise ScenarioError("position.redeal: expected true (the deal has just been made) or nothing.")
            if table or melded or not config.allow_doubles_redeal:
                raise ScenarioError("position.redeal: the redeal is offered right after the deal: no table, "
                                    "nobody melded, and config.allow_doubles_redeal on.")
            asking = redeal_candidates(state.racks, turn)
            if not asking:
                raise ScenarioError("position.redeal: no rack holds three doubles, so nobody is offered a redeal.")
            state = replace(state, phase="redeal", redeal_asking=asking)
        return state

    def _table(self, table: Any) -> tuple[tuple[str, ...], ...]:
        if not isinstance(table, list):
            raise ScenarioError("position.table: expected a list of sets, [\"R10 R11 R12\", \"K7 R7 B7\"].")
        rows = tuple(faces(row, "position.table") for row in table)
        for number, row in enumerate(rows, start=1):
            check = best_reading([parse_face(f) for f in row])
            if not check.valid:
                raise ScenarioError(f"position.table: set {number} ({' '.join(row)}) is not a set: {check.reason}")
        return rows

    def _seat(self, name: Any, seats: tuple[str, ...], key: str) -> int:
        if name not in seats:
            raise ScenarioError(f"{key}: {shown(repr(name), 30)} is not one of the seats ({', '.join(seats)}).")
        return seats.index(name)

    # --- moves and edits --------------------------------------------------------------------
    def move(self, state: RummikubState, seat: int, text: str) -> Action:
        verb, _, rest = text.strip().partition(" ")
        verb = verb.lower()
        simple: dict[str, Action] = {"draw": Draw(), "pass": Pass(), "redeal": Redeal(True), "keep": Redeal(False)}
        if verb in simple and not rest.strip():
            return simple[verb]
        if verb in ("play", "table") and rest.strip():
            sets = split_rows(rest, "move", lambda part: faces(part, "move"))
            written = (tuple(tuple(t.face for t in row) for row in state.table) + sets) if verb == "play" else sets
            rows = rows_from_faces(written, state.table, state.racks[seat])
            return Play(tuple(tuple(t.id for t in row) for row in rows))
        raise ScenarioError(f"move: {shown(repr(text), 60)} is not a Rummikub move: write draw, pass, redeal, "
                            "keep, play SETS (new sets from the rack) or table SETS (the whole table), "
                            "sets separated by /.")

    def edit(self, state: RummikubState, draft: RowsDraft, seat: int, data: Mapping[str, Any]) -> Edit:
        return row_edit(draft.rack, draft.rows, data, lambda text: one_face(text, "edits.tile"),
                        lambda fields: decode_tagged(ROW_EDIT_TYPES, fields, "edit"))

    # --- describing -------------------------------------------------------------------------
    def describe(self, state: RummikubState) -> dict[str, Any]:
        seats = state.seats
        described: dict[str, Any] = {
            "phase": state.phase,
            "racks": {name: " ".join(t.face for t in rack) for name, rack in zip(seats, state.racks)},
            "table": [" ".join(t.face for t in row) for row in state.table],
            "melded": [name for name, done in zip(seats, state.melded) if done],
            "pool_size": len(state.bag),
        }
        if state.current is not None:
            described["turn"] = seats[state.current]
        if state.end is not None:
            described["scores"] = dict(zip(seats, state.end.scores))
            described["rack_values"] = dict(zip(seats, state.end.rack_values))
        return described

    def normalize(self, key: str, value: Any) -> Any:
        """Racks compare in any order, the table's sets in any order (each set's own order
        counts: it says what a joker stands for), `melded` as a set of names."""
        if key.startswith("racks."):
            return sorted_faces(value, key)
        if key == "table":
            if not isinstance(value, list):
                raise ScenarioError("table: expected a list of sets, [\"R10 R11 R12\"].")
            return sorted(" ".join(faces(row, key)) for row in value)
        if key == "melded" and isinstance(value, list):
            return sorted(value)
        return value

