"""What a Rummikub view holds (`RummikubGame.view`), declared for mypy: the JSON a seat sees.

The view is a plain dict at run time (core/kernel/views.py says why the declarations live
apart from it). Code that receives one as a plain dict (a screen, an agent) reads it through
`rummikub_view(data)`. No `from __future__ import annotations`: see core/kernel/views.py.
"""

from typing import Any, Literal, Mapping, NotRequired, TypedDict, cast

from tilegames.core.kernel.views import DrawRounds, GameView, RowTile

RummikubTile = RowTile
"""A tile: `{id, face, new}`; `face` in the notation (`R10`, `J` a joker), `new` for a tile
placed from the rack this turn."""


class RummikubSet(TypedDict):
    """A row of the table judged as a set (games/rummikub/sets.py's `read_set`)."""

    tiles: list[RummikubTile]
    kind: Literal["group", "run", "invalid"]
    value: int  # its points (0 when invalid)
    reason: str | None  # what is wrong with it; None when valid
    jokers: list[str]  # what each joker stands for, in order ("R11", "7 in black or orange")


class RedealOffer(TypedDict):
    """After the deal, a seat with three doubles may demand a new deal (RULES.md §1.3)."""

    asking: int  # the seat asked now
    doubles: NotRequired[int]  # its doubles: in that seat's own view only


class RummikubResult(TypedDict):
    """How the game ended."""

    reason: Literal["out", "stuck"]
    winners: list[int]
    scores: list[int]
    rack_values: list[int]  # what was left on each rack
    hints: NotRequired[list[int]]  # hints each seat asked for (not in records made before hints)


class TableRules(TypedDict):
    """The options that say which tables a play may leave (RULES.md §1.4-1.5): public, so
    that a computer player or a hint finds only plays the rules take."""

    manipulate_on_meld_turn: bool
    joker_sub_from_table: bool
    joker_free_by_rearrange: bool
    joker_group_needs_both: bool


class RummikubView(GameView):
    """The whole view (`game`, `seats`, `you`, `current`, `turn`: GameView's)."""

    phase: Literal["redeal", "play", "over"]
    edition: Literal["standard", "xp"]
    profile: Literal["sabra", "tournament"]
    turn_seconds: float | None  # None: no clock (and none while the redeal is asked)
    rack: list[RummikubTile] | None  # the viewer's; None for a spectator
    meld_points: int | None  # the initial meld's points so far, on the viewer's own turn; else None
    rack_sizes: list[int]
    melded: list[bool]  # each seat has made its initial meld
    pool: int  # tiles left to draw
    table: list[RummikubSet]  # on the viewer's own turn, as their draft arranges it
    first_player: DrawRounds
    redeal: RedealOffer | None  # while the redeal is asked
    rules: TableRules
    hints: list[int]  # hints each seat has asked for (public: the log says each one)
    result: RummikubResult | None  # once over


def rummikub_view(data: Mapping[str, Any]) -> RummikubView:
    """A Rummikub view received as a plain dict (from a session, over the wire), typed."""
    return cast(RummikubView, data)


def rummikub_result(data: Mapping[str, Any]) -> RummikubResult:
    """A finished game's result received as a plain dict (a series record's `details`: the
    view's `result`), typed."""
    return cast(RummikubResult, data)
