"""A series as each of its games' journals keeps it: the header's `meta["match"]`.

Each game of a series (a Rummikub match) is its own journal; the series so far travels in each
journal header, so that whoever opens any game of it, the app resuming a hot-seat match
(ui/series_flow.py) or a server resuming a table (net/tables.py), finds the series around it:
its seed, the finished games' records, and which game this is. Both sides read and write the
same format here, so a journal means the same thing wherever it is opened.

    meta["match"] = {"seed": 7, "games": [GameRecord.to_json(), ...], "open_hands": false,
                     "id": "3f9c...", "game": 2}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import MAX_DIGITS
from tilegames.core.records.journal import JournalHeader
from tilegames.core.kernel.series import GameRecord, Series
from tilegames.core.kernel.session_protocol import Session

META_KEY = "match"


@dataclass(frozen=True)
class SeriesMeta:
    """What a game's journal keeps about its series (header `meta["match"]`)."""

    seed: int
    games: tuple[GameRecord, ...] = ()
    open_hands: bool = False
    id: str | None = None  # None: saved before series had ids, or a game saved on its own
    game: int | None = None  # this game's number in the series, from 1


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise BadRecord(_("{where}: expected true or false.").format(where=where))
    return value


def series_meta(header: JournalHeader) -> SeriesMeta:
    """The series part of a journal header, checked like any data from outside (BadRecord).
    Games saved on their own (no `match`; Scrabble before series) are a series of one."""
    info = header.meta.get(META_KEY)
    if info is None:
        return SeriesMeta(header.seed, open_hands=_flag(header.meta.get("open_hands", False), "meta.open_hands"))
    if not isinstance(info, dict):
        raise BadRecord(_("meta.match: expected an object."))
    seed, games, number, match_id = info.get("seed"), info.get("games", []), info.get("game"), info.get("id")
    if type(seed) is not int or abs(seed) >= 10**MAX_DIGITS:  # a drawn seed has up to 39 digits
        raise BadRecord(_("meta.match.seed: expected a whole number."))
    if not isinstance(games, list) or len(games) > 1000:
        raise BadRecord(_("meta.match.games: expected a list of games."))
    if number is not None and (type(number) is not int or not 1 <= number <= 1001):
        raise BadRecord(_("meta.match.game: expected a game number."))
    if match_id is not None and not (isinstance(match_id, str) and len(match_id) <= 64):
        raise BadRecord(_("meta.match.id: expected a short text."))
    records = tuple(GameRecord.from_json(g, len(header.seats), f"meta.match.games[{i}]") for i, g in enumerate(games))
    return SeriesMeta(seed, records, _flag(info.get("open_hands", False), "meta.match.open_hands"), match_id, number)


def match_meta(series: Series[GameRecord], *, open_hands: bool, series_id: str) -> dict[str, Any]:
    """The header meta of the series' next game (game `len(series.games) + 1`)."""
    return {META_KEY: {"seed": series.seed, "games": [g.to_json() for g in series.games],
                       "open_hands": open_hands, "id": series_id, "game": len(series.games) + 1}}


def is_game_of(header: JournalHeader, game_id: str, series_id: str, number: int) -> bool:
    """Whether `header` is game `number` of series `series_id`."""
    info = header.meta.get(META_KEY)
    return header.game == game_id and isinstance(info, dict) and info.get("id") == series_id \
        and info.get("game") == number


def finished_record(session: Session) -> GameRecord:
    """A finished game's record for its series: its scores and winners, and its result view
    (what the summary shows of it). RuntimeError if the game is not over."""
    result = session.result()
    if result is None:
        raise RuntimeError("a game's record was asked for before the game ended")
    details = session.view(None).get("result") or {"reason": result.reason}
    return GameRecord(result.scores, result.winners, details)
