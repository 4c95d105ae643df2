"""Nab-It!'s moves: the builds a seat can find from its view, each judged by the engine's own
check and with its immediate gain (DESIGN.md §4 "Strength", §7a). The computer player
(agent.py) is a policy over them; hints and the coming levels build on the same seam.

The builds go through the lines on the grid (search.py: stacking on a word, extending it, or
crossing a single letter) or, on an empty grid, are the words the hand spells, longest first.
Each is judged with the engine's own check (placement.py) and control rules (control.py), all
run on what the view shows, so none is a build the engine refuses. Its gain (`value`):

* +1 for each word the seat controls after the build, -1 for each before (so a stolen word
  counts 1, a word kept by extending it 0), +1 for a bank tile;
* +0.5 for each word taken from another player (they lose a point too);
* -0.3 for each stack the build leaves 4 high in a word it does not lock: the sheet's warning,
  an opponent caps it next and nabs the word;
* -0.3 for using the blank, +0.05 per tile placed (playing tiles brings the end nearer).

Every build says "last tile" when `require_last_tile_announce` is on (harmless otherwise). The
search stops once it has judged `MAX_JUDGED` builds and found one, or at its deadline once it
has found one, so without a deadline it gives the same builds in the same order every time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Iterator

from tilegames.core.parts.grid import Pos
from tilegames.core.wordgraph import WordGraph, graph_for
from tilegames.core.parts.tiles import Tile
from tilegames.games.nabit.actions import Build, Placement
from tilegames.games.nabit.board import Cells, CellTop
from tilegames.games.nabit.config import MAX_HEIGHT, NabItConfig
from tilegames.games.nabit.control import earns_bank, stolen, update_control
from tilegames.games.nabit.placement import judge_build
from tilegames.games.nabit.scoring import words_held
from tilegames.games.nabit.search import Proposal, anchors, first_words, through
from tilegames.games.nabit.tiles import BLANK, is_blank, printed_letter
from tilegames.games.nabit.view_types import NabItView, NabRules
from tilegames.games.nabit.words import Judge, judge_for

MAX_JUDGED = 800  # builds judged at most per move: the same move on every machine, bar the deadline


@dataclass(frozen=True)
class Seen:
    """The position as the seat's view shows it."""

    seat: int
    turn: int
    config: NabItConfig
    cells: dict[Pos, CellTop]
    control: dict[Cells, int]
    hand: tuple[Tile, ...]
    bag: int
    players: int

    @classmethod
    def read(cls, view: NabItView) -> "Seen":
        """The position of the view's seat (who must not be a spectator)."""
        seat, own = view["you"], view["hand"]
        assert seat is not None and own is not None, "a spectator has no hand"
        cells = {(c["row"], c["col"]): CellTop(c["letter"], c["owner"], c["height"], c["capped_turn"])
                 for c in view["grid"]}
        control = {tuple((r, c) for r, c in w["cells"]): w["controller"] for w in view["words"]}
        hand = tuple(Tile(t["id"], t["face"]) for t in own)
        return cls(seat, view["turn"], _config(view["rules"]), cells, control, hand, view["bags"][seat],
                   len(view["seats"]))


def _config(rules: NabRules) -> NabItConfig:
    """The options the view shows (its RULE_KEYS), as the engine's config; the rest (the clock,
    the first seat, the letters file) are the defaults, which no judgement of a build reads."""
    return NabItConfig(
        min_word_len=rules["min_word_len"], bank_trigger=rules["bank_trigger"], open_hands=rules["open_hands"],
        require_last_tile_announce=rules["require_last_tile_announce"], family_words=rules["family_words"],
        word_list=rules["word_list"])


@dataclass(frozen=True)
class Candidate:
    """A build found: the action, its immediate gain (see above), its tiles on their cells, and
    what the levels weigh beside the gain: the words it makes or changes, the stacks it caps and
    the stacks it leaves 4 high for an opponent to cap."""

    action: Build
    value: float
    words: tuple[str, ...] = ()
    caps: int = 0
    risky: int = 0

    @property
    def placements(self) -> tuple[Placement, ...]:
        return self.action.tiles


def candidates(seen: Seen, deadline: float) -> Iterator[Candidate]:
    """Every build found for the seat by `deadline`, each judged legal, in the search's order
    (see above); none when the word list cannot be read (nothing can be judged)."""
    judge = judge_for(seen.config)
    if judge.lexicon is None:
        return iter(())
    return _judged(seen, judge, graph_for(seen.config.word_list), deadline)


def _judged(seen: Seen, judge: Judge, graph: WordGraph, deadline: float) -> Iterator[Candidate]:
    found = False
    tried: set[tuple[tuple[Pos, str], ...]] = set()
    for proposal in _proposals(seen, graph, deadline):
        key = tuple(sorted(proposal.tiles))
        if key in tried:
            continue
        tried.add(key)
        placements = _tiles_for(proposal, seen.hand)
        if placements is None:
            continue
        judged = _value(seen, judge, placements)
        if judged is not None:
            found = True
            value, words, caps, risky = judged
            yield Candidate(Build(placements, announce=seen.config.require_last_tile_announce), value, words,
                            caps, risky)
        if found and (len(tried) >= MAX_JUDGED or time.monotonic() > deadline):
            return


def _proposals(seen: Seen, graph: WordGraph, deadline: float) -> Iterator[Proposal]:
    hand = "".join(sorted((printed_letter(t) or BLANK).lower() for t in seen.hand))
    if not seen.cells:
        yield from first_words(hand, graph, seen.config.min_word_len, deadline)
        return
    for anchor in anchors(seen.cells):
        yield from through(anchor, seen.cells, hand, graph, deadline)


def _tiles_for(proposal: Proposal, hand: tuple[Tile, ...]) -> tuple[Placement, ...] | None:
    """Hand tiles for the proposal's letters: lettered tiles first, the blank for what is missing."""
    free: dict[str, list[Tile]] = {}
    for tile in hand:
        free.setdefault(printed_letter(tile) or BLANK, []).append(tile)
    placements = []
    for (row, col), letter in proposal.tiles:
        tiles = free.get(letter) or free.get(BLANK)
        if not tiles:
            return None
        placements.append(Placement(tiles.pop().id, row, col, letter))
    return tuple(placements)


def _value(seen: Seen, judge: Judge,
           placements: tuple[Placement, ...]) -> tuple[float, tuple[str, ...], int, int] | None:
    """The build's immediate gain (see the module docstring), the words it makes or changes, the
    stacks it caps and those it leaves 4 high; None if the engine would refuse it."""
    report = judge_build(seen.config, judge, seen.cells, seen.hand, placements, seen.turn)
    if report.problems:
        return None
    touched = list(report.placed)
    after = update_control(seen.control, report.after, touched, seen.seat)
    steals = stolen(seen.control, after, seen.seat)
    mine_before = words_held(seen.control, seen.players)[seen.seat]
    mine_after = words_held(after, seen.players)[seen.seat]
    bank = earns_bank(seen.config.bank_trigger, report.caps, steals) and seen.bag > 0
    risky = sum(1 for pos in touched if report.after[pos].height == MAX_HEIGHT - 1
                and not any(pos in word and any(report.after[c].capped for c in word) for word in after))
    blanks = sum(1 for layer in report.placed.values() if is_blank(layer.tile))
    value = (mine_after - mine_before + bank + 0.5 * len(steals) - 0.3 * risky - 0.3 * blanks
             + 0.05 * len(placements))
    return value, tuple(w.word.upper() for w in report.words), len(report.caps), risky
