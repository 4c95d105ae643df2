"""A small test-only game that exercises the whole core protocol.

Tiles numbered 1–12, two copies each. Each seat holds a rack; the table is a list of rows.
A play must place at least one rack tile and leave every row as 2+ tiles in strictly rising
order; table tiles never go back to a rack. Timeout: draw 1 if nothing was touched, else the
draft is rolled back and the player draws `penalty` tiles. First to empty their rack wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tilegames.core.manifest import Manifest
from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.setup_options import SetupOption
from tilegames.core.kernel.protocol import Action, Event, Game, Outcome, Result
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.table_rows import ROW_EDIT_TYPES, RowEdit, RowsDraft, apply_edit
from tilegames.core.parts.tiles import Bag, Tile, make_tiles


@dataclass(frozen=True)
class PileConfig:
    turn_seconds: int | None = 60
    hand: int = 3
    penalty: int = 2
    copies: int = 2


@dataclass(frozen=True)
class PileState:
    config: PileConfig
    seats: tuple[str, ...]
    bag: Bag
    racks: tuple[tuple[Tile, ...], ...]
    table: tuple[tuple[Tile, ...], ...]
    order: SeatOrder
    turn: int = 0
    passes: int = 0
    winner: int | None = None
    stuck: bool = False


@dataclass(frozen=True)
class Draw(Action):
    kind = "draw"


@dataclass(frozen=True)
class Play(Action):
    kind = "play"
    table: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Timeout(Action):
    kind = "timeout"
    controller_only = True
    touched: bool


def value(tile: Tile) -> int:
    return int(tile.face)


class PileGame(Game[PileConfig, PileState, RowsDraft]):
    id = "pile"
    title = "Pile"
    min_seats = 2
    max_seats = 4
    config_type = PileConfig
    presets = {"default": PileConfig()}
    setup_options = (SetupOption("penalty", "Penalty", "tiles drawn for a bad move (default 2)",
                                 (("2 tiles", 2), ("3 tiles", 3), ("5 tiles", 5)), 2, parse=int),)
    action_types = (Draw, Play, Timeout)
    edit_types = ROW_EDIT_TYPES

    def full_set(self, config: PileConfig) -> tuple[Tile, ...]:
        return make_tiles(str(n) for n in range(1, 13) for _ in range(config.copies))

    def new_game(self, config: PileConfig, seats: tuple[str, ...], seed: int) -> PileState:
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise ValueError(f"Pile needs 2 to 4 players, not {len(seats)}.")
        bag = Bag.shuffled(self.full_set(config), seed)
        racks = []
        for _ in seats:
            hand, bag = bag.draw(config.hand)
            racks.append(hand)
        return PileState(config, tuple(seats), bag, tuple(racks), (), SeatOrder(len(seats)))

    def resolve(self, state: PileState, seat: int, action: Action) -> Outcome[PileState]:
        if state.winner is not None or state.stuck:
            raise IllegalMove("The game is over.")
        if seat != state.order.current:
            raise IllegalMove(f"It is {state.seats[state.order.current]}'s turn.")
        if isinstance(action, Draw):
            return self._draw(state, seat, 1, "draw")
        if isinstance(action, Timeout):
            return self._draw(state, seat, state.config.penalty if action.touched else 1, "timeout")
        if isinstance(action, Play):
            return self._play(state, seat, action)
        raise IllegalMove(f"Pile has no action {action.kind!r}.")

    def _draw(self, state: PileState, seat: int, n: int, why: str) -> Outcome[PileState]:
        drawn, bag = state.bag.draw(n)
        racks = list(state.racks)
        racks[seat] = racks[seat] + drawn
        passes = state.passes + 1 if not drawn else 0
        stuck = passes >= len(state.seats)
        new = replace(state, bag=bag, racks=tuple(racks), order=state.order.advance(),
                      turn=state.turn + 1, passes=passes, stuck=stuck)
        event = Event(why, f"{state.seats[seat]} drew {len(drawn)}.", seat,
                      {"count": len(drawn)}, {"tiles": [t.face for t in drawn]})
        return Outcome(new, (event,))

    def _play(self, state: PileState, seat: int, action: Play) -> Outcome[PileState]:
        rack = {t.id: t for t in state.racks[seat]}
        on_table = {t.id: t for row in state.table for t in row}
        reasons: list[str] = []
        seen: set[int] = set()
        rows: list[tuple[Tile, ...]] = []
        for row in action.table:
            tiles = []
            for tid in row:
                if tid in seen:
                    reasons.append(f"Tile {tid} is used twice.")
                seen.add(tid)
                tile = rack.get(tid) or on_table.get(tid)
                if tile is None:
                    reasons.append(f"Tile {tid} is not yours to play.")
                else:
                    tiles.append(tile)
            rows.append(tuple(tiles))
        if set(on_table) - seen:
            reasons.append("Table tiles cannot go back to a rack.")
        if not seen & set(rack):
            reasons.append("Place at least one tile from your rack.")
        for row in rows:
            if len(row) < 2 or any(value(a) >= value(b) for a, b in zip(row, row[1:])):
                reasons.append(f"Row {' '.join(t.face for t in row)} is not rising.")
        if reasons:
            raise IllegalMove(*reasons)
        racks = list(state.racks)
        racks[seat] = tuple(t for t in state.racks[seat] if t.id not in seen)
        winner = seat if not racks[seat] else None
        new = replace(state, racks=tuple(racks), table=tuple(rows), order=state.order.advance(),
                      turn=state.turn + 1, passes=0, winner=winner)
        return Outcome(new, (Event("play", f"{state.seats[seat]} played.", seat),))

    def current_seat(self, state: PileState) -> int | None:
        return None if self.result(state) else state.order.current

    def turn_number(self, state: PileState) -> int:
        return state.turn

    def turn_seconds(self, state: PileState) -> float | None:
        return state.config.turn_seconds

    def result(self, state: PileState) -> Result | None:
        if state.winner is None and not state.stuck:
            return None
        loads = [sum(value(t) for t in rack) for rack in state.racks]
        winner = state.winner if state.winner is not None else loads.index(min(loads))
        scores = [-v for v in loads]
        scores[winner] = sum(v for i, v in enumerate(loads) if i != winner)
        return Result(tuple(scores), (winner,), "out" if state.winner is not None else "stuck")

    def view(self, state: PileState, seat: int | None, draft: RowsDraft | None = None) -> dict:
        def tile(t: Tile) -> dict:
            return {"id": t.id, "face": t.face}

        return {
            "game": self.id,
            "seats": list(state.seats),
            "rack": [tile(t) for t in state.racks[seat]] if seat is not None else None,
            "rack_sizes": [len(r) for r in state.racks],
            "table": [[tile(t) for t in row] for row in state.table],
            "bag": len(state.bag),
            "current": self.current_seat(state),
            "turn": state.turn,
        }

    def new_draft(self, state: PileState, seat: int) -> RowsDraft:
        return RowsDraft.start(state.racks[seat], state.table)

    def edit(self, draft: RowsDraft, seat: int, edit: RowEdit) -> RowsDraft:
        return apply_edit(draft, edit)

    def commit_action(self, snapshot: PileState, draft: RowsDraft, seat: int) -> Play:
        return Play(tuple(tuple(t.id for t in row) for row in draft.rows))

    def draft_changed(self, snapshot: PileState, draft: RowsDraft, seat: int) -> bool:
        return draft.rows != snapshot.table or draft.rack != snapshot.racks[seat]

    def timeout_action(self, snapshot: PileState, draft: RowsDraft, seat: int) -> Timeout:
        return Timeout(touched=self.draft_changed(snapshot, draft, seat))


GAME = PileGame()


class PileAgent:
    """The pile game's computer player: it draws (a game of draws ends when the bag is empty)."""

    def choose(self, view: dict, time_budget: float) -> Action | None:
        return Draw() if view["current"] is not None else None


def new_agent() -> PileAgent:
    return PileAgent()


# The test-only game's manifest: adding it to the registry (tests/conftest.py) is one line.
MANIFEST = Manifest(id=PileGame.id, title=PileGame.title, engine=__name__, agent=__name__, rules=None)
