"""The journal: a game's record as JSON lines, written as it is played.

Line 1 is the header (game id, config, seed, seat names); each further line is one committed
action with its seat and sequence number, and `"by": "clock"` when the turn controller took it
(a timeout): replay lets only those through as controller actions, so a record cannot pass a
player's move off as the clock's. Version 1 journals predate that mark; their timeouts are
trusted as the controller's, since version 1 writers wrote nothing else.

Writing is `journal_writer.py`: every line is on the disk before the caller shows the result,
so a crash or `kill -9` loses nothing that a player saw.

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
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Literal

from tilegames.core.codec import from_jsonable
from tilegames.core.errors import BadRecord, IllegalMove
from tilegames.core.records.file_limits import JOURNAL, open_limited, read_limited
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.records.jsonlines import json_line

if TYPE_CHECKING:  # at run time imported where used: the menu lists saves without the engine
    from tilegames.core.kernel.protocol import Action, Event, Game, Outcome
    from tilegames.core.kernel.turn_steps import TurnStep

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
    # Where the record is in its file, for messages (turn steps share the file with actions).
    line: int = field(default=0, init=False, compare=False)


@dataclass
class LoadedJournal:
    header: JournalHeader
    records: list[JournalRecord] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # Byte length of the part that was read completely (what a writer keeps when repairing),
    # and of the part up to the end of the last action (where the turn in progress begins).
    good_length: int = 0
    actions_length: int = 0
    name: str = "journal"  # how messages name the file (already shortened and escaped)
    # The turn in progress when the file was last written: the steps after the last action.
    turn_steps: list[TurnStep] = field(default_factory=list)


def load_journal(source: Path | str | bytes) -> LoadedJournal:
    """Read a journal from a path or from its bytes. Raises BadRecord when it cannot be used."""
    if isinstance(source, bytes):
        data, name = source, "journal"
    else:
        name = shown(Path(source).name)
        data = read_limited(source, shown(source, 200), JOURNAL)

    lines = data.split(b"\n")
    # After the last newline comes either nothing (a complete file) or a torn final line.
    complete, tail = lines[:-1], lines[-1]
    if not complete:
        raise BadRecord(_("{name} has no complete header line; it is not a usable journal.").format(name=name))

    header = _parse_header(name, complete[0])
    loaded = LoadedJournal(header=header, good_length=len(complete[0]) + 1, name=name)
    loaded.actions_length = loaded.good_length
    from tilegames.core.kernel.turn_steps import is_turn_step, parse_turn_step

    for line_no, raw in enumerate(complete[1:], start=2):
        try:
            obj = json_line(raw)
            if is_turn_step(obj):
                loaded.turn_steps.append(parse_turn_step(obj))
            else:
                record = _parse_record(obj, expected_seq=len(loaded.records))
                object.__setattr__(record, "line", line_no)
                loaded.records.append(record)
                loaded.turn_steps.clear()  # an action ends the turn those steps belonged to
        except BadRecord as exc:
            # A complete line ends with the newline its writer wrote after it: damage, not a torn write.
            raise BadRecord(_("{name}, line {line_no}: {exc}").format(name=name, line_no=line_no, exc=exc)) from None
        loaded.good_length += len(raw) + 1
        if not loaded.turn_steps:
            loaded.actions_length = loaded.good_length
    if tail:
        loaded.warnings.append(
            _("{name}, line {number}: the last line was cut off mid-write (the program was probably stopped); it was dropped.").format(name=name, number=len(complete) + 1)
        )
    return loaded


def read_header(path: Path | str) -> JournalHeader:
    """Only the header of the journal at `path` (cheap: the records are not read)."""
    with open_limited(path, shown(path, 200), JOURNAL) as fh:
        try:
            first = fh.readline(1 << 20)
        except OSError as exc:
            raise BadRecord(_("{path} cannot be read: {reason}.").format(path=shown(path), reason=exc.strerror or exc)) from None
    if not first.endswith(b"\n"):
        raise BadRecord(_("{name} has no complete header line; it is not a usable journal.").format(name=shown(Path(path).name)))
    return _parse_header(shown(Path(path).name), first[:-1])


def _parse_header(name: str, raw: bytes) -> JournalHeader:
    try:
        obj = json_line(raw)
    except BadRecord as exc:
        if raw.lstrip(codecs.BOM_UTF8)[:1] != b"{":
            raise BadRecord(_("{name}, line 1: not a tilegames journal (no journal header).").format(name=name)) from None
        raise BadRecord(_("{name}, line 1: {exc}").format(name=name, exc=exc)) from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise BadRecord(_("{name}, line 1: not a tilegames journal (no journal header).").format(name=name))
    if obj.get("version") not in READABLE_VERSIONS:
        raise BadRecord(_("{name}, line 1: journal version {value} is not supported.").format(name=name, value=shown(obj.get('version'), 20)))
    return from_jsonable(JournalHeader, obj, where=f"{name}, line 1")


def _parse_record(obj: Any, expected_seq: int) -> JournalRecord:
    record = from_jsonable(JournalRecord, obj, where="record")
    if record.seq != expected_seq:
        raise BadRecord(_("record number {seq} found where {expected_seq} was expected.").format(seq=record.seq, expected_seq=expected_seq))
    return record


@dataclass(frozen=True)
class ReplayStep:
    """One journaled action replayed: the state before it, the action and what it did."""

    record: JournalRecord
    before: Any
    action: Action
    outcome: Outcome[Any]


def game_of(journal: LoadedJournal) -> Game[Any, Any, Any]:
    """The game a journal records (BadRecord naming the file for a game tilegames lacks)."""
    from tilegames.core.registry import get_game

    try:
        return get_game(journal.header.game)
    except BadRecord:
        raise BadRecord(_("{name}: {game} is not a game tilegames has.").format(name=journal.name, game=repr(shown(journal.header.game, 30)))) from None


def initial_state(journal: LoadedJournal, game: Game[Any, Any, Any] | None = None) -> Any:
    """The state the journal's game started from (BadRecord if its header cannot set it up)."""
    game = game or game_of(journal)
    try:
        config = game.config_from_json(journal.header.config)
    except BadRecord as exc:
        raise BadRecord(_("{name}, line 1: {exc}").format(name=journal.name, exc=exc)) from None
    _check_word_list(journal.name, config)
    try:
        return game.new_game(config, journal.header.seats, journal.header.seed)
    except ValueError as exc:
        raise BadRecord(_("{name}: the journal's game cannot be set up: {exc}").format(name=journal.name, exc=exc)) from None


def _check_word_list(name: str, config: Any) -> None:
    """A game played with its own word list (`--words FILE`) needs that list to go on; say so
    first, rather than let the first word it judges fail as an illegal record."""
    word_list = getattr(config, "word_list", None)
    if not isinstance(word_list, str) or not word_list:
        return
    try:
        os.stat(word_list)
    except FileNotFoundError:
        raise BadRecord(_("{name}: the word list {word_list} used by this game is missing; put it back there to go on.").format(name=name, word_list=shown(word_list, 120))) from None
    except (OSError, ValueError):  # a name too long, a NUL in it: the reader says which
        pass
    from tilegames.core.parts.lexicon import LexiconError, lexicon_for

    try:
        lexicon_for(word_list)
    except LexiconError as exc:
        raise BadRecord(_("{name}: {exc}").format(name=name, exc=exc)) from None


# What an engine may raise on data no rule foresaw (a crafted record); see replay_steps.
_ENGINE_SURPRISES = (LookupError, TypeError, ValueError, ArithmeticError, AttributeError)


def replay_steps(journal: LoadedJournal, game: Game[Any, Any, Any] | None = None) -> Iterator[ReplayStep]:
    """Apply every journaled action again, in order, yielding each step.

    The one place a journal is replayed (resume, `tilegames replay`, exports): a record that
    the rules refuse raises BadRecord naming it. A record is data from outside, so an engine
    that trips over one (an IndexError on a crafted value, say) is reported the same way,
    naming the exception, instead of crashing the reader."""
    game = game or game_of(journal)
    state = initial_state(journal, game)
    for record in journal.records:
        where = f"{journal.name}, line {record.line or record.seq + 2}"
        try:
            action = game.decode_action(record.action)
            by_controller = record.by == "clock" or (journal.header.version == 1 and action.controller_only)
            outcome = game.apply(state, record.seat, action, by_controller=by_controller)
        except IllegalMove as exc:
            raise BadRecord(_("{where}: record {seq} is not a legal move here: {reasons}").format(where=where, seq=record.seq, reasons=' '.join(exc.reasons))) from None
        except BadRecord as exc:
            raise BadRecord(_("{where}: {exc}").format(where=where, exc=exc)) from None
        except _ENGINE_SURPRISES as exc:
            raise BadRecord(_("{where}: record {seq} cannot be replayed ({error}); the file is damaged.").format(where=where, seq=record.seq, error=type(exc).__name__)) from None
        yield ReplayStep(record, state, action, outcome)
        state = outcome.state


def replay(journal: LoadedJournal, game: Game[Any, Any, Any] | None = None, events: list[Event] | None = None) -> Any:
    """Rebuild the exact state a journal records, by applying every action again.

    With `events` given, the events of every action are appended to it (a resumed game's
    move log)."""
    state = initial_state(journal, game)
    for step in replay_steps(journal, game):
        state = step.outcome.state
        if events is not None:
            events.extend(step.outcome.events)
    return state
