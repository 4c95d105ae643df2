"""Reading GCG game records (the Poslfit "Generic Crossword Game" format) and checking them.

GCG is how Scrabble games are kept and shared (Quackle, Macondo, Woogles). A record is a few
`#pragma` lines and one `>nick: …` line per event. We read it so real games can test our
scoring: `verify` replays a record on a real board and recomputes every score with the same
`score_play` the game uses, so a wrong premium square or a missed cross-word shows up as a
mismatch against thousands of points scored by real players.

Writers differ, so the reader is lenient where files in the wild disagree (lower-case
coordinates, played-through letters written out instead of `.`, an empty rack field, a
withdrawn phony written `+0`, CRLF, no final newline) and strict where a line cannot be
understood: `GcgError` says `line N: <what was expected>` in one sentence.

Words are never checked: a record is data about scores, and the lexicon it was played in is
often not stated (see /work/shared/data/gcg/SOURCES.md).
"""

from __future__ import annotations

import codecs
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Literal, Mapping

from tilegames.core.grid import GeometryError, Pos
from tilegames.games.scrabble.board import (
    SIZE,
    Coordinate,
    CoordinateError,
    parse_coordinate,
    score_play,
    square_name,
)
from tilegames.games.scrabble.tiles import BLANK, RACK_SIZE, rack_value

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

EXPECTED_EVENT = '">nick: RACK MOVE SCORE TOTAL"'
_NUMBER = re.compile(r"[+-]?\d+")
_RACK = re.compile(r"[A-Za-z?]*")
_WORD = re.compile(r"[A-Za-z.]+")
_EXCHANGED = re.compile(r"[A-Za-z?]+")


class GcgError(ValueError):
    """A GCG record that cannot be read or replayed; the message is `line N: <what was expected>`."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.reason = message
        super().__init__(f"line {line}: {message}")


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
            return "no end-of-game rack points"
        return f"end-of-game racks counted {self.end_rack_rule}"


# --- reading ------------------------------------------------------------------------------


def load_gcg(path: str | Path) -> GcgGame:
    """Read and parse a GCG file. OSError when it cannot be read, GcgError when malformed."""
    return parse_gcg(decode_gcg(Path(path).read_bytes()))


def decode_gcg(data: bytes) -> str:
    """Bytes to text: the `#character-encoding` pragma when the first line has one.

    The GCG spec makes ISO-8859-1 the default, but most files today are UTF-8 without saying
    so; UTF-8 is tried first because Latin-1 accepts every byte and would garble it silently.
    """
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    first = data.split(b"\n", 1)[0].strip()
    match = re.fullmatch(rb"#character-encoding\s+(\S+)", first)
    if match:
        name = match.group(1).decode("ascii", "replace")
        try:
            return data.decode(name)
        except LookupError:
            raise GcgError(1, f'unknown character encoding "{name}"') from None
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            raise GcgError(line, f"the text is not valid {name}, as #character-encoding says") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_gcg(text: str) -> GcgGame:
    """Parse GCG text. Raises GcgError (`line N: …`) on the first line it cannot understand."""
    return _Parser().parse(text)


class _Parser:
    def __init__(self) -> None:
        self.players: list[GcgPlayer] = []
        self.events: list[GcgEvent] = []
        self.info: dict[str, str] = {}
        self.game_note: list[str] = []
        self.pragmas: list[GcgPragma] = []
        self.last_total: dict[str, int] = {}
        self.in_note = False  # a #note may go on over following lines that start with neither # nor >

    def parse(self, text: str) -> GcgGame:
        text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        for number, raw in enumerate(text.split("\n"), start=1):
            line = raw.rstrip()
            if not line.strip():
                continue
            if line.startswith("#"):
                self._pragma(number, line)
            elif line.startswith(">"):
                self.in_note = False
                self.events.append(self._event(number, line))
            elif self.in_note:
                self._add_note(line)
            else:
                raise GcgError(
                    number, f'expected a pragma ("#…") or an event ({EXPECTED_EVENT}), got "{_clip(line)}"'
                )
        self.players.sort(key=lambda p: p.number)
        return GcgGame(
            players=tuple(self.players),
            events=tuple(self.events),
            title=self.info.get("title", ""),
            description=self.info.get("description", ""),
            lexicon=self.info.get("lexicon", ""),
            id_authority=self.info.get("id_authority", ""),
            id=self.info.get("id", ""),
            encoding=self.info.get("character-encoding", ""),
            note="\n".join(self.game_note),
            pragmas=tuple(self.pragmas),
        )

    def _pragma(self, number: int, line: str) -> None:
        name, value = re.fullmatch(r"#(\S*)\s*(.*)", line).groups()  # type: ignore[union-attr]
        value = value.strip()
        self.in_note = False
        player = re.fullmatch(r"player(\d+)", name)
        if player:
            self._player(number, int(player.group(1)), value)
        elif name == "note":
            self.in_note = True
            self._add_note(value)
        elif name in ("title", "description", "lexicon", "character-encoding"):
            self.info[name] = value
        elif name == "id":
            authority, _, ident = value.partition(" ")
            self.info["id_authority"], self.info["id"] = authority, ident.strip()
        else:
            self.pragmas.append(GcgPragma(number, name, value))

    def _player(self, number: int, index: int, value: str) -> None:
        nick, _, name = value.replace("\t", " ").partition(" ")
        if not nick or index < 1:
            got = _clip(f"#player{index} {value}")
            raise GcgError(number, f'expected "#player{index} nick Full Name", got "{got}"')
        for p in self.players:
            if p.number == index:
                raise GcgError(number, f"#player{index} is given twice")
            if p.nick == nick:
                raise GcgError(
                    number, f'#player{index} has the same nick "{nick}" as #player{p.number}: events could not tell them apart'
                )
        self.players.append(GcgPlayer(index, nick, name.strip() or nick))

    def _add_note(self, text: str) -> None:
        if self.events:
            last = self.events[-1]
            self.events[-1] = replace(last, note=f"{last.note}\n{text}" if last.note else text)
        else:
            self.game_note.append(text)

    def _event(self, number: int, line: str) -> GcgEvent:
        nick, colon, rest = line[1:].partition(":")
        nick = nick.strip()
        tokens = rest.split()
        if not colon or not nick or any(ch.isspace() for ch in nick) or len(tokens) < 3 or len(tokens) > 5:
            raise GcgError(number, f'expected {EXPECTED_EVENT}, got "{_clip(line)}"')
        if nick not in {p.nick for p in self.players}:
            known = ", ".join(p.nick for p in sorted(self.players, key=lambda p: p.number))
            players = f"players are {known}" if known else "no #player1/#player2 line names a player before it"
            raise GcgError(number, f'unknown player "{nick}" ({players})')
        *middle, score_text, total_text = tokens
        if not _NUMBER.fullmatch(score_text):
            raise GcgError(number, f'the score "{score_text}" is not a number like +24 or -10')
        if not _NUMBER.fullmatch(total_text):
            raise GcgError(number, f'the total "{total_text}" is not a number')
        score, total = int(score_text), int(total_text)
        base = dict(line=number, nick=nick, score=score, total=total, text=line.strip())

        if len(middle) == 3 or (len(middle) == 2 and middle[1][0] not in "-("):
            rack = middle[0] if len(middle) == 3 else ""
            coord_text, word = middle[-2:]
            placement = self._placement(number, coord_text, word)
            event = GcgEvent(kind="play", rack=_rack(number, rack), **base, **placement)
        else:
            rack = middle[0] if len(middle) == 2 else ""
            event = self._action(number, _rack(number, rack), middle[-1], base)
        self.last_total[nick] = event.total
        return event

    def _placement(self, number: int, coord_text: str, word: str) -> dict:
        try:
            coordinate = parse_coordinate(coord_text)
        except CoordinateError as exc:
            if _is_coordinate(word):
                message = f'expected a word after the square "{word}", got "{coord_text}" before it'
                raise GcgError(number, message) from None
            raise GcgError(number, _lower_first(str(exc)).rstrip(".")) from None
        if not _WORD.fullmatch(word):
            raise GcgError(number, f'the word "{word}" may hold only letters, and "." for covered squares')
        r, c = coordinate.start
        end = (c if coordinate.direction == "across" else r) + len(word)
        if end > SIZE:
            raise GcgError(number, f"{word} from {coordinate} runs off the board")
        return dict(coordinate=coordinate, word=word)

    def _action(self, number: int, rack: str, move: str, base: dict) -> GcgEvent:
        score, nick = base["score"], base["nick"]
        lowered = move.lower()
        if move == "--":
            if score > 0:
                raise GcgError(number, f'a withdrawn play ("--") loses its points: its score is -N, not "+{score}"')
            if score == 0:  # Quackle writes "+0" and lowers the total: the loss is in the totals
                inferred = base["total"] - self.last_total.get(nick, 0)
                return GcgEvent(kind="withdrawn", rack=rack, score_inferred=True, **{**base, "score": inferred})
            return GcgEvent(kind="withdrawn", rack=rack, **base)
        if move == "-":
            return GcgEvent(kind="pass", rack=rack, **base)
        if move.startswith("-"):
            body = move[1:]
            if body.isdigit():
                count = int(body)
                if not 1 <= count <= RACK_SIZE:
                    raise GcgError(number, f"an exchange is of 1 to {RACK_SIZE} tiles, not {count}")
                return GcgEvent(kind="exchange", rack=rack, exchange_count=count, **base)
            if _EXCHANGED.fullmatch(body) and len(body) <= RACK_SIZE:
                letters = body.upper()
                return GcgEvent(kind="exchange", rack=rack, exchanged=letters, exchange_count=len(letters), **base)
            raise GcgError(number, f'expected an exchange like "-ABC" or "-3", got "{move}"')
        if lowered == "(challenge)":
            return GcgEvent(kind="challenge_bonus", rack=rack, **base)
        if lowered == "(time)":
            return GcgEvent(kind="time_penalty", rack=rack, **base)
        if move.startswith("(") and move.endswith(")") and _EXCHANGED.fullmatch(move[1:-1]):
            kind: EventKind = "end_rack_penalty" if score < 0 else "end_rack_points"
            return GcgEvent(kind=kind, rack=rack, end_rack=move[1:-1].upper(), **base)
        raise GcgError(
            number,
            f'expected a move (8D WORD, -ABC, -, --, (challenge), (time) or (RACK)), got "{move}"',
        )


def _rack(number: int, text: str) -> str:
    if not _RACK.fullmatch(text):
        raise GcgError(number, f'the rack "{text}" may hold only letters and "?" for a blank')
    return text.upper()


def _is_coordinate(text: str) -> bool:
    try:
        parse_coordinate(text)
    except CoordinateError:
        return False
    return True


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _clip(text: str, limit: int = 60) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- checking -----------------------------------------------------------------------------


def verify(game: GcgGame) -> Report:
    """Replay `game` on a board, recomputing every number the record states.

    Tiles go down as the record says (through-squares must already be covered, new squares
    empty, the letters on the rack when the rack is written in full); each play is scored with
    `score_play` and compared. A total is checked against the player's previous *recorded*
    total plus the line's *computed* score, so one slip is reported on its own line and does
    not repeat on every later line. A record that cannot be replayed raises GcgError.
    """
    return _Replay(game).run()


class _Replay:
    def __init__(self, game: GcgGame) -> None:
        self.game = game
        self.board: dict[Pos, str] = {}
        self.mismatches: list[Mismatch] = []
        self.plays = 0
        self.last_placed: dict[Pos, str] = {}  # the tiles the latest play put down
        self.last_play: GcgEvent | None = None
        self.end_rack_rule = _end_rack_rule(game)

    def run(self) -> Report:
        totals = {p.nick: 0 for p in self.game.players}
        for event in self.game.events:
            computed = getattr(self, f"_{event.kind}")(event)
            if computed != event.score:
                self._mismatch(event, _what(event), event.score, computed)
            expected_total = totals[event.nick] + computed
            if event.total != expected_total:
                self._mismatch(event, f"total of {event.nick}", event.total, expected_total)
            totals[event.nick] = event.total
            if event.kind != "play":
                self.last_play = None
        return Report(
            plays=self.plays,
            mismatches=tuple(self.mismatches),
            end_rack_rule=self.end_rack_rule,
            totals=tuple((p.nick, totals[p.nick]) for p in self.game.players),
            board=MappingProxyType(dict(self.board)),
        )

    def _mismatch(self, event: GcgEvent, what: str, recorded: int, computed: int) -> None:
        self.mismatches.append(Mismatch(event.line, what, recorded, computed))

    # Each handler applies its event and returns the score the line should have.

    def _play(self, event: GcgEvent) -> int:
        assert event.coordinate is not None
        placed: dict[Pos, str] = {}
        for pos, ch in event.squares:
            held = self.board.get(pos)
            if ch == ".":
                if held is None:
                    where = square_name(pos)
                    raise GcgError(event.line, f'{event.word} at {event.coordinate} has "." on {where}, which is empty')
            elif held is None:
                placed[pos] = ch
            elif held.upper() != ch.upper():
                raise GcgError(
                    event.line,
                    f"{event.word} at {event.coordinate} puts {ch} on {square_name(pos)}, which holds {held} already",
                )
        if not placed:
            raise GcgError(event.line, f"{event.word} at {event.coordinate} puts no new tile on the board")
        self._check_rack(event, placed)
        try:
            scored = score_play(self.board, placed, hint=event.coordinate.direction)
        except GeometryError as exc:
            raise GcgError(event.line, _lower_first(str(exc)).rstrip(".")) from None
        self.board.update(placed)
        self.plays += 1
        self.last_placed = placed
        self.last_play = event
        return scored.score

    def _check_rack(self, event: GcgEvent, placed: Mapping[Pos, str]) -> None:
        """Racks are often written partly (only the tiles played), so only a full rack is binding."""
        if len(event.rack) != RACK_SIZE:
            return
        needed = Counter(BLANK if ch.islower() else ch.upper() for ch in placed.values())
        missing = needed - Counter(event.rack)
        if missing:
            tiles = ", ".join(sorted(missing.elements())).replace(BLANK, "a blank")
            raise GcgError(
                event.line, f"{event.word} at {event.coordinate} needs {tiles}, which the rack {event.rack} does not have"
            )

    def _withdrawn(self, event: GcgEvent) -> int:
        """The phony's tiles come off and its points, as recorded, are taken back."""
        play = self.last_play
        if play is None or play.nick != event.nick:
            raise GcgError(event.line, f'a withdrawn play ("--") must come right after a play by {event.nick}')
        for pos in self.last_placed:
            del self.board[pos]
        return -play.score

    def _exchange(self, event: GcgEvent) -> int:
        full_rack = len(event.rack) == RACK_SIZE
        if event.exchanged and full_rack and Counter(event.exchanged) - Counter(event.rack):
            raise GcgError(event.line, f"the exchange -{event.exchanged} is not part of the rack {event.rack}")
        return 0

    def _pass(self, event: GcgEvent) -> int:
        return 0

    def _challenge_bonus(self, event: GcgEvent) -> int:
        """The bonus depends on the event's rules (5 or 10, per word or per play): taken as recorded."""
        return event.score

    def _time_penalty(self, event: GcgEvent) -> int:
        """Overtime rules vary by event: taken as recorded."""
        return event.score

    def _end_rack_points(self, event: GcgEvent) -> int:
        return (1 if self.end_rack_rule == "1x" else 2) * rack_value(event.end_rack)

    def _end_rack_penalty(self, event: GcgEvent) -> int:
        return -rack_value(event.end_rack)


def _end_rack_rule(game: GcgGame) -> EndRackRule | None:
    """Tournaments (NASPA, WESPA) give the player who goes out 2x the others' racks; older records 1x.

    The rule is read from the file: 1x when every `(RACK) +N` line fits 1x, otherwise 2x (and
    the lines that do not fit are mismatches). Racks worth 0 (blanks only) fit both and say nothing.
    """
    telling = [e for e in game.events if e.kind == "end_rack_points" and rack_value(e.end_rack) > 0]
    if not telling:
        return None
    return "1x" if all(e.score == rack_value(e.end_rack) for e in telling) else "2x"


def _what(event: GcgEvent) -> str:
    """How a mismatch names the line's score."""
    if event.kind == "play":
        return f"score of {event.coordinate} {event.word}"
    if event.kind == "withdrawn":
        return "points taken back for the withdrawn play"
    if event.kind == "end_rack_points":
        return f"end-of-game rack ({event.end_rack})"
    if event.kind == "end_rack_penalty":
        return f"own rack ({event.end_rack}) deducted"
    return f"score of the {event.kind}"
