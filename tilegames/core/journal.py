"""The journal: a game's record as JSON lines, written as it is played.

Line 1 is the header (game id, config, seed, seat names); each further line is one committed
action with its seat and sequence number, and `"by": "clock"` when the turn controller took it
(a timeout): replay lets only those through as controller actions, so a record cannot pass a
player's move off as the clock's. Version 1 journals predate that mark; their timeouts are
trusted as the controller's, since version 1 writers wrote nothing else. Every line is flushed and fsynced before the caller
shows the result, so a crash or `kill -9` loses nothing that a player saw.

Reading is defensive because a journal is data from outside. A last line cut off by a crash
mid-write is dropped with a warning; anything else that is wrong (bad JSON earlier in the file,
a missing header, numbers out of sequence, an action the rules reject) raises `BadRecord` with
the line number and what was expected.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Literal

from tilegames.core.codec import from_jsonable
from tilegames.core.errors import BadRecord, IllegalMove
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
        name = str(source)
        try:
            data = Path(source).read_bytes()
        except OSError as exc:
            raise BadRecord(f"Cannot read {name}: {exc.strerror or exc}.") from None

    lines = data.split(b"\n")
    # After the last newline comes either nothing (a complete file) or a torn final line.
    complete, tail = lines[:-1], lines[-1]
    if not complete:
        raise BadRecord(f"{name} has no complete header line; it is not a usable journal.")

    header = _parse_header(name, complete[0])
    loaded = LoadedJournal(header=header, good_length=len(complete[0]) + 1)
    last = len(complete) - 1
    for index, raw in enumerate(complete[1:], start=1):
        line_no = index + 1
        try:
            record = _parse_record(raw, expected_seq=len(loaded.records))
        except BadRecord as exc:
            if index == last and not tail:
                # Only the very last line may be damaged (torn write); drop it.
                loaded.warnings.append(f"{name}, line {line_no}: {exc} It was dropped.")
                return loaded
            raise BadRecord(f"{name}, line {line_no}: {exc}") from None
        loaded.records.append(record)
        loaded.good_length += len(raw) + 1
    if tail:
        loaded.warnings.append(
            f"{name}, line {len(complete) + 1}: the last line was cut off mid-write "
            "(the program was probably stopped); it was dropped."
        )
    return loaded


def _parse_header(name: str, raw: bytes) -> JournalHeader:
    try:
        obj = _json(raw)
    except BadRecord:
        obj = None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise BadRecord(f"{name}, line 1: not a tilegames journal (no journal header).")
    if obj.get("version") not in READABLE_VERSIONS:
        raise BadRecord(f"{name}, line 1: journal version {obj.get('version')!r} is not supported.")
    return from_jsonable(JournalHeader, obj, where=f"{name}, line 1")


def _parse_record(raw: bytes, expected_seq: int) -> JournalRecord:
    obj = _json(raw)
    record = from_jsonable(JournalRecord, obj, where="record")
    if record.seq != expected_seq:
        raise BadRecord(f"record number {record.seq} found where {expected_seq} was expected.")
    return record


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise BadRecord("the line is not valid JSON.") from None


@dataclass(frozen=True)
class ReplayStep:
    """One journaled action replayed: the state before it, the action and what it did."""

    record: JournalRecord
    before: Any
    action: Action
    outcome: Outcome[Any]


def initial_state(journal: LoadedJournal, game: Game | None = None) -> Any:
    """The state the journal's game started from (BadRecord if its header cannot set it up)."""
    game = game or get_game(journal.header.game)
    config = game.config_from_json(journal.header.config)
    try:
        return game.new_game(config, journal.header.seats, journal.header.seed)
    except ValueError as exc:
        raise BadRecord(f"The journal's game cannot be set up: {exc}") from None


def replay_steps(journal: LoadedJournal, game: Game | None = None) -> Iterator[ReplayStep]:
    """Apply every journaled action again, in order, yielding each step.

    The one place a journal is replayed (resume, `tilegames replay`, exports): a record that
    the rules refuse raises BadRecord naming it."""
    game = game or get_game(journal.header.game)
    state = initial_state(journal, game)
    for record in journal.records:
        action = game.decode_action(record.action)
        by_controller = record.by == "clock" or (journal.header.version == 1 and action.controller_only)
        try:
            outcome = game.apply(state, record.seat, action, by_controller=by_controller)
        except IllegalMove as exc:
            raise BadRecord(
                f"Record {record.seq} is not a legal move here: {' '.join(exc.reasons)}"
            ) from None
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
