"""The lexicon: one word list for the three word games (DESIGN.md §7, RULES.md §2.3, §3.7, §4.4).

The default list is `dictionaries/english.txt` (built by `dictionaries/build.py`; see the
README there). A player may bring their own with `--words FILE`: one word per line, any case,
`#` comments and blank lines ignored. Lookups are set membership on lower-case words.

Word frequencies come from wordfreq on the Zipf scale (7 = "the", 3 = about once per million
words). wordfreq is imported on the first frequency question only, so loading a lexicon stays
fast; the family mode accepts only words at or above `COMMON_ZIPF`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from tilegames.core.errors import BadRecord
from tilegames.core.records.file_limits import WORD_LIST, FileKind, read_limited
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.resources import dictionaries_dir

DEFAULT_LIST = "english.txt"
COMMON_ZIPF = 3.0  # family mode: about once per million words or more often
_LETTERS = re.compile(r"[a-z]+")


class LexiconError(BadRecord):
    """A word list that cannot be used; the message is one line for the player."""


def word_set(words: Iterable[str]) -> Mapping[str, None]:
    """Words to look up, held as a dict's keys rather than a set: a dict of strings only is
    one Python's garbage collector stops watching, while a set of 250,000 words is walked on
    every full collection (22 ms each, pauses in the middle of play)."""
    return dict.fromkeys(words)


@dataclass(frozen=True)
class Lexicon:
    name: str
    path: Path
    words: Mapping[str, None]  # see word_set

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.lower() in self.words

    def frequency(self, word: str) -> float:
        """Zipf frequency of an English word (0.0 when wordfreq has never seen it)."""
        return _zipf(word.lower())

    def is_common(self, word: str, min_zipf: float = COMMON_ZIPF) -> bool:
        """In the list and common enough for the family mode."""
        return word in self and self.frequency(word) >= min_zipf


@functools.lru_cache(maxsize=65536)
def _zipf(word: str) -> float:
    from wordfreq import zipf_frequency  # loaded on first use: it costs a quarter second

    return float(zipf_frequency(word, "en"))


def _read_default(path: Path) -> Mapping[str, None]:
    # The shipped file is already lower-case, letters only, one per line (build.py).
    return word_set(path.read_text(encoding="ascii").split())


@functools.lru_cache(maxsize=1)
def default_lexicon() -> Lexicon:
    """The shipped English list, loaded once per process."""
    path = dictionaries_dir() / DEFAULT_LIST
    try:
        words = _read_default(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise LexiconError(_("The default word list {path} cannot be read ({exc}); reinstall tilegames.").format(path=path, exc=exc)) from None
    return Lexicon("English (SCOWL, size 80, with word-game supplement)", path, words)


def read_players_file(path: Path, name: str, error: type[BadRecord] = BadRecord, kind: FileKind = WORD_LIST) -> str:
    """The text of a data file a player names (a word list, a game's letter tiles), bytes that
    are not UTF-8 replaced; `error` with one sentence beginning with `name` when it cannot be
    read, is not a regular file or is larger than `kind` allows (core/records/file_limits.py)."""
    return read_limited(path, name, kind, error).decode("utf-8", errors="replace")


def word_list_option(text: str) -> str:
    """A word list named on the command line (`--words FILE`), read now so that a bad one is one
    line at the start, not an error mid-game; the config keeps its full path."""
    load_word_file(text)
    return str(Path(text).resolve())


def load_word_file(path: Path | str) -> Lexicon:
    """A player's own list: one word per line, any case; `#` comments and blank lines ignored.

    Lines that are not words of letters (spaces, digits, apostrophes) are skipped; a file with
    no usable word at all is an error.
    """
    path = Path(path)
    text = read_players_file(path, _("Word list {path}").format(path=shown(path, 120)), LexiconError)
    words = set()
    for line in text.splitlines():
        word = line.split("#", 1)[0].strip().lower()
        if _LETTERS.fullmatch(word):
            words.add(word)
    if not words:
        raise LexiconError(_("Word list {path} has no usable word (one word of letters per line).").format(path=shown(path, 120)))
    return Lexicon(path.name, path, word_set(sorted(words)))


def lexicon_for(words_file: Path | str | None) -> Lexicon:
    """The player's list when given, else the default."""
    return load_word_file(words_file) if words_file else default_lexicon()


def lexicon_or_default(words_file: Path | str | None) -> Lexicon:
    """The list a computer player or a hint searches (its word graph: core/wordgraph): the
    game's, or the shipped one when the game's cannot be read (the game then refuses to judge
    anything, and a move from the default list is a fair guess)."""
    try:
        return lexicon_for(words_file)
    except LexiconError:
        return default_lexicon()
