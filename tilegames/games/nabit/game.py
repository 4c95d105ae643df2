"""Nab-It! on the core protocol (RULES.md §4): setup, builds, exchanges, passes, the clock, the end.

Every turn ends one of four ways, each an action: a **build** (judged by placement.py; control
and the bank by control.py), an **exchange**, a **pass**, or the clock's **timeout** (the
controller applies it to the turn's snapshot, so the tiles go back exactly; the turn passes with
no tile placed). Challenges are `void` (§4.6): an invalid build is refused at the commit, with
no penalty, and the player may build again, exchange or pass within the same turn.

After a valid build, in this order (§4.5): control is updated, the bank tile (if earned) is
drawn from the player's own bag, the hand is refilled to 5 from the same bag, and the game ends
if the player's hand and bag are both empty (§4.7(a)). A game also ends after 2 × players turns
in a row with no tile placed (§4.7(b)).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tilegames.core import seeds
from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.game_setup import check_seat_count
from tilegames.core.text.i18n import N_, _, ngettext
from tilegames.core.kernel.hints import hint_asked
from tilegames.core.kernel.protocol import Action, Event, Game, Outcome, Result
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.core.kernel.turn_guard import check_turn
from tilegames.core.kernel.views import plain_view
from tilegames.games.nabit import MANIFEST
from tilegames.games.nabit.actions import ACTION_TYPES, Build, Exchange, Hint, Pass, Timeout
from tilegames.games.nabit.board import Cells, with_tiles
from tilegames.games.nabit.config import HAND, MAX_EXCHANGE, PRESETS, SETUP_OPTIONS, NabItConfig
from tilegames.games.nabit.control import earns_bank, stolen, update_control
from tilegames.games.nabit.draft import EDIT_TYPES, NabDraft, NabEdit, edit_draft
from tilegames.games.nabit.placement import BuildReport, check_build
from tilegames.games.nabit.scenario import SCENARIO
from tilegames.games.nabit.scoring import scores, top_tiles, winners, words_held
from tilegames.games.nabit.state import Control, LastTurn, NabEnd, NabState, TurnKind
from tilegames.games.nabit.tiles import bag_seed, colour_set, colour_size
from tilegames.games.nabit.views import build_view
from tilegames.games.nabit.words import check_word_list, judge_for


def _stacks(count: int) -> str:
    return ngettext("{n} stack", "{n} stacks", count).format(n=count)


def _words(count: int) -> str:
    return ngettext("{n} word", "{n} words", count).format(n=count)


def _replaced(items: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return items[:seat] + (value,) + items[seat + 1:]


def _build_event(name: str, seat: int, checked: BuildReport, control: dict[Cells, int], steals: int,
                 banked: bool, drawn: tuple[Tile, ...]) -> Event:
    """What a build did, in a sentence and as data; the tiles drawn are the builder's secret."""
    words = [w.word for w in checked.words]
    sentences = [_("{name} built {words}.").format(name=name, words=", ".join(words))]
    if checked.caps:
        nabbed = [w for w in control if any(pos in w for pos in checked.caps)]
        sentences.append(_("Capped {stacks}, nabbing {words}.").format(stacks=_stacks(len(checked.caps)),
                                                                       words=_words(len(nabbed))))
    if steals:
        sentences.append(_("Took {words} from other players.").format(words=_words(steals)))
    if banked:
        sentences.append(_("A tile goes to the bank."))
    text = " ".join(sentences)
    public = {"words": words, "cells": [list(pos) for pos in checked.placed],
              "caps": [list(pos) for pos in checked.caps], "bank": banked, "stolen": steals, "count": len(drawn)}
    return Event("build", text, seat, public, {"tiles": [t.face for t in drawn]})


class NabItGame(Game[NabItConfig, NabState, NabDraft]):
    id = MANIFEST.id
    title = MANIFEST.title
    min_seats, max_seats = 2, 4
    config_type = NabItConfig
    presets, setup_options = PRESETS, SETUP_OPTIONS
    action_types, edit_types = ACTION_TYPES, EDIT_TYPES
    scenario = SCENARIO  # positions and moves in demo files (scenario.py)

    def hands_open(self, config: NabItConfig) -> bool:
        return config.open_hands

    # --- setting up -----------------------------------------------------------------------
    def check_setup(self, config: NabItConfig, seat_count: int) -> None:
        """ValueError (a sentence) for letters, a word list or a first player that will not do."""
        size = colour_size(config.nab_letters)
        if size < HAND:
            raise ValueError(_("Each colour needs at least {hand} tiles to fill a hand; the letters file gives "
                               "{size}.").format(hand=HAND, size=size))
        if config.first_player is not None and config.first_player >= seat_count:
            raise ValueError(_("Player {number} cannot start a game of {count} players.").format(
                number=config.first_player + 1, count=seat_count))
        check_word_list(config)

    def new_game(self, config: NabItConfig, seats: tuple[str, ...], seed: int) -> NabState:
        players = len(seats)
        check_seat_count(self.title, self.min_seats, self.max_seats, players)
        self.check_setup(config, players)
        bags, hands = [], []
        for seat in range(players):
            hand, bag = Bag.shuffled(colour_set(config.nab_letters, players, seat), bag_seed(seed, seat)).draw(HAND)
            bags.append(bag)
            hands.append(hand)
        first = config.first_player
        if first is None:
            first = seeds.rng(seed, "nabit/first").randrange(players)
        return NabState(config=config, seats=tuple(seats), bags=tuple(bags), hands=tuple(hands),
                        banks=((),) * players, grid=(), control=(), order=SeatOrder(players, current=first),
                        first_seat=first, first_random=config.first_player is None)

    # --- playing --------------------------------------------------------------------------
    def resolve(self, state: NabState, seat: int, action: Action) -> Outcome[NabState]:
        check_turn(state.seats, seat, set() if state.current is None else {state.current})
        name = state.seats[seat]
        if isinstance(action, Build):
            return self._build(state, seat, action)
        if isinstance(action, Exchange):
            return self._exchange(state, seat, action)
        if isinstance(action, Hint):
            hints, event = hint_asked(state.hints, state.seats, seat)
            return Outcome(replace(state, hints=hints), (event,))
        if isinstance(action, Pass):
            return self._no_tile(state, seat, "pass", Event("pass", _("{name} passes.").format(name=name), seat))
        if isinstance(action, Timeout):
            text = (_("Time's up for {name}: the tiles go back and the turn passes.") if action.touched
                    else _("Time's up for {name}: the turn passes.")).format(name=name)
            return self._no_tile(state, seat, "timeout", Event("timeout", text, seat))
        raise IllegalMove(_("Nab-It! has no move called {move}.").format(move=repr(getattr(action, 'kind', action))))

    def _build(self, state: NabState, seat: int, action: Build) -> Outcome[NabState]:
        checked = check_build(state.config, judge_for(state.config), state.cells(), state.hands[seat],
                              action.tiles, state.turn)
        before = state.controllers()
        touched = list(checked.placed)
        control = update_control(before, checked.after, touched, seat)
        steals = stolen(before, control, seat)
        grid = with_tiles(state.grid, checked.placed)
        bag, bank = state.bags[seat], state.banks[seat]
        banked = earns_bank(state.config.bank_trigger, checked.caps, steals) and len(bag) > 0
        if banked:
            drawn_bank, bag = bag.draw(1)
            bank += drawn_bank
        ids = {layer.tile.id for layer in checked.placed.values()}
        hand = tuple(t for t in state.hands[seat] if t.id not in ids)
        drawn, bag = bag.draw(HAND - len(hand))
        hand += drawn
        words = tuple(w.word for w in checked.words)
        events = [_build_event(state.seats[seat], seat, checked, control, len(steals), banked, drawn)]
        if not len(bag) and len(hand) == 1:
            bag, bank, event = self._last_tile(state, seat, action, bag, bank)
            events.append(event)
        new = replace(state, bags=_replaced(state.bags, seat, bag), hands=_replaced(state.hands, seat, hand),
                      banks=_replaced(state.banks, seat, bank), grid=grid,
                      control=tuple(Control(cells, s) for cells, s in sorted(control.items())),
                      turn=state.turn + 1, idle=0,
                      last=LastTurn(seat, "build", tuple(touched), words, checked.caps, banked))
        if not hand and not len(bag):
            return self._finish(new, "out", seat, events)
        return Outcome(replace(new, order=new.order.advance()), tuple(events))

    def _last_tile(self, state: NabState, seat: int, action: Build, bag: Bag,
                   bank: tuple[Tile, ...]) -> tuple[Bag, tuple[Tile, ...], Event]:
        """The player is down to their last tile (§4.7). The app says so; with
        `require_last_tile_announce` a player who did not announce it puts a bank tile back."""
        name = state.seats[seat]
        if not state.config.require_last_tile_announce or action.announce:
            return bag, bank, Event("last_tile", _("{name}: last tile!").format(name=name), seat)
        if not bank:
            return bag, bank, Event("last_tile", _("{name} is down to the last tile and did not say so; "
                                                   "the bank is empty, so nothing goes back.").format(name=name), seat)
        return (bag.shuffle_in(bank[-1:]), bank[:-1],
                Event("last_tile", _("{name} is down to the last tile and did not say so: a bank tile goes back "
                                     "into the bag.").format(name=name), seat, {"returned": 1}))

    def _exchange(self, state: NabState, seat: int, action: Exchange) -> Outcome[NabState]:
        bag = state.bags[seat]
        hand = {t.id: t for t in state.hands[seat]}
        if not len(bag):
            raise IllegalMove(_("Your bag is empty, so there is nothing to exchange with: build or pass."))
        if (not action.tiles or len(action.tiles) > MAX_EXCHANGE or len(set(action.tiles)) != len(action.tiles)
                or any(t not in hand for t in action.tiles)):
            raise IllegalMove(_("Choose 1 to {most} different tiles from your hand to exchange.").format(most=MAX_EXCHANGE))
        if len(action.tiles) > len(bag):
            raise IllegalMove(_("You can exchange at most as many tiles as your bag holds ({count}).").format(count=len(bag)))
        returned = tuple(hand[t] for t in action.tiles)
        drawn, bag = bag.draw(len(returned))  # draw first, then return (RULES.md §4.3)
        bag = bag.shuffle_in(returned)
        kept = tuple(t for t in state.hands[seat] if t.id not in set(action.tiles))
        name = state.seats[seat]
        said = ngettext("{name} exchanged {count} tile.", "{name} exchanged {count} tiles.", len(drawn))
        event = Event("exchange", said.format(name=name, count=len(drawn)), seat, {"count": len(drawn)},
                      {"returned": [t.face for t in returned], "tiles": [t.face for t in drawn]})
        new = replace(state, bags=_replaced(state.bags, seat, bag), hands=_replaced(state.hands, seat, kept + drawn))
        return self._no_tile(new, seat, "exchange", event, count=len(drawn))

    def _no_tile(self, state: NabState, seat: int, kind: TurnKind, event: Event, count: int = 0) -> Outcome[NabState]:
        """A turn with no tile placed: after 2 × players of them in a row the game ends (§4.7(b))."""
        new = replace(state, turn=state.turn + 1, idle=state.idle + 1, last=LastTurn(seat, kind, count=count))
        if new.idle >= 2 * len(state.seats):
            return self._finish(new, "stalled", None, [event])
        return Outcome(replace(new, order=new.order.advance()), (event,))

    def _finish(self, state: NabState, reason: str, out_seat: int | None, events: list[Event]) -> Outcome[NabState]:
        control = state.controllers()
        banks = tuple(len(b) for b in state.banks)
        totals = scores(control, banks, out_seat)
        tops = top_tiles(state.cells(), len(state.seats))
        won, decided_by = winners(totals, tops)
        end = NabEnd("out" if reason == "out" else "stalled", out_seat, words_held(control, len(state.seats)),
                     banks, totals, tops, won, decided_by)
        names = _(" and ").join(state.seats[s] for s in won)
        idle = 2 * len(state.seats)
        how = (_("{name} played their last tile").format(name=state.seats[out_seat]) if out_seat is not None
               else ngettext("{n} turn in a row went by with no tile placed",
                             "{n} turns in a row went by with no tile placed", idle).format(n=idle))
        if decided_by == "top_tiles":
            verdict = (_("{names} share the win on the tie-break (top tiles of their colour).") if len(won) > 1
                       else _("{names} wins on the tie-break (top tiles of their colour)."))
        else:
            verdict = _("{names} share the win.") if len(won) > 1 else _("{names} wins.")
        text = _("{how}: the game is over. {verdict}").format(how=how, verdict=verdict.format(names=names))
        public = {"reason": end.reason, "winners": list(won), "scores": list(totals), "decided_by": decided_by}
        return Outcome(replace(state, end=end), tuple(events) + (Event("game_over", text, None, public),))

    # --- what the controller asks ---------------------------------------------------------
    def current_seat(self, state: NabState) -> int | None:
        return state.current

    def turn_number(self, state: NabState) -> int:
        return state.turn

    def turn_seconds(self, state: NabState) -> float | None:
        return state.config.turn_seconds if state.end is None else None

    def result(self, state: NabState) -> Result | None:
        if state.end is None:
            return None
        return Result(state.end.scores, state.end.winners, N_("went out") if state.end.reason == "out" else N_("no more words"))

    # --- seeing ---------------------------------------------------------------------------
    def view(self, state: NabState, seat: int | None, draft: NabDraft | None = None) -> dict[str, Any]:
        return plain_view(build_view(self.id, state, seat, draft, self.turn_seconds(state)))

    # --- drafts ---------------------------------------------------------------------------
    def new_draft(self, state: NabState, seat: int) -> NabDraft:
        return NabDraft(state.hands[seat])

    def edit(self, draft: NabDraft, seat: int, edit: NabEdit) -> NabDraft:
        return edit_draft(draft, edit)

    def commit_action(self, snapshot: NabState, draft: NabDraft, seat: int) -> Build:
        return draft.build()

    def draft_changed(self, snapshot: NabState, draft: NabDraft, seat: int) -> bool:
        return bool(draft.placements)

    def timeout_action(self, snapshot: NabState, draft: NabDraft, seat: int) -> Timeout:
        return Timeout(touched=bool(draft.placements))


GAME = NabItGame()
