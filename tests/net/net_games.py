"""Whole games played through the protocol by test clients, and the secrecy check of every byte
the server sent them.

The clients decide with the games' own computer players, from the views the server sends
them, exactly as a person at a terminal would decide from what the screen shows.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Mapping

from net_harness import Sent
from tilegames.core.agents import agent_for
from tilegames.core.kernel.protocol import Action
from view_helpers import tile_ids_in
from wire_client import Message, WireClient, same_position

LayOut = Callable[[WireClient, int, Action], Message | None]


def asked_order(state: Message) -> list[int]:
    """The seats that may act, out-of-turn seats first (as `core.agents.seats_asked`)."""
    current = state["current"]
    if current is None:
        return []
    count = len(state["spectator"]["seats"])
    others = sorted((s for s in state["who_may_act"] if s != current), key=lambda s: (s - current) % count)
    return [*others, current]


def play_to_end(clients: Mapping[int, WireClient], game_id: str, *, watchers: Iterable[WireClient] = (),
                budget: float = 0.05, lay_out: LayOut | None = None, max_moves: int = 3000,
                stop: Callable[[int, Message], bool] | None = None) -> Message:
    """Play until the game ends (or `stop(moves, state)` says so) with the game's agent at every
    seat of `clients` (seat -> its client), each deciding from the view its own client was sent;
    every other client (and each watcher) follows each move before the next. Seats not in
    `clients` are the server's computer players: their moves are waited for. `lay_out` may play
    a move through the draft (edits, then commit) and return the commit's reply, or None to send
    it as `act`. Returns the last state."""
    agents = {seat: agent_for(game_id) for seat in clients}
    everyone = [*clients.values(), *watchers]
    state = next(iter(clients.values())).state
    assert state is not None
    for moves in range(max_moves):
        for client in everyone:
            client.sync(state)
        if state["result"] is not None or (stop is not None and stop(moves, state)):
            return state
        if not set(asked_order(state)) & set(clients):  # the server's computer players move
            client = next(iter(clients.values()))
            before = state
            client.read_until(lambda m: client.state is not None and not same_position(client.state, before))
            assert client.state is not None
            state = client.state
            continue
        for seat in asked_order(state):
            if seat not in clients:
                continue
            client = clients[seat]
            assert client.state is not None
            action = agents[seat].choose(client.state["views"][str(seat)], budget)
            if action is None:
                continue
            reply = lay_out(client, seat, action) if lay_out is not None else None
            if reply is None:
                reply = client.request("act", seat=seat, action=action.to_json())
            assert reply["type"] == "reply" and reply["ok"], reply
            state = reply["state"]
            break
        else:
            raise AssertionError(f"nobody moved in {state}")
    raise AssertionError(f"the game did not end within {max_moves} moves")


def nabit_lay_out(client: WireClient, seat: int, action: Action) -> Message | None:
    """A Nab-It! build put down tile by tile in the draft, as a screen would, then committed."""
    from tilegames.games.nabit.actions import Build
    from tilegames.games.nabit.draft import Announce, PutTile

    if not isinstance(action, Build):
        return None
    for p in action.tiles:
        reply = client.request("edit", seat=seat, edit=PutTile(p.tile, p.row, p.col, p.letter).to_json())
        assert reply["ok"], reply
    if action.announce:
        assert client.request("edit", seat=seat, edit=Announce(True).to_json())["ok"]
    assert client.state is not None and client.state["draft_changed"] and client.state["can_undo"]
    return client.request("commit", seat=seat)


def final_state(client: WireClient) -> Message:
    """The last state `client` was sent in which the game had ended (the next game of a series
    may have come since)."""
    for message in reversed(client.messages):
        state = message.get("state")
        if isinstance(state, dict) and state.get("result") is not None:
            return state
    raise AssertionError("the client was never sent a finished game")


# --- secrecy --------------------------------------------------------------------------------
def _racks(state: Any) -> tuple[Any, ...]:
    return state.hands if hasattr(state, "hands") else state.racks


def _bags(state: Any) -> tuple[Any, ...]:
    return state.bags if hasattr(state, "bags") else (state.bag,)


def secret_ids(state: Any, viewer: int | None) -> set[int]:
    """The tiles `viewer` may not know now: other seats' racks, the bag(s), the banks."""
    ids = {t.id for seat, rack in enumerate(_racks(state)) if seat != viewer for t in rack}
    ids |= {t.id for bag in _bags(state) for t in bag.tiles}
    ids |= {t.id for bank in getattr(state, "banks", ()) for t in bank}
    return ids


def secret_numbers(seed: int, state: Any) -> set[bytes]:
    """The seed and each bag's own seed, as they would appear in JSON."""
    return {str(seed).encode(), *(str(bag.seed).encode() for bag in _bags(state))}


def check_secrecy(sent: list[Sent], clients: Iterable[WireClient], seed: int) -> int:
    """Every line the server sent, to every connection, checked against the engine state it was
    built from. A tile id may reach a connection only if one of its seats could know it by
    then: it was on that seat's rack, or out of every rack, bag and bank (on the table), at some
    moment up to now of the same game (each game of a series deals the same tiles afresh); no
    event names a private part to anyone but its seat; the seed, the bags' seeds and the word
    "seed" never appear. Each client's received bytes must be what the server recorded sending
    it, so nothing escaped the check. Returns the lines checked."""
    by_port: dict[int, bytearray] = {}
    hidden: dict[int | None, set[int]] = {}  # viewer -> tiles secret from it at every moment so far
    last_state: Any = None
    last_game = 0
    checked = 0
    for record in sent:
        by_port.setdefault(record.port, bytearray()).extend(record.line)
        state = record.state
        if state is None:
            assert b'"id"' not in record.line or b'"face"' not in record.line
            continue
        if record.game != last_game:  # a new game of the series: nothing of it is known yet
            hidden, last_game = {}, record.game
        if state is not last_state or not hidden:
            viewers: list[int | None] = [*range(len(_racks(state))), None]
            for viewer in viewers:
                now = secret_ids(state, viewer)
                hidden[viewer] = hidden[viewer] & now if viewer in hidden else now
            last_state = state
        message = json.loads(record.line)
        forbidden = set.intersection(*(hidden[s] for s in record.seats)) if record.seats else hidden[None]
        leaked = tile_ids_in(message) & forbidden
        assert not leaked, f"tiles {sorted(leaked)} reached seats {record.seats} in {message['type']}"
        for event in [*message.get("events", []), *message.get("history", [])]:
            if event["seat"] not in record.seats:
                assert event["private"] == {}, f"{event} reached seats {record.seats}"
        for number in secret_numbers(seed, state):
            assert number not in record.line, f"a seed reached seats {record.seats}"
        assert b'"seed"' not in record.line
        checked += 1
    for client in clients:
        recorded = bytes(by_port.get(client.local_port, b""))
        assert client.received and recorded.startswith(bytes(client.received)), \
            "a client received bytes the recording does not have"
    return checked


def draw_to_end(clients: Mapping[int, WireClient], *, stop: Callable[[int, Message], bool] | None = None,
                max_moves: int = 400) -> Message:
    """A Rummikub game played to its end quickly (some 80 moves): each seat draws while the
    pool lasts, then passes, or plays what the computer player would when passing is refused.
    Every client follows each move. Returns the last state of the game (the next game of a
    match may come right after it)."""
    from tilegames.games.rummikub.actions import Draw, Pass

    agent = agent_for("rummikub")
    state = next(iter(clients.values())).state
    assert state is not None
    for moves in range(max_moves):
        for client in clients.values():
            client.sync(state)
        if state["result"] is not None or (stop is not None and stop(moves, state)):
            return state
        seat = state["current"]
        client = clients[seat]
        for action in (Draw(), Pass(), None):
            if action is None:
                assert client.state is not None
                action = agent.choose(client.state["views"][str(seat)], 0.05)
                assert action is not None
            reply = client.request("act", seat=seat, action=action.to_json())
            if reply["ok"]:
                state = reply["state"]
                break
        else:
            raise AssertionError(f"{seat} could not move in {state}")
    raise AssertionError(f"the game did not end within {max_moves} moves")
