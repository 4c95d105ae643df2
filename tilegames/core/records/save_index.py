"""The saves index: what the menu shows of each save, without replaying every journal.

Listing the unfinished games used to load and replay every journal in the saves folder, on
every launch and every return to the menu: some 12 ms a save, so a few hundred games left
unfinished made the menu take seconds to appear. The index (`.index.json` in the saves
folder) keeps a summary per journal file: its header, how many moves it holds and whether
its game is over, with the file's size, mtime and ctime when it was read.

The journal is the truth and the index only a cache of it:

* a summary is used only while its file's size, mtime and ctime are still what they were
  when it was read, and its `check` still matches: a keyed hash of the journal's bytes and
  the summary together, taken when the summary was made. A listing reads each journal's
  bytes (quick: no replay) to check it, so an index edited by hand (a game marked finished,
  other names) or a journal rewritten with the same size and times is not believed;
  otherwise that one journal is read and replayed again. A game played on
  since, a game that has ended, a save copied in by hand: each is read once, by the first
  listing that sees it, and its summary kept from then on;
* the stat is taken before the journal is read, so a journal that grows while it is read
  (another copy is playing it) no longer matches its summary, and is read again next time;
* an index that is damaged, in another format, or written by another version of tilegames
  (whose rules may judge a record differently) is ignored and rebuilt;
* a save that fails only because the word list it was played with is missing is not kept
  as damaged: the list may be put back without the save changing, so it is tried each time.

Writing the index is best effort (a temporary file renamed over it): a saves folder that
cannot take it costs speed, never a listing. Two copies of the app writing it at once can
only lose each other's new summaries, which are then read again.

Journals are read only through journal.py's public functions, so any line that journal.py
accepts is fine here.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from tilegames import __version__
from tilegames.core.codec import from_jsonable, to_jsonable
from tilegames.core.errors import BadRecord
from tilegames.core.records.file_limits import JOURNAL, read_limited
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import MAX_DIGITS, is_text
from tilegames.core.records.journal import JournalHeader, game_of, initial_state, load_journal, replay_steps
from tilegames.core.records.jsonlines import json_line

INDEX_NAME = ".index.json"
FORMAT = "tilegames-save-index"
VERSION = 2  # 2: entries carry a check of the journal and the summary
# An index is about 400 bytes a save; anything this large is not one (and is not read).
MAX_INDEX_BYTES = 64 << 20

Stamp = tuple[int, int, int]  # size, mtime_ns, ctime_ns: a file that changed has another stamp


@dataclass(frozen=True)
class SaveInfo:
    """One save, as a list of saves shows it."""

    path: Path
    header: JournalHeader | None  # None: not even the header could be read
    moves: int  # actions replayed
    finished: bool
    saved: float  # when it was last written (mtime, seconds since the epoch)
    damaged: str | None = None  # why it cannot be played (None: it can)


@dataclass(frozen=True)
class _Entry:
    """One save in the index file: the stamp its journal was read at, and what was learned."""

    size: int
    mtime_ns: int
    ctime_ns: int
    header: dict[str, Any] | None
    moves: int
    finished: bool
    damaged: str | None = None
    check: str = ""  # `_check` of the journal's bytes and this summary

    @property
    def stamp(self) -> Stamp:
        return self.size, self.mtime_ns, self.ctime_ns


def scan(folder: Path) -> list[SaveInfo]:
    """Every journal (`*.jsonl`) in `folder`, newest first, from the index where it is current.

    Journals that are new or changed since they were indexed are read and replayed (once),
    and the index is rewritten when it learned something. A folder that is missing or
    unreadable has no saves; nothing is created by listing."""
    try:
        with os.scandir(folder) as found:
            files = [entry for entry in found if entry.name.endswith(".jsonl")]
    except OSError:
        return []
    index_path = folder / INDEX_NAME
    known = _read_index(index_path)
    kept: dict[str, _Entry] = {}
    dated: list[tuple[int, str, SaveInfo]] = []
    for file in files:
        try:
            if not file.is_file():
                continue
            stat = file.stat()
        except OSError:
            continue
        stamp: Stamp = (stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)
        path = Path(file.path)
        cached = known.get(file.name)
        if cached is not None and cached[0].stamp == stamp and _still_true(path, cached[0]):
            entry, header = cached
            keep = True
        else:
            entry, header, keep = _summarize(path, stamp)
        if keep and is_text(file.name) and is_text(entry.damaged or ""):  # what JSON can hold
            kept[file.name] = entry
        info = SaveInfo(path, header, entry.moves, entry.finished, entry.mtime_ns / 1e9, entry.damaged)
        dated.append((entry.mtime_ns, file.name, info))
    if kept.keys() != known.keys() or any(kept[name] is not known[name][0] for name in kept):
        _write_index(index_path, kept)
    return [info for _, _, info in sorted(dated, key=lambda item: item[:2], reverse=True)]


def _summarize(path: Path, stamp: Stamp) -> tuple[_Entry, JournalHeader | None, bool]:
    """Read and replay one journal: its summary, its header, and whether to keep the summary."""
    size, mtime_ns, ctime_ns = stamp
    try:
        loaded = load_journal(path)
    except BadRecord as exc:
        return _checked(path, _Entry(size, mtime_ns, ctime_ns, None, 0, False, str(exc))), None, True
    header = loaded.header
    try:
        game = game_of(loaded)
        state, moves = None, 0
        for step in replay_steps(loaded, game):
            state, moves = step.outcome.state, moves + 1
        finished = game.is_over(initial_state(loaded, game) if state is None else state)
    except BadRecord as exc:
        word_list = header.config.get("word_list")
        keep = not (isinstance(word_list, str) and word_list)  # it may come back: try again
        return _checked(path, _Entry(size, mtime_ns, ctime_ns, header.to_json(), 0, False, str(exc))), header, keep
    return _checked(path, _Entry(size, mtime_ns, ctime_ns, header.to_json(), moves, finished)), header, True


_CHECK_KEY = b"tilegames-save-index-check"


def _check(data: bytes, entry: _Entry) -> str:
    """A keyed hash of a journal's bytes and what its summary says of them: any change to
    either, by a program or by hand, changes it (a key, so a plain hash of the journal does
    not pass for one)."""
    summary = json.dumps([entry.size, entry.mtime_ns, entry.ctime_ns, entry.header, entry.moves, entry.finished,
                          entry.damaged], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    digest = hashlib.blake2b(data, digest_size=16, key=_CHECK_KEY)
    digest.update(summary.encode("ascii"))
    return digest.hexdigest()


def _journal_bytes(path: Path) -> bytes | None:
    try:
        return read_limited(path, path.name, JOURNAL)
    except BadRecord:
        return None


def _checked(path: Path, entry: _Entry) -> _Entry:
    """`entry` with its check, from the journal as it is now (none when it cannot be read:
    such an entry is never trusted, and the journal is read again next time)."""
    data = _journal_bytes(path)
    return entry if data is None else replace(entry, check=_check(data, entry))


def _still_true(path: Path, entry: _Entry) -> bool:
    """Whether the index's summary still describes the journal at `path`, byte for byte."""
    data = _journal_bytes(path)
    return data is not None and bool(entry.check) and entry.check == _check(data, entry)


def _read_index(path: Path) -> dict[str, tuple[_Entry, JournalHeader | None]]:
    """The summaries the index holds, by file name (with their headers decoded). An index that
    cannot be used is no index; an entry that cannot be used is left out, so its journal is
    read again."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_INDEX_BYTES + 1)
    except OSError:
        return {}
    if len(data) > MAX_INDEX_BYTES:
        return {}
    try:
        obj = _parse(data)
    except BadRecord:
        return {}
    if not isinstance(obj, dict) or obj.get("format") != FORMAT or obj.get("version") != VERSION \
            or obj.get("program") != __version__ or not isinstance(obj.get("saves"), dict):
        return {}
    known: dict[str, tuple[_Entry, JournalHeader | None]] = {}
    for name, raw in obj["saves"].items():
        try:
            entry = _entry_from(raw)
            header = None if entry.header is None else _header_from(entry.header)
        except BadRecord:
            continue
        if entry.damaged is None and header is None:
            continue  # a playable save always has a header
        known[name] = (entry, header)
    return known


# A `\uD800`-`\uDFFF` escape: the only way ASCII JSON can hold text that is not Unicode.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def _parse(data: bytes) -> Any:
    """The index's JSON, as strictly as `json_line` reads a journal line, but quicker for what
    `_write_index` writes (ASCII, no surrogate escapes), where its text check cannot fail."""
    if not data.isascii() or _SURROGATE_ESCAPE.search(data):
        return json_line(data.rstrip(b"\n"))
    try:
        return json.loads(data, parse_int=_whole, parse_float=_real, parse_constant=_refuse)
    except (ValueError, RecursionError):  # json.JSONDecodeError, numbers that are not a game's
        raise BadRecord(_("the saves index is not valid JSON.")) from None


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ValueError(digits)
    return int(digits)


def _real(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise ValueError(digits)
    return value


def _refuse(name: str) -> Any:
    raise ValueError(name)  # NaN, Infinity


_ENTRY_FIELDS = tuple(field.name for field in fields(_Entry))
_HEADER_FIELDS = frozenset(field.name for field in fields(JournalHeader))


def _entry_from(raw: Any) -> _Entry:
    """An index entry, checked field by field (the codec's checks, written out: a thousand
    entries are read at every launch, and the generic decoder would take most of it)."""
    if type(raw) is not dict or len(raw) != len(_ENTRY_FIELDS) or not all(k in raw for k in _ENTRY_FIELDS):
        return from_jsonable(_Entry, raw, where="save")  # says what is wrong
    entry = _Entry(**raw)
    if not all(type(n) is int for n in (entry.size, entry.mtime_ns, entry.ctime_ns, entry.moves)) \
            or type(entry.finished) is not bool or not (entry.damaged is None or type(entry.damaged) is str) \
            or type(entry.check) is not str \
            or not (entry.header is None or type(entry.header) is dict):
        return from_jsonable(_Entry, raw, where="save")
    return entry


def _header_from(raw: dict[str, Any]) -> JournalHeader:
    """A journal header kept in the index; the usual shape is checked here quickly, any other
    goes through the codec (which knows every field JournalHeader may gain)."""
    if raw.keys() == _HEADER_FIELDS:
        seats = raw["seats"]
        if type(raw["game"]) is str and type(raw["config"]) is dict and type(raw["seed"]) is int \
                and type(seats) is list and all(type(s) is str for s in seats) and type(raw["meta"]) is dict \
                and type(raw["format"]) is str and type(raw["version"]) is int:
            return JournalHeader(raw["game"], raw["config"], raw["seed"], tuple(seats), raw["meta"],
                                 raw["format"], raw["version"])
    return from_jsonable(JournalHeader, raw, where="header")


def _write_index(path: Path, entries: dict[str, _Entry]) -> None:
    """Replace the index with `entries`, all at once (a reader sees the old or the new one)."""
    data = {"format": FORMAT, "version": VERSION, "program": __version__,
            "saves": {name: to_jsonable(entry) for name, entry in sorted(entries.items())}}
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(json.dumps(data, separators=(",", ":")).encode("ascii") + b"\n")
        os.replace(temporary, path)
    except OSError:
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass
