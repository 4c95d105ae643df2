"""The menu's Language entry: English or 한국어, saved for every later start.

The language is fixed for the life of a process (core/text/i18n.py: key descriptions and option
labels are made when their modules are imported), so choosing another one saves it
(core/settings.py) and starts tilegames again in it: the app exits with `restart_in_language`
set, and the command line (cli.py) runs tilegames anew with `restart_argv`, which brings the
player back to the menu they chose from, now in the new language.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, NoReturn, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tilegames.core.text.i18n import LANGUAGES, _, language
from tilegames.core.settings import save_language
from tilegames.net.ssh_child import NOTHING_SAVED
from tilegames.ui.screens.base import TranslatedKeys

if TYPE_CHECKING:
    from tilegames.ui.app import TilegamesApp


class LanguageScreen(TranslatedKeys, ModalScreen["str | None"]):
    """The languages, each in its own name, the current one highlighted: Enter chooses one,
    Esc keeps the language as it is."""

    DEFAULT_CSS = """
    LanguageScreen { align: center middle; }
    LanguageScreen Vertical { width: 48; height: auto; border: round $accent; padding: 1 2; background: $panel; }
    LanguageScreen OptionList { height: auto; margin: 1 0 0 0; }
    LanguageScreen #note { color: $text-muted; padding: 1 0 0 0; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="language.cancel")]

    def __init__(self, current: str) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = _("Language")
            yield Static(_("The language of menus, screens, messages and rules:"))
            yield OptionList(*(Option(name, id=code) for code, name in LANGUAGES.items()))
            yield Static(_("tilegames starts again in the language chosen.") + "\n"
                         + _("Enter: choose   Esc: cancel"), id="note")

    def on_mount(self) -> None:
        choices = self.query_one(OptionList)
        choices.highlighted = list(LANGUAGES).index(self.current) if self.current in LANGUAGES else 0
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


def switch_language(app: TilegamesApp, chosen: str | None) -> bool:
    """Save `chosen` as the language of every later start and end the app so that it starts
    again in it (`app.restart_in_language`); True when the app is ending for that. Choosing
    the language already in use (or nothing) changes nothing; a setting that cannot be saved
    is a sentence, and the app goes on as it is. An app served over SSH writes no settings on
    the server (nor would starting again bring the player back to their game): it says so."""
    if chosen is None or chosen == language():
        return False
    if app.over_ssh:
        app.notify(_(NOTHING_SAVED), severity="warning", timeout=10, markup=False)  # i18n: marked
        return False
    try:
        save_language(chosen)
    except (OSError, ValueError) as exc:
        app.notify(_("The language cannot be saved ({reason}); tilegames stays as it is.").format(reason=exc),
                   severity="error", timeout=10, markup=False)
        return False
    app.restart_in_language = chosen
    app.exit()
    return True


def restart_argv(argv: Sequence[str], language: str) -> list[str]:
    """The arguments tilegames starts again with in `language`, from those it was started with:
    the options before the command, with `--lang` set to `language`. The command itself is left
    out: the language is chosen in the menu, and starting `play` or `join` again would deal a
    new game or join again instead of coming back to it."""
    kept: list[str] = []
    words = iter(argv)
    for word in words:
        if not word.startswith("-"):
            break  # the command
        if word == "--lang":
            next(words, None)
        elif not word.startswith("--lang="):
            kept.append(word)
    return ["--lang", language, *kept]


def restart(language: str, argv: Sequence[str] | None = None) -> NoReturn:
    """Run tilegames again in `language`, in place of this process (after the app has ended
    and the terminal is restored)."""
    args = restart_argv(sys.argv[1:] if argv is None else argv, language)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, [sys.executable, "-m", "tilegames", *args])
