"""Scrabble on the core protocol: placement, scoring, exchanges, challenges, endings."""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any

from tilegames.core.errors import IllegalMove
from tilegames.core.kernel.game_setup import check_seat_count
from tilegames.core.parts.grid import GeometryError, Pos, touches
from tilegames.core.text.i18n import N_, _, ngettext
from tilegames.core.parts.lexicon import Lexicon, LexiconError, lexicon_for
from tilegames.core.kernel.hints import hint_asked, hint_counts
from tilegames.core.kernel.protocol import Action, Event, Game, Outcome, Result
from tilegames.core.kernel.seats import SeatOrder
from tilegames.core.parts.tiles import Bag
from tilegames.core.kernel.turn_guard import check_turn
from tilegames.core.kernel.views import plain_view
from tilegames.games.scrabble import MANIFEST
from tilegames.games.scrabble.actions import (
    ACTION_TYPES, AcceptPlay, Challenge, Exchange, Hint, Pass, Place, Placement, Timeout, TimeUsed,
)
from tilegames.games.scrabble.board import CENTRE, SIZE, ScoredPlay, play_notation, score_play, square_name
from tilegames.games.scrabble.config import PRESETS, SETUP_OPTIONS, ScrabbleConfig
from tilegames.games.scrabble.challenges import challenge
from tilegames.games.scrabble.clock import charge_time, clocks_left, left_ms
from tilegames.games.scrabble.draft import EDIT_TYPES, ScrabbleDraft, edit_draft
from tilegames.core.parts.grid_edits import PutTile as PutTile, TakeBack as TakeBack  # older imports of the edits
from tilegames.games.scrabble.endings import finish, maybe_stalled, next_turn
from tilegames.games.scrabble.scenario import SCENARIO
from tilegames.games.scrabble.setup import check_players, deal, first_player
from tilegames.games.scrabble.state import PendingPlay, ScrabbleState, Square
from tilegames.games.scrabble.tiles import BLANK, RACK_SIZE, full_set
from tilegames.games.scrabble.view_types import Preview, ScrabbleView

BOARD_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@functools.lru_cache(maxsize=8)
def _lexicon(word_list: str | None) -> Lexicon:
    return lexicon_for(word_list)


class ScrabbleGame(Game[ScrabbleConfig, ScrabbleState, ScrabbleDraft]):
    id = MANIFEST.id
    title = MANIFEST.title
    min_seats = 2
    max_seats = 4
    config_type = ScrabbleConfig
    presets = PRESETS
    setup_options = SETUP_OPTIONS
    action_types = ACTION_TYPES
    edit_types = EDIT_TYPES
    exporters = {"gcg": lambda journal: _export_gcg(journal)}
    scenario = SCENARIO  # positions and moves in demo files (scenario.py)

    def lexicon(self, state: ScrabbleState) -> Lexicon:
        try:
            return _lexicon(state.config.word_list)
        except LexiconError as exc:
            raise IllegalMove(str(exc)) from None

    # --- setting up -----------------------------------------------------------------------
    def check_setup(self, config: ScrabbleConfig, seat_count: int) -> None:
        check_players(config, seat_count)

    def new_game(self, config: ScrabbleConfig, seats: tuple[str, ...], seed: int) -> ScrabbleState:
        check_seat_count(self.title, self.min_seats, self.max_seats, len(seats))
        self.check_setup(config, len(seats))
        first, draws, bag = first_player(Bag.shuffled(full_set(), seed), len(seats))
        racks, bag = deal(bag, len(seats))
        return ScrabbleState(config, tuple(seats), bag, racks, (), (0,) * len(seats),
                             SeatOrder(len(seats), current=first), draws, first_seat=first)

    # --- playing --------------------------------------------------------------------------
    def resolve(self, state: ScrabbleState, seat: int, action: Action) -> Outcome[ScrabbleState]:
        check_turn(state.seats, seat, self._guarded_seats(state, action))
        if isinstance(action, TimeUsed):
            return Outcome(charge_time(state, seat, action.ms), ())
        if isinstance(action, Challenge):
            return challenge(state, seat, lambda: self.lexicon(state))
        if isinstance(action, AcceptPlay) or (state.awaiting_final_challenge and isinstance(action, Timeout)):
            return self._let_last_play_stand(state, seat, action)
        if state.awaiting_final_challenge:
            raise IllegalMove(_("The last play of the game may still be challenged: challenge it or accept it."))
        if isinstance(action, Hint):  # asking is not beginning: the last play may still be challenged
            hints, event = hint_asked(state.hints, state.seats, seat)
            return Outcome(replace(state, hints=hints), (event,))
        # The current player begins: the window to challenge the last play closes.
        state = replace(state, pending=None)
        if isinstance(action, Place):
            return self._place(state, seat, action)
        if isinstance(action, Exchange):
            return self._exchange(state, seat, action)
        if isinstance(action, Pass):
            return self._pass(state, seat, _("{name} passed.").format(name=state.seats[seat]), "pass")
        if isinstance(action, Timeout):
            return self._pass(state, seat, _("Time's up for {name}: the tiles go back and the turn is lost.").format(
                name=state.seats[seat]),
                              "timeout")
        raise IllegalMove(_("Scrabble has no move called {move}.").format(move=repr(getattr(action, 'kind', action))))

    def _guarded_seats(self, state: ScrabbleState, action: Action) -> set[int]:
        """The seats the turn guard lets through with `action`. Any seat may try to challenge
        the last play, or answer for the last play of the game: `challenge` and
        `_let_last_play_stand` refuse with their own sentences (so this is wider than
        `who_may_act`); any other move is the current seat's."""
        if state.end is not None:
            return set()
        if isinstance(action, (Challenge, AcceptPlay)) or state.awaiting_final_challenge:
            return set(range(len(state.seats)))
        return {state.order.current}

    def _let_last_play_stand(self, state: ScrabbleState, seat: int, action: Action) -> Outcome[ScrabbleState]:
        """Close the final-challenge window: the play that went out stands and the game ends.

        The clock running out in the window closes it too (a decision: the window belongs to
        the players who may challenge, and not challenging in time is letting the play stand).
        """
        pending = state.pending
        if not state.awaiting_final_challenge or pending is None or seat == pending.seat:
            raise IllegalMove(_("There is no last play waiting for your acceptance."))
        events = []
        if isinstance(action, Timeout):
            text = _("Time's up for {name}: no challenge, so the last play stands.").format(name=state.seats[seat])
            events.append(Event("challenge.window_closed", text, seat))
        return finish(replace(state, pending=None, awaiting_final_challenge=False), "out", pending.seat, events)

    def check_placement(self, state: ScrabbleState, seat: int,
                        placements: tuple[Placement, ...]) -> tuple[ScoredPlay, dict[Pos, str]]:
        """Validate a placement completely (except words, unless `void`) and score it."""
        rack = {t.id: t for t in state.racks[seat]}
        cells = state.cells()
        if not placements:
            raise IllegalMove(_("Put at least one tile on the board."))
        seen_tiles, seen_squares = set(), set()
        placed: dict[Pos, str] = {}
        for p in placements:
            tile = rack.get(p.tile)
            if tile is None or p.tile in seen_tiles:
                raise IllegalMove(_("You can only play tiles from your rack, each once."))
            if not (0 <= p.row < SIZE and 0 <= p.col < SIZE):
                raise IllegalMove(_("That square is off the board."))
            pos = (p.row, p.col)
            if pos in cells or pos in seen_squares:
                raise IllegalMove(_("{square} is already covered.").format(square=square_name(pos)))
            letter = p.letter.upper()
            if len(letter) != 1 or letter not in BOARD_LETTERS:
                raise IllegalMove(_("{letter} is not a letter.").format(letter=repr(p.letter)))
            if tile.face == BLANK:
                letter = letter.lower()
            elif tile.face != letter:
                raise IllegalMove(_("That tile is {face}, not {letter}.").format(face=tile.face, letter=letter))
            seen_tiles.add(p.tile)
            seen_squares.add(pos)
            placed[pos] = letter
        try:
            scored = score_play(cells, placed)
        except GeometryError as exc:
            raise IllegalMove(str(exc)) from None
        if not cells:
            if CENTRE not in placed:
                raise IllegalMove(_("The first word must cover the centre star (H8)."))
            if len(placed) < 2:
                raise IllegalMove(_("The first word needs at least two tiles."))
        elif not touches(cells, placed):
            raise IllegalMove(_("The word must touch a tile already on the board."))
        if len(scored.words.main) < 2 and not scored.words.cross:
            raise IllegalMove(_("A word needs at least two letters."))
        return scored, placed

    def _place(self, state: ScrabbleState, seat: int, action: Place) -> Outcome[ScrabbleState]:
        scored, placed = self.check_placement(state, seat, action.tiles)
        words = tuple(w.word.upper() for w in scored.word_scores)
        if state.config.challenge_mode == "void":
            lexicon = self.lexicon(state)
            bad = [w for w in words if w not in lexicon]
            if bad:
                raise IllegalMove(*(_("{word} is not a word.").format(word=w) for w in bad))
        ids = {p.tile for p in action.tiles}
        by_id = {t.id: t for t in state.racks[seat]}
        squares = tuple(Square((p.row, p.col), by_id[p.tile], placed[(p.row, p.col)]) for p in action.tiles)
        rack = tuple(t for t in state.racks[seat] if t.id not in ids)
        drawn, bag = state.bag.draw(RACK_SIZE - len(rack))
        racks = list(state.racks)
        racks[seat] = rack + drawn
        scores = list(state.scores)
        scores[seat] += scored.score
        pending = PendingPlay(seat, words, scored.score, tuple(placed), state)
        name = state.seats[seat]
        main = next((w.word for w in scored.word_scores if w.cells == scored.words.main), words[0]).upper()
        notation = play_notation({**state.cells(), **placed}, placed, scored.words.direction)
        text = (_("{name} played {word} for {score} (bingo!).") if scored.bingo
                else _("{name} played {word} for {score}.")).format(name=name, word=main, score=scored.score)
        event = Event("play", text, seat, {"words": list(words), "score": scored.score, "bingo": scored.bingo,
                                           "squares": [square_name(p) for p in placed], "gcg": notation},
                      {"tiles": [t.face for t in drawn]})
        new = replace(state, bag=bag, racks=tuple(racks), board=state.board + squares, scores=tuple(scores),
                      passes=0, scoreless=0 if scored.score else state.scoreless + 1, pending=pending,
                      last_play=tuple(placed), turn=state.turn + 1)
        if not racks[seat] and not len(bag):
            if state.config.challenge_mode == "void":
                return finish(replace(new, pending=None), "out", seat, [event])
            return Outcome(replace(new, awaiting_final_challenge=True), (event,))
        # A 0-point play (blanks only) can complete the scoreless run and end the game like a
        # pass would (§3.9(b)), leaving no time to challenge it: taking it off would change no
        # score (blanks are worth 0 on the board and on the rack) and that turn would be
        # scoreless as well, so the ending would be the same.
        new, lost = next_turn(new)
        return maybe_stalled(new, [event, *lost])

    def _exchange(self, state: ScrabbleState, seat: int, action: Exchange) -> Outcome[ScrabbleState]:
        if len(state.bag) < RACK_SIZE:
            raise IllegalMove(_("You can only exchange while the bag holds at least 7 tiles; it holds {count}.").format(
                count=len(state.bag)))
        rack = {t.id: t for t in state.racks[seat]}
        if not action.tiles or len(set(action.tiles)) != len(action.tiles) or any(t not in rack for t in action.tiles):
            raise IllegalMove(_("Choose 1 to 7 different tiles from your rack to exchange."))
        returned = [rack[t] for t in action.tiles]
        drawn, bag = state.bag.draw(len(returned))  # draw first, then return (RULES.md §3.4)
        bag = bag.shuffle_in(returned)
        racks = list(state.racks)
        racks[seat] = tuple(t for t in state.racks[seat] if t.id not in set(action.tiles)) + drawn
        said = ngettext("{name} exchanged {count} tile.", "{name} exchanged {count} tiles.", len(drawn))
        event = Event("exchange", said.format(name=state.seats[seat], count=len(drawn)),
                      seat, {"count": len(drawn)}, {"returned": [t.face for t in returned], "tiles": [t.face for t in drawn]})
        new, lost = next_turn(replace(state, bag=bag, racks=tuple(racks), passes=0, scoreless=state.scoreless + 1,
                                      turn=state.turn + 1, last_play=()))
        return maybe_stalled(new, [event, *lost])

    def _pass(self, state: ScrabbleState, seat: int, text: str, kind: str) -> Outcome[ScrabbleState]:
        new, lost = next_turn(replace(state, passes=state.passes + 1, scoreless=state.scoreless + 1,
                                      turn=state.turn + 1, last_play=()))
        return maybe_stalled(new, [Event(kind, text, seat), *lost])

    # --- what the controller asks -------------------------------------------------------------
    def current_seat(self, state: ScrabbleState) -> int | None:
        if state.end is not None:
            return None
        if state.awaiting_final_challenge and state.pending is not None:
            return state.order.next_seat(state.pending.seat)
        return state.order.current

    def who_may_act(self, state: ScrabbleState) -> tuple[int, ...]:
        """The current seat and, while the last play can still be challenged, every other
        player but the one who made it (RULES.md §3.8)."""
        current = self.current_seat(state)
        if current is None:
            return ()
        if state.pending is None:
            return (current,)
        others = [s for s in range(len(state.seats)) if s not in (current, state.pending.seat)]
        return (current, *others)

    def turn_number(self, state: ScrabbleState) -> int:
        return state.turn

    def turn_seconds(self, state: ScrabbleState) -> float | None:
        """The turn timer's limit, or with the game clock what the current player has left of it."""
        seat = self.current_seat(state)
        if seat is not None and state.config.game_clock_minutes is not None:
            left = left_ms(state.config, (state.clock_used or (0,) * len(state.seats))[seat])
            assert left is not None
            return left / 1000
        return state.config.turn_seconds

    def game_clock(self, state: ScrabbleState) -> bool:
        return state.config.game_clock_minutes is not None

    def time_used_action(self, state: ScrabbleState, seat: int, ms: int) -> TimeUsed | None:
        return TimeUsed(ms) if self.game_clock(state) else None

    def result(self, state: ScrabbleState) -> Result | None:
        if state.end is None:
            return None
        return Result(state.end.scores, state.end.winners, N_("went out") if state.end.reason == "out" else N_("stalled"))

    # --- seeing -------------------------------------------------------------------------------
    def view(self, state: ScrabbleState, seat: int | None, draft: ScrabbleDraft | None = None) -> dict[str, Any]:
        if draft is not None and seat != self.current_seat(state):
            raise ValueError("Only the seat whose turn it is has a draft to view.")
        placed_ids = {p.tile for p in draft.placements} if draft else set()
        rack = state.racks[seat] if seat is not None else None
        blanks = {t.id: t.face == BLANK for t in rack or ()}
        unseen = None
        if seat is not None:
            unseen_tiles = [t.face for t in state.bag.tiles] + [t.face for s, r in enumerate(state.racks) if s != seat for t in r]
            unseen = "".join(sorted(unseen_tiles, key=lambda f: (f == BLANK, f)))
        pending = state.pending
        preview: Preview | None = None
        if draft is not None and draft.placements and seat is not None:
            try:
                scored, _placed = self.check_placement(state, seat, draft.placements)
                preview = {"words": [w.word.upper() for w in scored.word_scores], "score": scored.score,
                           "bingo": scored.bingo}
            except IllegalMove as exc:
                preview = {"problem": " ".join(exc.reasons)}
        view: ScrabbleView = {
            "game": self.id,
            "seats": list(state.seats),
            "you": seat,
            "current": self.current_seat(state),
            "turn": state.turn,
            "first_player": {"seat": state.first_seat, "draws": [[s, face] for s, face in state.first_draw]},
            "scores": list(state.scores),
            "rack": [{"id": t.id, "face": t.face} for t in rack if t.id not in placed_ids] if rack is not None else None,
            "rack_sizes": [len(r) for r in state.racks],
            "bag": len(state.bag),
            "board": [{"square": square_name(sq.pos), "row": sq.pos[0], "col": sq.pos[1], "letter": sq.letter}
                      for sq in state.board],
            "draft": [{"tile": p.tile, "row": p.row, "col": p.col,
                       "letter": p.letter.lower() if blanks.get(p.tile) else p.letter.upper()}
                      for p in draft.placements] if draft else [],
            "last_play": [square_name(p) for p in state.last_play],
            "preview": preview,
            "pending": None if pending is None else {"seat": pending.seat, "words": list(pending.words), "score": pending.score},
            "awaiting_final_challenge": state.awaiting_final_challenge,
            "unseen": unseen,
            "challenge_mode": state.config.challenge_mode,
            # Which word list judges the words: public, like the rules (an agent checks with it).
            "word_list": state.config.word_list,
            "hints": hint_counts(state.hints, state.seats),  # public: the log says each one
            "clocks": clocks_left(state),
            "result": None if state.end is None else {
                "reason": state.end.reason, "before": list(state.end.before_adjustment),
                "adjustments": list(state.end.adjustments), "scores": list(state.end.scores),
                "winners": list(state.end.winners), "hints": hint_counts(state.hints, state.seats),
                "time_penalties": list(state.end.time_penalties or (0,) * len(state.seats))},
        }
        return plain_view(view)

    # --- drafts ---------------------------------------------------------------------------
    def new_draft(self, state: ScrabbleState, seat: int) -> ScrabbleDraft:
        return ScrabbleDraft()

    def edit(self, draft: ScrabbleDraft, seat: int, edit: Any) -> ScrabbleDraft:
        return edit_draft(draft, edit)

    def commit_action(self, snapshot: ScrabbleState, draft: ScrabbleDraft, seat: int) -> Place:
        return Place(draft.placements)

    def draft_changed(self, snapshot: ScrabbleState, draft: ScrabbleDraft, seat: int) -> bool:
        return bool(draft.placements)

    def timeout_action(self, snapshot: ScrabbleState, draft: ScrabbleDraft, seat: int) -> Timeout:
        return Timeout()


GAME = ScrabbleGame()


def _export_gcg(journal: Any) -> str:
    """The game as GCG (imported when asked: the exporter replays games with this module)."""
    from tilegames.games.scrabble.gcg_export import export_gcg

    return export_gcg(journal)

