"""A simple automatic Nab-It! player, working from its seat's view only (DESIGN.md §4).

On its turn it looks for builds through the lines on the grid (search.py: stacking on a word,
extending it, or crossing a single letter) or, on an empty grid, for the longest word its hand
spells. It judges each with the engine's own check (placement.py) and control rules
(control.py), all run on what its view shows, so it never submits a build the engine refuses,
and plays the one with the best immediate gain:

* +1 for each word it controls after the build, -1 for each before (so a stolen word counts 1,
  a word kept by extending it 0), +1 for a bank tile;
* +0.5 for each word taken from another player (they lose a point too);
* -0.3 for each stack the build leaves 4 high in a word it does not lock: the sheet's warning,
  an opponent caps it next and nabs the word;
* -0.3 for using the blank, +0.05 per tile placed (playing tiles brings the end nearer).

With no build it exchanges every tile but the blank (as many as its bag allows), and passes when
its bag is empty. With `require_last_tile_announce` it always announces (harmless otherwise).
Its search stops once it has judged `MAX_JUDGED` builds and found one, or at `MAX_SECONDS` or the
time budget, whichever comes first.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterator

from tilegames.core.parts.grid import Pos
from tilegames.core.parts.lexicon import Anagrams, anagrams_for
from tilegames.core.kernel.protocol import Action
from tilegames.core.parts.tiles import Tile
from tilegames.games.nabit.actions import Build, Exchange, Pass, Placement
from tilegames.games.nabit.board import Cells, CellTop
from tilegames.games.nabit.config import MAX_HEIGHT, NabItConfig
from tilegames.games.nabit.control import earns_bank, stolen, update_control
from tilegames.games.nabit.placement import judge_build
from tilegames.games.nabit.scoring import words_held
from tilegames.games.nabit.search import Proposal, anchors, first_words, through
from tilegames.games.nabit.tiles import BLANK, is_blank, printed_letter
from tilegames.games.nabit.views import RULE_KEYS
from tilegames.games.nabit.words import Judge, judge_for

MAX_SECONDS = 0.5  # the most it thinks about one move
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
    def read(cls, view: dict[str, Any]) -> "Seen":
        seat = int(view["you"])
        cells = {(int(c["row"]), int(c["col"])): CellTop(str(c["letter"]), int(c["owner"]), int(c["height"]),
                                                         c["capped_turn"]) for c in view["grid"]}
        control = {tuple((int(r), int(c)) for r, c in w["cells"]): int(w["controller"]) for w in view["words"]}
        config = NabItConfig(**{key: view["rules"][key] for key in RULE_KEYS})
        hand = tuple(Tile(int(t["id"]), str(t["face"])) for t in view["hand"])
        return cls(seat, int(view["turn"]), config, cells, control, hand, int(view["bags"][seat]), len(view["seats"]))


class NabItAgent:
    """The player described above. Stateless: one instance can play several seats."""

    def choose(self, view: dict[str, Any], time_budget: float) -> Action | None:
        if view["you"] is None or view["current"] != view["you"]:
            return None  # Nab-It! never asks a seat out of turn
        seen = Seen.read(view)
        deadline = time.monotonic() + max(0.0, min(time_budget, MAX_SECONDS))
        build = best_build(seen, deadline)
        if build is not None:
            return build
        if seen.bag:
            keep = [t for t in seen.hand if not is_blank(t)] or list(seen.hand)
            return Exchange(tuple(t.id for t in keep[:seen.bag]))
        return Pass()


def best_build(seen: Seen, deadline: float) -> Build | None:
    """The best build found by `deadline` (None: none found)."""
    judge = judge_for(seen.config)
    if judge.lexicon is None:
        return None  # the word list cannot be read: nothing can be judged
    words = anagrams_for(seen.config.word_list)
    best: tuple[float, Build] | None = None
    tried: set[tuple[tuple[Pos, str], ...]] = set()
    for proposal in _proposals(seen, words, deadline):
        key = tuple(sorted(proposal.tiles))
        if key in tried:
            continue
        tried.add(key)
        placements = _tiles_for(proposal, seen.hand)
        if placements is None:
            continue
        value = _value(seen, judge, placements)
        if value is not None and (best is None or value > best[0]):
            best = (value, Build(placements, announce=seen.config.require_last_tile_announce))
        if best is not None and (len(tried) >= MAX_JUDGED or time.monotonic() > deadline):
            break
    return best[1] if best is not None else None


def _proposals(seen: Seen, words: Anagrams, deadline: float) -> Iterator[Proposal]:
    hand = "".join(sorted((printed_letter(t) or BLANK).lower() for t in seen.hand))
    if not seen.cells:
        yield from first_words(hand, words, seen.config.min_word_len, deadline)
        return
    for anchor in anchors(seen.cells):
        yield from through(anchor, seen.cells, hand, words, deadline)


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


def _value(seen: Seen, judge: Judge, placements: tuple[Placement, ...]) -> float | None:
    """The build's immediate gain (see the module docstring), None if the engine would refuse it."""
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
    return (mine_after - mine_before + bank + 0.5 * len(steals) - 0.3 * risky - 0.3 * blanks
            + 0.05 * len(placements))


def new_agent() -> NabItAgent:
    """The registry's factory (core/agents.py)."""
    return NabItAgent()
