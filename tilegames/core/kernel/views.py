"""The shapes of game views, as far as more than one game shares them (DESIGN.md §2: `view`).

A view is JSON data: `Game.view` returns a plain dict, it crosses the wire as JSON, and a screen
or an agent gets it back as a plain dict. To let mypy check every key read, each game declares its
view as a `TypedDict` in `games/<id>/view_types.py`, and code that receives a view as a dict
turns it into its declared type once, with that game's cast helper (`scrabble_view(data)`…).
Nothing changes at run time: a TypedDict is a plain dict, so the wire, saves and snapshots stay
as they were.

This module declares:

* `GameView`: the keys every game's view has (the seats, the viewer, whose turn, the turn);
  every game's view extends it, and `ScoredView` for the games that keep scores;
* the facets the generic screens read, each a part of several games' views: `RowsView` (the
  rows screens: ui/screens/rows_play.py and row_editing.py, ui/widgets/scores.py; Rummikub and
  Rummikub Word) and `SpectatorView` (ui/screens/spectator.py: every game, the scores and rack
  sizes where a game has them). A facet is not a supertype of a game's view in mypy's sense (a
  row of Rummikub has more keys than a facet's row, and TypedDict items are invariant), so a
  generic screen turns the plain dict into its facet with the facet's helper, and tests check
  every facet against real views of each game it serves (tests/test_typed_views.py);
* `plain_view`, the other way: a typed view handed on as the protocol's plain dict (the
  generic widgets take `Mapping`s, so a view's typed parts go to them as they are).

No `from __future__ import annotations` here or in the games' view_types modules: with it,
Python 3.11 cannot see `NotRequired` at run time (`__required_keys__` would list every key),
and the tests that hold the declarations to the real views read those.
"""

from typing import Any, Mapping, NotRequired, TypedDict, cast

SeatFace = list[int | str]
"""`[seat, face]`: a tile turned up in the draw for the first player (JSON has no pairs)."""


class GameView(TypedDict):
    """What every game's view holds: the players, who is looking and whose turn it is."""

    game: str  # the game's id
    seats: list[str]  # the players' names, by seat
    you: int | None  # the seat viewing; None for a spectator
    current: int | None  # whose turn; None once the game is over
    turn: int  # counts turns from 0


class ScoredView(GameView):
    """A game that keeps scores as it goes (Scrabble, Rummikub Word, Nab-It!)."""

    scores: list[int]  # by seat, so far


class RowTile(TypedDict):
    """A tile on a rack or in a row of the table, in both games that lay rows."""

    id: int
    face: str
    new: bool  # placed from the rack this turn (on a rack: false)


class TableRow(TypedDict):
    """A row of the table, as far as the rows screens read it."""

    tiles: list[RowTile]


class DrawRounds(TypedDict):
    """Who plays first, drawn in rounds: each round the faces the drawing seats turned up."""

    seat: int
    draws: list[list[SeatFace]]


class RowsView(GameView):
    """The rows screens' facet of a Rummikub or Rummikub Word view (see the module docstring)."""

    phase: str
    rack: list[RowTile] | None  # None for a spectator
    table: list[TableRow]
    rack_sizes: list[int]
    melded: list[bool]
    pool: int
    first_player: DrawRounds


class SpectatorView(GameView):
    """The spectator screen's facet of any game's view: scores and rack sizes where a game has
    them (Rummikub keeps no running scores; Nab-It! has hands and bags, not racks)."""

    scores: NotRequired[list[int]]
    rack_sizes: NotRequired[list[int]]


def game_view(data: Mapping[str, Any]) -> GameView:
    """A view received as a plain dict, as the keys every game has."""
    return cast(GameView, data)


def rows_view(data: Mapping[str, Any]) -> RowsView:
    """A Rummikub or Rummikub Word view received as a plain dict, as the rows screens read it."""
    return cast(RowsView, data)


def scored_view(data: Mapping[str, Any]) -> ScoredView:
    """A view of a game that keeps scores, received as a plain dict (a summary's past views)."""
    return cast(ScoredView, data)


def spectator_view(data: Mapping[str, Any]) -> SpectatorView:
    """Any game's view received as a plain dict, as the spectator screen reads it."""
    return cast(SpectatorView, data)


def seat_face(pair: SeatFace) -> tuple[int, str]:
    """A `[seat, face]` pair as the pair it stands for."""
    seat, face = pair
    assert isinstance(seat, int) and isinstance(face, str), pair
    return seat, face


def plain_view(view: GameView) -> dict[str, Any]:
    """A game's typed view as `Game.view` returns it: the same dict (the protocol says
    `dict[str, Any]`, which a TypedDict is at run time but not to mypy)."""
    return cast("dict[str, Any]", view)
