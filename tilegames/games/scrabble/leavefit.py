"""Fitting the leave values of leaves.py by self-play: `python -m tilegames.games.scrabble.leavefit`.

The normal player (top score) plays seeded two-player games against itself. Before each of its
turns the rack is noted with the best score it can make there. A least-squares fit then
explains that score by what the rack holds: a weight per tile face, and the costs of letters
held twice, of a rack short of vowels or of consonants, and of a Q without a U. A tile's
`WORTH` is its weight less the average weight of a tile drawn from a full bag, so keeping a
tile is worth what it adds to the next rack's score against drawing a fresh one. The output is
the table leaves.py holds (docs/scrabble-leaves.md tells the whole story).
"""

from __future__ import annotations

import argparse
import sys

from tilegames.core.agents import agent_for, seat_view
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.leaves import VOWEL_SHARE, VOWELS
from tilegames.games.scrabble.moves import best_moves
from tilegames.games.scrabble.tiles import BLANK, DISTRIBUTION
from tilegames.games.scrabble.view_types import scrabble_view

FACES = sorted(DISTRIBUTION)
EXTRA = ["DUPLICATE", "DUPLICATE_CONSONANT", "IMBALANCE", "Q_WITHOUT_U"]


def features(rack: str) -> list[float]:
    """The rack's counts of each face, then its extra vowels and consonants held twice or more,
    its distance from the vowel share, a Q without U, and 1 (the intercept)."""
    counts = [float(rack.count(face)) for face in FACES]
    letters = [f for f in rack if f != BLANK]
    extra_vowels = sum(max(0, rack.count(v) - 1) for v in set(letters) if v in VOWELS)
    extra_consonants = sum(max(0, rack.count(c) - 1) for c in set(letters) if c not in VOWELS)
    vowels = sum(f in VOWELS for f in letters)
    imbalance = abs(vowels - VOWEL_SHARE * len(letters))
    q_alone = float("Q" in rack and "U" not in rack and BLANK not in rack)
    return [*counts, -extra_vowels, -extra_consonants, -imbalance, -q_alone, 1.0]


def samples(games: int, seed: int) -> list[tuple[str, int]]:
    """(rack, best score) before every turn of `games` self-play games."""
    player = agent_for("scrabble", "normal")
    found = []
    for number in range(games):
        state = GAME.new_game(ScrabbleConfig(), ("A", "B"), seed + number)
        while state.end is None:
            seat = GAME.current_seat(state)
            assert seat is not None
            view = seat_view(GAME, state, seat)
            best = best_moves(scrabble_view(view)) if not state.awaiting_final_challenge else []
            action = best[0].action if best else player.choose(view, 1.0)  # the normal player's choice
            if best and len(state.racks[seat]) == 7:
                found.append(("".join(t.face for t in state.racks[seat]), best[0].score))
            assert action is not None
            state = GAME.apply(state, seat, action).state
        print(f"{number + 1}/{games} games, {len(found)} racks", file=sys.stderr, end="\r")
    print(file=sys.stderr)
    return found


def least_squares(rows: list[list[float]], targets: list[float]) -> list[float]:
    """Solve the normal equations (a small ridge keeps faces seldom seen near zero)."""
    n = len(rows[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for row, y in zip(rows, targets):
        for i, xi in enumerate(row):
            if xi:
                b[i] += xi * y
                ai = a[i]
                for j, xj in enumerate(row):
                    ai[j] += xi * xj
    for i in range(n):
        a[i][i] += 1.0
    for col in range(n):  # Gauss-Jordan with partial pivoting
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(n)]


def fit(found: list[tuple[str, int]]) -> tuple[dict[str, float], dict[str, float]]:
    weights = least_squares([features(rack) for rack, _ in found], [float(score) for _, score in found])
    total = sum(count for count, _ in DISTRIBUTION.values())
    average = sum(weights[i] * DISTRIBUTION[face][0] for i, face in enumerate(FACES)) / total
    worth = {face: round(weights[i] - average, 2) for i, face in enumerate(FACES)}
    extra = {name: round(weights[len(FACES) + i], 2) for i, name in enumerate(EXTRA)}
    return worth, extra


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    found = samples(args.games, args.seed)
    worth, extra = fit(found)
    print(f"# {args.games} games from seed {args.seed}, {len(found)} racks")
    print("WORTH: dict[str, float] = {")
    for face, value in sorted(worth.items(), key=lambda kv: -kv[1]):
        print(f'    "{face}": {value},')
    print("}")
    for name, value in extra.items():
        print(f"{name} = {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
