"""The journal: a game's record as JSON lines, written as it is played.

Line 1 is the header (game id, config, seed, seat names); each further line is one committed
action with its seat and sequence number, and `"by": "clock"` when the turn controller took it
(a timeout): replay lets only those through as controller actions, so a record cannot pass a
player's move off as the clock's. Version 1 journals predate that mark; their timeouts are
trusted as the controller's, since version 1 writers wrote nothing else. Every line is flushed and fsynced before the caller
shows the result, so a crash or `kill -9` loses nothing that a player saw.

Reading is defensive because a journal is data from outside. A last line cut off by a crash
mid-write (no final newline) is dropped with a warning; anything else that is wrong raises
`BadRecord` with the line number and what was expected: bad JSON anywhere (a complete last line
too: a writer never leaves one), a missing header, numbers out of sequence or longer than
`MAX_DIGITS`, nesting too deep, bytes that are not UTF-8, text that is not Unicode, an action
the rules reject. Nothing else escapes a reader, so a menu can skip a damaged save and list
the others.
"""

from __future__ import annotations

import codecs
import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Literal

from tilegames.core.codec import from_jsonable
from tilegames.core.errors import BadRecord, IllegalMove
from tilegames.core.inputs import MAX_DIGITS, is_text, shown
from tilegames.core.protocol import Action, Event, Game, Outcome
from tilegames.core.registry import get_game

FORMAT = "tilegames-journal"
VERSION = 2
READABLE_VERSIONS = (1, 2)


@dataclass(frozen=True)
class JournalHeader:
    game: str
    config: dict[str, Any]
    seed: int
    seats: tuple[str, ...]
    # What the app keeps beside the game (a match's progress); the rules never read it.
    meta: dict[str, Any] = field(default_factory=dict)
    format: str = FORMAT
    version: int = VERSION

    def to_json(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "version": self.version,
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
            "seats": list(self.seats),
            "meta": self.meta,
        }


@dataclass(frozen=True)
class JournalRecord:
    seq: int
    seat: int
    action: dict[str, Any]
    by: Literal["player", "clock"] = "player"


@dataclass
class LoadedJournal:
    header: JournalHeader
    records: list[JournalRecord] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # Byte length of the part that was read completely (what a writer keeps when repairing).
    good_length: int = 0
    name: str = "journal"  # how messages name the file (already shortened and escaped)


def _encode(obj: dict[str, Any]) -> bytes:
    return (json.dumps(obj, separators=(",", ":"), sort_keys=True) + "\n").encode("utf-8")


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class JournalWriter:
    """Appends records to a journal file, one fsynced line each."""

    def __init__(self, path: Path, next_seq: int) -> None:
        self.path = Path(path)
        self._next_seq = next_seq

    @classmethod
    def create(cls, path: Path | str, header: JournalHeader) -> "JournalWriter":
        """Start a new journal; refuses to overwrite an existing file."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "xb") as fh:
            fh.write(_encode(header.to_json()))
            fh.flush()
            os.fsync(fh.fileno())
        _fsync_dir(path)
        return cls(path, 0)

    @classmethod
    def reopen(cls, path: Path | str) -> tuple["JournalWriter", LoadedJournal]:
        """Open an existing journal to continue it, cutting off a torn last line first."""
        path = Path(path)
        loaded = load_journal(path)
        if path.stat().st_size != loaded.good_length:
            with open(path, "r+b") as fh:
                fh.truncate(loaded.good_length)
                fh.flush()
                os.fsync(fh.fileno())
        return cls(path, len(loaded.records)), loaded

    @property
    def next_seq(self) -> int:
        return self._next_seq

    def append(self, seat: int, action: Action, by: Literal["player", "clock"] = "player") -> None:
        record: dict[str, Any] = {"seq": self._next_seq, "seat": seat, "action": action.to_json()}
        if by != "player":
            record["by"] = by
        line = _encode(record)
        with open(self.path, "ab") as fh:
            fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())
        self._next_seq += 1


def load_journal(source: Path | str | bytes) -> LoadedJournal:
    """Read a journal from a path or from its bytes. Raises BadRecord when it cannot be used."""
    if isinstance(source, bytes):
        data, name = source, "journal"
    else:
        name = shown(Path(source).name)
        try:
            data = Path(source).read_bytes()
        except OSError as exc:
            raise BadRecord(f"Cannot read {shown(source)}: {exc.strerror or 'unreadable'}.") from None

    lines = data.split(b"\n")
    # After the last newline comes either nothing (a complete file) or a torn final line.
    complete, tail = lines[:-1], lines[-1]
    if not complete:
        raise BadRecord(f"{name} has no complete header line; it is not a usable journal.")

    header = _parse_header(name, complete[0])
    loaded = LoadedJournal(header=header, good_length=len(complete[0]) + 1, name=name)
    for line_no, raw in enumerate(complete[1:], start=2):
        try:
            record = _parse_record(raw, expected_seq=len(loaded.records))
        except BadRecord as exc:
            # A complete line ends with the newline its writer wrote after it: damage, not a torn write.
            raise BadRecord(f"{name}, line {line_no}: {exc}") from None
        loaded.records.append(record)
        loaded.good_length += len(raw) + 1
    if tail:
        loaded.warnings.append(
            f"{name}, line {len(complete) + 1}: the last line was cut off mid-write "
            "(the program was probably stopped); it was dropped."
        )
    return loaded


def read_header(path: Path | str) -> JournalHeader:
    """Only the header of the journal at `path` (cheap: the records are not read)."""
    try:
        with open(path, "rb") as fh:
            first = fh.readline(1 << 20)
    except OSError as exc:
        raise BadRecord(f"Cannot read {shown(path)}: {exc.strerror or 'unreadable'}.") from None
    if not first.endswith(b"\n"):
        raise BadRecord(f"{shown(Path(path).name)} has no complete header line; it is not a usable journal.")
    return _parse_header(shown(Path(path).name), first[:-1])


def _parse_header(name: str, raw: bytes) -> JournalHeader:
    try:
        obj = _json(raw)
    except BadRecord as exc:
        if raw.lstrip(codecs.BOM_UTF8)[:1] != b"{":
            raise BadRecord(f"{name}, line 1: not a tilegames journal (no journal header).") from None
        raise BadRecord(f"{name}, line 1: {exc}") from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise BadRecord(f"{name}, line 1: not a tilegames journal (no journal header).")
    if obj.get("version") not in READABLE_VERSIONS:
        raise BadRecord(f"{name}, line 1: journal version {shown(obj.get('version'), 20)} is not supported.")
    return from_jsonable(JournalHeader, obj, where=f"{name}, line 1")


def _parse_record(raw: bytes, expected_seq: int) -> JournalRecord:
    obj = _json(raw)
    record = from_jsonable(JournalRecord, obj, where="record")
    if record.seq != expected_seq:
        raise BadRecord(f"record number {record.seq} found where {expected_seq} was expected.")
    return record


class _NumberTooLong(ValueError):
    pass


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _NumberTooLong(digits)
    return int(digits)


def _real(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value) or len(digits) > 4 * MAX_DIGITS:
        raise _NumberTooLong(digits)
    return value


def _constant(name: str) -> Any:
    raise _NumberTooLong(name)  # NaN, Infinity: JSON has no such numbers


def _json(raw: bytes) -> Any:
    """One line as JSON; every way it can be wrong is a BadRecord saying which."""
    if raw.startswith(codecs.BOM_UTF8):
        raise BadRecord("the line starts with a byte-order mark (the file was changed by an editor).")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadRecord(f"the line is not UTF-8 text (byte 0x{raw[exc.start]:02x} at column {exc.start + 1}).") from None
    try:
        obj = json.loads(text, parse_int=_whole, parse_float=_real, parse_constant=_constant)
    except _NumberTooLong:
        raise BadRecord(f"the line has a number that is not a number a game uses (over {MAX_DIGITS} digits, "
                        "infinite or NaN).") from None
    except RecursionError:
        raise BadRecord("the line is nested too deeply to be a journal line.") from None
    except ValueError:  # json.JSONDecodeError, and Python's own digit limit
        raise BadRecord("the line is not valid JSON.") from None
    _check_text(obj)
    return obj


def _check_text(obj: Any) -> None:
    """Refuse strings that are not Unicode text (JSON allows lone surrogates like \\udcff)."""
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not is_text(item):
                raise BadRecord("the line has text that is not valid Unicode.")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


@dataclass(frozen=True)
class ReplayStep:
    """One journaled action replayed: the state before it, the action and what it did."""

    record: JournalRecord
    before: Any
    action: Action
    outcome: Outcome[Any]


def game_of(journal: LoadedJournal) -> Game:
    """The game a journal records (BadRecord naming the file for a game tilegames lacks)."""
    try:
        return get_game(journal.header.game)
    except BadRecord:
        raise BadRecord(f"{journal.name}: {shown(journal.header.game, 30)!r} is not a game tilegames has.") from None


def initial_state(journal: LoadedJournal, game: Game | None = None) -> Any:
    """The state the journal's game started from (BadRecord if its header cannot set it up)."""
    game = game or game_of(journal)
    try:
        config = game.config_from_json(journal.header.config)
    except BadRecord as exc:
        raise BadRecord(f"{journal.name}, line 1: {exc}") from None
    try:
        return game.new_game(config, journal.header.seats, journal.header.seed)
    except ValueError as exc:
        raise BadRecord(f"{journal.name}: the journal's game cannot be set up: {exc}") from None


# What an engine may raise on data no rule foresaw (a crafted record); see replay_steps.
_ENGINE_SURPRISES = (LookupError, TypeError, ValueError, ArithmeticError, AttributeError)


def replay_steps(journal: LoadedJournal, game: Game | None = None) -> Iterator[ReplayStep]:
    """Apply every journaled action again, in order, yielding each step.

    The one place a journal is replayed (resume, `tilegames replay`, exports): a record that
    the rules refuse raises BadRecord naming it. A record is data from outside, so an engine
    that trips over one (an IndexError on a crafted value, say) is reported the same way,
    naming the exception, instead of crashing the reader."""
    game = game or game_of(journal)
    state = initial_state(journal, game)
    for record in journal.records:
        where = f"{journal.name}, line {record.seq + 2}"
        try:
            action = game.decode_action(record.action)
            by_controller = record.by == "clock" or (journal.header.version == 1 and action.controller_only)
            outcome = game.apply(state, record.seat, action, by_controller=by_controller)
        except IllegalMove as exc:
            raise BadRecord(f"{where}: record {record.seq} is not a legal move here: {' '.join(exc.reasons)}") from None
        except BadRecord as exc:
            raise BadRecord(f"{where}: {exc}") from None
        except _ENGINE_SURPRISES as exc:
            raise BadRecord(f"{where}: record {record.seq} cannot be replayed ({type(exc).__name__}); "
                           "the file is damaged.") from None
        yield ReplayStep(record, state, action, outcome)
        state = outcome.state


def replay(journal: LoadedJournal, game: Game | None = None, events: list[Event] | None = None) -> Any:
    """Rebuild the exact state a journal records, by applying every action again.

    With `events` given, the events of every action are appended to it (a resumed game's
    move log)."""
    state = initial_state(journal, game)
    for step in replay_steps(journal, game):
        state = step.outcome.state
        if events is not None:
            events.extend(step.outcome.events)
    return state
