"""The active screen's own actions, for the command palette (ctrl+p).

Every key a screen binds with a description becomes a palette command ("Undo", "Sort rack",
"Exchange"), so a player who forgot a key can search for what they want to do. Cursor
movement is left out: nobody looks that up."""

from __future__ import annotations

from functools import partial
from typing import Any, Iterable

from textual.app import SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from tilegames.core.text.i18n import _
from tilegames.ui.keymap import key_label, keys_in_force

CURSOR_ACTIONS = {"move", "edge", "switch_zone", "pick", "cancel", "toggle_direction"}


def screen_commands(screen: Screen[Any]) -> Iterable[SystemCommand]:
    seen: set[str] = set()
    # A play screen's keys are its base classes' too (help_bindings); another screen's are its own.
    declared = screen.help_bindings() if hasattr(screen, "help_bindings") else screen.BINDINGS
    bindings = [binding for binding in declared if isinstance(binding, Binding)]
    for binding, in_force in keys_in_force(bindings, getattr(screen.app, "keymap_in_force", {})):
        if not binding.description:
            continue
        action = binding.action.split("(")[0]
        if action in CURSOR_ACTIONS or binding.action in seen:
            continue
        seen.add(binding.action)
        keys = key_label(in_force)
        yield SystemCommand(_(binding.description), _("Key: {keys}").format(keys=keys),  # i18n: marked
                            partial(screen.run_action, binding.action))
