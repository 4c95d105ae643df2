"""What a seat sees (`Game.view`): the grid, the words and who controls them, its own hand, the
scores so far, and only counts of everything secret.

The view is JSON data. Cells are `[row, col]` pairs of any integers (the grid is unbounded;
row numbers grow downwards, column numbers to the right). Tiles are `{id, face, letter, owner,
blank}`: `face` is the tile's notation (owner's seat, then the letter or `?`: `"1E"`, `"0?"`),
`letter` the printed letter (None for a blank), `owner` the seat whose colour it is. Fields:

* `game`, `seats`, `you` (the seat viewing, None for a spectator), `current` (None once over),
  `turn` (counts turns from 0), `phase` (`play` or `over`), `turn_seconds` (None: no clock);
* `rules`: `min_word_len`, `bank_trigger` (`cap` or `any_steal`), `open_hands`,
  `require_last_tile_announce`, `family_words`, `word_list`, `hand_size` (5), `max_height` (5),
  `idle_limit` (turns in a row with no tile placed that end the game: 2 × players);
* `colours`: each seat's colour name (`red`, `blue`, `green`, `yellow`);
* `grid`: every occupied cell, as the viewer's draft shows it on their own turn (a tile put down
  this turn is on top), sorted by cell: `{row, col, height, letter, owner, blank, capped,
  capped_turn, new}`: `letter` the top tile's letter (a blank's chosen letter, `?` while a blank
  put down this turn has none), `owner` the top tile's seat, `blank` whether the top tile is a
  blank, `capped` whether the stack holds 5 tiles (it never changes again; `capped_turn` the turn
  it was capped in, else None), `new` whether the top tile was put down in this draft;
* `bounds`: `{top, left, bottom, right}` of the occupied cells (None while the grid is empty);
* `draft`: the tiles put down this turn, `{tile, row, col, letter, blank}` (`letter` "" for a
  blank not named yet); `announce`: the draft says "last tile!"; `drafting`: the view shows the
  viewer's turn in progress;
* `words`: every word on the grid as committed, in reading order: `{cells, word, direction,
  controller, locked}`; `locked` is true when a stack in it is capped (its control changes only
  by another cap);
* `hand`: the viewer's tiles not put down this turn (None for a spectator); `hands`: every seat's
  whole hand when `open_hands`, else None; `hand_sizes`, `bags` (tiles left in each seat's own
  bag: counts only, never their order or faces), `banks` (bank tiles per seat);
* `words_held` (words each seat controls), `scores` (the scores so far: words held + bank
  tiles, + 1 for playing out once the game is over), `top_tiles` (cells whose top tile is each
  seat's colour: the tie-break), `idle` (turns in a row with no tile placed);
* `preview`: None unless drafting with a tile down; else what committing now would do:
  `{valid, problems, words, changes, caps, bank, scores}`: `problems` every sentence the commit
  would be refused with ([] when valid); `words` the words formed or changed, `{cells, word,
  ok, problem}`; `changes` the words that would change controller (new ones included), `{cells,
  word, from, to}` (`from` None for a new word); `caps` the cells it would cap; `bank` whether it
  earns a bank tile; `scores` the scores so far after it (None when not valid);
* `first_player`: `{seat, random}` (`random`: drawn from the seed, not chosen);
* `last`: the previous turn, `{seat, kind, cells, words, caps, bank, count}`, kind one of build,
  exchange, pass, timeout;
* `result` once over: `{reason: "out"|"stalled", out_seat, words, banks, scores, top_tiles,
  winners, decided_by: "points"|"top_tiles"|"shared"}`.
"""

from __future__ import annotations

from typing import Sequence

from tilegames.core.kernel.hints import hint_counts
from tilegames.core.parts.grid import Pos
from tilegames.core.parts.tiles import Tile
from tilegames.games.nabit.board import Cells, CellTop, Surface, spell
from tilegames.games.nabit.config import HAND, MAX_HEIGHT
from tilegames.games.nabit.control import changed_hands, earns_bank, stolen, update_control
from tilegames.games.nabit.draft import NabDraft
from tilegames.games.nabit.placement import judge_build
from tilegames.games.nabit.scoring import scores, top_tiles, words_held
from tilegames.games.nabit.state import NabState
from tilegames.games.nabit.tiles import COLOURS, is_blank, owner, printed_letter
from tilegames.games.nabit.view_types import (
    Bounds, Cell, DraftTile, GridCell, NabItView, NabRules, NabTile, Preview, PreviewWord, WordHeld,
)
from tilegames.games.nabit.words import judge_for

RULE_KEYS = ("min_word_len", "bank_trigger", "open_hands", "require_last_tile_announce", "family_words",
             "word_list")


def tile_view(tile: Tile) -> NabTile:
    return {"id": tile.id, "face": tile.face, "letter": printed_letter(tile), "owner": owner(tile),
            "blank": is_blank(tile)}


def cells_json(cells: Sequence[Pos]) -> list[Cell]:
    return [[r, c] for r, c in cells]


def _grid(state: NabState, draft: NabDraft | None) -> list[GridCell]:
    shown: dict[Pos, GridCell] = {}
    for stack in state.grid:
        top = stack.shows()
        shown[stack.pos] = {"row": stack.pos[0], "col": stack.pos[1], "height": top.height, "letter": top.letter,
                            "owner": top.owner, "blank": is_blank(stack.top.tile), "capped": top.capped,
                            "capped_turn": top.capped_turn, "new": False}
    hand = {t.id: t for t in draft.hand} if draft is not None else {}
    for p in draft.placements if draft is not None else ():
        pos = (p.row, p.col)
        height = shown[pos]["height"] + 1 if pos in shown else 1
        shown[pos] = {"row": p.row, "col": p.col, "height": height, "letter": p.letter or "?",
                      "owner": owner(hand[p.tile]), "blank": is_blank(hand[p.tile]), "capped": height >= MAX_HEIGHT,
                      "capped_turn": state.turn if height >= MAX_HEIGHT else None, "new": True}
    return [shown[pos] for pos in sorted(shown)]


def _draft(draft: NabDraft | None) -> list[DraftTile]:
    if draft is None:
        return []
    blanks = {t.id for t in draft.hand if is_blank(t)}
    return [{"tile": p.tile, "row": p.row, "col": p.col, "letter": p.letter, "blank": p.tile in blanks}
            for p in draft.placements]


def _bounds(grid: list[GridCell]) -> Bounds | None:
    if not grid:
        return None
    rows, cols = [c["row"] for c in grid], [c["col"] for c in grid]
    return {"top": min(rows), "left": min(cols), "bottom": max(rows), "right": max(cols)}


def _words(cells: Surface, control: dict[Cells, int]) -> list[WordHeld]:
    return [{"cells": cells_json(word), "word": spell(cells, word),
             "direction": "across" if word[0][0] == word[-1][0] else "down", "controller": seat,
             "locked": any(cells[pos].capped for pos in word)}
            for word, seat in control.items()]


def preview(state: NabState, seat: int, draft: NabDraft) -> Preview:
    """What committing `draft` now would do (see the module docstring)."""
    cells = state.cells()
    report = judge_build(state.config, judge_for(state.config), cells, state.hands[seat], draft.placements,
                         state.turn)
    words: list[PreviewWord] = [{"cells": cells_json(w.cells), "word": w.word, "ok": w.problem is None, "problem": w.problem}
             for w in report.words]
    out: Preview = {"valid": not report.problems, "problems": list(report.problems), "words": words,
                           "changes": [], "caps": cells_json(report.caps), "bank": False, "scores": None}
    if report.problems:
        return out
    before = state.controllers()
    after = update_control(before, report.after, report.placed.keys(), seat)
    bank = earns_bank(state.config.bank_trigger, report.caps, stolen(before, after, seat)) and len(state.bags[seat]) > 0
    banks = [len(b) for b in state.banks]
    banks[seat] += bank
    out["changes"] = [{"cells": cells_json(word), "word": spell(report.after, word), "from": before.get(word),
                       "to": after[word]} for word in changed_hands(before, after)]
    out["bank"] = bank
    out["scores"] = list(scores(after, banks))
    return out


def build_view(game_id: str, state: NabState, seat: int | None, draft: NabDraft | None,
               turn_seconds: float | None) -> NabItView:
    if draft is not None and (seat is None or seat != state.current):
        raise ValueError("Only the seat whose turn it is has a draft to view.")
    players = len(state.seats)
    config = state.config
    cells: dict[Pos, CellTop] = state.cells()
    control = state.controllers()
    banks = [len(b) for b in state.banks]
    grid = _grid(state, draft)
    hand = draft.in_hand() if draft is not None else (state.hands[seat] if seat is not None else None)
    # RULE_KEYS, then the fixed sizes (written out, so that mypy checks each value).
    rules: NabRules = {
        "min_word_len": config.min_word_len, "bank_trigger": config.bank_trigger, "open_hands": config.open_hands,
        "require_last_tile_announce": config.require_last_tile_announce, "family_words": config.family_words,
        "word_list": config.word_list, "hand_size": HAND, "max_height": MAX_HEIGHT, "idle_limit": 2 * players,
    }
    end = state.end
    view: NabItView = {
        "game": game_id,
        "seats": list(state.seats),
        "colours": list(COLOURS[:players]),
        "you": seat,
        "current": state.current,
        "phase": "over" if end is not None else "play",
        "turn": state.turn,
        "turn_seconds": turn_seconds,
        "rules": rules,
        "grid": grid,
        "bounds": _bounds(grid),
        "draft": _draft(draft),
        "announce": draft.announce if draft is not None else False,
        "drafting": draft is not None,
        "words": _words(cells, control),
        "hand": [tile_view(t) for t in hand] if hand is not None else None,
        "hands": [[tile_view(t) for t in h] for h in state.hands] if config.open_hands else None,
        "hand_sizes": [len(h) for h in state.hands],
        "bags": [len(b) for b in state.bags],
        "banks": banks,
        "words_held": list(words_held(control, players)),
        "scores": list(end.scores) if end is not None else list(scores(control, banks)),
        "top_tiles": list(top_tiles(cells, players)),
        "idle": state.idle,
        "preview": preview(state, seat, draft) if draft is not None and seat is not None and draft.placements else None,
        "first_player": {"seat": state.first_seat, "random": state.first_random},
        "last": None,
        "hints": hint_counts(state.hints, state.seats),  # public: the log says each one
        "result": None,
    }
    if state.last is not None:
        last = state.last
        view["last"] = {"seat": last.seat, "kind": last.kind, "cells": cells_json(last.cells),
                        "words": list(last.words), "caps": cells_json(last.caps), "bank": last.bank,
                        "count": last.count}
    if end is not None:
        view["result"] = {"reason": end.reason, "out_seat": end.out_seat, "words": list(end.words),
                          "banks": list(end.banks), "scores": list(end.scores), "top_tiles": list(end.top_tiles),
                          "winners": list(end.winners), "decided_by": end.decided_by,
                          "hints": hint_counts(state.hints, state.seats)}
    return view
