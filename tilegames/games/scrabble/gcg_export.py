"""Writing a finished (or unfinished) game as GCG, the record format of Quackle, Macondo and
Woogles, from its journal: every action is replayed and written as the line GCG has for it."""

from __future__ import annotations

from tilegames.core.journal import LoadedJournal, replay_steps
from tilegames.games.scrabble.actions import Challenge, Exchange, Pass, Place, Timeout
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.state import ScrabbleState


def _nick(name: str) -> str:
    """GCG nicknames are single tokens."""
    return "_".join(name.split()) or "player"


def _rack(state: ScrabbleState, seat: int) -> str:
    return "".join(sorted((t.face for t in state.racks[seat]), key=lambda f: (f == "?", f)))


def export_gcg(journal: LoadedJournal) -> str:
    header = journal.header
    config = GAME.config_from_json(header.config)
    nicks = [_nick(n) for n in header.seats]
    if len(set(nicks)) != len(nicks):
        nicks = [f"{n}{i + 1}" for i, n in enumerate(nicks)]
    lines = ["#character-encoding UTF-8"]
    lines += [f"#player{i + 1} {nick} {name}" for i, (nick, name) in enumerate(zip(nicks, header.seats))]
    if config.word_list is None:
        lines.append("#lexicon tilegames-english")
    for step in replay_steps(journal, GAME):
        state, action, outcome, seat = step.before, step.action, step.outcome, step.record.seat
        rack = _rack(state, seat)
        new = outcome.state
        total = _running(new, seat)
        if isinstance(action, Place):
            play = next(e for e in outcome.events if e.kind == "play")
            lines.append(f">{nicks[seat]}: {rack} {play.public['gcg']} +{play.public['score']} {total}")
        elif isinstance(action, Exchange):
            faces = "".join(sorted(t.face for t in state.racks[seat] if t.id in set(action.tiles)))
            lines.append(f">{nicks[seat]}: {rack} -{faces} +0 {total}")
        elif isinstance(action, (Pass, Timeout)):
            lines.append(f">{nicks[seat]}: {rack} - +0 {total}")
        elif isinstance(action, Challenge) and state.pending is not None:
            challenged = state.pending.seat
            if new.board != state.board:
                # The play came off: a withdrawn phony, written for the player who made it.
                lost = state.scores[challenged] - _running(new, challenged)
                lines.append(f">{nicks[challenged]}: {_rack(state.pending.before, challenged)} -- -{lost} "
                             f"{_running(new, challenged)}")
            elif _running(new, seat) != state.scores[seat]:
                lines.append(f">{nicks[seat]}: {rack} (challenge) {_running(new, seat) - state.scores[seat]:+d} "
                             f"{_running(new, seat)}")
        if new.end is not None and state.end is None:
            lines += _end_lines(new, nicks)
    return "\n".join(lines) + "\n"


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
    assert tuple(running) == end.scores
    return lines
