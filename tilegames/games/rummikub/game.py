"""Rummikub on the core protocol: setup, turns, endings, views and drafts."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.game_setup import check_option_seats, check_seat_count
from tilegames.core.text.i18n import _, ngettext
from tilegames.core.kernel.hints import hint_asked, hint_counts
from tilegames.core.kernel.protocol import Action, Event, Game, Outcome, Result
from tilegames.core.kernel.series import WinnerRule
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.table_rows import ROW_EDIT_TYPES, RowEdit, RowsDraft, apply_edit
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.core.kernel.turn_guard import check_turn
from tilegames.core.kernel.views import plain_view
from tilegames.games.rummikub import MANIFEST
from tilegames.games.rummikub.actions import ACTION_TYPES, Draw, Hint, Pass, Play, Redeal, Timeout
from tilegames.games.rummikub.config import PRESETS, SETUP_OPTIONS, RummikubConfig
from tilegames.games.rummikub.notation import full_set
from tilegames.games.rummikub.possible_play import obvious_play
from tilegames.games.rummikub.scenario import RummikubScenario
from tilegames.games.rummikub.scoring import rack_value, score_going_out, score_stuck, stuck_winners
from tilegames.games.rummikub.setup import count_doubles, deal, draw_for_first_player, redeal_candidates
from tilegames.games.rummikub.state import GameEnd, RummikubState
from tilegames.games.rummikub.turn import check_play, set_view
from tilegames.games.rummikub.view_types import RedealOffer, RummikubSet, RummikubTile, RummikubView

TIMEOUT_PENALTY = 3


class RummikubGame(Game[RummikubConfig, RummikubState, RowsDraft]):
    id = MANIFEST.id
    title = MANIFEST.title
    min_seats = 2
    max_seats = 6
    config_type = RummikubConfig
    presets = PRESETS
    setup_options = SETUP_OPTIONS
    action_types = ACTION_TYPES
    edit_types = ROW_EDIT_TYPES
    scenario = RummikubScenario()

    # --- setting up -----------------------------------------------------------------------
    def check_setup(self, config: RummikubConfig, seat_count: int) -> None:
        if config.edition_for(seat_count) == "standard" and seat_count > 4:
            raise ValueError(_("The standard set is for 2 to 4 players; 5 or 6 need the XP set."))
        if config.mso_joker_deal:
            check_option_seats(_("The MSO joker deal (mso_joker_deal)"), 2, seat_count)

    def series_length(self, config: RummikubConfig, seat_count: int) -> int:
        """A match (RULES.md §1.9): as many rounds as chosen, a round being a game per player."""
        return config.rounds * seat_count

    def series_winner_rule(self, config: RummikubConfig) -> WinnerRule:
        return config.match_winner

    def new_game(self, config: RummikubConfig, seats: tuple[str, ...], seed: int) -> RummikubState:
        players = len(seats)
        check_seat_count(self.title, self.min_seats, self.max_seats, players)
        self.check_setup(config, players)
        edition = config.edition_for(players)
        bag = Bag.shuffled(full_set(edition), seed)
        first, draws, bag = draw_for_first_player(bag, players)
        racks, bag = deal(bag, players, config)
        state = RummikubState(
            config=config, seats=tuple(seats), edition=edition, bag=bag, racks=racks, table=(),
            melded=(False,) * players, order=SeatOrder(players, current=first),
            first_seat=first, first_draw=draws, phase="play",
        )
        return self._offer_redeal(state)

    def _offer_redeal(self, state: RummikubState) -> RummikubState:
        asking = redeal_candidates(state.racks, state.first_seat) if state.config.allow_doubles_redeal else ()
        return replace(state, phase="redeal" if asking else "play", redeal_asking=asking)

    # --- playing --------------------------------------------------------------------------
    def resolve(self, state: RummikubState, seat: int, action: Action) -> Outcome[RummikubState]:
        current = state.current  # None exactly when the game is over
        check_turn(state.seats, seat, set() if state.phase == "over" or current is None else {current})
        if state.phase == "redeal":
            if not isinstance(action, Redeal):
                raise IllegalMove(_("First answer the redeal offer: demand a new deal, or play on."))
            return self._redeal(state, seat, action)
        if isinstance(action, Draw):
            return self._draw(state, seat)
        if isinstance(action, Play):
            return self._play(state, seat, action)
        if isinstance(action, Pass):
            if len(state.bag):
                raise IllegalMove(_("You can only pass when the pool is empty; draw a tile instead."))
            possible = obvious_play(state, seat)
            if possible is not None:
                raise IllegalMove(_("You can still play, so you cannot pass: {play}.").format(play=possible))
            return self._cannot_play(state, seat, _("{name} cannot play.").format(name=state.seats[seat]))
        if isinstance(action, Timeout):
            return self._timeout(state, seat, action)
        if isinstance(action, Hint):
            hints, event = hint_asked(state.hints, state.seats, seat)
            return Outcome(replace(state, hints=hints), (event,))
        if isinstance(action, Redeal):
            raise IllegalMove(_("A redeal can only be demanded right after the deal."))
        raise IllegalMove(_("Rummikub has no move called {move}.").format(move=repr(getattr(action, 'kind', action))))

    def _redeal(self, state: RummikubState, seat: int, action: Redeal) -> Outcome[RummikubState]:
        name = state.seats[seat]
        if not action.demand:
            asking = state.redeal_asking[1:]
            new = replace(state, redeal_asking=asking, phase="redeal" if asking else "play", turn=state.turn + 1)
            return Outcome(new, (Event("redeal.declined", _("{name} plays on with this deal.").format(name=name), seat),))
        everything = state.bag.shuffle_in(t for rack in state.racks for t in rack)
        racks, bag = deal(everything, len(state.seats), state.config)
        new = self._offer_redeal(replace(state, bag=bag, racks=racks, deals=state.deals + 1, turn=state.turn + 1))
        text = _("{name} has three doubles and demands a new deal. All tiles are reshuffled and dealt again.").format(
            name=name)
        return Outcome(new, (Event("redeal", text, seat),))

    def _next_turn(self, state: RummikubState, **changes: Any) -> RummikubState:
        return replace(state, order=state.order.advance(), turn=state.turn + 1, **changes)

    def _give(self, state: RummikubState, seat: int, tiles: tuple[Tile, ...]) -> tuple[tuple[Tile, ...], ...]:
        racks = list(state.racks)
        racks[seat] = racks[seat] + tiles
        return tuple(racks)

    def _draw(self, state: RummikubState, seat: int) -> Outcome[RummikubState]:
        if not len(state.bag):
            raise IllegalMove(_("The pool is empty: play at least one tile, or pass if you cannot."))
        drawn, bag = state.bag.draw(1)
        new = self._next_turn(state, bag=bag, racks=self._give(state, seat, drawn), passes=0)
        event = Event("draw", _("{name} drew a tile.").format(name=state.seats[seat]), seat, {"count": 1},
                      {"tiles": [t.face for t in drawn]})
        return Outcome(new, (event,))

    def _play(self, state: RummikubState, seat: int, action: Play) -> Outcome[RummikubState]:
        checked = check_play(state, seat, action.sets)
        placed_ids = {t.id for t in checked.placed}
        racks = list(state.racks)
        racks[seat] = tuple(t for t in state.racks[seat] if t.id not in placed_ids)
        melded = list(state.melded)
        first_meld = not melded[seat]
        melded[seat] = True
        name = state.seats[seat]
        faces = " ".join(t.face for t in checked.placed)
        if first_meld:
            text = _("{name} made the initial meld ({points} points): {tiles}.").format(
                name=name, points=checked.meld_points, tiles=faces)
        else:
            count = len(checked.placed)
            text = ngettext("{name} played {count} tile: {tiles}.", "{name} played {count} tiles: {tiles}.",
                            count).format(name=name, count=count, tiles=faces)
        events = [Event("play", text, seat, {"placed": [t.face for t in checked.placed], "meld": first_meld})]
        new = replace(state, racks=tuple(racks), table=checked.table, melded=tuple(melded), passes=0)
        if not racks[seat]:
            return self._finish(new, "out", (seat,), events, _("{name} played their last tile and wins!").format(name=name))
        return Outcome(self._next_turn(new), tuple(events))

    def _timeout(self, state: RummikubState, seat: int, action: Timeout) -> Outcome[RummikubState]:
        """Exact rollback is the snapshot itself; here only the penalty (RULES.md §1.6)."""
        name = state.seats[seat]
        rack_ids = {t.id for t in state.racks[seat]}
        if any(tid not in rack_ids for tid in action.laid) or len(set(action.laid)) != len(action.laid):
            raise IllegalMove(_("Only tiles from the player's own rack can be returned on a timeout."))
        if not len(state.bag):
            if obvious_play(state, seat) is not None:
                # Not "cannot play": the turn passes and the game goes on. The sentence stays
                # vague because it is public and the rack is not.
                text = _("Time's up for {name}. The pool is empty, but {name} could still play, so the turn passes."
                         ).format(name=name)
                event = Event("timeout", text, seat, {"count": 0, "touched": action.touched, "swapped": 0})
                return Outcome(self._next_turn(state, passes=0), (event,))
            return self._cannot_play(state, seat, _("Time's up for {name}, and the pool is empty.").format(name=name))
        bag = state.bag
        racks = list(state.racks)
        drawn: tuple[Tile, ...] = ()
        if action.touched and state.config.penalty_swap_own_tiles and action.laid:
            laid = tuple(t for t in state.racks[seat] if t.id in set(action.laid))
            racks[seat] = tuple(t for t in racks[seat] if t.id not in set(action.laid))
            bag = bag.return_to_bottom(laid)
            drawn, bag = bag.draw(len(laid))
        penalty, bag = bag.draw(TIMEOUT_PENALTY if action.touched else 1)
        racks[seat] += drawn + penalty
        swapped = len(drawn)
        if action.touched:
            text = _("Time's up for {name}: the table is restored and {name} draws {count}.").format(
                name=name, count=len(penalty))
        else:
            text = _("Time's up for {name}, who draws a tile.").format(name=name)
        if swapped:
            text += " " + ngettext("The {count} tile {name} had laid out went under the pool and were replaced.",
                                   "The {count} tiles {name} had laid out went under the pool and were replaced.",
                                   swapped).format(count=swapped, name=name)
        new = self._next_turn(state, bag=bag, racks=tuple(racks), passes=0)
        event = Event("timeout", text, seat, {"count": len(penalty), "touched": action.touched, "swapped": swapped},
                      {"tiles": [t.face for t in drawn + penalty]})
        return Outcome(new, (event,))

    def _cannot_play(self, state: RummikubState, seat: int, text: str) -> Outcome[RummikubState]:
        """With the pool empty, a player who cannot play ends the game (`first_stuck`) or passes
        until everyone in a row has passed (`all_stuck`)."""
        events = [Event("pass", text, seat)]
        passes = state.passes + 1
        if state.config.pool_empty_end == "first_stuck" or passes >= len(state.seats):
            values = self._rack_values(state)
            winners = stuck_winners(values, [len(r) for r in state.racks])
            names = _(" and ").join(state.seats[w] for w in winners)
            text = ngettext("The game is stuck; {names} wins with the lowest rack.",
                            "The game is stuck; {names} win with the lowest rack.", len(winners)).format(names=names)
            return self._finish(state, "stuck", winners, events, text)
        return Outcome(self._next_turn(state, passes=passes), tuple(events))

    def _rack_values(self, state: RummikubState) -> tuple[int, ...]:
        return tuple(rack_value(state.config, rack, melded) for rack, melded in zip(state.racks, state.melded))

    def _finish(self, state: RummikubState, reason: str, winners: tuple[int, ...], events: list[Event], text: str) -> Outcome[RummikubState]:
        values = self._rack_values(state)
        if reason == "out":
            scores = score_going_out(values, winners[0])
        else:
            scores = score_stuck(state.config, values, winners)
        end = GameEnd(reason, winners, scores, values)  # type: ignore[arg-type]
        new = replace(state, phase="over", end=end, turn=state.turn + 1)
        events.append(Event("game_over", text, None, {"winners": list(winners), "scores": list(scores), "rack_values": list(values)}))
        return Outcome(new, tuple(events))

    # --- what the controller asks -------------------------------------------------------------
    def current_seat(self, state: RummikubState) -> int | None:
        return state.current

    def turn_number(self, state: RummikubState) -> int:
        return state.turn

    def turn_seconds(self, state: RummikubState) -> float | None:
        return state.config.turn_seconds if state.phase == "play" else None

    def result(self, state: RummikubState) -> Result | None:
        if state.end is None:
            return None
        reason = "went out" if state.end.reason == "out" else "stuck"
        return Result(state.end.scores, state.end.winners, reason)

    # --- seeing -------------------------------------------------------------------------------
    def view(self, state: RummikubState, seat: int | None, draft: RowsDraft | None = None) -> dict[str, Any]:
        if draft is not None and seat != state.current:
            raise ValueError("Only the seat whose turn it is has a draft to view.")
        new_ids = {t.id for t in draft.placed()} if draft is not None else set()

        def tile(t: Tile) -> RummikubTile:
            return {"id": t.id, "face": t.face, "new": t.id in new_ids}

        rows = draft.rows if draft is not None else state.table
        table: list[RummikubSet] = []
        meld_points = 0
        for row in rows:
            shown = set_view(row, new_ids)
            if all(t.id in new_ids for t in row) and shown["kind"] != "invalid":
                meld_points += shown["value"]
            table.append(shown)
        rack = draft.rack if draft is not None else (state.racks[seat] if seat is not None else None)
        redeal: RedealOffer | None = None
        if state.phase == "redeal":
            asked = state.redeal_asking[0]
            redeal = {"asking": asked}
            if seat == asked:
                redeal["doubles"] = count_doubles(state.racks[asked])
        view: RummikubView = {
            "game": self.id,
            "seats": list(state.seats),
            "you": seat,
            "phase": state.phase,
            "current": state.current,
            "turn": state.turn,
            "edition": state.edition,
            "profile": state.config.profile,
            "turn_seconds": self.turn_seconds(state),
            "rack": [tile(t) for t in rack] if rack is not None else None,
            "meld_points": meld_points if draft is not None else None,
            "rack_sizes": [len(r) for r in state.racks],
            "melded": list(state.melded),
            "pool": len(state.bag),
            "table": table,
            "first_player": {"seat": state.first_seat,
                             "draws": [[[s, face] for s, face in r.draws] for r in state.first_draw]},
            "redeal": redeal,
            "rules": state.config.table_rules(),
            "hints": hint_counts(state.hints, state.seats),
            "result": None,
        }
        if state.end is not None:
            view["result"] = {"reason": state.end.reason, "winners": list(state.end.winners),
                              "scores": list(state.end.scores), "rack_values": list(state.end.rack_values),
                              "hints": view["hints"]}
        return plain_view(view)

    # --- drafts ---------------------------------------------------------------------------
    def new_draft(self, state: RummikubState, seat: int) -> RowsDraft:
        return RowsDraft.start(state.racks[seat], state.table)

    def edit(self, draft: RowsDraft, seat: int, edit: RowEdit) -> RowsDraft:
        return apply_edit(draft, edit)

    def commit_action(self, snapshot: RummikubState, draft: RowsDraft, seat: int) -> Play:
        return Play(tuple(tuple(t.id for t in row) for row in draft.rows))

    def draft_changed(self, snapshot: RummikubState, draft: RowsDraft, seat: int) -> bool:
        """The table compares as a multiset of sets: rows split and rejoined into the same
        sets, in whatever row order, leave it unchanged (no 3-tile penalty)."""
        return Counter(draft.rows) != Counter(snapshot.table) or sorted(draft.rack) != sorted(snapshot.racks[seat])

    def timeout_action(self, snapshot: RummikubState, draft: RowsDraft, seat: int) -> Timeout:
        touched = self.draft_changed(snapshot, draft, seat)
        laid = tuple(t.id for t in draft.placed()) if snapshot.config.penalty_swap_own_tiles else ()
        return Timeout(touched=touched, laid=laid)


GAME = RummikubGame()
