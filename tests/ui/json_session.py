"""A second implementation of the Session protocol, for tests: every view, edit, action and
event crosses a JSON boundary, as it would over a wire. A screen that works with it needs
nothing but the protocol: no engine state, no Python objects shared with the game."""

from __future__ import annotations

import json
from typing import Any, Callable

from tilegames.core.kernel.protocol import Action, Edit, Event, Result
from tilegames.core.kernel.session import LocalSession


def wire(data: Any) -> Any:
    """What arrives on the other side of a JSON connection."""
    return json.loads(json.dumps(data))


class JsonSession:
    def __init__(self, inner: LocalSession) -> None:
        self._inner = inner  # "the server": only ever reached through wire()
        self.warnings: list[str] = []
        self.history: list[Event] = []
        self.on_save_failed: Callable[[str], None] | None = None
        self.messages = 0  # how many things crossed the wire

    def _send(self, data: Any) -> Any:
        self.messages += 1
        return wire(data)

    @staticmethod
    def _event(data: dict[str, Any]) -> Event:
        return Event(data["kind"], data["text"], data["seat"], data["public"], data["private"])

    def _events(self, events: tuple[Event, ...]) -> tuple[Event, ...]:
        sent = self._send([{"kind": e.kind, "text": e.text, "seat": e.seat, "public": dict(e.public),
                            "private": dict(e.private)} for e in events])
        return tuple(self._event(e) for e in sent)

    # --- the protocol ---------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return str(self._send(self._inner.game_id))

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self._send(list(self._inner.seats)))

    @property
    def seats_here(self) -> tuple[int, ...]:
        return tuple(self._send(list(self._inner.seats_here)))

    @property
    def current_seat(self) -> int | None:
        return self._send(self._inner.current_seat)  # type: ignore[no-any-return]

    def view(self, seat: int | None) -> dict[str, Any]:
        return self._send(self._inner.view(seat))  # type: ignore[no-any-return]

    def past_views(self) -> list[dict[str, Any]]:
        return self._send(self._inner.past_views())  # type: ignore[no-any-return]

    def who_may_act(self) -> tuple[int, ...]:
        return tuple(self._send(list(self._inner.who_may_act())))

    def turn_number(self) -> int:
        return int(self._send(self._inner.turn_number()))

    def remaining(self) -> float | None:
        return self._send(self._inner.remaining())  # type: ignore[no-any-return]

    def clock_waiting(self) -> bool:
        return bool(self._send(self._inner.clock_waiting()))

    def turn_seconds(self) -> float | None:
        return self._send(self._inner.turn_seconds())  # type: ignore[no-any-return]

    def game_clock(self) -> bool:
        return self._send(self._inner.game_clock())  # type: ignore[no-any-return]

    def draft_changed(self) -> bool:
        return bool(self._send(self._inner.draft_changed()))

    def can_undo(self) -> bool:
        return bool(self._send(self._inner.can_undo()))

    def can_redo(self) -> bool:
        return bool(self._send(self._inner.can_redo()))

    def result(self) -> Result | None:
        result = self._inner.result()
        if result is None:
            return None
        data = self._send({"scores": list(result.scores), "winners": list(result.winners), "reason": result.reason})
        return Result(tuple(data["scores"]), tuple(data["winners"]), data["reason"])

    def subscribe(self, listener: Callable[[Event], None]) -> None:
        self._inner.subscribe(lambda event: listener(self._events((event,))[0]))

    def edit(self, seat: int, edit: Edit) -> None:
        self._inner.edit(seat, self._inner.game.decode_edit(self._send(edit.to_json())))

    def undo(self, seat: int) -> bool:
        return self._inner.undo(self._send(seat))

    def redo(self, seat: int) -> bool:
        return self._inner.redo(self._send(seat))

    def undo_all(self, seat: int) -> None:
        self._inner.undo_all(self._send(seat))

    def commit(self, seat: int) -> tuple[Event, ...]:
        return self._events(self._inner.commit(self._send(seat)))

    def act(self, seat: int, action: Action) -> tuple[Event, ...]:
        return self._events(self._inner.act(seat, self._inner.game.decode_action(self._send(action.to_json()))))

    def tick(self) -> tuple[Event, ...]:
        return self._events(self._inner.tick())

    def restart_clock(self) -> None:
        self._inner.restart_clock()

    def pause_clock(self) -> None:
        self._inner.pause_clock()

    def close(self) -> None:
        self._inner.close()

    def save_export(self, fmt: str) -> str:
        return str(self._send(self._inner.save_export(self._send(fmt))))
