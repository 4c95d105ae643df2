"""Which spellings count as words (RULES.md §2.3, §2.9): the game's word list, or in family
mode only its common words (Lexicon.is_common).

The engine judges commits with it, the views mark each row with it, and the computer player
filters its candidates with it, so all three always agree.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.parts.lexicon import Lexicon, LexiconError, lexicon_for
from tilegames.games.word_rummikub.config import WordRummikubConfig


@functools.lru_cache(maxsize=8)
def _lexicon(word_list: str | None) -> Lexicon:
    return lexicon_for(word_list)


@dataclass(frozen=True)
class WordJudge:
    lexicon: Lexicon
    family: bool
    unreadable: str = ""  # why the game's word list cannot be read (then no word is accepted)

    def accepts(self, word: str) -> bool:
        return self.lexicon.is_common(word) if self.family else word in self.lexicon

    def why_not(self, word: str) -> str:
        """The sentence for a spelling `accepts` refused."""
        if self.unreadable:
            return self.unreadable
        if self.family and word in self.lexicon:
            return _("{word} is too rare a word for the family word mode.").format(word=word)
        return _("{word} is not in the word list.").format(word=word)


def judge_for(config: WordRummikubConfig) -> WordJudge:
    """The game's judge; a word list that cannot be read (moved since the game began) is
    IllegalMove with its sentence, so the player is told rather than the app failing."""
    try:
        return WordJudge(_lexicon(config.word_list), config.family_words)
    except LexiconError as exc:
        raise IllegalMove(str(exc)) from None


def judge_for_view(config: WordRummikubConfig) -> WordJudge:
    """The judge for views, which must always be built: with a word list that cannot be read it
    accepts nothing and says why, on every row and in the commit's problems."""
    try:
        return judge_for(config)
    except IllegalMove as exc:
        return WordJudge(Lexicon("unreadable", Path(config.word_list or ""), {}), config.family_words, str(exc))


def check_word_list(config: WordRummikubConfig) -> None:
    """LexiconError (a ValueError with a sentence) when the game's word list cannot be used."""
    _lexicon(config.word_list)
