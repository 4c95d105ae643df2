"""The strong Scrabble player's choices beyond one play's score (DESIGN.md §7a).

* While tiles are left in the bag it ranks plays by **equity**, the score plus the value of the
  tiles kept (leaves.py), and it **exchanges** when keeping the best part of its rack and
  drawing the rest is worth more than any play (an exchange scores nothing, so its equity is
  the value of what it keeps, less `EXCHANGE_COST` for the turn given away).
* With the bag empty and one opponent, both racks are known (the opponent holds exactly the
  tiles this seat has not seen), so it looks **one reply ahead**: of its best plays by score
  and every play that goes out, it makes the one that leaves it furthest ahead after the
  opponent's best answer. Going out earns twice the tiles the opponent is left with
  (RULES.md §3.9: they lose them, the player going out gains them); a play that does not go
  out is weighed against the reply that scores most for the opponent, going out counted the
  same way, so it blocks what it can and keeps tiles it can still play.
"""

from __future__ import annotations

import itertools

from tilegames.core.wordgraph import graph_for
from tilegames.games.scrabble.leaves import leave_value
from tilegames.games.scrabble.movegen import MoveGenerator
from tilegames.games.scrabble.moves import Move, board_of, generator, made_with, rack_of
from tilegames.games.scrabble.tiles import BLANK, RACK_SIZE, rack_value
from tilegames.games.scrabble.view_types import ScrabbleView

EXCHANGE_COST = 5.0  # what a turn without points costs beside what the exchange keeps
ENDGAME_CANDIDATES = 20  # of the plays by score, how many are looked at one reply ahead


def best_exchange(rack: list[tuple[int, str]]) -> tuple[float, tuple[int, ...]]:
    """The exchange worth most (its equity) and the tile ids it gives back: every choice of tiles
    to keep is weighed by its leave value (keeping all is no exchange)."""
    faces = "".join(face for _, face in rack)
    best: tuple[float, str] | None = None
    for size in range(len(faces)):
        for kept in set(itertools.combinations(sorted(faces), size)):
            value = leave_value("".join(kept))
            if best is None or value > best[0]:
                best = (value, "".join(kept))
    assert best is not None
    keep = list(best[1])
    given = []
    for tile_id, face in rack:
        if face in keep:
            keep.remove(face)
        else:
            given.append(tile_id)
    return best[0] - EXCHANGE_COST, tuple(given)


def equity_choice(view: ScrabbleView) -> Move | tuple[int, ...] | None:
    """The play of highest equity, or the tiles to exchange when that is worth more, or None
    when there is neither (a pass)."""
    board, rack = board_of(view), rack_of(view)
    plays = generator(board, rack, graph_for(view["word_list"])).best(1, equity=True)
    exchange = best_exchange(rack) if view["bag"] >= RACK_SIZE else None
    if exchange is not None and (not plays or exchange[0] > plays[0].equity):
        return exchange[1]
    return made_with(board, rack, plays[0]) if plays else None


def endgame_choice(view: ScrabbleView) -> Move | None:
    """With the bag empty against one opponent: the play leaving this seat furthest ahead after
    the opponent's best reply (see above); None when there is no play."""
    board, rack = board_of(view), rack_of(view)
    graph = graph_for(view["word_list"])
    theirs = (view["unseen"] or "").replace(" ", "")
    gen = generator(board, rack, graph)
    plays = gen.all()
    if not plays:
        return None
    ranked = MoveGenerator.ranked(plays)
    out = [p for p in plays if len(p.tiles) == len(rack)]
    candidates = out + [p for p in ranked[:ENDGAME_CANDIDATES] if len(p.tiles) != len(rack)]
    their_value = rack_value(theirs)

    def outcome(play_index: int) -> tuple[float, int]:
        play = candidates[play_index]
        if len(play.tiles) == len(rack):
            return play.score + 2 * their_value, play.score
        after = {**board, **dict(play.tiles)}
        mine_left = rack_value(play.leave.replace(BLANK, ""))
        replies = MoveGenerator(after, theirs, graph).all() if theirs else []
        reply = max((r.score + (2 * mine_left if len(r.tiles) == len(theirs) else 0) for r in replies), default=0)
        return play.score - reply, play.score

    best = max(range(len(candidates)), key=lambda i: (outcome(i), -i))
    return made_with(board, rack, candidates[best])
