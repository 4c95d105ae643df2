"""What a Nab-It! view holds (`NabItGame.view`), declared for mypy: the JSON a seat sees.
games/nabit/views.py builds it and says what each field means.

The view is a plain dict at run time (core/kernel/views.py says why the declarations live
apart from it). Code that receives one as a plain dict (a screen, an agent) reads it through
`nabit_view(data)`. Cells are `[row, col]` pairs. Two shapes have a key named `from`, a Python
keyword, so they are declared with TypedDict's call syntax. No `from __future__ import
annotations`: see core/kernel/views.py.
"""

from typing import Any, Literal, Mapping, NotRequired, TypedDict, cast

from tilegames.core.kernel.views import ScoredView

Cell = list[int]
"""`[row, col]`: any integers (the grid is unbounded)."""


class NabRules(TypedDict):
    """The options a screen or a computer player needs (games/nabit/config.py)."""

    min_word_len: int
    bank_trigger: Literal["cap", "any_steal"]
    open_hands: bool
    require_last_tile_announce: bool
    family_words: bool
    word_list: str | None
    hand_size: int
    max_height: int
    idle_limit: int  # turns in a row with no tile placed that end the game


class GridCell(TypedDict):
    """An occupied cell, as the viewer's draft shows it on their own turn."""

    row: int
    col: int
    height: int
    letter: str  # the top tile's (a blank's chosen letter; `?` while a blank put down this turn has none)
    owner: int  # the top tile's seat
    blank: bool
    capped: bool
    capped_turn: int | None
    new: bool  # the top tile was put down in this draft


class Bounds(TypedDict):
    top: int
    left: int
    bottom: int
    right: int


class DraftTile(TypedDict):
    """A tile put down this turn; `letter` "" for a blank not named yet."""

    tile: int
    row: int
    col: int
    letter: str
    blank: bool


class WordHeld(TypedDict):
    """A word on the grid as committed, and who controls it."""

    cells: list[Cell]
    word: str
    direction: Literal["across", "down"]
    controller: int
    locked: bool  # a stack in it is capped


class NabTile(TypedDict):
    """A tile in a hand; `face` the owner's seat then the letter or `?` (`"1E"`, `"0?"`)."""

    id: int
    face: str
    letter: str | None  # the printed letter; None for a blank
    owner: int
    blank: bool


class PreviewWord(TypedDict):
    """A word the build in progress forms or changes."""

    cells: list[Cell]
    word: str
    ok: bool
    problem: str | None


Change = TypedDict("Change", {"cells": list[Cell], "word": str, "from": int | None, "to": int})
"""A word the build would make change controller (`from` None for a new word)."""


class Preview(TypedDict):
    """What committing the build in progress would do."""

    valid: bool
    problems: list[str]  # every sentence the commit would be refused with ([] when valid)
    words: list[PreviewWord]
    changes: list[Change]
    caps: list[Cell]
    bank: bool
    scores: list[int] | None  # the scores after it; None when not valid


class FirstPlayer(TypedDict):
    seat: int
    random: bool  # drawn from the seed, not chosen


class LastTurn(TypedDict):
    seat: int
    kind: Literal["build", "exchange", "pass", "timeout"]
    cells: list[Cell]
    words: list[str]
    caps: list[Cell]
    bank: bool
    count: int


class NabResult(TypedDict):
    reason: Literal["out", "stalled"]
    out_seat: int | None
    words: list[int]
    banks: list[int]
    scores: list[int]
    top_tiles: list[int]
    winners: list[int]
    decided_by: Literal["points", "top_tiles", "shared"]
    hints: NotRequired[list[int]]  # hints each seat asked for (not in records made before hints)


class NabItView(ScoredView):
    """The whole view (`game`, `seats`, `you`, `current`, `turn`, `scores`: ScoredView's)."""

    colours: list[str]
    phase: Literal["play", "over"]
    turn_seconds: float | None
    rules: NabRules
    grid: list[GridCell]
    bounds: Bounds | None  # None while the grid is empty
    draft: list[DraftTile]
    announce: bool
    drafting: bool
    words: list[WordHeld]
    hand: list[NabTile] | None  # the viewer's tiles not put down this turn; None for a spectator
    hands: list[list[NabTile]] | None  # every hand when hands are open; else None
    hand_sizes: list[int]
    bags: list[int]
    banks: list[int]
    words_held: list[int]
    top_tiles: list[int]
    idle: int
    preview: Preview | None  # drafting with a tile down; else None
    first_player: FirstPlayer
    last: LastTurn | None
    hints: list[int]  # hints each seat has asked for (public: the log says each one)
    result: NabResult | None


def nabit_view(data: Mapping[str, Any]) -> NabItView:
    """A Nab-It! view received as a plain dict (from a session, over the wire), typed."""
    return cast(NabItView, data)
