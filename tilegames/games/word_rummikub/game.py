"""Rummikub Word on the core protocol (RULES.md §2): setup, turns, wrong words, the end.

Every turn ends one of five ways, each an action: a **play** (judged by turn.py; right words
score and the rack is topped up, wrong words are a penalised turn under `turn_end_penalty`), a
**draw**, a **pass** (only with the pool empty), or the clock's **timeout** (the controller
applies it to the turn's snapshot, so the table is restored exactly; it draws
`timeout_penalty_tiles`). `_end_turn` then decides whether the game is over.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.game_setup import check_seat_count, deal
from tilegames.core.text.i18n import _, ngettext
from tilegames.core.kernel.hints import hint_asked
from tilegames.core.kernel.protocol import Action, Event, Game, Outcome, Result
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.table_rows import RowEdit
from tilegames.core.parts.tiles import Bag, Tile
from tilegames.core.kernel.turn_guard import check_turn
from tilegames.core.kernel.views import plain_view
from tilegames.games.word_rummikub import MANIFEST
from tilegames.games.word_rummikub.actions import ACTION_TYPES, Draw, Hint, JokerLetter, Pass, Play, Timeout
from tilegames.games.word_rummikub.config import HAND, PRESETS, SETUP_OPTIONS, WordRummikubConfig
from tilegames.games.word_rummikub.draft import EDIT_TYPES, NameJoker, WordDraft, edit_draft
from tilegames.games.word_rummikub.scenario import WordRummikubScenario
from tilegames.games.word_rummikub.scoring import final_scores, jokers_on, top_up, winners
from tilegames.games.word_rummikub.setup import first_player
from tilegames.games.word_rummikub.state import LastTurn, Table, WordEnd, WordState
from tilegames.games.word_rummikub.tiles import full_set, load_letters
from tilegames.games.word_rummikub.turn import CheckedPlay, check_play
from tilegames.games.word_rummikub.views import build_view, position
from tilegames.games.word_rummikub.words import check_word_list, judge_for, judge_for_view


def _tiles(count: int) -> str:
    return ngettext("{count} tile", "{count} tiles", count).format(count=count)


class WordRummikubGame(Game[WordRummikubConfig, WordState, WordDraft]):
    id = MANIFEST.id
    title = MANIFEST.title
    min_seats, max_seats = 2, 4
    config_type = WordRummikubConfig
    presets, setup_options = PRESETS, SETUP_OPTIONS
    action_types, edit_types = ACTION_TYPES, EDIT_TYPES
    scenario = WordRummikubScenario()

    # --- setting up -----------------------------------------------------------------------
    def new_game(self, config: WordRummikubConfig, seats: tuple[str, ...], seed: int) -> WordState:
        players = len(seats)
        check_seat_count(self.title, self.min_seats, self.max_seats, players)
        self.check_setup(config, players)
        first = first_player(Bag.shuffled(full_set(config.word_letters), seed), players)
        racks, bag = deal(first.bag, players, HAND)
        return WordState(config=config, seats=tuple(seats), bag=bag, racks=racks, table=Table(),
                         scores=(0,) * players, melded=(False,) * players,
                         order=SeatOrder(players, current=first.seat), first_seat=first.seat,
                         first_draw=first.rounds)

    def check_setup(self, config: WordRummikubConfig, seat_count: int) -> None:
        """ValueError (a sentence) for letter tiles or a word list that will not do."""
        letters = load_letters(config.word_letters)
        if letters.letters + letters.jokers <= HAND * seat_count:
            raise ValueError(_("{tiles} are too few to deal {hand} to each of {players} players and keep a pool.").format(
                tiles=_tiles(letters.letters + letters.jokers), hand=HAND, players=seat_count))
        check_word_list(config)

    # --- playing --------------------------------------------------------------------------
    def resolve(self, state: WordState, seat: int, action: Action) -> Outcome[WordState]:
        check_turn(state.seats, seat, set() if state.current is None else {state.current})
        name = state.seats[seat]
        if isinstance(action, Play):
            return self._play(state, seat, action)
        if isinstance(action, Hint):
            hints, event = hint_asked(state.hints, state.seats, seat)
            return Outcome(replace(state, hints=hints), (event,))
        if isinstance(action, Draw):
            if not len(state.bag):
                raise IllegalMove(_("The pool is empty: play a tile, or pass."))
            return self._draw_turn(state, seat, 1, LastTurn(seat, "draw"), "draw",
                                   _("{name} drew a tile.").format(name=name))
        if isinstance(action, Pass):
            if len(state.bag):
                raise IllegalMove(_("You can only pass when the pool is empty; draw a tile instead."))
            return self._end_turn(state, seat, (Event("pass", _("{name} passes.").format(name=name), seat),),
                                  last=LastTurn(seat, "pass"))
        if isinstance(action, Timeout):
            count = min(state.config.timeout_penalty_tiles, len(state.bag))
            text = _("Time's up for {name}.").format(name=name)
            if action.touched:
                text += " " + _("The table is restored.")
            text += " " + (_("{name} draws {tiles}.").format(name=name, tiles=_tiles(count)) if count
                           else _("The turn passes."))
            return self._draw_turn(state, seat, count, LastTurn(seat, "timeout"), "timeout", text)
        raise IllegalMove(_("Rummikub Word has no move called {move}.").format(move=repr(getattr(action, 'kind', action))))

    def _draw_turn(self, state: WordState, seat: int, count: int, last: LastTurn, kind: str,
                   text: str, public: dict[str, Any] | None = None, **changes: Any) -> Outcome[WordState]:
        """A turn in which no tile was placed: the player draws `count` (as the pool allows)."""
        drawn, bag = state.bag.draw(count)
        racks = self._racks(state, seat, state.racks[seat] + drawn)
        event = Event(kind, text, seat, {"count": len(drawn), **(public or {})}, {"tiles": [t.face for t in drawn]})
        return self._end_turn(replace(state, bag=bag, racks=racks, **changes), seat, (event,),
                              last=last, was_empty=not len(state.bag))

    def _play(self, state: WordState, seat: int, action: Play) -> Outcome[WordState]:
        config = state.config
        checked = check_play(config, judge_for(config), position(state, seat), action.words, action.jokers)
        if checked.wrong:
            if config.word_check == "void":
                raise IllegalMove(*checked.wrong)
            return self._penalty(state, seat, checked)
        name = state.seats[seat]
        placed_ids = {t.id for t in checked.placed}
        rack = tuple(t for t in state.racks[seat] if t.id not in placed_ids)
        drawn, bag = state.bag.draw(top_up(len(rack), len(checked.placed)))
        scores = list(state.scores)
        scores[seat] += checked.score
        melded = list(state.melded)
        first_meld, melded[seat] = not melded[seat], True
        words = ", ".join(checked.new_words)
        points = ngettext("{count} point", "{count} points", checked.score).format(count=checked.score)
        if checked.emptied:
            points = _("{points} (doubled: the rack was emptied)").format(points=points)
        if first_meld:
            text = _("{name} made the first meld: {words}; {points}.").format(name=name, words=words, points=points)
        else:
            text = _("{name} played: {words}; {points}.").format(name=name, words=words, points=points)
        if drawn:
            text += " " + _("{name} draws {tiles}.").format(name=name, tiles=_tiles(len(drawn)))
        public = {"words": list(checked.new_words), "score": checked.score, "doubled": checked.emptied,
                  "first_meld": first_meld, "placed": [t.face for t in checked.placed], "count": len(drawn)}
        event = Event("play", text, seat, public, {"tiles": [t.face for t in drawn]})
        new = replace(state, bag=bag, racks=self._racks(state, seat, rack + drawn), table=checked.table,
                      scores=tuple(scores), melded=tuple(melded))
        return self._end_turn(new, seat, (event,), last=LastTurn(seat, "play", checked.score, checked.new_words),
                              placed=True)

    def _penalty(self, state: WordState, seat: int, checked: CheckedPlay) -> Outcome[WordState]:
        """A play with wrong words under `turn_end_penalty` (RULES.md §2.9): the table as it was,
        the tiles back on the rack, one tile drawn, no score; the next turn lost if so set."""
        name = state.seats[seat]
        skip = state.config.skip_next_turn_on_misspell
        text = _("{name}'s play is taken back: {reasons}").format(name=name, reasons=" ".join(checked.wrong)) + " "
        if len(state.bag):
            text += (_("{name} draws a tile and loses their next turn.") if skip else _("{name} draws a tile.")).format(
                name=name)
        elif skip:
            text += _("The pool is empty, so {name} draws nothing and loses their next turn.").format(name=name)
        else:
            text += _("The pool is empty, so {name} draws nothing.").format(name=name)
        order = state.order.mark_lose_next_turn(seat) if skip else state.order
        return self._draw_turn(state, seat, 1, LastTurn(seat, "penalty", 0, checked.invalid), "misspell", text,
                               {"invalid": list(checked.invalid), "skip": skip}, order=order)

    def _racks(self, state: WordState, seat: int, rack: tuple[Tile, ...]) -> tuple[tuple[Tile, ...], ...]:
        racks = list(state.racks)
        racks[seat] = rack
        return tuple(racks)

    def _end_turn(self, state: WordState, seat: int, events: tuple[Event, ...], *, last: LastTurn,
                  placed: bool = False, was_empty: bool | None = None) -> Outcome[WordState]:
        """The turn is over: count it, end the game (RULES.md §2.10) or pass the turn on."""
        if was_empty is None:
            was_empty = not len(state.bag)
        idle = 0 if placed or not was_empty else state.idle + 1
        state = replace(state, idle=idle, last=last, turn=state.turn + 1)
        if not len(state.bag):
            out = [s for s, rack in enumerate(state.racks) if not rack]
            if out:
                return self._finish(state, "out", out[0], events)
            if idle >= len(state.seats):
                return self._finish(state, "stalled", None, events)
        order = state.order.advance()
        skipped = [s for s in sorted(state.order.lose_next - order.lose_next)]
        more = tuple(Event("skip", _("{name} loses this turn for a wrong word.").format(name=state.seats[s]), s)
                     for s in skipped)
        return Outcome(replace(state, order=order), events + more)

    def _finish(self, state: WordState, reason: str, out_seat: int | None, events: tuple[Event, ...]) -> Outcome[WordState]:
        scores = final_scores(state.scores, state.racks)
        won = winners(scores, state.config.winner_rule, out_seat)
        jokers = tuple(jokers_on(rack) for rack in state.racks)
        end = WordEnd(scores, won, jokers, "out" if reason == "out" else "stalled", out_seat)
        names = _(" and ").join(state.seats[w] for w in won)
        how = (_("{name} has no tiles left and the pool is empty").format(name=state.seats[out_seat])
               if out_seat is not None else _("The pool is empty and nobody could play"))
        text = ngettext("{how}: the game is over. {names} wins.", "{how}: the game is over. {names} win.",
                        len(won)).format(how=how, names=names)
        public = {"reason": end.reason, "winners": list(won), "scores": list(scores), "jokers_left": list(jokers)}
        return Outcome(replace(state, end=end), events + (Event("game_over", text, None, public),))

    # --- what the controller asks ---------------------------------------------------------
    def current_seat(self, state: WordState) -> int | None:
        return state.current

    def turn_number(self, state: WordState) -> int:
        return state.turn

    def turn_seconds(self, state: WordState) -> float | None:
        return state.config.turn_seconds if state.end is None else None

    def result(self, state: WordState) -> Result | None:
        if state.end is None:
            return None
        return Result(state.end.scores, state.end.winners, "went out" if state.end.reason == "out" else "stalled")

    # --- seeing ---------------------------------------------------------------------------
    def view(self, state: WordState, seat: int | None, draft: WordDraft | None = None) -> dict[str, Any]:
        return plain_view(build_view(self.id, state, seat, draft, judge_for_view(state.config), self.turn_seconds(state)))

    # --- drafts ---------------------------------------------------------------------------
    def new_draft(self, state: WordState, seat: int) -> WordDraft:
        return WordDraft.start(state.racks[seat], state.table)

    def edit(self, draft: WordDraft, seat: int, edit: RowEdit | NameJoker) -> WordDraft:
        return edit_draft(draft, edit)

    def commit_action(self, snapshot: WordState, draft: WordDraft, seat: int) -> Play:
        return Play(tuple(tuple(t.id for t in row) for row in draft.rows),
                    tuple(JokerLetter(i, letter) for i, letter in draft.jokers))

    def draft_changed(self, snapshot: WordState, draft: WordDraft, seat: int) -> bool:
        """Rows split and rejoined into the same words, in whatever row order, are no change."""
        return (Counter(draft.rows) != Counter(snapshot.table.rows) or draft.jokers != snapshot.table.jokers
                or sorted(draft.rack) != sorted(snapshot.racks[seat]))

    def timeout_action(self, snapshot: WordState, draft: WordDraft, seat: int) -> Timeout:
        return Timeout(touched=self.draft_changed(snapshot, draft, seat))


GAME = WordRummikubGame()
