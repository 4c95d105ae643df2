"""What a GCG record holds once read (see gcg.py): players, events, pragmas, and the report
`verify` gives. Plain frozen dataclasses, shared by the reader and the replay."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, Mapping

from tilegames.core.parts.grid import Pos
from tilegames.core.text.i18n import _
from tilegames.games.scrabble.board import Coordinate

EventKind = Literal[
    "play",  # >nick: RACK 8D WORD +24 24
    "exchange",  # >nick: RACK -ABC +0 24   or   -3 (count only)
    "pass",  # >nick: RACK - +0 24
    "withdrawn",  # >nick: RACK -- -24 0     a phony taken back off the board
    "challenge_bonus",  # >nick: RACK (challenge) +5 29
    "end_rack_points",  # >nick: (RACK) +16 450   the player who went out gets the others' racks
    "end_rack_penalty",  # >nick: RACK (RACK) -8 300   own rack deducted (six scoreless turns)
    "time_penalty",  # >nick: RACK (time) -10 290
]
EndRackRule = Literal["2x", "1x"]


class GcgError(ValueError):
    """A GCG record that cannot be read or replayed; the message is `line N: <what was expected>`."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.reason = message
        super().__init__(_("line {line}: {message}").format(line=line, message=message))


@dataclass(frozen=True)
class GcgPlayer:
    number: int  # 1 for #player1
    nick: str  # the name event lines use
    name: str  # the full name (the nick when the pragma gives none)


@dataclass(frozen=True)
class GcgPragma:
    """A pragma this reader does not use (`#style`, `#incomplete`, `#rack1`…), kept as written."""

    line: int
    name: str
    value: str


@dataclass(frozen=True)
class GcgEvent:
    """One `>` line. `score` is signed (+24, -67, 0); `total` is the player's total after it."""

    line: int  # 1-based line number in the file
    kind: EventKind
    nick: str
    rack: str  # as written, upper case, "" when the field is empty; often partial
    score: int
    total: int
    coordinate: Coordinate | None = None  # plays only
    word: str = ""  # plays: as written; "." or the board's letter for played-through squares
    exchanged: str = ""  # exchanges: the letters, "" for the count form (-4)
    exchange_count: int = 0  # exchanges: how many tiles went back to the bag
    end_rack: str = ""  # end-of-game lines: the letters in parentheses
    score_inferred: bool = False  # a withdrawal written "+0": score taken from the totals
    formed: tuple[str, ...] = ()  # plays: the words formed, when listed after the total (old Quackle)
    note: str = ""  # #note lines after this event, joined by newlines
    text: str = ""  # the line as written, for messages

    @property
    def squares(self) -> list[tuple[Pos, str]]:
        """A play's squares with what the word says for each, in reading order."""
        if self.coordinate is None:
            return []
        return list(zip(self.coordinate.cells(len(self.word)), self.word))


@dataclass(frozen=True)
class GcgGame:
    players: tuple[GcgPlayer, ...]
    events: tuple[GcgEvent, ...]
    title: str = ""
    description: str = ""
    lexicon: str = ""
    id_authority: str = ""
    id: str = ""
    encoding: str = ""
    note: str = ""  # notes that come before the first event
    pragmas: tuple[GcgPragma, ...] = ()  # pragmas read but not used

    def player(self, nick: str) -> GcgPlayer:
        for p in self.players:
            if p.nick == nick:
                return p
        raise KeyError(nick)


@dataclass(frozen=True)
class Mismatch:
    """A number in the record that the replay disagrees with."""

    line: int
    what: str  # e.g. "score of 8D DJINN", "total of cesar", "end-of-game rack (AHNTT)"
    recorded: int
    computed: int


@dataclass(frozen=True)
class Report:
    plays: int  # tile-play lines replayed (withdrawn phonies included: they were scored too)
    mismatches: tuple[Mismatch, ...]
    end_rack_rule: EndRackRule | None  # None when no `(RACK) +N` line says which rule applies
    totals: tuple[tuple[str, int], ...]  # each player's last recorded total, in player order
    board: Mapping[Pos, str] = field(default_factory=lambda: MappingProxyType({}))  # after the last event

    @property
    def ok(self) -> bool:
        return not self.mismatches

    @property
    def end_rack_note(self) -> str:
        if self.end_rack_rule is None:
            return _("no end-of-game rack points")
        return _("end-of-game racks counted {rule}").format(rule=self.end_rack_rule)
