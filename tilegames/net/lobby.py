"""The tables one server hosts, and finding a table and its seats from the codes a player gives.

New tables are journaled in the data folder (`store.py`) and their codes written down before
anyone is told them; at start every unfinished table is resumed from its latest game's journal,
with the same codes (a game that had ended while its series goes on is followed by the next
one, dealt then). A table whose series is over stays until its last connection leaves (a
player sees the final result and may reconnect to it), then it is let go; after a restart it
is not loaded again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from tilegames.core.errors import BadRecord, GameInUse, SaveFailed
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.registry import get_game
from tilegames.core.kernel.clock import Clock
from tilegames.core.kernel.series import new_series
from tilegames.net.codes import canonical, new_code
from tilegames.net.store import TableRecord, TableStore
from tilegames.core.agents import levels_of
from tilegames.core.computer_seats import computer_level, is_computer, level_refused
from tilegames.net.tables import Table, resume_game, start_game

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Seating:
    """Where a hello's codes lead: a table and the seats they open (none: a spectator)."""

    table: Table
    seats: tuple[int, ...]


class WrongCodes(Exception):
    """The codes lead nowhere (`unknown`: a code no table has, which the rate limit counts)."""

    def __init__(self, sentence: str, *, unknown: bool) -> None:
        super().__init__(sentence)
        self.unknown = unknown


@dataclass
class Lobby:
    store: TableStore
    clock: Clock | None = None  # what every table's turn clock reads (None: the monotonic clock)
    tables: dict[str, Table] = field(default_factory=dict)
    _codes: dict[str, tuple[Table, int | None]] = field(default_factory=dict)

    # --- tables arriving and going ------------------------------------------------------------
    def load(self) -> list[str]:
        """Resume every unfinished table of the data folder; returns a sentence for each table
        that could not be (a damaged or missing journal), which the others do not wait for."""
        warnings: list[str] = []
        for record in self.store.records:
            if record.id in self.tables:
                continue
            try:
                session = resume_game(self.store.latest_journal(record), self.clock)
            except (BadRecord, GameInUse, SaveFailed) as exc:
                warnings.append(_("Table {table} was not resumed: {why}").format(table=shown(record.id, 20), why=exc))
                continue
            if len(record.seats) != len(session.seats):
                session.close()
                warnings.append(_("Table {table} was not resumed: its codes do not match its journal's seats.").format(
                    table=shown(record.id, 20)))
                continue
            warnings.extend(_("Table {table}: {warning}").format(table=record.id, warning=w) for w in session.warnings)
            try:
                table = Table(record.id, session, record.seats, record.spectator,
                              partial(self.store.journal_path, record), self.clock)
                if table.over and not table.done:  # stopped between two games of its series
                    table.deal_next()
            except (BadRecord, GameInUse, SaveFailed) as exc:
                session.close()
                warnings.append(_("Table {table} was not resumed: {why}").format(table=shown(record.id, 20), why=exc))
                continue
            if table.done:
                table.session.close()
                continue
            log.info("Table %s resumed: %s, %d seats", record.id, record.game, len(record.seats))
            self._seat(table)
        return warnings

    def create(self, game_id: str, seats: tuple[str, ...], config: Any, seed: int) -> Table:
        """A new table, journaled and with its codes on disk (StoreError, SaveFailed or
        ValueError with a sentence when it cannot be). Seats named cpu get no code: the server
        plays them."""
        game = get_game(game_id)
        table_id = self.store.next_id()
        record_path = f"{table_id}.jsonl"
        taken = self.store.all_codes()
        codes: list[str | None] = []
        levels = levels_of(game_id)
        for name in seats:
            level = computer_level(name)
            refused = None if level is None else level_refused(level, levels)
            if refused is not None:
                raise ValueError(refused)
            code = None if is_computer(name) else new_code(taken)
            codes.append(code)
            if code is not None:
                taken.add(code)
        spectator = new_code(taken)
        record = TableRecord(table_id, game_id, record_path, tuple(codes), spectator)
        session = start_game(game, config, new_series(game, config, seats, seed), table_id,
                             self.store.journal_path(record), self.clock)
        try:
            self.store.add(record)
        except BaseException:
            session.close()
            raise
        log.info("Table %s created: %s, %d seats (%d played by the computer)", table_id, game_id, len(seats),
                 codes.count(None))
        return self._seat(Table(table_id, session, record.seats, spectator, partial(self.store.journal_path, record),
                                self.clock))

    def _seat(self, table: Table) -> Table:
        self.tables[table.id] = table
        for seat, code in enumerate(table.seat_codes):
            if code is not None:
                self._codes[code] = (table, seat)
        self._codes[table.spectator_code] = (table, None)
        table.session.on_save_failed = lambda sentence, table=table: log.warning(
            _("Table {table}: {warning}").format(table=table.id, warning=sentence))
        return table

    def let_go_if_done(self, table: Table) -> None:
        """A table whose series is over, which nobody watches any more, is closed and forgotten."""
        if table.done and not table.clients and self.tables.get(table.id) is table:
            del self.tables[table.id]
            log.debug("Table %s let go: its series is over and nobody is at it", table.id)
            for code in [c for c, (t, _seat) in self._codes.items() if t is table]:
                del self._codes[code]
            table.session.close()

    def close(self) -> None:
        """Every table's journal let go (each turn's time left written first), then the folder."""
        for table in self.tables.values():
            table.session.close()
        self.tables.clear()
        self._codes.clear()
        self.store.close()

    # --- codes ------------------------------------------------------------------------------
    def find(self, codes: tuple[str, ...]) -> Seating:
        """The table and seats `codes` open; WrongCodes saying why not."""
        found: list[tuple[Table, int | None]] = []
        for text in codes:
            code = canonical(text)
            place = self._codes.get(code) if code is not None else None
            if place is None:
                raise WrongCodes(_("No table here has the code {code}; check it (codes look like K7PQ-3MZD-XW4R).").format(
                    code=shown(text, 20)), unknown=True)
            found.append(place)
        tables = {id(t) for t, _seat in found}
        if len(tables) > 1:
            raise WrongCodes(_("These codes are for different tables: join each table from its own terminal."),
                             unknown=False)
        seats = tuple(sorted({s for _table, s in found if s is not None}))
        return Seating(found[0][0], seats)
