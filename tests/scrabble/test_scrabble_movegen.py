"""The move generator (games/scrabble/movegen.py) is exact: on sample positions with a small
word list its plays are every placement the engine's own validator accepts, each once, with
the engine's score; its best plays are the top of that list, by score and by equity."""

from __future__ import annotations

import itertools

import pytest
from scrabble_builder import position

from tilegames.core.errors import IllegalMove
from tilegames.core.wordgraph import graph_for
from tilegames.games.scrabble.actions import Placement
from tilegames.games.scrabble.board import CENTRE, SIZE
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.movegen import MoveGenerator

WORDS = """ab able aby at ate ats bat bate bates bats be bel belt belts bet bets blat blate
cab cable cables cabs car care cared cares cart carts case cast castle cat cate cats el els
lab labs las last late lest let lets sab sable sat sate scab scar scare sea seal seat sect set
sl slab stables slat slate st stab stable stale steal tab table tables tabs tael tale tales tas tea teal
teas tel tela tels""".split()
LETTERS = sorted(set("".join(WORDS)))

POSITIONS = {
    "empty board": ({}, "ABLET"),
    "through and beside words": ({"8E": "CARE", "E8": "CAB"}, "TSL?"),
    "a blank on the board, seven tiles": ({"8D": "TABlE", "G6": "CAT"}, "SBELTAS"),
    "crowded corner": ({"1A": "CABS", "A1": "CAST", "2B": "AT"}, "ELST?"),
}


@pytest.fixture(scope="module")
def word_list(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("words") / "small.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return str(path)


def state_of(board, rack, word_list):
    return position([rack, "E"], board, config=ScrabbleConfig(word_list=word_list))


def brute_force(state) -> dict[frozenset, int]:
    """Every placement of rack tiles on consecutive empty squares of a line, each blank standing
    for each letter the list uses, kept when the engine's validator accepts it and the list
    has all its words: {frozenset of (square, letter shown): score}."""
    rack = state.racks[0]
    cells = state.cells()
    lexicon = GAME.lexicon(state)
    found: dict[frozenset, int] = {}
    for direction in ("across", "down"):
        for line, start in itertools.product(range(SIZE), range(SIZE)):
            line_squares = [(line, i) if direction == "across" else (i, line) for i in range(start, SIZE)]
            empty = [sq for sq in line_squares if sq not in cells]
            for k in range(1, len(rack) + 1):
                squares = empty[:k]
                if len(squares) < k or squares[0] != line_squares[0]:
                    continue
                near = any((r + dr, c + dc) in cells for r, c in squares for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
                if not near and CENTRE not in squares:
                    continue  # the validator refuses it: no need to ask
                for faces in sorted(set(itertools.permutations([t.face for t in rack], k))):
                    pool = list(rack)
                    tiles = [pool.pop(next(i for i, t in enumerate(pool) if t.face == f)) for f in faces]
                    options = [LETTERS if t.face == "?" else [t.face.lower()] for t in tiles]
                    for letters in itertools.product(*options):
                        if k > 1 and main_word(cells, line_squares, squares, letters) not in lexicon:
                            continue  # a quick look that only saves asking: the main word is no word
                        placements = tuple(Placement(t.id, r, c, ch.upper()) for t, (r, c), ch in zip(tiles, squares, letters))
                        try:
                            scored, placed = GAME.check_placement(state, 0, placements)
                        except IllegalMove:
                            continue
                        if all(w.word in lexicon for w in scored.word_scores):
                            found[frozenset(placed.items())] = scored.score
    return found


def main_word(cells, line_squares, squares, letters) -> str:
    """The word along the line through `squares` (which start the line) once `letters` are on them."""
    after = {**cells, **dict(zip(squares, letters))}
    (r, c), (r2, c2) = line_squares[0], line_squares[1] if len(line_squares) > 1 else line_squares[0]
    dr, dc = r2 - r, c2 - c
    while (r - dr, c - dc) in after:
        r, c = r - dr, c - dc
    word = []
    while (r, c) in after:
        word.append(after[(r, c)])
        r, c = r + dr, c + dc
    return "".join(word)


@pytest.mark.parametrize("name", POSITIONS)
def test_the_generated_plays_are_every_placement_the_engine_accepts_each_once_with_its_score(name, word_list):
    board, rack = POSITIONS[name]
    state = state_of(board, rack, word_list)
    plays = MoveGenerator(state.cells(), rack, graph_for(word_list)).all()
    generated = {frozenset(p.tiles): p.score for p in plays}
    assert len(generated) == len(plays), "a play was generated twice"
    assert generated == brute_force(state)
    assert plays, "the sample has plays"
    if "seven" in name:
        assert any(len(p.tiles) == 7 and p.score >= 50 for p in plays), "the sample has a bingo"


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize("equity", [False, True])
def test_the_best_plays_are_the_top_of_all_plays(name, equity, word_list):
    board, rack = POSITIONS[name]
    values = {"S": 8.0, "?": 25.0, "B": -3.0}

    def leave_value(leave: str) -> float:
        return sum(values.get(ch, 0.5) for ch in leave)

    make = lambda: MoveGenerator(position([rack, "E"], board).cells(), rack, graph_for(word_list), leave_value)
    ranked = MoveGenerator.ranked(make().all(), equity)
    for count in (0, 1, 3, 10):
        assert make().best(count, equity) == ranked[:count]


def test_a_play_tells_its_leave_and_equity(word_list):
    (play,) = MoveGenerator({}, "ABLET", graph_for(word_list), lambda leave: -10.0 * len(leave)).best(1, equity=True)
    # BLATE or TABLE across the centre, the B on a double letter: (3*2 + 4) * 2, nothing left.
    assert (play.score, play.leave, play.equity) == (20, "", 20.0)
    (keeping,) = MoveGenerator({}, "ABLET", graph_for(word_list), lambda leave: 30.0 * len(leave)).best(1, equity=True)
    assert len(keeping.tiles) == 2 and keeping.equity == keeping.score + 30.0 * 3
