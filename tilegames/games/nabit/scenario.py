"""Nab-It! positions and moves in scenario files (docs/scenarios-scrabble-nabit.md).

The grid is unbounded and its cells hold stacks, so a position names cells as `ROW,COL` (rows
grow downwards, columns to the right, negative numbers allowed, as the views number them) and
writes a stack as its tiles' faces bottom first, run together: `0S1F` is Ann's S under Bob's F
(the face is the seat whose colour the tile is, then its letter: tiles.py's notation; a lower
case letter is that seat's blank standing for the letter). A grid entry is a line of cells:

* `"0,0 across 0S 0U 0N"` or `"-1,1 down 1C 0A 1T"`; `"0,1 1A0O1U0A"` for one cell;
* `.` in a line stands for a cell an earlier entry already gave.

Hands are letters of the seat's own colour (`?` its blank); every tile of a colour that no
hand, bank or stack names is in that colour's bag, shuffled from the seed, with `bag_top` on top.
Moves are `"0,0 across FUN"` (a letter differing from the cell's top letter is stacked on it, the
same letter or `.` is already there, lower case is the blank), `"0,1 O"` (tiles on cells, one
pair per tile), `"exchange EA"` and `"pass"`; `announce` at the end says "last tile!".
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
from tilegames.games.nabit.actions import Build, Exchange, Pass, Placement
from tilegames.games.nabit.board import LIMIT, Cells, Layer, Stack, spell, surface, words_on
from tilegames.games.nabit.config import HAND, MAX_HEIGHT, NabItConfig
from tilegames.games.nabit.scoring import scores
from tilegames.games.nabit.state import Control, NabState
from tilegames.games.nabit.tiles import BLANK, bag_seed, full_set, is_blank, owner

KEYS = ("turn", "grid", "hands", "bag_top", "bags", "banks", "control", "idle", "scores")
_CELL = re.compile(r"(-?[0-9]{1,4}),(-?[0-9]{1,4})")
_STACK = re.compile(r"(?:[0-3][A-Za-z?])+")
_FACE = re.compile(r"[0-3][A-Za-z?]")
_WORD = re.compile(r"(?:[A-Za-z.]|\([A-Za-z]+\))+")
_CONTROL = re.compile(r"(-?[0-9]{1,4}),(-?[0-9]{1,4}) (across|down) ([A-Za-z]+)")
MOVES = '"0,0 across FUN" (a cell, a direction, the word), "0,1 O" (a cell and a letter), "exchange EA" or "pass"'
Grid = dict[Pos, tuple[str, ...]]  # cell -> its faces bottom first ("0S", "1f": a blank showing F)


def _seat(seats: tuple[str, ...], name: object, where: str) -> int:
    if isinstance(name, str) and name in seats:
        return seats.index(name)
    raise ScenarioError(f"{where}: {shown(repr(name), 30)} is not one of the seats ({', '.join(seats)}).")


def _by_seat(seats: tuple[str, ...], table: object, where: str, kinds: tuple[type, ...]) -> dict[int, Any]:
    if not isinstance(table, Mapping):
        raise ScenarioError(f"{where} must be a table of seat names, like {{ {seats[0]} = … }}.")
    out = {}
    for name, value in table.items():
        if not isinstance(value, kinds) or isinstance(value, bool):
            kind = " or ".join("a number" if k is int else "letters" for k in kinds)
            raise ScenarioError(f"{where}.{name} must be {kind}.")
        out[_seat(seats, name, where)] = value
    return out


def _letters(text: str, where: str) -> str:
    if not re.fullmatch(r"[A-Za-z?]*", text):
        raise ScenarioError(f'{where}: "{shown(text, 20)}" may hold only letters and "?" for the blank.')
    return text.upper()


def cell_text(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


def _cell(text: str, where: str) -> Pos:
    match = _CELL.fullmatch(text)
    if match is None or any(abs(int(n)) >= LIMIT for n in match.groups()):
        raise ScenarioError(f'{where}: "{shown(text, 20)}" is not a cell: write ROW,COL, like 0,0 or -1,3.')
    return int(match.group(1)), int(match.group(2))


def read_grid(entries: object, players: int = 4) -> Grid:
    """The stacks a `grid` list gives, cell -> faces bottom first."""
    if not isinstance(entries, list):
        raise ScenarioError('position.grid must be a list of lines of stacks, like ["0,0 across 0S 0U 0N"].')
    grid: Grid = {}
    for index, entry in enumerate(entries):
        where = f"position.grid[{index}]"
        parts = entry.split() if isinstance(entry, str) else []
        if len(parts) >= 2 and parts[1] in ("across", "down"):
            step, stacks = ((0, 1) if parts[1] == "across" else (1, 0)), parts[2:]
        else:
            step, stacks = (0, 1), parts[1:2] if len(parts) == 2 else []
        if not stacks:
            raise ScenarioError(f'{where}: expected a cell and stacks, like "0,0 across 0S 0U 0N" or "0,1 0A1O", '
                                f"got {shown(repr(entry), 40)}.")
        r, c = _cell(parts[0], where)
        for n, text in enumerate(stacks):
            pos = (r + n * step[0], c + n * step[1])
            if text == ".":
                if pos not in grid:
                    raise ScenarioError(f'{where}: "." stands for a stack an earlier line gave, but none is at '
                                        f"{cell_text(pos)}.")
                continue
            if not _STACK.fullmatch(text):
                raise ScenarioError(f'{where}: "{shown(text, 20)}" is not a stack: write its tiles bottom first, each '
                                    'the seat (0-3) and its letter, like 0S1F (lower case: a blank).')
            faces = tuple(_FACE.findall(text))
            if any(int(f[0]) >= players for f in faces):
                raise ScenarioError(f"{where}: {text} has a tile of seat {max(int(f[0]) for f in faces)}, but seats "
                                    f"are numbered 0 to {players - 1}.")
            if any(f[1] == BLANK for f in faces):
                raise ScenarioError(f"{where}: a blank on the grid shows a letter: write it in lower case (1f).")
            if len(faces) > MAX_HEIGHT:
                raise ScenarioError(f"{where}: a stack holds at most {MAX_HEIGHT} tiles, not {len(faces)} ({text}).")
            if grid.get(pos, faces) != faces:
                raise ScenarioError(f"{where}: {cell_text(pos)} already holds {''.join(grid[pos])}, not {text}.")
            grid[pos] = faces
    return grid


def grid_lines(grid: Grid) -> list[str]:
    """The grid as `position.grid` writes it: each row's runs of cells, left to right, top down."""
    out = []
    for pos in sorted(grid):
        if (pos[0], pos[1] - 1) in grid:
            continue
        run = [pos]
        while (run[-1][0], run[-1][1] + 1) in grid:
            run.append((run[-1][0], run[-1][1] + 1))
        stacks = " ".join("".join(grid[p]) for p in run)
        out.append(f"{cell_text(pos)} {'across ' if len(run) > 1 else ''}{stacks}")
    return out


def _word_key(cells: Mapping[Pos, Any], word: Cells) -> str:
    direction = "across" if word[0][0] == word[-1][0] else "down"
    return f"{cell_text(word[0])} {direction} {spell(cells, word)}"


def _face(tile: Tile, letter: str) -> str:
    return f"{owner(tile)}{letter.lower() if is_blank(tile) else letter}"


@dataclass(frozen=True)
class NabItScenario:
    """The scenario notation of Nab-It! (core/scenarios/notation.py's protocol)."""

    def position(self, config: NabItConfig, seats: tuple[str, ...], position: Mapping[str, Any],
                 seed: int) -> NabState:
        unknown = [k for k in position if k not in KEYS]
        if unknown:
            raise ScenarioError(f"position.{unknown[0]} is not a Nab-It! position key; the keys are {', '.join(KEYS)}.")
        try:
            check_seat_count("Nab-It!", 2, 4, len(seats))
        except ValueError as exc:
            raise ScenarioError(f"seats: {exc}") from None
        players = len(seats)
        turn = _seat(seats, position.get("turn", seats[0]), "position.turn")
        grid = read_grid(position.get("grid", []), players)
        hands = {s: _letters(t, f"position.hands.{seats[s]}")
                 for s, t in _by_seat(seats, position.get("hands", {}), "position.hands", (str,)).items()}
        tops = {s: _letters(t, f"position.bag_top.{seats[s]}")
                for s, t in _by_seat(seats, position.get("bag_top", {}), "position.bag_top", (str,)).items()}
        banks = _by_seat(seats, position.get("banks", {}), "position.banks", (int, str))
        for s, text in hands.items():
            if len(text) > HAND:
                raise ScenarioError(f"position.hands.{seats[s]}: a hand holds at most {HAND} tiles, not {len(text)}.")
        named = [f[0] + (BLANK if f[1].islower() else f[1]) for faces in grid.values() for f in faces]
        banks = {s: _letters(b, f"position.banks.{seats[s]}") if isinstance(b, str) else b for s, b in banks.items()}
        for s, text in [*hands.items(), *tops.items(), *((s, b) for s, b in banks.items() if isinstance(b, str))]:
            named += [f"{s}{ch}" for ch in text]
        left = list(full_set(config.nab_letters, players))
        _check_conserved(Counter(named), Counter(t.face for t in left), seats)
        stacks = self._stacks(grid, left)
        bags, hand_tiles, bank_tiles = [], [], []
        for s in range(players):
            own = [t for t in left if owner(t) == s]
            hand = _take(own, hands.get(s, ""), s)
            top = _take(own, tops.get(s, ""), s)
            bank = _take(own, banks[s], s) if isinstance(banks.get(s), str) else ()
            bag = Bag.shuffled(own, bag_seed(seed, s))
            if s not in hands:
                hand, bag = bag.draw(HAND)
            if isinstance(banks.get(s), int):
                if banks[s] > len(bag):
                    raise ScenarioError(f"position.banks.{seats[s]}: only {len(bag)} tiles of that colour are left "
                                        f"for the bank, not {banks[s]}.")
                bank, bag = bag.draw(banks[s])
            hand_tiles.append(hand)
            bank_tiles.append(bank)
            bags.append(Bag(top + bag.tiles, bag.seed, bag.shuffles))
        counts = _by_seat(seats, position.get("bags", {}), "position.bags", (int,))
        for s, n in counts.items():
            if n != len(bags[s]):
                raise ScenarioError(f"position.bags.{seats[s]}: the bag holds the {len(bags[s])} tiles of that colour "
                                    f"nothing else names, not {n}.")
        idle = position.get("idle", 0)
        if not isinstance(idle, int) or isinstance(idle, bool) or idle < 0:
            raise ScenarioError("position.idle must be a whole number, 0 or more.")
        control = _control(seats, surface(stacks), position.get("control", {}))
        totals = scores({c.cells: c.seat for c in control}, [len(b) for b in bank_tiles])
        for s, n in _by_seat(seats, position.get("scores", {}), "position.scores", (int,)).items():
            if n != totals[s]:
                raise ScenarioError(f"position.scores.{seats[s]}: the score so far is the words controlled plus the "
                                    f"bank tiles, {totals[s]} here, not {n}.")
        last_turn = max((layer.turn for stack in stacks for layer in stack.layers), default=-1)
        return NabState(config=config, seats=tuple(seats), bags=tuple(bags), hands=tuple(hand_tiles),
                        banks=tuple(bank_tiles), grid=stacks, control=control,
                        order=SeatOrder(players, current=turn), first_seat=turn, first_random=False,
                        turn=last_turn + 1, idle=idle)

    @staticmethod
    def _stacks(grid: Grid, left: list[Tile]) -> tuple[Stack, ...]:
        """The grid's stacks, their layers numbered as turns: a layer's height, except that
        capped stacks count as capped one after another in reading order (the last one the most
        recent), which decides who a word with two capped stacks belongs to."""
        stacks, capped = [], 0
        for pos in sorted(grid):
            layers = []
            for height, face in enumerate(grid[pos]):
                (tile,) = _take(left, face[1] if face[1].isupper() else BLANK, int(face[0]))
                turn = height + capped if height == MAX_HEIGHT - 1 else height
                layers.append(Layer(tile, face[1].upper(), turn))
            capped += len(layers) == MAX_HEIGHT
            stacks.append(Stack(pos, tuple(layers)))
        return tuple(stacks)

    def move(self, state: NabState, seat: int, text: str) -> Action:
        parts = text.split() if isinstance(text, str) else []
        announce = bool(parts) and parts[-1].lower() == "announce"
        parts = parts[:-1] if announce else parts
        head = parts[0].lower() if parts else ""
        if head == "pass" and len(parts) == 1:
            return Pass()
        if head == "exchange" and len(parts) == 2:
            return Exchange(tuple(_ids(state.hands[seat], _letters(parts[1], f'the move "{shown(text, 30)}"'), seat)))
        if len(parts) == 3 and parts[1].lower() in ("across", "down") and _WORD.fullmatch(parts[2]):
            spots = _word_spots(state, _cell(parts[0], "the move"), parts[1].lower(), parts[2])
        elif parts and len(parts) % 2 == 0 and all(re.fullmatch(r"[A-Za-z]", p) for p in parts[1::2]):
            spots = [(_cell(p, "the move"), letter) for p, letter in zip(parts[::2], parts[1::2])]
        else:
            raise ScenarioError(f'"{shown(text, 40)}" is not a Nab-It! move: write {MOVES}.')
        faces = "".join(BLANK if letter.islower() else letter for _, letter in spots)
        ids = _ids(state.hands[seat], faces, seat)
        return Build(tuple(Placement(tile, pos[0], pos[1], letter.upper()) for tile, (pos, letter) in zip(ids, spots)),
                     announce)

    def describe(self, state: NabState) -> dict[str, Any]:
        seats = state.seats
        cells = state.cells()
        grid = {stack.pos: tuple(_face(layer.tile, layer.letter) for layer in stack.layers) for stack in state.grid}
        out: dict[str, Any] = {}
        if state.end is None:
            out["turn"] = seats[state.order.current]
        totals = state.end.scores if state.end is not None else scores(state.controllers(), [len(b) for b in state.banks])
        out.update(grid=grid_lines(grid),
                   hands={seats[s]: hand_text(hand) for s, hand in enumerate(state.hands)},
                   bags={seats[s]: len(bag) for s, bag in enumerate(state.bags)},
                   banks={seats[s]: len(bank) for s, bank in enumerate(state.banks)},
                   control={_word_key(cells, c.cells): seats[c.seat] for c in state.control},
                   scores={seats[s]: total for s, total in enumerate(totals)},
                   idle=state.idle)
        return out

    def normalize(self, key: str, value: Any) -> Any:
        """Hands compare as sorted letters, the grid as the stacks it gives (lines in any order
        or direction), control with its words in capitals."""
        if key == "grid":
            return grid_lines(read_grid(value))
        if key == "hands" and isinstance(value, Mapping):
            return {name: self.normalize("hands.x", text) for name, text in value.items()}
        if key.startswith("hands.") and isinstance(value, str):
            return "".join(sorted(_letters(value, f"expect.{key}"), key=lambda f: (f == BLANK, f)))
        if key == "control" and isinstance(value, Mapping):
            return {" ".join(k.split()[:2] + [w.upper() for w in k.split()[2:]]): v for k, v in value.items()}
        return value


def hand_text(hand: tuple[Tile, ...]) -> str:
    """A hand as sorted letters, the blank last."""
    return "".join(sorted((t.face[1:] for t in hand), key=lambda f: (f == BLANK, f)))


def _check_conserved(used: Counter[str], have: Counter[str], seats: tuple[str, ...]) -> None:
    """ScenarioError naming every tile a position uses more often than its colour has it."""
    over = [f"{used[face]} of {face} ({seats[int(face[0])]}'s {'blank' if face[1] == BLANK else face[1]}) but "
            f"that colour has {have[face]}" for face in sorted(used) if used[face] > have[face]]
    if over:
        raise ScenarioError(f"position: the grid, hands, banks and bag_top use {'; '.join(over)}.")


def _take(left: list[Tile], letters: str, seat: int) -> tuple[Tile, ...]:
    """Tiles of `seat`'s colour for `letters` (checked to be there by `_check_conserved`)."""
    taken = []
    for letter in letters:
        tile = next(t for t in left if t.face == f"{seat}{letter}")
        left.remove(tile)
        taken.append(tile)
    return tuple(taken)


def _control(seats: tuple[str, ...], cells: Mapping[Pos, Any], table: object) -> tuple[Control, ...]:
    """Every word's controller: as `control` names it, else the seat whose colour shows on most of
    its cells (on a tie, the first of them in reading order)."""
    if not isinstance(table, Mapping):
        raise ScenarioError('position.control must be a table like { "0,0 across FUN" = "Bob" }.')
    words = {(w[0], "across" if w[0][0] == w[-1][0] else "down"): w for w in words_on(cells)}
    given: dict[Cells, int] = {}
    for key, name in table.items():
        where = f"position.control.{key}"
        match = _CONTROL.fullmatch(key.strip())
        if match is None:
            raise ScenarioError(f'{where}: name a word by its first cell, direction and letters, like "0,0 across FUN".')
        start = (int(match.group(1)), int(match.group(2)))
        word = words.get((start, match.group(3)))
        if word is None:
            raise ScenarioError(f"{where}: no word starts at {cell_text(start)} going {match.group(3)}.")
        if spell(cells, word) != match.group(4).upper():
            raise ScenarioError(f"{where}: the word there is {spell(cells, word)}, not {match.group(4).upper()}.")
        given[word] = _seat(seats, name, where)
    out = []
    for word in words_on(cells):
        if word not in given:
            shows = Counter(cells[pos].owner for pos in word)
            most = max(shows.values())
            given[word] = next(cells[pos].owner for pos in word if shows[cells[pos].owner] == most)
        out.append(Control(word, given[word]))
    return tuple(sorted(out, key=lambda c: c.cells))


def _ids(hand: tuple[Tile, ...], faces: str, seat: int) -> list[int]:
    """The hand's tiles for `faces`; a letter the hand lacks gets an id no tile has, so the
    engine refuses the move with its own sentence, as it would a player's."""
    free, ids = list(hand), []
    for n, letter in enumerate(faces):
        tile = next((t for t in free if t.face == f"{seat}{letter}"), None)
        ids.append(-1 - n if tile is None else tile.id)
        if tile is not None:
            free.remove(tile)
    return ids


def _word_spots(state: NabState, start: Pos, direction: str, word: str) -> list[tuple[Pos, str]]:
    """The cells a word move puts tiles on: a letter on a cell showing that same letter, `.`,
    or letters in parentheses are already there; any other letter goes on the cell (stacked
    when the cell is occupied)."""
    cells = state.cells()
    step = (0, 1) if direction == "across" else (1, 0)
    spots = []
    letters: list[tuple[str, bool]] = []  # (letter, written as already there)
    for token in re.findall(r"\([A-Za-z]+\)|.", word):
        letters += [(ch, True) for ch in token[1:-1]] if token.startswith("(") else [(token, token == ".")]
    for n, (letter, through) in enumerate(letters):
        pos = (start[0] + n * step[0], start[1] + n * step[1])
        top = cells.get(pos)
        if through and top is None:
            what = '"."' if letter == "." else f"({letter})"
            raise ScenarioError(f"{what} stands for a tile already at "
                                f"{cell_text(pos)}, but that cell is empty.")
        if top is not None and (through or top.letter == letter.upper()):
            continue
        spots.append((pos, letter))
    return spots


SCENARIO = NabItScenario()
