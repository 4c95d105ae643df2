"""What a Scrabble view holds (`ScrabbleGame.view`), declared for mypy: the JSON a seat sees.

The view is a plain dict at run time (core/kernel/views.py says why the declarations live
apart from it). Code that receives one as a plain dict (a screen, an agent) reads it through
`scrabble_view(data)`. Squares are named as in GCG (`H8`); `row` and `col` count from 0. No
`from __future__ import annotations`: see core/kernel/views.py.
"""

from typing import Any, Literal, Mapping, NotRequired, TypedDict, cast, final

from tilegames.core.kernel.views import ScoredView, SeatFace


class FirstDraw(TypedDict):
    """Who plays first: the seat, and the faces drawn for it in order (`[seat, face]`)."""

    seat: int
    draws: list[SeatFace]


class ScrabbleTile(TypedDict):
    """A tile on the viewer's rack; `face` a letter, or `?` for a blank."""

    id: int
    face: str


class BoardSquare(TypedDict):
    """A covered square; a blank's letter is lower case."""

    square: str
    row: int
    col: int
    letter: str


class DraftTile(TypedDict):
    """A tile the viewer put on the board this turn; a blank's letter is lower case."""

    tile: int
    row: int
    col: int
    letter: str


@final  # final, so that `"problem" in preview` tells the two previews apart
class ScoredPreview(TypedDict):
    """What the tiles put down this turn would score."""

    words: list[str]
    score: int
    bingo: bool


@final
class RefusedPreview(TypedDict):
    """Why the tiles put down this turn would be refused."""

    problem: str


Preview = ScoredPreview | RefusedPreview


class PendingPlay(TypedDict):
    """The last play, while it may still be challenged."""

    seat: int
    words: list[str]
    score: int


class ScrabbleResult(TypedDict):
    """How the game ended: the scores before the end, the adjustments, the final scores."""

    reason: Literal["out", "stalled"]
    before: list[int]
    adjustments: list[int]
    scores: list[int]
    winners: list[int]
    hints: NotRequired[list[int]]  # hints each seat asked for (not in records made before hints)
    time_penalties: NotRequired[list[int]]  # overtime points taken off (not in older records)


class ScrabbleView(ScoredView):
    """The whole view (`game`, `seats`, `you`, `current`, `turn`, `scores`: ScoredView's)."""

    first_player: FirstDraw
    rack: list[ScrabbleTile] | None  # the viewer's, without this turn's tiles; None for a spectator
    rack_sizes: list[int]
    bag: int  # tiles left to draw
    board: list[BoardSquare]
    draft: list[DraftTile]  # the viewer's own turn in progress; [] otherwise
    last_play: list[str]  # the squares of the last play
    preview: Preview | None  # on the viewer's own turn with tiles down; else None
    pending: PendingPlay | None
    awaiting_final_challenge: bool  # the play that went out may still be challenged
    unseen: str | None  # the tiles the viewer has not seen (the bag and the other racks); None for a spectator
    challenge_mode: Literal["double", "single", "penalty", "void"]
    word_list: str | None  # the word list that judges the words; None: the shipped one
    hints: list[int]  # hints each seat has asked for (public: the log says each one)
    clocks: list[int] | None  # with the game clock: each player's ms left as the turn began (< 0: overtime)
    result: ScrabbleResult | None  # once over


def scrabble_view(data: Mapping[str, Any]) -> ScrabbleView:
    """A Scrabble view received as a plain dict (from a session, over the wire), typed."""
    return cast(ScrabbleView, data)
