"""What every screen of the app shares: the "terminal too small" notice.

While the notice shows, the screen takes no input: no key reaches a widget, a binding or the
screen's own `on_key` (a Scrabble letter typed then would land on the board later), and no
click reaches what the notice covers. Whatever keeps running behind it (a turn clock) can
stay in sight: the notice shows the line its screen gives in `too_small_status()`, asked again
every second and whenever the screen calls `refresh_notice()`.
"""

from __future__ import annotations

from dataclasses import replace

from textual import events
from textual.binding import ActiveBinding
from textual.app import ComposeResult
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from tilegames.core.text.i18n import _
from tilegames.ui.textual_fixes import release_style_caches

MIN_WIDTH, MIN_HEIGHT = 80, 24
NOTICE_INTERVAL = 1.0  # seconds between two looks at the screen's status line

# Input that would act on the screen behind the notice.
_INPUT = (events.Key, events.MouseEvent, events.Paste)


class TooSmall(Static):
    DEFAULT_CSS = """
    TooSmall {
        layer: overlay;
        dock: top;
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        background: $error-darken-3;
        color: $text;
        display: none;
    }
    """

    def show_size(self, width: int, height: int, status: str = "") -> None:
        lines = [_("The terminal is {width}x{height}.").format(width=width, height=height),
                 _("tilegames needs at least {width}x{height}.").format(width=MIN_WIDTH, height=MIN_HEIGHT),
                 _("Make the window larger to go on."),
                 _("Until then, keys and clicks are ignored.")]
        if status:
            lines += ["", status]
        self.update("\n".join(lines))


class TranslatedKeys:
    """A screen whose footer describes its keys in the player's language: `Binding`
    descriptions are English message ids, made when the screen's module is imported, so they
    are translated as they are shown (core/text/i18n.py)."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        shown: dict[str, ActiveBinding] = super().active_bindings  # type: ignore[misc]
        return {key: active._replace(binding=replace(active.binding, description=_(active.binding.description)))  # i18n: marked
                if active.binding.description else active for key, active in shown.items()}


class BaseScreen(TranslatedKeys, Screen):
    """A screen that covers itself with a notice, and ignores all input, when the terminal is
    below 80x24."""

    DEFAULT_CSS = """
    BaseScreen {
        layers: base overlay;
    }
    """

    _too_small = False
    _focus_to_restore: Widget | None = None
    _notice_timer: Timer | None = None

    def compose_notice(self) -> ComposeResult:
        yield TooSmall(id="too-small")

    # --- what a screen may give -----------------------------------------------------------
    def too_small_status(self) -> str:
        """A line for the notice about what goes on behind it (e.g. "Ann: 0:42 left"); "" for none."""
        return ""

    @property
    def is_too_small(self) -> bool:
        return self._too_small

    def refresh_notice(self) -> None:
        """Show the terminal's size and `too_small_status()` on the notice again (a no-op while
        the notice is hidden). Call it when the status changes, e.g. on each clock tick."""
        if not self._too_small:
            return
        width, height = self.app.size
        status = self.too_small_status()
        for notice in self.query(TooSmall):
            notice.show_size(width, height, status)

    # --- showing and hiding the notice ----------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def on_mount(self) -> None:
        self._check_size()

    def on_unmount(self) -> None:
        release_style_caches()  # the screen's widgets are gone: let their drawings go too

    def on_screen_resume(self) -> None:
        self._check_size()  # the terminal may have changed while another screen was on top

    def _check_size(self) -> None:
        width, height = self.app.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        was_small, self._too_small = self._too_small, small
        for notice in self.query(TooSmall):
            notice.display = small
        if small:
            self.refresh_notice()
        if small == was_small:
            return
        if small:
            self._focus_to_restore = self.focused
            self.set_focus(None)  # keys would go to the focused widget before the screen
            if self._notice_timer is None:
                self._notice_timer = self.set_interval(NOTICE_INTERVAL, self.refresh_notice)
            else:
                self._notice_timer.resume()
        else:
            if self._notice_timer is not None:
                self._notice_timer.pause()
            widget, self._focus_to_restore = self._focus_to_restore, None
            if widget is not None and widget.is_attached and widget.screen is self:
                self.set_focus(widget)
        self.refresh_bindings()

    # --- no input behind the notice -------------------------------------------------------
    async def on_event(self, event: events.Event) -> None:
        if self._too_small and isinstance(event, _INPUT):
            # Neither the screen's handlers nor the app's bindings (reached by bubbling) see it.
            event.stop()
            event.prevent_default()
            return
        await super().on_event(event)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self._too_small:  # focused by code behind the notice: it gets the focus back later
            self._focus_to_restore = event.widget
            self.set_focus(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self._too_small:
            return False  # no binding, footer click or palette command acts behind the notice
        return super().check_action(action, parameters)
