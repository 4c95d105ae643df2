"""Scrabble's moves: the plays a seat can make from its view, each with the engine's exact
score and the tiles of its rack that make it (DESIGN.md §4 "Strength", §7a).

This is the seam the computer players (agent.py, strong.py), the hints and `tilegames scrabble
moves` stand on. Underneath, movegen.py finds every play on the shared word graph; here a
play gets the rack's tile ids (a blank where the play shows a lower-case letter), its GCG
notation and its leave's value (leaves.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tilegames.core.parts.grid import Pos
from tilegames.core.wordgraph import WordGraph, graph_for
from tilegames.games.scrabble.actions import Place, Placement
from tilegames.games.scrabble.board import play_notation
from tilegames.games.scrabble.leaves import leave_value
from tilegames.games.scrabble.movegen import MoveGenerator, Play
from tilegames.games.scrabble.tiles import BLANK
from tilegames.games.scrabble.view_types import ScrabbleView

RackTiles = Sequence[tuple[int, str]]  # (tile id, face)


@dataclass(frozen=True)
class Move:
    """A play made with a rack's own tiles: the play (score, leave, equity) and its placements."""

    play: Play
    placements: tuple[Placement, ...]
    notation: str  # GCG: "8D QUIZ", letters played through written out, blanks in lower case

    @property
    def score(self) -> int:
        return self.play.score

    @property
    def leave(self) -> str:
        return self.play.leave

    @property
    def equity(self) -> float:
        return self.play.equity

    @property
    def blanks(self) -> int:
        return self.play.blanks

    @property
    def action(self) -> Place:
        return Place(self.placements)


def board_of(view: ScrabbleView) -> dict[Pos, str]:
    return {(sq["row"], sq["col"]): sq["letter"] for sq in view["board"]}


def rack_of(view: ScrabbleView) -> list[tuple[int, str]]:
    own = view["rack"]
    assert own is not None, "a spectator has no rack"
    return [(t["id"], t["face"]) for t in own]


def generator(board: Mapping[Pos, str], rack: RackTiles, graph: WordGraph) -> MoveGenerator:
    return MoveGenerator(board, "".join(face for _, face in rack), graph, leave_value)


def made_with(board: Mapping[Pos, str], rack: RackTiles, play: Play) -> Move:
    """`play` made with `rack`'s tiles: a lettered tile for an upper-case letter, a blank for a
    lower-case one (tiles of one face taken in rack order, so the same rack gives the same ids)."""
    spare: dict[str, list[int]] = {}
    for tile_id, face in rack:
        spare.setdefault(face, []).append(tile_id)
    placements = []
    for (row, col), letter in play.tiles:
        tile = spare[BLANK if letter.islower() else letter].pop(0)
        placements.append(Placement(tile, row, col, letter.upper()))
    after = {**board, **dict(play.tiles)}
    return Move(play, tuple(placements), play_notation(after, [pos for pos, _ in play.tiles], play.direction, spelled=True))


def best_moves(view: ScrabbleView, count: int = 1, equity: bool = False) -> list[Move]:
    """The `count` best moves for the view's seat by score (`equity`: score plus leave value),
    best first; empty when there is none."""
    board, rack = board_of(view), rack_of(view)
    gen = generator(board, rack, graph_for(view["word_list"]))
    return [made_with(board, rack, play) for play in gen.best(count, equity)]


def all_moves(view: ScrabbleView) -> list[Move]:
    """Every legal move for the view's seat, in the generator's order."""
    board, rack = board_of(view), rack_of(view)
    gen = generator(board, rack, graph_for(view["word_list"]))
    return [made_with(board, rack, play) for play in gen.all()]
