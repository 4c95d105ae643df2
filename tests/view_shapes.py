"""Holding the view declarations (games/<id>/view_types.py, core/kernel/views.py) to real views.

`shape_problems(value, declared)` walks a view against its TypedDict: every required key there,
no key the declaration does not have (`exact`; a facet allows more), and every value of its
declared type, nested TypedDicts, lists, unions and literals included. `played_views(...)` plays
seeded games between computer players and yields views all along: a spectator's and the mover's
after every move (every seat's every few moves), the mover's while a play is laid out in its
draft (the first tile, then all of it), and every seat's of the finished game.
"""

from __future__ import annotations

import functools
import types
from typing import (
    Any, Callable, Iterator, Literal, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict,
)

from tilegames.core.agents import agent_for, seat_view, seats_asked
from tilegames.core.kernel.protocol import Action, Edit, Game
from tilegames.core.parts.table_rows import MoveTile

MAX_ACTIONS = 600
BUDGET = 0.01  # seconds a move: the views matter here, not how good the moves are
EVERY_SEAT = 4  # every seat's view every so many moves (a spectator's and the mover's every move)


@functools.cache
def _hints(declared: Any) -> dict[str, Any]:
    return get_type_hints(declared)


@functools.cache
def declared_keys(declared: Any) -> tuple[frozenset[str], frozenset[str]]:
    """The required and optional keys of a TypedDict, read from its annotations (`NotRequired`)."""
    hints = get_type_hints(declared, include_extras=True)
    optional = frozenset(key for key, hint in hints.items() if get_origin(hint) is NotRequired)
    return frozenset(hints) - optional, optional


def _plain(hint: Any) -> Any:
    return get_args(hint)[0] if get_origin(hint) is NotRequired else hint


def shape_problems(value: Any, declared: Any, where: str = "view", *, exact: bool = True) -> list[str]:
    """Every way `value` differs from the type `declared` (nothing: it has that shape)."""
    origin = get_origin(declared)
    if declared is Any:
        return []
    if is_typeddict(declared):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not an object"]
        hints = _hints(declared)
        required, _optional = declared_keys(declared)
        problems = [f"{where}: no {key!r}" for key in sorted(required - value.keys())]
        if exact:
            problems += [f"{where}: {key!r} is not declared in {declared.__name__}"
                         for key in sorted(value.keys() - hints.keys())]
        for key in sorted(value.keys() & hints.keys()):
            problems += shape_problems(value[key], _plain(hints[key]), f"{where}[{key!r}]", exact=exact)
        return problems
    if origin in (Union, types.UnionType):
        tries = [shape_problems(value, member, where, exact=exact) for member in get_args(declared)]
        if any(not found for found in tries):
            return []
        # What is wrong inside the member it nearly is, rather than that it is no other member.
        inside = [found for found in tries if not any(p.startswith(f"{where}: ") for p in found)]
        return [p for found in inside or tries for p in found]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        item_type = get_args(declared)[0]
        return [p for i, item in enumerate(value) for p in shape_problems(item, item_type, f"{where}[{i}]", exact=exact)]
    if origin is Literal:
        return [] if value in get_args(declared) else [f"{where}: {value!r} is not one of {get_args(declared)}"]
    if declared is type(None):
        return [] if value is None else [f"{where}: {value!r}, not None"]
    if declared is float:
        return [] if type(value) in (int, float) else [f"{where}: {value!r}, not a number"]
    if declared in (int, str, bool):
        return [] if type(value) is declared else [f"{where}: {value!r}, not {declared.__name__}"]
    raise AssertionError(f"{where}: no check for {declared!r}")


def nested_typeddicts(declared: Any, seen: set[Any] | None = None) -> set[Any]:
    """`declared` and every TypedDict inside it (in lists, unions, NotRequired)."""
    seen = set() if seen is None else seen
    if is_typeddict(declared):
        if declared in seen:
            return seen
        seen.add(declared)
        for hint in get_type_hints(declared).values():
            nested_typeddicts(hint, seen)
    for arg in get_args(declared):
        nested_typeddicts(arg, seen)
    return seen


Look = Callable[[], Any]
LayOut = Callable[[Action, Look], Iterator[Edit]]
"""The edits that lay a move out in a draft, one by one, each after a look at the draft so far
(none: the move is not laid out)."""


def played_views(game: Game[Any, Any, Any], config: Any, players: int, seed: int,
                 lay_out: LayOut, budget: float = BUDGET) -> Iterator[tuple[str, dict[str, Any]]]:
    """(where, view) for every view of a game played to its end by computer players (see the
    module docstring). `budget`: each move's thinking time; a player whose search stops at its
    deadline with nothing found (Scrabble's) needs one without a deadline, or a busy machine
    makes it exchange until no game ends."""
    state = game.new_game(config, tuple(f"P{i}" for i in range(players)), seed)
    agents = [agent_for(game.id) for _ in range(players)]
    for move in range(MAX_ACTIONS):
        asked = seats_asked(game, state)
        # A spectator and the seats that may act every move; every seat every few moves and at the end.
        for viewer in (None, *range(players)):
            if viewer is None or viewer in asked or move % EVERY_SEAT == 0 or not asked:
                yield f"move {move}, seat {viewer}", game.view(state, viewer)
        if not asked:
            return
        action: Action | None = None
        for seat in asked:
            action = agents[seat].choose(seat_view(game, state, seat), budget)
            if action is not None:
                break
        assert action is not None
        if seat == game.current_seat(state):
            draft = game.new_draft(state, seat)
            for number, edit in enumerate(lay_out(action, lambda: draft)):
                draft = game.edit(draft, seat, edit)
                if number == 0:
                    yield f"move {move}, seat {seat}, first edit", game.view(state, seat, draft)
            yield f"move {move}, seat {seat}, draft", game.view(state, seat, draft)
        state = game.apply(state, seat, action).state
    raise AssertionError(f"{game.id}: no end within {MAX_ACTIONS} moves")


def rows_lay_out(rows_of: Callable[[Action], tuple[tuple[int, ...], ...] | None]) -> LayOut:
    """Lay out a rows game's play as a screen would: each row of the table it states started as
    a new row and filled tile by tile (`rows_of`: the play's rows, None for another move)."""

    def lay_out(action: Action, look: Look) -> Iterator[Edit]:
        for row in rows_of(action) or ():
            yield MoveTile(row[0], len(look().rows))
            for tile_id in row[1:]:
                target = next(i for i, r in enumerate(look().rows) if r[0].id == row[0])
                yield MoveTile(tile_id, target)

    return lay_out
