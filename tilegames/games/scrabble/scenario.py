"""Scrabble positions and moves in scenario files (docs/scenarios-scrabble-nabit.md).

A demo must read like a game record, so the notation is GCG's, the one Scrabble players
already write (`gcg_read.py` reads the same squares and words):

* the board is a list of words on squares, `"8E TRAINER"` across and `"E8 THROB"` down, lower
  case for a blank; words may share squares as long as they agree on the letter;
* racks are letters with `?` for a blank; the bag is every tile not named anywhere else,
  shuffled from the seed, with `bag_top` (top first) put on top where the draw matters;
* a move is `"8D STRAINERS"` (played-through letters as-is, as `.` or in parentheses),
  `"exchange AEI"`, `"pass"`, `"challenge"` or `"accept"`.

Tiles are conserved: a position using more of a letter than the 100-tile set holds is refused,
naming the letter, and the engine then plays on a state it could have reached itself.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping

from tilegames.core.kernel.game_setup import check_seat_count
from tilegames.core.parts.grid import Pos
from tilegames.core.text.inputs import shown
from tilegames.core.kernel.protocol import Action
from tilegames.core.scenarios.notation import ScenarioError
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.games.scrabble.actions import AcceptPlay, Challenge, Exchange, Pass, Place, Placement
from tilegames.games.scrabble.board import COLUMNS, SIZE, Coordinate, CoordinateError, parse_coordinate
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.setup import check_players
from tilegames.games.scrabble.state import ScrabbleState, Square
from tilegames.games.scrabble.tiles import BLANK, DISTRIBUTION, RACK_SIZE, full_set

KEYS = ("turn", "board", "racks", "bag_top", "bag", "scores", "passes", "scoreless", "loses_next_turn")
_RACK = re.compile(r"[A-Za-z?]*")
_BOARD_WORD = re.compile(r"[A-Za-z.()]+")
_MOVE_WORD = re.compile(r"(?:[A-Za-z.]|\([A-Za-z]+\))+")
MOVES = '"8D STRAINERS" (a square, then the word), "exchange AEI", "pass", "challenge" or "accept"'


def _seat(seats: tuple[str, ...], name: object, where: str) -> int:
    if isinstance(name, str) and name in seats:
        return seats.index(name)
    raise ScenarioError(f"{where}: {shown(repr(name), 30)} is not one of the seats ({', '.join(seats)}).")


def _by_seat(seats: tuple[str, ...], table: object, where: str, kind: type) -> dict[int, Any]:
    """A `{ Ann = …, Bob = … }` table as seat -> value, every value of `kind`."""
    if not isinstance(table, Mapping):
        raise ScenarioError(f"{where} must be a table of seat names, like {{ {seats[0]} = … }}.")
    out = {}
    for name, value in table.items():
        seat = _seat(seats, name, where)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ScenarioError(f"{where}.{name} must be {'a number' if kind is int else 'text'}.")
        out[seat] = value
    return out


def _count(position: Mapping[str, Any], key: str) -> int:
    value = position.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ScenarioError(f"position.{key} must be a whole number, 0 or more.")
    return value


def _letters(text: str, where: str) -> str:
    """Rack or bag letters: upper case, `?` a blank."""
    if not _RACK.fullmatch(text):
        raise ScenarioError(f'{where}: "{shown(text, 20)}" may hold only letters and "?" for a blank.')
    return text.upper()


def read_board(entries: object) -> dict[Pos, str]:
    """The squares the `board` words cover: cell -> letter (lower case: a blank)."""
    if not isinstance(entries, list):
        raise ScenarioError('position.board must be a list of words on squares, like ["8E TRAINER", "E8 THROB"].')
    cells: dict[Pos, str] = {}
    for index, entry in enumerate(entries):
        where = f"position.board[{index}]"
        parts = entry.split() if isinstance(entry, str) else []
        if len(parts) != 2 or not _BOARD_WORD.fullmatch(parts[1]):
            raise ScenarioError(f'{where}: expected a square and a word, like "8E TRAINER", got {shown(repr(entry), 40)}.')
        try:
            coordinate = parse_coordinate(parts[0])
        except CoordinateError as exc:
            raise ScenarioError(f"{where}: {exc}") from None
        word = parts[1].replace("(", "").replace(")", "")
        for pos, letter in zip(coordinate.cells(len(word)), word):
            if not (0 <= pos[0] < SIZE and 0 <= pos[1] < SIZE):
                raise ScenarioError(f"{where}: {word} from {coordinate} runs off the board.")
            here = cells.get(pos)
            if letter == ".":
                if here is None:
                    raise ScenarioError(f'{where}: "." stands for a letter already on {_square(pos)}, but no earlier '
                                        "word covers it.")
            elif here is None:
                cells[pos] = letter
            elif here != letter:  # exact: a blank (lower case) and a lettered tile are two tiles
                raise ScenarioError(f"{where}: {_square(pos)} already holds {here}, not {letter}.")
    return cells


def _square(pos: Pos) -> str:
    return f"{COLUMNS[pos[1]]}{pos[0] + 1}"


def check_conserved(used: Counter[str]) -> None:
    """ScenarioError naming every letter a position uses more often than the set has it."""
    over = [f"{used[face]} {'blanks' if face == BLANK else face + 's'} but the set has only {count}"
            for face, (count, _) in DISTRIBUTION.items() if used[face] > count]
    if over:
        raise ScenarioError(f"position: the board, racks and bag_top use {'; '.join(over)}.")


def _take(left: list[Tile], faces: str) -> tuple[Tile, ...]:
    """Tiles of the set for `faces` (checked to be there by `check_conserved`)."""
    taken = []
    for face in faces:
        tile = next(t for t in left if t.face == face)
        left.remove(tile)
        taken.append(tile)
    return tuple(taken)


@dataclass(frozen=True)
class ScrabbleScenario:
    """The scenario notation of Scrabble (core/scenarios/notation.py's protocol)."""

    def position(self, config: ScrabbleConfig, seats: tuple[str, ...], position: Mapping[str, Any],
                 seed: int) -> ScrabbleState:
        unknown = [k for k in position if k not in KEYS]
        if unknown:
            raise ScenarioError(f"position.{unknown[0]} is not a Scrabble position key; the keys are "
                                f"{', '.join(KEYS)}.")
        try:
            check_seat_count("Scrabble", 2, 4, len(seats))
            check_players(config, len(seats))
        except ValueError as exc:
            raise ScenarioError(f"seats: {exc}") from None
        turn = _seat(seats, position.get("turn", seats[0]), "position.turn")
        board = read_board(position.get("board", []))
        racks_text = {s: _letters(t, f"position.racks.{seats[s]}")
                      for s, t in _by_seat(seats, position.get("racks", {}), "position.racks", str).items()}
        top_text = position.get("bag_top", "")
        if not isinstance(top_text, str):
            raise ScenarioError("position.bag_top must be letters, top first, like \"AEI\".")
        top_text = _letters(top_text, "position.bag_top")
        for s, text in racks_text.items():
            if len(text) > RACK_SIZE:
                raise ScenarioError(f"position.racks.{seats[s]}: a rack holds at most {RACK_SIZE} tiles, not {len(text)}.")
        faces = {pos: BLANK if letter.islower() else letter for pos, letter in sorted(board.items())}
        check_conserved(Counter("".join(faces.values()) + "".join(racks_text.values()) + top_text))
        left = list(full_set())
        squares = tuple(Square(pos, _take(left, face)[0], board[pos]) for pos, face in faces.items())
        named = {s: _take(left, text) for s, text in racks_text.items()}
        top = _take(left, top_text)
        bag = Bag.shuffled(left, seed)
        racks = []
        for s in range(len(seats)):
            if s in named:
                racks.append(named[s])
            else:
                rack, bag = bag.draw(RACK_SIZE)
                racks.append(rack)
        bag = Bag(top + bag.tiles, bag.seed, bag.shuffles)
        if "bag" in position and position["bag"] != len(bag):
            raise ScenarioError(f"position.bag: the bag holds the {len(bag)} tiles no rack, board or bag_top names, "
                                f"not {shown(repr(position['bag']), 20)}.")
        scores = _by_seat(seats, position.get("scores", {}), "position.scores", int)
        losing = position.get("loses_next_turn", [])
        if not isinstance(losing, list):
            raise ScenarioError("position.loses_next_turn must be a list of seat names.")
        lose = frozenset(_seat(seats, name, "position.loses_next_turn") for name in losing)
        return ScrabbleState(config, tuple(seats), bag, tuple(racks), squares,
                             tuple(scores.get(s, 0) for s in range(len(seats))),
                             SeatOrder(len(seats), current=turn, lose_next=lose), (),
                             passes=_count(position, "passes"), scoreless=_count(position, "scoreless"),
                             first_seat=turn)

    def move(self, state: ScrabbleState, seat: int, text: str) -> Action:
        words = text.split() if isinstance(text, str) else []
        if not words:
            raise ScenarioError(f"An empty move is not a Scrabble move: write {MOVES}.")
        head = words[0].lower()
        if len(words) == 1 and head in ("pass", "-"):
            return Pass()
        if len(words) == 1 and head == "challenge":
            return Challenge()
        if len(words) == 1 and head == "accept":
            return AcceptPlay()
        if head == "exchange" and len(words) == 2 or len(words) == 1 and head.startswith("-") and len(head) > 1:
            letters = words[1] if head == "exchange" else words[0][1:]
            return Exchange(_rack_ids(state.racks[seat], _letters(letters, f'the move "{shown(text, 30)}"')))
        if len(words) == 2 and _MOVE_WORD.fullmatch(words[1]):
            try:
                coordinate = parse_coordinate(words[0])
            except CoordinateError as exc:
                raise ScenarioError(str(exc)) from None
            return Place(_placements(state, seat, coordinate, words[1]))
        raise ScenarioError(f'"{shown(text, 40)}" is not a Scrabble move: write {MOVES}.')

    def describe(self, state: ScrabbleState) -> dict[str, Any]:
        seats = state.seats
        out: dict[str, Any] = {}
        if state.end is None:
            current = state.order.current
            if state.awaiting_final_challenge and state.pending is not None:
                current = state.order.next_seat(state.pending.seat)
            out["turn"] = seats[current]
        out.update(board=board_words(state.cells()),
                   racks={seats[s]: rack_text(rack) for s, rack in enumerate(state.racks)},
                   bag=len(state.bag),
                   scores={seats[s]: score for s, score in enumerate(state.scores)},
                   passes=state.passes, scoreless=state.scoreless)
        if state.order.lose_next:
            out["loses_next_turn"] = [seats[s] for s in sorted(state.order.lose_next)]
        return out


    def normalize(self, key: str, value: Any) -> Any:
        """Racks compare as sorted letters and boards as the squares they cover, so an
        expectation may write a rack in any order and the board's words in any order or form."""
        if key == "board":
            return board_words(read_board(value))
        if key == "racks" and isinstance(value, Mapping):
            return {name: self.normalize("racks.x", text) for name, text in value.items()}
        if key.startswith("racks.") and isinstance(value, str):
            return "".join(sorted(_letters(value, f"expect.{key}"), key=lambda f: (f == BLANK, f)))
        return value


def rack_text(rack: tuple[Tile, ...]) -> str:
    """A rack as sorted letters, blanks last: the same rack always reads the same."""
    return "".join(sorted((t.face for t in rack), key=lambda f: (f == BLANK, f)))


def _rack_ids(rack: tuple[Tile, ...], letters: str) -> tuple[int, ...]:
    """The rack's tiles for `letters`; a letter the rack lacks gets an id no tile has, so the
    engine refuses the move with its own sentence, as it would a player's."""
    free = list(rack)
    ids = []
    for n, face in enumerate(letters):
        tile = next((t for t in free if t.face == face), None)
        if tile is None:
            ids.append(-1 - n)
        else:
            free.remove(tile)
            ids.append(tile.id)
    return tuple(ids)


def _placements(state: ScrabbleState, seat: int, coordinate: Coordinate, word: str) -> tuple[Placement, ...]:
    """The tiles a GCG play puts down: a letter on a covered square that matches it (or `.`, or
    a letter in parentheses) is played through, and one that does not is refused, never played
    as another word; lower case takes the blank."""
    letters: list[tuple[str, bool]] = []  # (letter, written as played through)
    for token in re.findall(r"\([A-Za-z]+\)|.", word):
        if token.startswith("("):
            letters += [(ch, True) for ch in token[1:-1]]
        else:
            letters.append((token, token == "."))
    cells = state.cells()
    faces, spots = [], []
    for pos, (letter, through) in zip(coordinate.cells(len(letters)), letters):
        here = cells.get(pos)
        if through and here is None:
            what = '"."' if letter == "." else f"({letter})"
            raise ScenarioError(f"{what} plays through a tile already on the board, but {_name(pos)} is empty.")
        if here is not None:
            if letter != "." and here.upper() != letter.upper():
                if through:
                    raise ScenarioError(f"({letter}) plays through {_name(pos)}, which holds {here}, not {letter}.")
                raise ScenarioError(f"{word} puts {letter} on {_name(pos)}, which holds {here} already.")
            continue
        faces.append(BLANK if letter.islower() else letter.upper())
        spots.append((pos, letter.upper()))
    ids = _rack_ids(state.racks[seat], "".join(faces))
    return tuple(Placement(tile, pos[0], pos[1], letter) for tile, (pos, letter) in zip(ids, spots))


def _name(pos: Pos) -> str:
    """A square's name, or where it is when it is off the board."""
    if 0 <= pos[0] < SIZE and 0 <= pos[1] < SIZE:
        return _square(pos)
    return "a square off the board"


def board_words(cells: Mapping[Pos, str]) -> list[str]:
    """The board as `position.board` writes it: every across word (reading order), then every
    down word (column by column), then any tile standing alone, each in GCG notation."""
    out = []
    in_word: set[Pos] = set()
    for direction, step in (("across", (0, 1)), ("down", (1, 0))):
        starts = sorted((p for p in cells if (p[0] - step[0], p[1] - step[1]) not in cells),
                        key=lambda p: p if direction == "across" else (p[1], p[0]))
        for start in starts:
            run = [start]
            while (run[-1][0] + step[0], run[-1][1] + step[1]) in cells:
                run.append((run[-1][0] + step[0], run[-1][1] + step[1]))
            if len(run) >= 2:
                in_word.update(run)
                out.append(f"{Coordinate(start, direction)} {''.join(cells[p] for p in run)}")  # type: ignore[arg-type]
    out += [f"{Coordinate(p, 'across')} {cells[p]}" for p in sorted(cells) if p not in in_word]
    return out


SCENARIO = ScrabbleScenario()
