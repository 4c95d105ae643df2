"""What both games share through core: who plays first, and who may act (issue 12).

The first-player draw decides the bag order of every game, so the digests below pin, for many
seeds, exactly what each game's draw gave before it was written once in core: the winner, every
tile turned up, and the bag afterwards (order and shuffle count). A journal replays only if
these stay identical.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from tilegames.core.tiles import Bag
from tilegames.games.rummikub.config import RummikubConfig
from tilegames.games.rummikub.game import GAME as RUMMIKUB
from tilegames.games.rummikub.notation import full_set as rummikub_set
from tilegames.games.rummikub.setup import draw_for_first_player
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME as SCRABBLE
from tilegames.games.scrabble.setup import first_player
from tilegames.games.scrabble.tiles import full_set as scrabble_set

SEEDS = range(300)


def digest(records: list[Any]) -> str:
    return hashlib.sha256(json.dumps(records, separators=(",", ":")).encode()).hexdigest()


def rummikub_draws() -> list[Any]:
    records = []
    for edition, counts in (("standard", (2, 3, 4)), ("xp", (2, 3, 4, 5, 6))):
        for players in counts:
            for seed in SEEDS:
                first, rounds, bag = draw_for_first_player(Bag.shuffled(rummikub_set(edition), seed), players)
                records.append([edition, players, seed, first, [[list(d) for d in r.draws] for r in rounds],
                                [t.id for t in bag.tiles], bag.shuffles])
    return records


def scrabble_draws() -> list[Any]:
    records = []
    for players in (2, 3, 4):
        for seed in SEEDS:
            first, draws, bag = first_player(Bag.shuffled(scrabble_set(), seed), players)
            records.append([players, seed, first, [list(d) for d in draws], [t.id for t in bag.tiles], bag.shuffles])
    return records


def new_games() -> list[Any]:
    records = []
    for players in (2, 3, 4, 5, 6):
        for seed in range(50):
            s = RUMMIKUB.new_game(RummikubConfig(), tuple("ABCDEF"[:players]), seed)
            records.append([players, seed, s.first_seat, [[list(d) for d in r.draws] for r in s.first_draw],
                            [[t.id for t in r] for r in s.racks], [t.id for t in s.bag.tiles], s.bag.shuffles,
                            s.phase, list(s.redeal_asking)])
    for players in (2, 3, 4):
        for seed in range(50):
            t = SCRABBLE.new_game(ScrabbleConfig(), tuple("ABCD"[:players]), seed)
            records.append([players, seed, t.first_seat, [list(d) for d in t.first_draw],
                            [[x.id for x in r] for r in t.racks], [x.id for x in t.bag.tiles], t.bag.shuffles])
    return records


# Computed with each game's own draw before the shared one replaced it. The seeds cover ties
# (255 Rummikub and 86 Scrabble draws go to a second round), jokers turned up and redrawn (180)
# and blanks (40).
RUMMIKUB_DRAWS = "f85c16e7da4bedf229ed09aad8f78d44f41548f58fb6a27e0a9d073e93478531"
SCRABBLE_DRAWS = "9cedfda3345f7fe3d9f564ce9b23ecb1eefea247f188fca226b631fd76d000ea"
NEW_GAMES = "01420f7591ac157a3d4bbd79bd6a1fd9e10ab1d4dc55ee2c4caaa0872fa68e70"


def test_rummikub_first_player_draws_are_the_pinned_ones() -> None:
    assert digest(rummikub_draws()) == RUMMIKUB_DRAWS


def test_scrabble_first_player_draws_are_the_pinned_ones() -> None:
    assert digest(scrabble_draws()) == SCRABBLE_DRAWS


def test_new_games_of_both_games_are_the_pinned_ones() -> None:
    assert digest(new_games()) == NEW_GAMES


def test_two_pinned_draws_spelled_out() -> None:
    # Rummikub, 3 players, seed 32: Bora and Chul tie on 4; Chul's joker is redrawn (B1); Bora's 8 wins.
    first, rounds, _ = draw_for_first_player(Bag.shuffled(rummikub_set(), 32), 3)
    assert first == 1
    assert [r.draws for r in rounds] == [((0, "O1"), (1, "B4"), (2, "B4")), ((1, "K8"), (2, "J"), (2, "B1"))]
    # Scrabble, 2 players, seed 8: both draw A, then N beats Y.
    first, draws, _ = first_player(Bag.shuffled(scrabble_set(), 8), 2)
    assert (first, draws) == (0, ((0, "A"), (1, "A"), (0, "N"), (1, "Y")))
