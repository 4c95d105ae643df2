"""What a Rummikub Word view holds (`WordRummikubGame.view`), declared for mypy: the JSON a seat
sees. games/word_rummikub/views.py builds it and says what each field means.

The view is a plain dict at run time (core/kernel/views.py says why the declarations live
apart from it). Code that receives one as a plain dict (a screen, an agent) reads it through
`word_rummikub_view(data)`. No `from __future__ import annotations`: see core/kernel/views.py.
"""

from typing import Any, Literal, Mapping, NotRequired, TypedDict, cast

from tilegames.core.kernel.views import DrawRounds, RowTile, ScoredView


class WordRules(TypedDict):
    """The options a screen or a computer player needs (games/word_rummikub/config.py)."""

    min_word_len: int
    first_meld_extra_words: bool
    longest_needs_rack_tile: bool
    joker_sub_from_table: bool
    word_check: Literal["turn_end_penalty", "void"]
    skip_next_turn_on_misspell: bool
    timeout_penalty_tiles: int
    winner_rule: Literal["points", "first_out"]
    family_words: bool
    word_list: str | None
    first_meld_letters: int


class WordTile(RowTile):
    """A tile (`id`, `face`, `new`: RowTile's); `face` the letter or `*` for a joker."""

    letter: str | None  # the letter it shows: a joker's named letter, None until named (on a rack: None)
    joker: bool


class WordRow(TypedDict):
    """A row of the table judged as a word on its own."""

    tiles: list[WordTile]
    word: str  # the spelling, `?` for an unnamed joker
    length: int
    is_word: bool
    new: bool  # a new word this turn
    duplicate: bool  # another row spells the same
    reason: str  # what is wrong with the row, or ""


class LastTurn(TypedDict):
    """The previous turn; for a penalty `words` are the wrong words."""

    seat: int
    kind: Literal["play", "draw", "pass", "penalty", "timeout"]
    score: int
    words: list[str]


class WordResult(TypedDict):
    """How the game ended: the turn scores, the jokers left and their charge, the final scores."""

    reason: Literal["out", "stalled"]
    winners: list[int]
    scores: list[int]
    turn_scores: list[int]
    jokers_left: list[int]
    joker_penalty: int
    out_seat: int | None
    hints: NotRequired[list[int]]  # hints each seat asked for (not in records made before hints)


class WordRummikubView(ScoredView):
    """The whole view (`game`, `seats`, `you`, `current`, `turn`, `scores`: ScoredView's)."""

    phase: Literal["play", "over"]
    turn_seconds: float | None
    rules: WordRules
    rack: list[WordTile] | None  # None for a spectator
    table: list[WordRow]
    drafting: bool
    would_score: int | None
    problems: list[str] | None  # None when not drafting
    melded: list[bool]
    pool: int
    rack_sizes: list[int]
    skips: list[bool]  # seats that lose their next turn
    idle: int
    first_player: DrawRounds
    last: LastTurn | None
    hints: list[int]  # hints each seat has asked for (public: the log says each one)
    result: WordResult | None


def word_rummikub_view(data: Mapping[str, Any]) -> WordRummikubView:
    """A Rummikub Word view received as a plain dict (from a session, over the wire), typed."""
    return cast(WordRummikubView, data)
