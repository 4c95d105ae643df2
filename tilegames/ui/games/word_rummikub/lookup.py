"""Looking a word up during a turn (RULES.md §2.9: the rule sheet allows a dictionary at the
table): type a word, see at once whether this game accepts it, look up the next; Esc closes.
The answer comes from the same judge the engine commits with, so it never disagrees."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tilegames.core.text.inputs import shown
from tilegames.core.text.i18n import _
from tilegames.games.word_rummikub.config import WordRummikubConfig
from tilegames.games.word_rummikub.view_types import WordRules
from tilegames.games.word_rummikub.words import judge_for_view
from tilegames.ui.screens.base import TranslatedKeys


def verdict(rules: WordRules, text: str) -> str:
    """Whether the game with these rules (a view's `rules`) accepts `text` as a word."""
    word = text.strip().upper()
    if not word.isascii() or not word.isalpha():
        return _("'{text}' is not a word of letters A to Z.").format(text=shown(text, 20))
    judge = judge_for_view(WordRummikubConfig(word_list=rules["word_list"], family_words=rules["family_words"]))
    if judge.accepts(word):
        return _("{word} is a word here.").format(word=word)
    return judge.why_not(word)


class WordLookup(TranslatedKeys, ModalScreen[None]):
    DEFAULT_CSS = """
    WordLookup { align: center middle; }
    WordLookup Vertical { width: 60; height: auto; border: round $accent; padding: 0 1; background: $panel; }
    WordLookup #verdict { height: auto; padding: 1 0 0 0; }
    """
    BINDINGS = [Binding("escape", "close", "Close", id="lookup.close")]

    def __init__(self, rules: WordRules) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = _("Look a word up")
            box.border_subtitle = _("Enter: look up   Esc: back to the game")
            yield Input(placeholder=_("a word"), max_length=20, id="word")
            yield Static("", id="verdict", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#verdict", Static).update(verdict(self.rules, event.value))
        event.input.value = ""

    def action_close(self) -> None:
        self.dismiss(None)
