"""The server's data folder: each table's journal, and the tables file that keeps their codes.

    DIR/tables.json   {"format": "tilegames-server-tables", "version": 1, "tables": [
                         {"id": "t1", "game": GAME_ID, "journal": "t1.jsonl",
                          "seats": ["K7PQ-3MZD", null], "spectator": "W4XR-9HNB"}, ...]}
    DIR/t1.jsonl      the table's journal (core/records/journal.py), fsynced per action and per edit
    DIR/t1.g2.jsonl   the journal of the second game of its series (a Rummikub match), and so on
    DIR/server.lock   held (flock) while a server uses the folder

The journals make a table survive anything, `kill -9` included; the tables file makes its codes
survive too, so players rejoin a restarted server with the codes they were given. The codes are
the seats' passwords: the file is readable by its owner only and is never sent to anyone. It is
replaced whole (written aside, synced, renamed), so a crash leaves the old file or the new one.

The default folder is `server/` beside the saves folder (`core/records/saves.py`): the app's resume list
reads `games/`, so a server's tables never show up there as a hot-seat game to resume.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tilegames.core.errors import BadRecord, why_not_saved
from tilegames.core.records.file_limits import SERVER_TABLES, read_limited
from tilegames.core.text.inputs import shown
from tilegames.core.records.journal_writer import fsync_folder
from tilegames.core.records.jsonlines import json_line
from tilegames.core.records.saves import saves_dir

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: one server per folder is then up to the user
    fcntl = None  # type: ignore[assignment]

FORMAT = "tilegames-server-tables"
VERSION = 1
TABLES_FILE = "tables.json"
LOCK_FILE = "server.lock"


class StoreError(Exception):
    """The data folder cannot be used (a sentence for whoever starts the server)."""


def default_data_dir() -> Path:
    """`server/` beside the saves folder: $TILEGAMES_HOME/server, or ~/.local/share/tilegames/server."""
    return saves_dir().parent / "server"


@dataclass(frozen=True)
class TableRecord:
    """What the tables file says about one table. `seats` has a code per seat (None: a seat
    played by the computer, which nobody may take)."""

    id: str
    game: str
    journal: str
    seats: tuple[str | None, ...]
    spectator: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "journal": self.journal, "seats": list(self.seats),
                "spectator": self.spectator}

    @classmethod
    def from_json(cls, data: Any) -> "TableRecord":
        if not isinstance(data, dict):
            raise BadRecord("a table must be an object.")
        texts = [data.get(k) for k in ("id", "game", "journal", "spectator")]
        seats = data.get("seats")
        if not all(isinstance(v, str) and v for v in texts):
            raise BadRecord("a table needs its id, game, journal and spectator code.")
        id, game, journal, spectator = (str(v) for v in texts)
        if not isinstance(seats, list) or not all(s is None or isinstance(s, str) for s in seats):
            raise BadRecord(f"table {shown(id, 20)}: its seats must be codes or null.")
        if Path(journal).name != journal:
            raise BadRecord(f"table {shown(id, 20)}: its journal must be a file in the data folder.")
        return cls(id, game, journal, tuple(seats), spectator)


def _keep_private(folder: Path) -> None:
    """The folder holds every table's codes and deals: others may not even list it. One they
    can read or enter is tightened to 0700 (StoreError when it cannot be)."""
    try:
        if stat.S_IMODE(folder.stat().st_mode) & 0o077:
            os.chmod(folder, 0o700)
    except OSError as exc:
        raise StoreError(f"The server's folder {shown(folder, 200)} can be read by other users, and it "
                         f"cannot be made private ({why_not_saved(exc)}): run chmod 700 on it, or give another "
                         "folder (--data).") from None


@dataclass
class TableStore:
    """One server's data folder, held (locked) from `open` to `close`."""

    dir: Path
    records: list[TableRecord] = field(default_factory=list)
    _lock_fd: int | None = None

    @classmethod
    def open(cls, data: Path | None) -> "TableStore":
        """Use `data` (None: the default folder), making it if need be; StoreError says why it
        cannot be used (not a folder, not writable, another server on it, a damaged file)."""
        folder = Path(data) if data is not None else default_data_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            raise StoreError(f"Cannot make the server's folder {shown(folder, 200)}: {why_not_saved(exc)}.") from None
        if not folder.is_dir():
            raise StoreError(f"The server's folder {shown(folder, 200)} is not a folder.")
        _keep_private(folder)
        store = cls(folder)
        store._lock()
        try:
            store.records = store._read()
        except BaseException:
            store.close()
            raise
        return store

    def _lock(self) -> None:
        path = self.dir / LOCK_FILE
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise StoreError(f"Cannot use the server's folder {shown(self.dir, 200)}: {why_not_saved(exc)}.") from None
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise StoreError(f"Another tilegames server is using {shown(self.dir, 200)}; stop it first, "
                                 "or give this one another folder (--data).") from None
            except OSError:
                pass  # a file system without locks: go on unlocked
        self._lock_fd = fd

    def close(self) -> None:
        """Let the folder go (another server may use it from now on)."""
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing drops the lock
            self._lock_fd = None

    @property
    def tables_path(self) -> Path:
        return self.dir / TABLES_FILE

    def journal_path(self, record: TableRecord, number: int = 1) -> Path:
        """The journal of game `number` of the table's series: the record's own for the first,
        beside it with the game's number for the others (`t1.g2.jsonl`), so that every game's
        journal is found from the tables file alone."""
        path = self.dir / record.journal
        return path if number == 1 else path.with_name(f"{path.stem}.g{number}{path.suffix}")

    def latest_journal(self, record: TableRecord) -> Path:
        """The journal of the latest game of the table's series that was begun. An empty file
        (a server stopped as it created a journal) is no game: it is removed."""
        number = 1
        while True:
            path = self.journal_path(record, number + 1)
            try:
                if path.stat().st_size == 0:
                    path.unlink()
                    break
            except OSError:
                break
            number += 1
        return self.journal_path(record, number)

    def _read(self) -> list[TableRecord]:
        path = self.tables_path
        if not os.path.lexists(path):
            return []
        try:
            raw = read_limited(path, shown(path, 200), SERVER_TABLES)
        except BadRecord as exc:
            raise StoreError(str(exc)) from None
        try:
            data = json_line(raw.strip())
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise BadRecord("it is not a tilegames server's tables file.")
            if data.get("version") != VERSION:
                raise BadRecord(f"its version {shown(data.get('version'), 20)} is not one this tilegames reads.")
            tables = data.get("tables")
            if not isinstance(tables, list):
                raise BadRecord("it has no list of tables.")
            return [TableRecord.from_json(t) for t in tables]
        except BadRecord as exc:
            raise StoreError(f"{shown(path, 200)} is damaged ({exc}) Its tables' codes cannot be read; "
                             "move it away to start with no tables.") from None

    def next_id(self) -> str:
        """A table id never used in this folder: t1, t2, …"""
        used = {r.id for r in self.records}
        n = len(self.records) + 1
        while f"t{n}" in used or (self.dir / f"t{n}.jsonl").exists() or (self.dir / f"t{n}.g2.jsonl").exists():
            n += 1
        return f"t{n}"

    def all_codes(self) -> set[str]:
        return {c for r in self.records for c in (*r.seats, r.spectator) if c is not None}

    def add(self, record: TableRecord) -> None:
        """Keep a new table's codes (on disk before anyone is told them)."""
        self._write([*self.records, record])
        self.records.append(record)

    def _write(self, records: list[TableRecord]) -> None:
        data = {"format": FORMAT, "version": VERSION, "tables": [r.to_json() for r in records]}
        text = (json.dumps(data, indent=1) + "\n").encode("utf-8")
        aside = self.dir / (TABLES_FILE + ".new")
        try:
            fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            try:
                view = memoryview(text)
                while view:
                    view = view[os.write(fd, view):]
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(aside, self.tables_path)
            fsync_folder(self.dir)
        except OSError as exc:
            raise StoreError(f"Cannot write {shown(self.tables_path, 200)}: {why_not_saved(exc)}.") from None

