"""Challenging the last play (RULES.md §3.8) under the `double`, `single` and `penalty` rules.

A challenge is decided against the word list as a whole play: one invalid word takes every
tile of the play off. Kept out of game.py because the outcome touches everything at once (the
board, the bag, the order of play, the stall counters and, after a play-out, the end of the game).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _, ngettext
from tilegames.core.parts.lexicon import Lexicon
from tilegames.core.kernel.protocol import Event, Outcome
from tilegames.games.scrabble.endings import finish, maybe_stalled, next_turn, turn_lost
from tilegames.games.scrabble.state import ScrabbleState


def challenge(state: ScrabbleState, seat: int, lexicon: Callable[[], Lexicon]) -> Outcome[ScrabbleState]:
    """`seat` challenges the pending play; `lexicon` is asked only once the challenge is allowed."""
    pending = state.pending
    if pending is None:
        raise IllegalMove(_("There is no play to challenge: a play can only be challenged before the next player begins."))
    if seat == pending.seat:
        raise IllegalMove(_("You cannot challenge your own play."))
    if state.config.challenge_mode == "void":
        raise IllegalMove(_("Under the void rule every play was checked when it was made."))
    words = lexicon()
    bad = [w for w in pending.words if w not in words]
    challenger, player = state.seats[seat], state.seats[pending.seat]
    if bad:
        # The play comes off: back to the state before it (board, racks, scores), and the
        # player's turn is lost.
        before = pending.before
        text = ngettext("{challenger} challenged: {words} is not a word. {player}'s tiles go back and the turn is lost.",
                        "{challenger} challenged: {words} are not words. {player}'s tiles go back and the turn is lost.",
                        len(bad)).format(challenger=challenger, words=", ".join(bad), player=player)
        events = [Event("challenge.won", text, seat, {"words": bad})]
        # The tiles the player drew after the phony go back and the bag is reshuffled (with the
        # game's seeded RNG, so a replay is exact): restoring the bag's old order would hand the
        # next player exactly the tiles the phony's player has just seen.
        drawn = [t for t in state.racks[pending.seat] if t not in before.racks[pending.seat]]
        new = replace(before, bag=state.bag.shuffle_in(drawn), turn=state.turn + 1, passes=before.passes + 1, scoreless=before.scoreless + 1,
                      last_play=(), awaiting_final_challenge=False)
        if state.awaiting_final_challenge:  # the turn had not moved on yet
            new, lost = next_turn(new)
            return maybe_stalled(new, events + lost)
        # The turn moved on when the play was made, skipping (and announcing) any seat that
        # had lost its turn; those lost turns happened and still count.
        skipped = len(before.order.lose_next - state.order.lose_next)
        new = replace(new, order=state.order, passes=new.passes + skipped, scoreless=new.scoreless + skipped)
        return maybe_stalled(new, events)
    state = replace(state, pending=None)
    listed = ", ".join(pending.words)
    mode = state.config.challenge_mode
    if mode == "penalty":
        # Charged before anything else: the play that goes out is no exception (it ends the
        # game, but the challenger still pays for challenging it).
        points = state.config.challenge_penalty_points * len(pending.words)
        scores = list(state.scores)
        scores[seat] -= points
        text = _("{challenger} challenged {words}: all valid. {challenger} loses {points} points.").format(
            challenger=challenger, words=listed, points=points)
        state = replace(state, scores=tuple(scores))
    elif mode == "double" and not state.awaiting_final_challenge:
        text = _("{challenger} challenged {words}: all valid. {challenger} loses the next turn.").format(
            challenger=challenger, words=listed)
    elif mode == "double":
        text = _("{challenger} challenged {words}: all valid, the play stands.").format(challenger=challenger, words=listed)
    else:
        text = _("{challenger} challenged {words}: all valid. No penalty.").format(challenger=challenger, words=listed)
    event = Event("challenge.lost", text, seat)
    if state.awaiting_final_challenge:
        return finish(replace(state, awaiting_final_challenge=False), "out", pending.seat, [event])
    if mode != "double":
        return Outcome(state, (event,))
    if seat == state.order.current:  # the challenger was to play next: that turn is lost now
        new, lost = next_turn(replace(state, turn=state.turn + 1, passes=state.passes + 1,
                                      scoreless=state.scoreless + 1))
        return maybe_stalled(new, [event, turn_lost(state, seat), *lost])
    return Outcome(replace(state, order=state.order.mark_lose_next_turn(seat)), (event,))
