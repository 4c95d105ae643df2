"""The theme and the keymap saved in the settings file, applied as the app starts, and the
theme saved again whenever the player picks another (in the palette's Theme command or with
the menu's `t`).

A saved theme the app no longer has, a keymap entry it cannot use, a key given to two
actions: each is a sentence on screen, and the app starts with the rest (core/settings.py
never fails a start on a bad file). An app served over SSH keeps a theme chosen for its
session but writes nothing on the server.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.theme import Theme

from tilegames.core.text.i18n import _, catalog_problem
from tilegames.core.text.inputs import shown
from tilegames.core.places import settings_path
from tilegames.core.settings import save_theme, saved
from tilegames.ui.keymap import check_keymap, clashes, key_label


class Preferences:
    """What the app keeps of the player's theme and keys (`app.preferences`)."""

    def __init__(self, app: App[Any], *, write: bool) -> None:
        self.app = app
        self.write = write
        settings = saved()  # the file read once
        self.saved_theme = settings.theme
        self.keymap, self.problems = check_keymap(settings.keymap)
        # Said once, as the app starts: the settings file ignored, catalog entries in English.
        self.start_problems = [p for p in (settings.problem, catalog_problem()) if p is not None]

    def apply(self) -> None:
        """Use the saved keymap and theme, say what could not be used, and save the theme from
        now on whenever it changes."""
        for problem in self.start_problems:
            self.app.notify(problem, severity="warning", timeout=10, markup=False)
        self.app.set_keymap(self.keymap)
        theme = self.saved_theme
        if theme is not None:
            if theme in self.app.available_themes:
                self.app.theme = theme
            else:
                self.problems.append(_("There is no theme {theme}; the default is used.").format(theme=repr(theme[:40])))
        for problem in self.problems:
            self.tell(problem)
        self._tell_clashes()
        self.app.theme_changed_signal.subscribe(self.app, self._theme_changed)

    def tell(self, problem: str) -> None:
        where = shown(settings_path(), limit=200)
        self.app.notify(f"{where}: {problem}", severity="warning", timeout=8, markup=False)

    def _theme_changed(self, theme: Theme) -> None:
        if not self.write or theme.name == self.saved_theme:
            return
        try:
            save_theme(theme.name)
            self.saved_theme = theme.name
        except (OSError, ValueError) as exc:
            self.app.notify(_("The theme cannot be saved ({reason}).").format(reason=exc),
                            severity="error", timeout=10, markup=False)

    def _tell_clashes(self) -> None:
        """Each key the keymap took from another action, said once as the app starts."""
        for key, winner, loser in clashes(self.keymap):
            self.tell(_("The keymap gives {keys} to {action}, so {other} has lost it.").format(
                keys=key_label(key), action=_(winner.description) if winner.description else winner.action,  # i18n: marked
                other=_(loser.description) if loser.description else loser.action))  # i18n: marked
