"""How a Scrabble game moves on and how it ends (RULES.md §3.9): the next turn, the stall
rules and the final adjustment.

Kept apart from placement and scoring because every kind of turn (play, exchange, pass,
timeout, challenge) ends here, and the stall counters must be kept the same way by all of them.
"""

from __future__ import annotations

from dataclasses import replace

from tilegames.core.text.i18n import _
from tilegames.core.kernel.protocol import Event, Outcome
from tilegames.games.scrabble.state import ScrabbleEnd, ScrabbleState
from tilegames.games.scrabble.clock import overtime_penalty
from tilegames.games.scrabble.tiles import rack_value


def next_turn(state: ScrabbleState) -> tuple[ScrabbleState, list[Event]]:
    """Pass the turn to the left, skipping a seat that lost its turn to a failed `double`
    challenge (§3.8).

    A skipped turn counts toward the stall rules like a pass (§3.9(b)): it is a scoreless turn
    whichever seat's turn it interrupts, so a challenger who does not play next (3-4 players)
    is counted exactly like one who does. Each one is reported, so records show the lost turn.
    """
    order = state.order.advance()
    lost = state.order.lose_next - order.lose_next
    seat, skipped = state.order.current, []
    for _step in range(state.order.count):
        seat = state.order.next_seat(seat)
        if seat in lost:
            skipped.append(seat)
    new = replace(state, order=order, passes=state.passes + len(skipped), scoreless=state.scoreless + len(skipped))
    return new, [turn_lost(state, s) for s in skipped]


def turn_lost(state: ScrabbleState, seat: int) -> Event:
    return Event("turn_lost", _("{name}'s turn is lost (failed challenge).").format(name=state.seats[seat]), seat,
                 {"reason": "failed challenge"})


def maybe_stalled(state: ScrabbleState, events: list[Event]) -> Outcome[ScrabbleState]:
    """End the game when the stall rule in force says no progress is being made (§3.9(b))."""
    if is_stalled(state):
        return finish(state, "stalled", None, events)
    return Outcome(state, tuple(events))


def is_stalled(state: ScrabbleState) -> bool:
    n = len(state.seats)
    if state.config.stall_rule == "all_pass_twice":
        return state.passes >= 2 * n
    return state.scoreless >= (6 if n == 2 else 3 * n)


def finish(state: ScrabbleState, reason: str, out_seat: int | None, events: list[Event]) -> Outcome[ScrabbleState]:
    """Final adjustments (RULES.md §3.9)."""
    before = state.scores
    left = [rack_value("".join(t.face for t in rack)) for rack in state.racks]
    adjustments = [-v for v in left]
    if out_seat is not None:
        others = sum(v for s, v in enumerate(left) if s != out_seat)
        if state.config.endgame == "naspa2p":
            adjustments = [0] * len(left)
            adjustments[out_seat] = 2 * others
        else:
            adjustments[out_seat] = others
    used = state.clock_used or (0,) * len(before)
    penalties = tuple(overtime_penalty(state.config, ms) for ms in used)
    final = tuple(b + a - p for b, a, p in zip(before, adjustments, penalties))
    top = max(final)
    winners = [s for s, v in enumerate(final) if v == top]
    if len(winners) > 1:
        best_before = max(before[s] for s in winners)
        winners = [s for s in winners if before[s] == best_before]
    end = ScrabbleEnd(reason, before, tuple(adjustments), final, tuple(winners), out_seat,  # type: ignore[arg-type]
                      penalties if any(penalties) else ())
    names = _(" and ").join(state.seats[w] for w in winners)
    scores = ", ".join(f"{n} {v}" for n, v in zip(state.seats, final))
    sentence = _("Game over: {names} draw ({scores}).") if len(winners) > 1 else _("Game over: {names} wins ({scores}).")
    text = sentence.format(names=names, scores=scores)
    for seat, points in enumerate(penalties):
        if points:
            events.append(Event("overtime", _("{name} went over the game clock: {points} points off.").format(
                name=state.seats[seat], points=points), seat, {"points": points}))
    events.append(Event("game_over", text, None, {"scores": list(final), "adjustments": list(adjustments),
                                                  "winners": winners, "time_penalties": list(penalties)}))
    return Outcome(replace(state, end=end, scores=final, pending=None, awaiting_final_challenge=False,
                           turn=state.turn + 1), tuple(events))
