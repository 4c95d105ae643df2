"""Writing a finished (or unfinished) game as GCG, the record format of Quackle, Macondo and
Woogles, from its journal: every action is replayed and each thing it did (the game's events)
is written as the line GCG has for it. docs/gcg.md lists the lines and the conventions chosen
where GCG has none (3-4 players, a challenger's penalty)."""

from __future__ import annotations

import re

from tilegames.core.records.journal import LoadedJournal, replay_steps
from tilegames.core.kernel.protocol import Action, Event
from tilegames.games.scrabble.actions import Exchange
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.state import ScrabbleState


def gcg_names(seats: tuple[str, ...]) -> list[tuple[str, str]]:
    """Each seat's GCG nickname and full name, as `#playerN nick Full Name` writes them.

    Event lines are `>nick: …`, so a nickname is one token without a colon: spaces and colons
    become `_`, and a nickname already taken gets `_2`, `_3`…. The full name keeps everything
    but characters that would break the line (control characters become spaces); the importer
    reads it back from the rest of the `#player` line.
    """
    out: list[tuple[str, str]] = []
    for seat in seats:
        name = "".join(ch if ch.isprintable() else " " for ch in seat).strip()
        base = "_".join(re.split(r"[\s:]+", name)).strip("_") or "player"
        nick, n = base, 2
        while nick in (taken for taken, _ in out):
            nick, n = f"{base}_{n}", n + 1
        out.append((nick, name or nick))
    return out


def _rack(state: ScrabbleState, seat: int) -> str:
    return "".join(sorted((t.face for t in state.racks[seat]), key=lambda f: (f == "?", f)))


def export_gcg(journal: LoadedJournal) -> str:
    header = journal.header
    config = GAME.config_from_json(header.config)
    names = gcg_names(header.seats)
    nicks = [nick for nick, _ in names]
    lines = ["#character-encoding UTF-8"]
    lines += [f"#player{i + 1} {nick} {name}" for i, (nick, name) in enumerate(names)]
    if config.word_list is None:
        lines.append("#lexicon tilegames-english")
    for step in replay_steps(journal, GAME):
        before, new = step.before, step.outcome.state
        for event in step.outcome.events:
            lines += _event_lines(event, step.action, before, new, nicks)
        if new.end is not None and before.end is None:
            lines += _end_lines(new, nicks)
    return "\n".join(lines) + "\n"


def _event_lines(event: Event, action: Action, before: ScrabbleState, new: ScrabbleState,
                 nicks: list[str]) -> list[str]:
    """The GCG lines for one thing that happened; [] for what GCG does not record (an accepted
    last play, the clock closing the last challenge window, a failed challenge with no cost)."""
    seat = event.seat
    if seat is None:
        return []
    nick, total = nicks[seat], _running(new, seat)
    if event.kind == "play":
        return [f">{nick}: {_rack(before, seat)} {event.public['gcg']} +{event.public['score']} {total}"]
    if event.kind == "exchange" and isinstance(action, Exchange):
        faces = "".join(sorted(t.face for t in before.racks[seat] if t.id in set(action.tiles)))
        return [f">{nick}: {_rack(before, seat)} -{faces} +0 {total}"]
    if event.kind in ("pass", "timeout"):
        return [f">{nick}: {_rack(before, seat)} - +0 {total}"]
    if event.kind == "turn_lost":  # as Macondo writes a turn lost to a failed double challenge
        return [f">{nick}: {_rack(new, seat)} - +0 {total}", "#note #unsuccessful-challenge"]
    pending = before.pending
    if event.kind == "challenge.won" and pending is not None:
        # The play came off: a withdrawn phony, written for the player who made it.
        player = pending.seat
        lost = before.scores[player] - _running(new, player)
        return [f">{nicks[player]}: {_rack(pending.before, player)} -- -{lost} {_running(new, player)}"]
    if event.kind == "challenge.lost" and total != before.scores[seat]:
        # The challenger's penalty (`penalty` rule): GCG's challenge line, negative, on the
        # challenger (see docs/gcg.md).
        return [f">{nick}: {_rack(before, seat)} (challenge) {total - before.scores[seat]:+d} {total}"]
    return []


def _running(state: ScrabbleState, seat: int) -> int:
    """A player's score as the record shows it: before the end-of-game adjustments."""
    return state.scores[seat] if state.end is None else state.end.before_adjustment[seat]


def _end_lines(state: ScrabbleState, nicks: list[str]) -> list[str]:
    end = state.end
    assert end is not None
    lines = []
    running = list(end.before_adjustment)
    for seat, adjustment in enumerate(end.adjustments):
        if seat == end.out_seat:
            others = "".join(t.face for s, r in enumerate(state.racks) if s != seat for t in r)
            running[seat] += adjustment
            lines.append(f">{nicks[seat]}: ({others}) +{adjustment} {running[seat]}")
    for seat, adjustment in enumerate(end.adjustments):
        if seat != end.out_seat and adjustment:
            own = "".join(t.face for t in state.racks[seat])
            running[seat] += adjustment
            lines.append(f">{nicks[seat]}: {own} ({own}) {adjustment:+d} {running[seat]}")
    for seat, penalty in enumerate(end.time_penalties):  # after the end lines, as Macondo writes them
        if penalty:
            own = "".join(t.face for t in state.racks[seat])
            running[seat] -= penalty
            lines.append(f">{nicks[seat]}: {own} (time) -{penalty} {running[seat]}")
    assert tuple(running) == end.scores
    return lines
