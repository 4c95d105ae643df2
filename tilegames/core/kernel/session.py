"""Sessions: what a UI talks to (DESIGN.md §4).

A session offers views for a seat, takes edits and actions from a seat, and reports events.
`LocalSession` runs a turn controller in-process with a journal on disk, so hot-seat games are
saved as they are played and can be resumed after a crash. A networked session offers the same
methods, so the app is written once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from tilegames.core.kernel.clock import Clock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.errors import BadRecord, SaveFailed
from tilegames.core.text.i18n import _, ngettext
from tilegames.core.records.journal import JournalHeader, game_of, load_journal, replay, replay_steps
from tilegames.core.records.journal_writer import JournalWriter
from tilegames.core.kernel.protocol import Action, Event, Game, Result


@dataclass
class LocalSession:
    game: Game[Any, Any, Any]
    controller: TurnController[Any, Any]
    header: JournalHeader
    path: Path | None
    warnings: list[str] = field(default_factory=list)
    history: list[Event] = field(default_factory=list)  # what happened before a resume
    # Told (with a sentence) when saving starts failing mid-game (the moves are kept and tried
    # again; the game goes on), when it works again, and if it stops for good.
    on_save_failed: Callable[[str], None] | None = None
    saving_stopped: str | None = None  # what was said, while saving does not work

    def __post_init__(self) -> None:
        journal = self.controller.journal
        if journal is not None:
            journal.on_failure = self._saving_failed
            journal.on_resumed = self._saving_resumed

    def _saving_failed(self, exc: SaveFailed) -> None:
        journal = self.controller.journal
        count = self.unsaved_moves
        if journal is not None and journal.stopped is not None:
            notice = ngettext("Saving stopped for good: {exc} {count} move is not saved, nor are the moves from now "
                              "on: you can play on, but leaving loses them.",
                              "Saving stopped for good: {exc} {count} moves are not saved, nor are the moves from "
                              "now on: you can play on, but leaving loses them.", count)
        elif count:
            notice = ngettext("Saving stopped: {exc} {count} move is not saved yet; tilegames tries again after each "
                              "move. Free some space on the disk, or make it writable again, and it is saved.",
                              "Saving stopped: {exc} {count} moves are not saved yet; tilegames tries again after "
                              "each move. Free some space on the disk, or make it writable again, and they are saved.",
                              count)
        else:
            notice = _("Saving stopped: {exc} This turn's changes are not saved yet; tilegames tries again at each "
                       "change and move. Free some space on the disk, or make it writable again, and they are saved.")
        self._tell(notice.format(exc=exc, count=count))
        self.saving_stopped = self.warnings[-1]

    def _saving_resumed(self) -> None:
        self.saving_stopped = None
        self._tell(_("Saving works again: every move is saved."))

    def _tell(self, sentence: str) -> None:
        self.warnings.append(sentence)
        if self.on_save_failed is not None:
            self.on_save_failed(sentence)

    @property
    def saved(self) -> bool:
        """Whether the game is on the disk as it stands: every move, and the turn in progress."""
        return self.unsaved_moves == 0 and self.turn_saved

    @property
    def unsaved_moves(self) -> int:
        """The moves made that are not on the disk (waiting for space, or lost if saving stopped
        for good); 0 for a game not saved at all (`saved` says so)."""
        journal = self.controller.journal
        return 0 if journal is None else journal.unsaved_actions

    @property
    def turn_saved(self) -> bool:
        """Whether the turn in progress is on the disk as it stands (False: not saved at all)."""
        journal = self.controller.journal
        return journal is not None and journal.turn_saved

    @property
    def may_still_save(self) -> bool:
        """Whether what is not saved may still be: False once saving stopped for good, and for a
        game not saved at all."""
        journal = self.controller.journal
        return journal is not None and journal.stopped is None

    def retry_saving(self) -> None:
        """Write what waits for the disk now (a timer, leaving); what changed is told."""
        journal = self.controller.journal
        if journal is not None:
            journal.retry()

    @classmethod
    def start(cls, game: Game[Any, Any, Any], config: Any, seats: tuple[str, ...], seed: int, *,
              path: Path | None, clock: Clock | None = None, meta: dict[str, Any] | None = None,
              deferred: bool = False) -> "LocalSession":
        """A new game, journaled at `path` (None: not saved); SaveFailed if it cannot be saved.
        `deferred`: its lines wait for the caller's `flush` (a server's group commit)."""
        state = game.new_game(config, seats, seed)
        header = JournalHeader(game.id, game.config_to_json(config), seed, seats, meta=meta or {})
        journal = JournalWriter.create(path, header, deferred=deferred) if path is not None else None
        return cls(game, TurnController(game, state, clock=clock, journal=journal), header, path)

    @classmethod
    def resume(cls, path: Path, *, clock: Clock | None = None, deferred: bool = False) -> "LocalSession":
        """Continue the game journaled at `path` exactly where it stopped (BadRecord if damaged).

        The session holds the journal's lock until `close()`."""
        writer, loaded = JournalWriter.reopen(path, deferred=deferred)  # GameInUse while another session has it
        history: list[Event] = []
        try:
            game = game_of(loaded)
            state = replay(loaded, game, history)
        except BaseException:
            writer.close()  # a game that cannot be played is not held either
            raise
        controller = TurnController(game, state, clock=clock, journal=writer)
        warnings = list(loaded.warnings) + controller.restore_turn(loaded.turn_steps)
        return cls(game, controller, loaded.header, path, warnings, history)

    # --- reading (the Session protocol, core/kernel/session_protocol.py) ---------------------------
    @property
    def game_id(self) -> str:
        return self.game.id

    @property
    def seats(self) -> tuple[str, ...]:
        return self.header.seats

    @property
    def seats_here(self) -> tuple[int, ...]:
        """Hot-seat: every seat is played at this terminal."""
        return tuple(range(len(self.header.seats)))

    def who_may_act(self) -> tuple[int, ...]:
        return self.game.who_may_act(self.controller.state)

    def past_views(self) -> list[dict[str, Any]]:
        """A spectator's view after each action so far, from the journal (an unsaved game: the
        view now only)."""
        if self.path is not None:
            try:
                return [self.game.view(step.outcome.state, None)
                        for step in replay_steps(load_journal(self.path), self.game)]
            except BadRecord:
                pass
        return [self.view(None)]

    @property
    def current_seat(self) -> int | None:
        return self.controller.seat

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see; on its own turn, with its draft."""
        draft = self.controller.draft if seat is not None and seat == self.controller.seat else None
        return self.game.view(self.controller.state, seat, draft)

    def clock_waiting(self) -> bool:
        """Never: at one terminal nobody is waited for (a hand-off screen pauses the clock,
        and covers it)."""
        return False

    def remaining(self) -> float | None:
        return self.controller.remaining()

    def turn_seconds(self) -> float | None:
        """The turn's time limit (None: no limit)."""
        return self.game.turn_seconds(self.controller.state)

    def game_clock(self) -> bool:
        return self.game.game_clock(self.controller.state)

    def turn_number(self) -> int:
        return self.game.turn_number(self.controller.state)

    def draft_changed(self) -> bool:
        return self.controller.draft_changed()

    def result(self) -> Result | None:
        return self.game.result(self.controller.state)

    def subscribe(self, listener: Callable[[Event], None]) -> None:
        self.controller.subscribe(listener)

    # --- acting ---------------------------------------------------------------------------
    def edit(self, seat: int, edit: Any) -> None:
        self.controller.edit(seat, edit)

    def undo(self, seat: int) -> bool:
        return self.controller.undo(seat)

    def redo(self, seat: int) -> bool:
        return self.controller.redo(seat)

    def undo_all(self, seat: int) -> None:
        self.controller.undo_all(seat)

    def can_undo(self) -> bool:
        return self.controller.can_undo()

    def can_redo(self) -> bool:
        return self.controller.can_redo()

    def commit(self, seat: int) -> tuple[Event, ...]:
        return self.controller.commit(seat)

    def act(self, seat: int, action: Action) -> tuple[Event, ...]:
        return self.controller.act(seat, action)

    def tick(self) -> tuple[Event, ...]:
        return self.controller.tick()

    def restart_clock(self) -> None:
        """Start the turn's clock from what it has left (after a hand-off screen)."""
        self.controller.restart_clock()

    def pause_clock(self) -> None:
        """Stop the turn's clock, keeping what is left (a hand-off screen, leaving the game)."""
        self.controller.pause_clock()

    def save_export(self, fmt: str) -> str:
        """The game written as `fmt` (one of the game's `exporters`) next to its journal."""
        exporter = self.game.exporters.get(fmt)
        if exporter is None:
            raise ValueError(_("{title} games cannot be written as {fmt}.").format(
                title=_(self.game.title), fmt=fmt))  # i18n: marked
        if self.path is None:
            raise ValueError(_("This game was not recorded, so it cannot be saved."))
        target = self.path.with_suffix(f".{fmt}")
        try:
            target.write_text(exporter(load_journal(self.path)), encoding="utf-8")
        except (OSError, BadRecord) as exc:
            raise ValueError(_("Could not save: {exc}").format(exc=exc)) from None
        return _("Saved as {target}").format(target=target)

    def close(self) -> None:
        """The session ends (quit, game over, back to the menu): nothing more is written."""
        journal = self.controller.journal
        if journal is not None:
            if journal.stopped is None and not self.controller.is_over:
                self.controller.pause_clock()  # the turn's time left goes into the journal
            journal.close()
