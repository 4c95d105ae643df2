"""Rummikub Word's moves: the plays a seat can find from its view, each checked by the engine and
with what it scores (DESIGN.md §4 "Strength", §7a). The computer players (agent.py) are policies
over them, and the hints (hints.py) show the best of them.

Before its first meld a seat looks for words of 6 letters or more its rack spells, its own
jokers standing in for missing letters (and, with `first_meld_extra_words`, more words from
what is left). Afterwards it looks for words its rack spells and for words made by adding rack
letters to a word on the table (reordering that word's tiles as needed: CAT + S may become
ACTS). The finds (search.py, on the shared word graph) are ordered longest first; each
candidate is one find with as many other finds as still fit the letters left, else that find
alone (`candidates`). Apart from those, `remake_candidates` breaks table words up and remakes
them with rack tiles (remakes.py): one word into two, two words into three or two. A joker is
never taken from the table, and a word holding one is never broken up, so every candidate stays
clear of the joker rules.

Every candidate passes the engine's own commit check (turn.py) and word judge, so it is never
refused and never penalised; a find that does not pass is dropped. The search is bounded
(`RACK_FINDS`, `FINDS_PER_WORD`, `REMAKE_PAIRS`...) and stops at its deadline.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Callable, Iterator

from tilegames.core.errors import IllegalMove
from tilegames.core.parts.tiles import Tile
from tilegames.games.word_rummikub.actions import JokerLetter, Play
from tilegames.games.word_rummikub.config import FIRST_MELD_LETTERS, WordRummikubConfig
from tilegames.core.wordgraph import WordGraph, graph_for
from tilegames.games.word_rummikub.search import Find, extensions, rack_words
from tilegames.games.word_rummikub.remakes import remakes
from tilegames.games.word_rummikub.state import Table, named
from tilegames.games.word_rummikub.tiles import is_joker, spell
from tilegames.games.word_rummikub.turn import Position, check_play
from tilegames.games.word_rummikub.view_types import WordRules, WordRummikubView
from tilegames.games.word_rummikub.words import WordJudge, judge_for

RACK_FINDS = 30  # rack words kept as candidates
FINDS_PER_WORD = 3  # extensions kept per table word
REMAKES_LOOKED_AT = 300  # sets of words remaking one group of table words, at most, ranked by length
REMAKES_PER_GROUP = 4  # of those, plays kept per group
REMAKE_PAIRS = 10  # pairs of table words remade together, the shortest pairs


@dataclass(frozen=True)
class Piece:
    """One word of a move: its tiles in order, the table row it replaces (None: a new row),
    and the letters of the rack jokers in it."""

    word: str
    tiles: tuple[Tile, ...]
    row: int | None
    jokers: tuple[tuple[int, str], ...]
    rack_ids: frozenset[int]


@dataclass(frozen=True)
class Candidate:
    """A play found: the action, what the turn scores with it (the longest new word, doubled
    when the rack is emptied), the rack tiles it places and the words it lays or remakes."""

    action: Play
    score: int
    placed: tuple[Tile, ...]
    pieces: tuple[Piece, ...]


@dataclass
class _Search:
    """The search for one position: the position as the view shows it, the word list and its
    graph, the deadline, and the spellings already on the table."""

    config: WordRummikubConfig
    judge: WordJudge
    graph: WordGraph
    start: Position
    deadline: float
    taken: set[str] = field(default_factory=set)  # spellings on the table
    wanted: Callable[[str], bool] | None = None  # the words a player would make (easy: common ones)

    @property
    def rows(self) -> tuple[tuple[Tile, ...], ...]:
        return self.start.table.rows

    def find_pieces(self) -> list[Piece]:
        """Candidate words, the longest first."""
        rack = self.start.rack
        letters, jokers = _letters(rack), sum(1 for t in rack if is_joker(t))
        found: list[Piece] = []
        min_len = self.config.min_word_len if self.start.melded else FIRST_MELD_LETTERS
        found += self._keep(rack_words(self.graph, letters, jokers, min_len, self.deadline), None, RACK_FINDS)
        if self.start.melded:
            letters_of = self.start.table.letters
            for number, row in enumerate(self.rows):
                word = spell(row, letters_of).lower()
                finds = extensions(self.graph, word, letters, jokers, self.deadline)
                found += self._keep(finds, number, FINDS_PER_WORD)
        found.sort(key=lambda p: (-len(p.word), -len(p.rack_ids), p.word))
        return found

    def _keep(self, finds: Iterator[Find], row: int | None, most: int) -> list[Piece]:
        kept: list[Piece] = []
        for find in finds:
            word = find.word.upper()
            if word in self.taken or not self.judge.accepts(word) or any(p.word == word for p in kept):
                continue
            if self.wanted is not None and not self.wanted(word):
                continue
            piece = self.piece(find, row, self.start.rack)
            if piece is not None:
                kept.append(piece)
            if len(kept) >= most:
                break
        return kept

    def piece(self, find: Find, row: int | None, rack: tuple[Tile, ...]) -> Piece | None:
        """The tiles spelling `find` from the table row and `rack` (None: they are not there)."""
        pools: dict[str, list[Tile]] = defaultdict(list)
        if row is not None:
            letters_of = self.start.table.letters
            for tile in self.rows[row]:
                pools[(letters_of.get(tile.id) if is_joker(tile) else tile.face) or "?"].append(tile)
        real = Counter(find.rack_letters.upper())
        own: dict[str, list[Tile]] = defaultdict(list)
        for tile in rack:
            own[tile.face].append(tile)
        tiles: list[Tile] = []
        jokers: list[tuple[int, str]] = []
        for ch in find.word.upper():
            if pools[ch]:
                tiles.append(pools[ch].pop(0))
            elif real[ch] and own[ch]:
                real[ch] -= 1
                tiles.append(own[ch].pop(0))
            elif own["*"]:
                joker = own["*"].pop(0)
                tiles.append(joker)
                jokers.append((joker.id, ch))
            else:
                return None
        rack_ids = frozenset(t.id for t in tiles) & {t.id for t in rack}
        return Piece(find.word.upper(), tuple(tiles), row, tuple(jokers), rack_ids)

    def play(self, pieces: list[Piece]) -> Candidate | None:
        """The move laying `pieces`, if the engine's check passes it with every word right."""
        rows = list(self.rows)
        new_rows = []
        letters = self.start.table.letters
        for piece in pieces:
            if piece.row is None:
                new_rows.append(piece.tiles)
            else:
                rows[piece.row] = piece.tiles
            letters.update(piece.jokers)
        all_rows = rows + new_rows
        words = tuple(tuple(t.id for t in row) for row in all_rows)
        in_rows = {t.id for row in all_rows for t in row}
        jokers = tuple(JokerLetter(i, ch) for i, ch in sorted(letters.items()) if i in in_rows)
        try:
            checked = check_play(self.config, self.judge, self.start, words, jokers)
        except IllegalMove:
            return None
        if checked.wrong:
            return None
        return Candidate(Play(words, jokers), checked.score, checked.placed, tuple(pieces))

    def candidates(self) -> Iterator[Candidate]:
        """For each find, the longest first: it with as many other finds as still fit, else it
        alone, when the engine's check passes that."""
        pieces = self.find_pieces()
        for first in pieces:
            chosen = self._fill([first], pieces)
            move = self.play(chosen) or self.play([first])
            if move is not None:
                yield move

    def remake_candidates(self) -> Iterator[Candidate]:
        """Table words broken up and remade with rack tiles (remakes.py), only once the seat has
        melded: each word alone into two words, then two words together into three or two, the
        shortest first. Each group of words gets its share of the time left and gives a few
        plays, those with the longest words first."""
        if not self.start.melded:
            return
        groups = self._remake_groups()
        for done, (rows, parts) in enumerate(groups):
            now = time.monotonic()
            if now >= self.deadline:
                return
            share = now + (self.deadline - now) / (len(groups) - done)
            yield from self._remakes_of(rows, parts, share)

    def _remake_groups(self) -> list[tuple[tuple[int, ...], int]]:
        """The rows to break up together and the number of words to make of them: every row
        without a joker alone, then the `REMAKE_PAIRS` shortest pairs of them."""
        free = [n for n, row in enumerate(self.rows) if not any(is_joker(t) for t in row)]
        pairs = sorted(itertools.combinations(free, 2), key=lambda p: (len(self.rows[p[0]]) + len(self.rows[p[1]]), p))
        return ([((n,), 2) for n in free]
                + [(pair, parts) for pair in pairs[:REMAKE_PAIRS] for parts in (3, 2)])

    def _remakes_of(self, rows: tuple[int, ...], parts: int, deadline: float) -> Iterator[Candidate]:
        letters_of = self.start.table.letters
        broken = [spell(self.rows[n], letters_of).lower() for n in rows]
        sets = remakes(self.graph, "".join(broken), _letters(self.start.rack), self.config.min_word_len, parts,
                       deadline, broken)
        if self.config.longest_needs_rack_tile:  # refused otherwise (RULES.md §2.6 rule 3)
            sets = (finds for finds in sets if any(f.rack_letters for f in finds if len(f.word) == _longest(finds)))
        found = list(itertools.islice(sets, REMAKES_LOOKED_AT))
        found.sort(key=lambda finds: (-_longest(finds), [f.word for f in finds]))
        made = 0
        for finds in found:
            words = [f.word.upper() for f in finds]
            if any(w in self.taken or not self.judge.accepts(w) for w in words):
                continue
            if self.wanted is not None and not all(self.wanted(w) for w in words):
                continue
            pieces = self._remade_pieces(rows, finds)
            move = self.play(pieces) if pieces is not None else None
            if move is not None:
                made += 1
                yield move
            if made >= REMAKES_PER_GROUP:
                return

    def _remade_pieces(self, rows: tuple[int, ...], finds: tuple[Find, ...]) -> list[Piece] | None:
        """The words' tiles, the broken rows' tiles first, then the rack's; the words take the
        rows' places in turn, and a word more than there were rows is a new row."""
        pools: dict[str, list[Tile]] = defaultdict(list)
        for number in rows:
            for tile in self.rows[number]:
                pools[tile.face].append(tile)
        own: dict[str, list[Tile]] = defaultdict(list)
        for tile in self.start.rack:
            own[tile.face].append(tile)
        rack_ids = {t.id for t in self.start.rack}
        pieces = []
        for place, find in enumerate(finds):
            tiles = []
            for ch in find.word.upper():
                source = pools[ch] or own[ch]
                if not source:
                    return None
                tiles.append(source.pop(0))
            row = rows[place] if place < len(rows) else None
            pieces.append(Piece(find.word.upper(), tuple(tiles), row, (), frozenset(t.id for t in tiles) & rack_ids))
        if any(pools.values()):
            return None  # a table tile left out
        return pieces

    def _fill(self, chosen: list[Piece], pieces: list[Piece]) -> list[Piece]:
        """Add finds that still fit: rows not used yet, letters still on the rack, new
        spellings. The first meld takes more words only with `first_meld_extra_words`."""
        if not self.start.melded and not self.config.first_meld_extra_words:
            return chosen
        for other in pieces:
            used = {i for p in chosen for i in p.rack_ids}
            left = tuple(t for t in self.start.rack if t.id not in used)
            if other.row is not None and any(p.row == other.row for p in chosen):
                continue
            if any(p.word == other.word for p in chosen) or not left:
                continue
            if other.row is None and len(other.word) < self.config.min_word_len:
                continue
            find = Find(other.word.lower(), _letters([t for t in other.tiles if t.id in other.rack_ids]),
                        "".join(ch for _, ch in other.jokers).lower())
            piece = self.piece(find, other.row, left)
            if piece is not None:
                chosen = chosen + [piece]
        return chosen


def _longest(finds: tuple[Find, ...]) -> int:
    return max(len(f.word) for f in finds)


def _letters(tiles: tuple[Tile, ...] | list[Tile]) -> str:
    return "".join(sorted(t.face.lower() for t in tiles if not is_joker(t)))


def candidates(view: WordRummikubView, seconds: float,
               wanted: Callable[[str], bool] | None = None) -> Iterator[Candidate]:
    """The plays for the view's seat (not a spectator), in the search's order (see above), found
    within `seconds` (counted once the word graph is loaded: core/wordgraph), their words all
    `wanted` when that is given. None at all when the word list cannot be read: nothing can be
    judged."""
    search = _search_for(view, seconds, wanted)
    return search.candidates() if search is not None else iter(())


def remake_candidates(view: WordRummikubView, seconds: float,
                      wanted: Callable[[str], bool] | None = None) -> Iterator[Candidate]:
    """The plays that break table words up and remake them with rack tiles (remakes.py)."""
    search = _search_for(view, seconds, wanted)
    return search.remake_candidates() if search is not None else iter(())


def _search_for(view: WordRummikubView, seconds: float, wanted: Callable[[str], bool] | None) -> _Search | None:
    seat, own = view["you"], view["rack"]
    assert seat is not None and own is not None, "a spectator has no rack"
    config = _config(view["rules"])
    try:
        judge = judge_for(config)
    except IllegalMove:
        return None
    rows = tuple(tuple(Tile(t["id"], t["face"]) for t in row["tiles"]) for row in view["table"])
    # a letter None only in a draft's row (a commit refuses a joker without one); str() as before
    letters = {t["id"]: str(t["letter"]) for row in view["table"] for t in row["tiles"] if t["joker"]}
    rack = tuple(Tile(t["id"], t["face"]) for t in own)
    start = Position(Table(rows, named(letters)), rack, view["melded"][seat], view["pool"])
    graph = graph_for(config.word_list)
    return _Search(config, judge, graph, start, time.monotonic() + seconds,
                   {row["word"] for row in view["table"]}, wanted)


def _config(rules: WordRules) -> WordRummikubConfig:
    """The options the view shows (its RULE_KEYS), as the engine's config; the rest (the clock,
    the letters file) are the defaults, which no check of a play reads."""
    return WordRummikubConfig(
        min_word_len=rules["min_word_len"], first_meld_extra_words=rules["first_meld_extra_words"],
        longest_needs_rack_tile=rules["longest_needs_rack_tile"], joker_sub_from_table=rules["joker_sub_from_table"],
        word_check=rules["word_check"], skip_next_turn_on_misspell=rules["skip_next_turn_on_misspell"],
        timeout_penalty_tiles=rules["timeout_penalty_tiles"], winner_rule=rules["winner_rule"],
        family_words=rules["family_words"], word_list=rules["word_list"])


def best_plays(view: WordRummikubView, seconds: float, most: int) -> list[Candidate]:
    """Up to `most` plays found within `seconds`, best first: the highest score (going out
    doubles it), then the more tiles laid, then the first found. Strong plays the first, and
    the hint shows it."""
    found = list(itertools.islice(candidates(view, seconds / 2), most))
    found += list(itertools.islice(remake_candidates(view, seconds / 2), most))
    order = sorted(range(len(found)), key=lambda i: (-found[i].score, -len(found[i].placed), i))
    return [found[i] for i in order]
