"""The help overlay: every key of the screen it was opened from, from that screen's bindings,
as the keymap in the settings file has them (ui/keymap.py).

Opened over a timed turn, it keeps the turn clock in sight: the game screen passes `clock`, a
callable returning (seconds left, seconds per turn)."""

from __future__ import annotations

from typing import Iterable

from rich.cells import cell_len, set_cell_size
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tilegames.core.text.i18n import N_, _
from tilegames.ui.keymap import key_label, keys_in_force
from tilegames.ui.screens.base import TranslatedKeys
from tilegames.ui.widgets.timer import ClockSource, TurnTimer

MOUSE_HELP = N_("Mouse: click a tile to pick it up, click where it should go to put it down "
                "(the `+ new set` line starts a new set).")


class HelpScreen(TranslatedKeys, ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen #panel { width: 70; height: 80%; border: round $accent; padding: 0 2; background: $panel; }
    HelpScreen TurnTimer { margin-bottom: 1; }
    """
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close", id="help.close")]

    def __init__(self, bindings: Iterable[BindingType], mouse: str = MOUSE_HELP,
                 clock: ClockSource | None = None, terms: str = "") -> None:
        """`bindings` as a screen's BINDINGS may hold them: Binding objects or (key, action[, description]);
        `mouse` and `terms` (the game's own words, explained; none when empty): message ids
        (marked with N_), translated as they are shown; `clock`, when given, feeds a turn timer
        shown above the keys."""
        super().__init__()
        self.bindings_to_show = [b if isinstance(b, Binding) else Binding(*b) for b in bindings]
        self.mouse = mouse
        self.terms = terms
        self.clock = clock

    def compose(self) -> ComposeResult:
        lines = ["[b]" + _("Keys") + "[/b]", ""]
        for binding, in_force in keys_in_force(self.bindings_to_show, getattr(self.app, "keymap_in_force", {})):
            keys = key_label(in_force)
            description = _(binding.description) if binding.description else ""  # i18n: marked
            lines.append(f"  [b]{set_cell_size(keys, max(18, cell_len(keys)))}[/b] {description}")
        lines += ["", _(self.mouse)]  # i18n: marked
        if self.terms:
            lines += ["", "[b]" + _("Words of the game") + "[/b]", "", _(self.terms)]  # i18n: marked
        lines += ["", _("Press Esc to close.")]
        with Vertical(id="panel") as panel:
            panel.border_title = _("Help")
            if self.clock is not None:
                yield TurnTimer(source=self.clock)
            with VerticalScroll():
                yield Static("\n".join(lines))

    def action_close(self) -> None:
        self.dismiss(None)
