"""What a seat sees (`Game.view`): its rack, the words on the table judged row by row, the
scores, and only sizes of everything secret.

The view is JSON data. Fields (a play screen builds on these):

* `game`, `seats`, `you` (the seat viewing, None for a spectator), `current` (None once over),
  `turn` (counts turns from 0), `phase` (`play` or `over`), `turn_seconds` (None: no clock);
* `rules`: the options a screen or a computer player needs (`min_word_len`,
  `first_meld_letters`, `first_meld_extra_words`, `longest_needs_rack_tile`,
  `joker_sub_from_table`, `word_check`, `skip_next_turn_on_misspell`, `timeout_penalty_tiles`,
  `winner_rule`, `family_words`, `word_list`);
* `rack`: the viewer's tiles (None for a spectator), each `{id, face, letter, joker, new}`:
  `face` is the letter or `*` for a joker, `letter` the letter it shows (a joker on the rack:
  None), `new` false on the rack;
* `table`: the rows, as the viewer's draft arranges them on their own turn, each
  `{tiles, word, length, is_word, new, duplicate, reason}`. Tiles as on the rack, a joker with
  its named letter (None until named) and `new` true for a tile placed from the rack this turn;
  `word` is the spelling (`?` for an unnamed joker); `is_word` whether the word list (in family
  mode, its common words) has it; `new` whether the row is a new word this turn (RULES.md
  §2.6: its tiles in their order were not a word when the turn began); `duplicate` whether
  another row spells the same; `reason` the sentence saying what is wrong with the row, or "";
* `drafting`: the view shows the viewer's turn in progress; `would_score`: what committing it
  now would score (None when not drafting or when the commit would be refused or penalised);
  `problems`: the sentences a commit now would be refused with (structural faults) or, failing
  those, the wrong words it would be penalised for (`[]`: it would stand; None when not
  drafting);
* `scores` (turn scores so far; jokers are charged at the end), `melded` (first meld made),
  `pool` (tiles left to draw), `rack_sizes`, `skips` (seats that lose their next turn),
  `idle` (turns in a row without a tile placed, counted once the pool is empty),
  `first_player` (`{seat, draws}`: each round of the draw, `[seat, face]` pairs in order),
  `last` (the previous turn: `{seat, kind, score, words}`, kind one of play, draw, pass,
  penalty, timeout; for a penalty `words` are the wrong words), and `result` once over:
  `{reason: "out"|"stalled", winners, scores, turn_scores, jokers_left, joker_penalty,
  out_seat}`.

Other racks appear only as sizes (not even their jokers), the bag only as a count.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from tilegames.core.kernel.hints import hint_counts
from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.parts.tiles import Tile
from tilegames.games.word_rummikub.actions import JokerLetter
from tilegames.games.word_rummikub.config import FIRST_MELD_LETTERS, JOKER_PENALTY, WordRummikubConfig
from tilegames.games.word_rummikub.draft import WordDraft
from tilegames.games.word_rummikub.state import WordState
from tilegames.games.word_rummikub.tiles import is_joker, letter_of, spell
from tilegames.games.word_rummikub.turn import Position, check_play
from tilegames.games.word_rummikub.view_types import WordRow, WordRules, WordRummikubView, WordTile
from tilegames.games.word_rummikub.words import WordJudge

RULE_KEYS = ("min_word_len", "first_meld_extra_words", "longest_needs_rack_tile", "joker_sub_from_table",
             "word_check", "skip_next_turn_on_misspell", "timeout_penalty_tiles", "winner_rule",
             "family_words", "word_list")


def position(state: WordState, seat: int) -> Position:
    """What `seat`'s play this turn is judged against."""
    return Position(state.table, state.racks[seat], state.melded[seat], len(state.bag))


def tile_view(tile: Tile, letters: dict[int, str], new: bool = False) -> WordTile:
    return {"id": tile.id, "face": tile.face, "letter": letter_of(tile, letters), "joker": is_joker(tile),
            "new": new}


def row_views(config: WordRummikubConfig, judge: WordJudge, rows: Sequence[Sequence[Tile]],
              letters: dict[int, str], before: set[tuple[int, ...]], placed: set[int]) -> list[WordRow]:
    """Each row judged on its own (see the module docstring)."""
    spelled = [spell(row, letters) for row in rows]
    counts = Counter(spelled)
    out: list[WordRow] = []
    for row, word in zip(rows, spelled):
        named = "?" not in word
        is_word = named and judge.accepts(word)
        duplicate = named and counts[word] > 1
        if not named:
            reason = _("Say which letter the joker stands for.")
        elif len(row) < config.min_word_len:
            reason = _("Too short: words need at least {letters} letters.").format(letters=config.min_word_len)
        elif not is_word:
            reason = judge.why_not(word)
        elif duplicate:
            reason = _("{word} is on the table twice: every word must be different.").format(word=word)
        else:
            reason = ""
        out.append({"tiles": [tile_view(t, letters, t.id in placed) for t in row], "word": word,
                    "length": len(row), "is_word": is_word, "new": tuple(t.id for t in row) not in before,
                    "duplicate": duplicate, "reason": reason})
    return out


def commit_check(state: WordState, seat: int, draft: WordDraft, judge: WordJudge) -> tuple[int | None, list[str]]:
    """What committing the draft now would score (None if it would be refused or penalised), and
    every reason it would be (the sentences the commit would give; [] when it would stand)."""
    words = tuple(tuple(t.id for t in row) for row in draft.rows)
    jokers = tuple(JokerLetter(i, letter) for i, letter in draft.jokers)
    try:
        checked = check_play(state.config, judge, position(state, seat), words, jokers)
    except IllegalMove as exc:
        return None, list(exc.reasons)
    return (None, list(checked.wrong)) if checked.wrong else (checked.score, [])


def build_view(game_id: str, state: WordState, seat: int | None, draft: WordDraft | None,
               judge: WordJudge, turn_seconds: float | None) -> WordRummikubView:
    if draft is not None and (seat is None or seat != state.current):
        raise ValueError("Only the seat whose turn it is has a draft to view.")
    table = draft.table if draft is not None else state.table
    letters = table.letters
    placed = {t.id for t in draft.placed()} if draft is not None else set()
    before = {tuple(t.id for t in row) for row in state.table.rows}  # without a draft nothing is new
    rack = draft.rack if draft is not None else (state.racks[seat] if seat is not None else None)
    config = state.config
    # RULE_KEYS, then the first meld's letters (written out, so that mypy checks each value).
    rules: WordRules = {
        "min_word_len": config.min_word_len, "first_meld_extra_words": config.first_meld_extra_words,
        "longest_needs_rack_tile": config.longest_needs_rack_tile, "joker_sub_from_table": config.joker_sub_from_table,
        "word_check": config.word_check, "skip_next_turn_on_misspell": config.skip_next_turn_on_misspell,
        "timeout_penalty_tiles": config.timeout_penalty_tiles, "winner_rule": config.winner_rule,
        "family_words": config.family_words, "word_list": config.word_list, "first_meld_letters": FIRST_MELD_LETTERS,
    }
    score, problems = commit_check(state, seat, draft, judge) if draft is not None and seat is not None else (None, None)
    view: WordRummikubView = {
        "game": game_id,
        "seats": list(state.seats),
        "you": seat,
        "current": state.current,
        "turn": state.turn,
        "phase": "over" if state.end is not None else "play",
        "turn_seconds": turn_seconds,
        "rules": rules,
        "rack": [tile_view(t, {}) for t in rack] if rack is not None else None,
        "table": row_views(config, judge, table.rows, letters, before, placed),
        "drafting": draft is not None,
        "would_score": score,
        "problems": problems,
        "scores": list(state.scores),
        "melded": list(state.melded),
        "pool": len(state.bag),
        "rack_sizes": [len(r) for r in state.racks],
        "skips": [s in state.order.lose_next for s in range(len(state.seats))],
        "idle": state.idle,
        "first_player": {"seat": state.first_seat,
                         "draws": [[[s, face] for s, face in draws] for draws in state.first_draw]},
        "last": None,
        "hints": hint_counts(state.hints, state.seats),  # public: the log says each one
        "result": None,
    }
    if state.last is not None:
        last = state.last
        view["last"] = {"seat": last.seat, "kind": last.kind, "score": last.score, "words": list(last.words)}
    if state.end is not None:
        end = state.end
        view["result"] = {"reason": end.reason, "winners": list(end.winners), "scores": list(end.scores),
                          "turn_scores": list(state.scores), "jokers_left": list(end.jokers_left),
                          "joker_penalty": JOKER_PENALTY, "out_seat": end.out_seat,
                          "hints": hint_counts(state.hints, state.seats)}
    return view
