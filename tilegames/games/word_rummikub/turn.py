"""End-of-turn validity of a play (RULES.md §2.5, §2.6, §2.8, §2.9): the one place these rules
live. The engine judges commits with it and the computer player checks its own moves with it.

A play states the whole table as it should stand after the turn. It is judged against the
turn's start, all at once. Two kinds of fault (§2.9):

* **structural** faults raise IllegalMove listing every one, and the player keeps editing with
  no penalty: tiles that are not theirs or not on the table, a loose or too short row, a joker
  without a letter or renamed in an untouched word, a freed joker not replayed, no rack tile
  placed, the first-meld rules, and "among the longest new words one holds a rack tile";
* **wrong words** (a new word not in the word list, or spelled like another row) are only
  reported in `CheckedPlay.wrong`: what they cost is `word_check`'s business (game.py).

A word is **new** when its ordered tile ids were not a word at the start of the turn (§2.6).
Since a joker in an untouched word keeps its letter, that also covers its letter.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.parts.tiles import Tile
from tilegames.games.word_rummikub.actions import JokerLetter
from tilegames.games.word_rummikub.config import FIRST_MELD_LETTERS, WordRummikubConfig
from tilegames.games.word_rummikub.jokers import filled_from_table, joker_letters, letter_changes
from tilegames.games.word_rummikub.scoring import turn_score
from tilegames.games.word_rummikub.state import Table, named
from tilegames.games.word_rummikub.tiles import is_joker, spell
from tilegames.games.word_rummikub.words import WordJudge


@dataclass(frozen=True)
class Position:
    """What a play is judged against: the table as the turn began, and the player's rack."""

    table: Table
    rack: tuple[Tile, ...]
    melded: bool
    pool: int


@dataclass(frozen=True)
class CheckedPlay:
    table: Table
    placed: tuple[Tile, ...]
    new_words: tuple[str, ...]  # in table order
    wrong: tuple[str, ...]  # one sentence per wrong word (empty: every word is right)
    invalid: tuple[str, ...]  # the wrong spellings, each once
    score: int  # what the turn scores if its words are right
    emptied: bool  # every rack tile was placed (the double)


def check_play(config: WordRummikubConfig, judge: WordJudge, start: Position,
               words: Sequence[Sequence[int]], jokers: Sequence[JokerLetter]) -> CheckedPlay:
    """Validate a play completely; IllegalMove listing every structural fault otherwise."""
    rows = _rows(start, words)
    letters, problems = joker_letters(rows, jokers)
    rack_ids = {t.id for t in start.rack}
    placed = tuple(t for row in rows for t in row if t.id in rack_ids)
    before = {tuple(t.id for t in row) for row in start.table.rows}
    is_new = [tuple(t.id for t in row) not in before for row in rows]
    spelled = [spell(row, letters) for row in rows]

    if not placed:
        problems.append(_("Place at least one tile from your rack, or draw a tile instead.") if start.pool
                        else _("Place at least one tile from your rack, or pass instead: the pool is empty."))
    for number, (row, word) in enumerate(zip(rows, spelled), start=1):
        if len(row) < config.min_word_len:
            problems.append(_("Row {number} ({word}) is too short: words need at least {letters} letters.").format(
                number=number, word=word, letters=config.min_word_len))
    new_rows = [(row, word) for row, word, new in zip(rows, spelled, is_new) if new]
    if not start.melded:
        problems += _first_meld(config, start.table, rows, [word for _, word in new_rows])
    problems += letter_changes(start.table, rows, letters)
    if not config.joker_sub_from_table:
        problems += filled_from_table(start.table, rows)
    if config.longest_needs_rack_tile and placed:
        problems += _longest_holds_a_rack_tile(new_rows, rack_ids)
    if problems:
        raise IllegalMove(*dict.fromkeys(problems))

    wrong, invalid = _wrong_words(judge, spelled, is_new)
    emptied = len(placed) == len(start.rack)
    new_words = tuple(word for _, word in new_rows)
    return CheckedPlay(Table(rows, named(letters)), placed, new_words, tuple(wrong), tuple(invalid),
                       turn_score([len(w) for w in new_words], emptied), emptied)


def _rows(start: Position, words: Sequence[Sequence[int]]) -> tuple[tuple[Tile, ...], ...]:
    """The rows as tiles; IllegalMove when the tiles are not the player's to place (the checks
    after this one mean nothing until this holds)."""
    rack = {t.id: t for t in start.rack}
    on_table = {t.id: t for row in start.table.rows for t in row}
    seen = Counter(tid for row in words for tid in row)
    problems = []
    if any(n > 1 for n in seen.values()):
        problems.append(_("A tile cannot be in two words at once."))
    if any(tid not in rack and tid not in on_table for tid in seen):
        problems.append(_("Some of those tiles are neither on your rack nor on the table."))
    if any(not row for row in words):
        problems.append(_("A word on the table needs at least one tile."))
    left = [t for tid, t in on_table.items() if tid not in seen]
    if any(is_joker(t) for t in left):
        problems.append(_("A joker taken from the table must be played again in this turn: it never goes to a rack."))
    letters = [t.face for t in left if not is_joker(t)]
    if letters:
        problems.append(_("{tiles} must stay on the table: tiles on the table never go back to a rack.").format(
            tiles=", ".join(letters)))
    if problems:
        raise IllegalMove(*problems)
    return tuple(tuple(rack.get(tid) or on_table[tid] for tid in row) for row in words)


def _first_meld(config: WordRummikubConfig, before: Table, rows: Sequence[Sequence[Tile]],
                new_words: list[str]) -> list[str]:
    """The first meld (RULES.md §2.5): the table untouched, one word of 6+ letters from the rack
    (more rack words of `min_word_len`+ only with `first_meld_extra_words`)."""
    now = {tuple(t.id for t in row) for row in rows}
    if any(tuple(t.id for t in row) not in now for row in before.rows):
        return [_("Until your first meld is down, the words on the table stay as they are: "
                  "lay a word from your own tiles only.")]
    problems = []
    if len(new_words) > 1 and not config.first_meld_extra_words:
        problems.append(_("Your first meld is a single word of {letters} letters or more; you laid {count}.").format(
            letters=FIRST_MELD_LETTERS, count=len(new_words)))
    longest = max(new_words, key=len, default="")
    if new_words and len(longest) < FIRST_MELD_LETTERS:
        problems.append(_("Your first meld must be a word of at least {letters} letters; {word} has {length}.").format(
            letters=FIRST_MELD_LETTERS, word=longest, length=len(longest)))
    return problems


def _longest_holds_a_rack_tile(new_rows: list[tuple[tuple[Tile, ...], str]], rack_ids: set[int]) -> list[str]:
    """RULES.md §2.6 rule 3: among the new words of greatest length, one holds a rack tile."""
    if not new_rows:
        return []
    longest = max(len(row) for row, _ in new_rows)
    top = [(row, word) for row, word in new_rows if len(row) == longest]
    if any(t.id in rack_ids for row, _ in top for t in row):
        return []
    names = ", ".join(word for _, word in top)
    return [_("Your longest new word ({words}) holds no tile from your rack: one of the longest new "
              "words must use a tile you placed this turn.").format(words=names)]


def _wrong_words(judge: WordJudge, spelled: list[str], is_new: list[bool]) -> tuple[list[str], list[str]]:
    """A sentence per wrong word: a new word the word list refuses, a spelling on two rows."""
    wrong: list[str] = []
    invalid: list[str] = []
    counts = Counter(spelled)
    for word, new in zip(spelled, is_new):
        if word in invalid:
            continue
        if new and not judge.accepts(word):
            wrong.append(judge.why_not(word))
            invalid.append(word)
        elif counts[word] > 1:
            wrong.append(_("{word} is on the table twice: every word on the table must be different.").format(word=word))
            invalid.append(word)
    return wrong, invalid
