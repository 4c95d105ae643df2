"""A request applied to a table, for the seats the connection that sent it holds.

The session does the work (the same calls a play screen makes); this module checks what only a
server must check first: that the seat is the connection's, that the edit or action is one the
game knows (decoded from its JSON form, which refuses every unknown kind and wrong field), and
that no client takes a move only the turn clock may take. Whatever is refused leaves the game
as it was: the engine validates before it changes anything, and its states are immutable.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from tilegames.core.errors import BadRecord, IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.records.journal import load_journal, replay_steps
from tilegames.core.kernel.protocol import Event
from tilegames.net.tables import Table
from tilegames.net.wire import SEAT_OPS, Request

log = logging.getLogger(__name__)

# What an engine may raise on values no rule foresaw (a crafted tile id, a huge row number):
# the request is refused as a bad message, the game is untouched (journal.py reads records so too).
ENGINE_SURPRISES = (LookupError, TypeError, ValueError, ArithmeticError, AttributeError)
# Refusals a well-behaved client never causes: they count towards closing the connection.
# (An illegal move does not: a player's refused commit is part of play.)
COUNTED = frozenset({"bad_message", "not_your_seat", "stale"})
ACTIONS = frozenset({"commit", "act"})  # the requests that change the committed game


@dataclass(frozen=True)
class Answer:
    """What a request did: `ok` with the method's `value` and the `events` it caused, or the
    protocol's `error` with the `reasons` a player reads."""

    ok: bool
    value: Any = None
    events: tuple[Event, ...] = ()
    error: str = ""
    reasons: tuple[str, ...] = ()

    @property
    def bad(self) -> bool:
        return self.error in COUNTED


def refused(error: str, *reasons: str) -> Answer:
    return Answer(False, error=error, reasons=reasons)


def apply(table: Table, seats: tuple[int, ...], request: Request) -> Answer:
    """Run a request for a connection holding `seats` (past_views and export excepted: see
    `past_views` and `export`, which read the journal and may take a while)."""
    if request.op in SEAT_OPS and request.seat not in seats:
        return refused("not_your_seat", _("You do not play that seat at this terminal."))
    try:
        value = _run(table, request)
    except IllegalMove as exc:
        return refused("illegal", *exc.reasons)
    except BadRecord as exc:
        return refused("bad_message", _("The server could not use that {request}: {why}").format(request=request.op, why=exc))
    except ENGINE_SURPRISES as exc:
        log.error("Table %s: a %s request raised %s: %s", table.id, request.op, type(exc).__name__, exc)
        log.debug("Where it was raised:", exc_info=True)
        return refused("bad_message", _("The server could not use that {request}: it names something "
                                        "this game does not have.").format(request=request.op))
    return Answer(True, value, tuple(table.take_news()))


def _run(table: Table, request: Request) -> Any:
    session, game, seat = table.session, table.game, request.seat
    assert seat is not None
    op = request.op
    if op == "edit":
        session.edit(seat, game.decode_edit(request.body))
        return None
    if op == "undo":
        return session.undo(seat)
    if op == "redo":
        return session.redo(seat)
    if op == "undo_all":
        session.undo_all(seat)
        return None
    if op == "commit":
        session.commit(seat)
        return None
    if op == "act":
        action = game.decode_action(request.body)
        if action.controller_only:
            raise BadRecord(f"only the turn clock can take the {action.kind!r} move; a player cannot.")
        session.act(seat, action)
        return None
    raise BadRecord(f"{op} is not a move.")  # read_message lets through only the known requests


def next_game(table: Table, seats: tuple[int, ...], number: int) -> Answer:
    """The connection's people have read the last game's summary and are ready for game
    `number` of the series: once every person's seat is (or has joined it), its clock runs.
    Being ready for a game that is already under way or over changes nothing (a spectator's
    never does); its value is the number of the game on the table."""
    if number > table.game_number:
        if table.done:
            return refused("illegal", _("The series is over: there is no next game."))
        return refused("illegal", _("Game {number} of this series has not begun yet: game {current} "
                                    "is on the table.").format(number=number, current=table.game_number))
    if number == table.game_number and not table.over:
        table.ready(seats)
    return Answer(True, table.game_number)


def _finished_game(table: Table, number: int | None) -> Answer | None:
    """None when `number` names a game of the table's series a record may be read of (None:
    the game on the table), else the refusal saying why not."""
    if number is None or number == table.game_number:
        return None
    if not 1 <= number < table.game_number:
        return refused("illegal", _("Game {number} of this series has not been played (game "
                                    "{current} is on the table).").format(number=number, current=table.game_number))
    if table.finished_journal(number) is None:
        return refused("illegal", _("That game was not recorded, so it cannot be read."))
    return None


def past_views(table: Table, number: int | None = None) -> Answer:
    """The public view after each action so far of game `number` of the series (None: the one
    on the table). The journal is replayed: run it off the loop."""
    refusal = _finished_game(table, number)
    if refusal is not None:
        return refusal
    if number is None or number == table.game_number:
        return Answer(True, table.session.past_views())
    path = table.finished_journal(number)
    assert path is not None  # _finished_game saw to it
    try:
        return Answer(True, [table.game.view(step.outcome.state, None)
                             for step in replay_steps(load_journal(path), table.game)])
    except BadRecord as exc:
        return refused("illegal", _("That game's record could not be read: {why}").format(why=exc))


def export(table: Table, fmt: str, number: int | None = None) -> Answer:
    """The record of game `number` of the series (None: the one on the table) as text in format
    `fmt`; only once that game is over, because a record shows what every player held at each
    move."""
    exporter = table.game.exporters.get(fmt)
    if exporter is None:
        known = ", ".join(sorted(table.game.exporters)) or _("none")
        title = _(table.game.title)  # i18n: marked
        return refused("bad_message", _("{game} games cannot be written as '{format}' (formats: {known}).").format(
            game=title, format=shown(fmt, 20), known=known))
    refusal = _finished_game(table, number)
    if refusal is not None:
        return refusal
    if number in (None, table.game_number) and not table.over:
        return refused("illegal", _("The record can be written once the game is over: it shows what every "
                                    "player held."))
    path = table.session.path if number in (None, table.game_number) else table.finished_journal(number or 0)
    if path is None:
        return refused("illegal", _("This game was not recorded, so it cannot be written."))
    try:
        return Answer(True, exporter(load_journal(path)))
    except BadRecord as exc:
        return refused("illegal", _("The record could not be written: {why}").format(why=exc))
