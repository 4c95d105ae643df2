"""Rummikub Word positions and moves written for scenarios (docs/scenarios.md, "Rummikub Word").

A rack is its letters, a joker written `*` ("LTH*", spaces allowed). A word on the table is its
spelling with every joker as the lower-case letter it stands for ("RECOvER": the V is a joker),
so a table is readable and says everything the engine keeps. Moves: `draw`, `pass`, `play
WORDS` (new words from the rack; the words on the table stay) and `table WORDS` (the whole table
after the turn), words separated by spaces or `/`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from tilegames.core.text.inputs import shown
from tilegames.core.kernel.protocol import Action, Edit, decode_tagged
from tilegames.core.scenarios.notation import ScenarioError
from tilegames.core.scenarios.rows import TilePicker, find_tile, pool_of, row_edit, rows_from_faces
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.tiles import Tile
from tilegames.games.word_rummikub.actions import Draw, JokerLetter, Pass, Play
from tilegames.games.word_rummikub.config import HAND, WordRummikubConfig
from tilegames.games.word_rummikub.draft import EDIT_TYPES, WordDraft
from tilegames.games.word_rummikub.state import Table, WordState, named
from tilegames.games.word_rummikub.tiles import JOKER, full_set, is_joker

POSITION_KEYS = ("turn", "racks", "table", "melded", "pool", "scores")
_RACK = re.compile(r"[A-Za-z*]*")
_WORD = re.compile(r"[A-Za-z]+")


def rack_faces(text: Any, key: str) -> tuple[str, ...]:
    """The faces of a rack written "LTH*" (letters upper-cased, `*` a joker)."""
    if not isinstance(text, str):
        raise ScenarioError(f"{key}: expected letters written as text, \"LTH*\".")
    letters = re.sub(r"[\s,]+", "", text)
    if not _RACK.fullmatch(letters):
        bad = next(c for c in letters if not (c == JOKER or c.isascii() and c.isalpha()))
        raise ScenarioError(f"{key}: {shown(repr(bad), 10)} is not a tile: tiles are the letters A to Z "
                            "and * for a joker.")
    return tuple(c if c == JOKER else c.upper() for c in letters)


def word_tiles(word: str, key: str) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    """A word on the table, "RECOvER": its faces and, for each joker, the letter it stands for."""
    if not _WORD.fullmatch(word):
        raise ScenarioError(f"{key}: {shown(repr(word), 30)} is not a word of tiles: write its letters, "
                            "a joker as the lower-case letter it stands for (\"RECOvER\").")
    faces = tuple(JOKER if c.islower() else c for c in word)
    return faces, tuple(c.upper() if c.islower() else None for c in word)


def words_of(text: Any, key: str) -> list[str]:
    if isinstance(text, str):
        return [w for w in re.split(r"[\s,/]+", text) if w]
    if isinstance(text, list) and all(isinstance(w, str) for w in text):
        return [w.strip() for w in text]
    raise ScenarioError(f"{key}: expected words, [\"PAL\", \"THE\"].")


def written(row: tuple[Tile, ...], letters: Mapping[int, str]) -> str:
    """A row as scenarios write it: a joker as the lower-case letter it stands for."""
    return "".join(letters.get(t.id, "?").lower() if is_joker(t) else t.face for t in row)


@dataclass(frozen=True)
class WordRummikubScenario:
    # --- the position -----------------------------------------------------------------------
    def position(self, config: WordRummikubConfig, seats: tuple[str, ...], position: Mapping[str, Any],
                 seed: int) -> WordState:
        unknown = [k for k in position if k not in POSITION_KEYS]
        if unknown:
            raise ScenarioError(f"position.{unknown[0]}: not a Rummikub Word position key "
                                f"(expected {', '.join(POSITION_KEYS)}).")
        picker = TilePicker(full_set(config.word_letters))
        rows, letters = [], {}
        for word in words_of(position.get("table", []), "position.table"):
            faces, jokers = word_tiles(word, "position.table")
            tiles = picker.take(faces, "position.table")
            rows.append(tiles)
            letters.update({t.id: letter for t, letter in zip(tiles, jokers) if letter is not None})
        racks_text = self._by_seat(position.get("racks", {}), seats, "racks", str)
        named_racks = {name: picker.take(rack_faces(text, f"position.racks.{name}"), f"position.racks.{name}")
                       for name, text in racks_text.items()}
        top = picker.take(rack_faces(position.get("pool", ""), "position.pool"), "position.pool")
        rest = pool_of((), picker.rest(), seed).tiles
        racks = []
        for name in seats:  # a seat not named is dealt 14 from the shuffled rest
            racks.append(named_racks[name] if name in named_racks else rest[:HAND])
            rest = rest if name in named_racks else rest[HAND:]
        turn = position.get("turn", seats[0])
        if turn not in seats:
            raise ScenarioError(f"position.turn: {shown(repr(turn), 30)} is not one of the seats ({', '.join(seats)}).")
        melded = position.get("melded", [])
        if not isinstance(melded, list) or any(m not in seats for m in melded):
            raise ScenarioError("position.melded: expected a list of the seats that have made their first meld.")
        scores = self._by_seat(position.get("scores", {}), seats, "scores", int)
        return WordState(config=config, seats=seats, bag=pool_of(top, rest, seed), racks=tuple(racks),
                         table=Table(tuple(rows), named(letters)),
                         scores=tuple(scores.get(name, 0) for name in seats),
                         melded=tuple(name in melded for name in seats),
                         order=SeatOrder(len(seats), current=seats.index(turn)),
                         first_seat=seats.index(turn), first_draw=())

    def _by_seat(self, table: Any, seats: tuple[str, ...], key: str, kind: type) -> dict[str, Any]:
        if not isinstance(table, dict):
            raise ScenarioError(f"position.{key}: expected a table by seat, {{ {seats[0]} = ... }}.")
        for name, value in table.items():
            if name not in seats:
                raise ScenarioError(f"position.{key}.{name}: {shown(repr(name), 30)} is not one of the seats.")
            if isinstance(value, bool) or not isinstance(value, kind):
                raise ScenarioError(f"position.{key}.{name}: expected {'letters' if kind is str else 'a whole number'}.")
        return dict(table)

    # --- moves and edits --------------------------------------------------------------------
    def move(self, state: WordState, seat: int, text: str) -> Action:
        verb, _, rest = text.strip().partition(" ")
        verb = verb.lower()
        if verb in ("draw", "pass") and not rest.strip():
            return Draw() if verb == "draw" else Pass()
        if verb in ("play", "table") and rest.strip():
            words = [word_tiles(w, "move") for w in words_of(rest, "move")]
            old = [(tuple(t.face for t in row), tuple(state.table.letters.get(t.id) for t in row))
                   for row in state.table.rows]
            rows_written = (old + words) if verb == "play" else words
            rows = rows_from_faces([faces for faces, _ in rows_written], state.table.rows, state.racks[seat])
            jokers = tuple(JokerLetter(t.id, letter) for row, (_, letters) in zip(rows, rows_written)
                           for t, letter in zip(row, letters) if letter is not None)
            return Play(tuple(tuple(t.id for t in row) for row in rows), jokers)
        raise ScenarioError(f"move: {shown(repr(text), 60)} is not a Rummikub Word move: write draw, pass, "
                            "play WORDS (new words from the rack) or table WORDS (the whole table).")

    def edit(self, state: WordState, draft: WordDraft, seat: int, data: Mapping[str, Any]) -> Edit:
        def decode(fields: dict[str, Any]) -> Edit:
            return decode_tagged(EDIT_TYPES, fields, "edit")

        def face(text: str) -> str:
            faces = rack_faces(text, "edits.tile")
            if len(faces) != 1:
                raise ScenarioError(f"edits.tile: expected one tile, not {shown(repr(text), 20)}.")
            return faces[0]

        if data.get("type") == "name_joker" and "tile" in data:
            fields = dict(data)
            tile = find_tile(draft.rack, draft.rows, face(str(fields.pop("tile"))), fields.pop("from_row", None))
            return decode({**fields, "tile_id": tile.id})
        return row_edit(draft.rack, draft.rows, data, face, decode)

    # --- describing -------------------------------------------------------------------------
    def describe(self, state: WordState) -> dict[str, Any]:
        seats = state.seats
        letters = state.table.letters
        described: dict[str, Any] = {
            "racks": {name: "".join(t.face for t in rack) for name, rack in zip(seats, state.racks)},
            "table": [written(row, letters) for row in state.table.rows],
            "melded": [name for name, done in zip(seats, state.melded) if done],
            "pool_size": len(state.bag),
            "scores": dict(zip(seats, state.scores)),
        }
        if state.current is not None:
            described["turn"] = seats[state.current]
        return described

    def normalize(self, key: str, value: Any) -> Any:
        """Racks compare in any order, the table's words in any order, `melded` as a set."""
        if key.startswith("racks."):
            return "".join(sorted(rack_faces(value, key), key=lambda f: (f == JOKER, f)))
        if key == "table":
            return sorted(words_of(value, key))
        if key == "melded" and isinstance(value, list):
            return sorted(value)
        return value
