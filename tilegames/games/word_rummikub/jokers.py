"""The jokers' rules at the end of a turn (RULES.md §2.8).

A joker on the table always stands for a letter, named when it is laid (the draft's
`NameJoker`, the play's `jokers`). What is checked here, against the table as the turn began:

* every joker in the rows has exactly one letter, A to Z, and only jokers in the rows have one;
* **a joker's letter changes only when its word changes**: a joker in a word that ends the turn
  exactly as it began (the same tiles in the same order) keeps its letter, so renaming alone
  never makes a new word;
* with `joker_sub_from_table` off, a joker's place may be filled only from the rack: no tile
  that was on the table may end up where a joker stood, between its old neighbours.

A joker taken from its word must end the turn on the table, which the ownership check of
turn.py says in its own words; nobody may touch a table joker before their first meld, which
the first meld's "table untouched" rule covers.
"""

from __future__ import annotations

from typing import Sequence

from tilegames.core.text.i18n import _
from tilegames.core.parts.tiles import Tile
from tilegames.games.word_rummikub.actions import JokerLetter
from tilegames.games.word_rummikub.state import Table
from tilegames.games.word_rummikub.tiles import LETTERS, is_joker, spell

Rows = Sequence[Sequence[Tile]]


def joker_letters(rows: Rows, given: Sequence[JokerLetter]) -> tuple[dict[int, str], list[str]]:
    """The letters of the jokers in `rows`, and a sentence for each problem with them."""
    in_rows = {t.id: number for number, row in enumerate(rows, start=1) for t in row if is_joker(t)}
    letters: dict[int, str] = {}
    problems: list[str] = []
    for item in given:
        if item.tile_id not in in_rows:
            problems.append(_("Only a joker in a word on the table is given a letter."))
        elif item.tile_id in letters:
            problems.append(_("A joker can stand for only one letter at a time."))
        elif len(item.letter) != 1 or item.letter.upper() not in LETTERS:
            problems.append(_("A joker stands for one letter from A to Z."))
        else:
            letters[item.tile_id] = item.letter.upper()
    for joker_id, number in in_rows.items():
        if joker_id not in letters:
            problems.append(_("Say which letter the joker in row {number} stands for.").format(number=number))
    return letters, list(dict.fromkeys(problems))


def letter_changes(before: Table, rows: Rows, letters: dict[int, str]) -> list[str]:
    """A sentence for each joker renamed in a word that is otherwise exactly as it was."""
    kept = {tuple(t.id for t in row) for row in rows}
    old = before.letters
    problems = []
    for row in before.rows:
        if tuple(t.id for t in row) not in kept:
            continue
        for tile in row:
            if is_joker(tile) and letters.get(tile.id) != old.get(tile.id):
                problems.append(_("The joker in {word} stays {letter}: a joker's letter changes only when a tile is "
                                  "added to, taken from or moved in its word.").format(word=spell(row, old),
                                                                                       letter=old.get(tile.id)))
    return problems


def filled_from_table(before: Table, rows: Rows) -> list[str]:
    """For `joker_sub_from_table` off: a sentence for each joker whose old place (between its
    old neighbours) now holds a tile that was on the table when the turn began."""
    on_table = before.ids()
    where = {t.id: (r, i) for r, row in enumerate(rows) for i, t in enumerate(row)}
    problems = []
    for row in before.rows:
        for index, joker in enumerate(row):
            if not is_joker(joker):
                continue
            left = row[index - 1].id if index > 0 else None
            right = row[index + 1].id if index + 1 < len(row) else None
            tile = _between(rows, where, left, right)
            if tile is not None and tile.id != joker.id and tile.id in on_table:
                problems.append(_("The joker in {word} can only be replaced by a letter from your rack, not by "
                                  "{tile} from the table.").format(word=spell(row, before.letters), tile=tile.face))
    return problems


def _between(rows: Rows, where: dict[int, tuple[int, int]], left: int | None, right: int | None) -> Tile | None:
    """The tile now standing right of `left` and left of `right` (either may be None: a joker
    at the end of its word), or None when the old neighbours no longer frame one tile."""
    if left is None and right is None:
        return None
    if left is not None:
        if left not in where:
            return None
        r, i = where[left]
        candidate = (r, i + 1)
    else:
        assert right is not None
        if right not in where:
            return None
        r, i = where[right]
        candidate = (r, i - 1)
    r, i = candidate
    if not 0 <= i < len(rows[r]):
        return None
    if right is not None and left is not None and where.get(right) != (r, i + 1):
        return None
    return rows[r][i]
