"""The key footer of every screen: Textual's Footer, rebuilt only when what it shows changes.

Textual's Footer throws its keys away and mounts new ones each time the screen's bindings
*may* have changed: every focus change, every screen pushed or popped, every keymap set. Each
rebuild mounts a dozen widgets and styles them, and on the play screens that was about a third
of the time a key press took (measured on the UI tests: 35 s of CPU, 24 s without the
rebuilds). Mostly the same keys come back, so this footer compares what it would show with
what it shows and rebuilds only when they differ.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.screen import Screen

Shown = tuple[object, ...]


class KeysFooter(Footer):
    """A Footer that rebuilds its keys only when they change (keys, labels, enabled, tooltips)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._shown: Shown | None = None  # what the last rebuild was asked to show

    def keys_shown(self, screen: Screen[object]) -> Shown:
        """Everything of the screen's active bindings that `Footer.compose` draws."""
        app = screen.app
        shown: list[object] = [self.compact, self.show_command_palette, self.combine_groups]
        for _node, binding, enabled, tooltip in screen.active_bindings.values():
            if binding.show or binding.key == app.COMMAND_PALETTE_BINDING:
                group = binding.group
                shown.append((binding.key, app.get_key_display(binding), binding.description, binding.action,
                              binding.show, binding.tooltip, enabled, tooltip,
                              None if group is None else (group.description, group.compact)))
        return tuple(shown)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not (screen.app.app_focus and self.is_attached and screen is self.screen):
            super().bindings_changed(screen)  # nothing is rebuilt now: the next change rebuilds
            return
        shown = self.keys_shown(screen)
        if shown == self._shown:
            return
        self._shown = shown
        super().bindings_changed(screen)
