"""Which spellings count as words (RULES.md §4.4): the game's word list or, in family mode,
only its common words (Lexicon.is_common).

Commits, the view's would-be result and the computer player all ask the same `Judge`, so they
always agree. A word list that cannot be read (moved since the game began) makes a judge that
accepts nothing and says why, so views are still built and every commit is refused with that
sentence.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from tilegames.core.text.i18n import _
from tilegames.core.parts.lexicon import Lexicon, LexiconError, lexicon_for
from tilegames.games.nabit.config import NabItConfig


@functools.lru_cache(maxsize=8)
def _lexicon(word_list: str | None) -> Lexicon:
    return lexicon_for(word_list)


@dataclass(frozen=True)
class Judge:
    lexicon: Lexicon | None  # None: the list cannot be read, see `unreadable`
    family: bool
    unreadable: str = ""

    def problem(self, word: str) -> str | None:
        """Why `word` does not count, as a sentence; None when it does."""
        if self.lexicon is None:
            return self.unreadable
        if word not in self.lexicon:
            return _("{word} is not in the word list.").format(word=word)
        if self.family and not self.lexicon.is_common(word):
            return _("{word} is too rare a word for the family word mode.").format(word=word)
        return None


def judge_for(config: NabItConfig) -> Judge:
    try:
        return Judge(_lexicon(config.word_list), config.family_words)
    except LexiconError as exc:
        return Judge(None, config.family_words, str(exc))


def check_word_list(config: NabItConfig) -> None:
    """LexiconError (a ValueError with a sentence) when the game's word list cannot be used."""
    _lexicon(config.word_list)
