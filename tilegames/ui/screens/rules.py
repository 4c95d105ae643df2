"""The rules of a game, from the rule text its manifest names in assets/rules/: in the player's
language when there is one (`assets/rules/<language>/<file>`, e.g. assets/rules/ko/), else English.

Opened over a timed turn, the screen keeps the turn clock in sight: the game screen passes
`clock`, a callable returning (seconds left, seconds per turn)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from tilegames.core.text.i18n import ENGLISH, _, language
from tilegames.core.registry import manifest
from tilegames.core.resources import assets_dir
from tilegames.ui.screens.base import TranslatedKeys
from tilegames.ui.widgets.timer import ClockSource, TurnTimer
from tilegames.ui.widgets.footer import KeysFooter


def rules_path(game_id: str, lang: str | None = None) -> Path | None:
    """The rule text of `game_id` in `lang` (the player's language when None), or the English
    one when that language has none; None for a game whose manifest names no rule text."""
    name = manifest(game_id).rules
    if name is None:
        return None
    lang = language() if lang is None else lang
    folder = assets_dir() / "rules"
    translated = folder / lang / name
    return translated if lang != ENGLISH and translated.is_file() else folder / name


def rules_text(game_id: str) -> str:
    path = rules_path(game_id)
    if path is None:
        return _("# Rules\n\nThis game has no rule text.")
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return _("# Rules\n\nThe rule text for this game is missing ({path}).").format(path=path)


class RulesScreen(TranslatedKeys, Screen[None]):
    DEFAULT_CSS = """
    RulesScreen VerticalScroll { padding: 0 2; }
    RulesScreen TurnTimer { dock: top; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,q", "close", "Back", id="rules.close")]

    def __init__(self, game_id: str, clock: ClockSource | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.clock = clock

    def compose(self) -> ComposeResult:
        if self.clock is not None:
            yield TurnTimer(source=self.clock)
        with VerticalScroll():
            yield Markdown(rules_text(self.game_id))
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
