"""Small screens between turns: the hand-off that hides the rack, a yes/no question, and what
leaving a game asks (as true as its saving is)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from typing import Any

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from tilegames.core.text.i18n import _, ngettext
from tilegames.core.kernel.session import LocalSession
from tilegames.core.kernel.session_protocol import Session
from tilegames.ui.screens.base import TranslatedKeys
from tilegames.ui.widgets.footer import KeysFooter


def ask_to_leave(session: Session | None) -> str:
    """What leaving a game played here asks. Saving is tried again first (the player may just
    have freed some space), then the question says what leaving loses: how many moves are not
    saved, or the turn's changes, and what to do to keep them; "It is saved, this turn too"
    only when it is. A session that does not save here (None) gets a question that promises
    nothing."""
    if not isinstance(session, LocalSession):
        return _("Leave this game? Choose Resume in the menu (or run `tilegames resume`) to go on from where it "
                 "was last saved. (y/n)")
    if session.path is None:
        return _("Leave this game? It is not saved: leaving ends it. (y/n)")
    session.retry_saving()
    count = session.unsaved_moves
    if count and not session.may_still_save:
        return ngettext("Leave this game? Saving stopped for good, and {count} move is not saved: leaving loses it, "
                        "and Resume goes on from before it. (y/n)",
                        "Leave this game? Saving stopped for good, and {count} moves are not saved: leaving loses "
                        "them, and Resume goes on from before them. (y/n)", count).format(count=count)
    if count:
        return ngettext("Leave this game? {count} move is not saved yet (the disk takes nothing now): leaving loses "
                        "it. To keep it, answer n, free some space on the disk and play on: tilegames saves it then. "
                        "(y/n)",
                        "Leave this game? {count} moves are not saved yet (the disk takes nothing now): leaving loses "
                        "them. To keep them, answer n, free some space on the disk and play on: tilegames saves them "
                        "then. (y/n)", count).format(count=count)
    if not session.turn_saved:
        return _("Leave this game? Every move is saved, but this turn's changes are not saved yet (the disk takes "
                 "nothing now): leaving loses them. To keep them, answer n and free some space on the disk. (y/n)")
    return _("Leave this game? It is saved, this turn too: choose Resume in the menu (or run `tilegames resume`) "
             "to go on. (y/n)")


class HandOff(TranslatedKeys, Screen[None]):
    """Covers the whole terminal so the next player never sees the previous rack. Enter goes on;
    q or Esc leaves for the menu, asking what the game's own leave key asks (`ask`: how much of
    the game is saved)."""

    DEFAULT_CSS = """
    HandOff { align: center middle; background: $background; }
    HandOff Vertical { width: 50; height: auto; border: double $accent; padding: 1 2; }
    HandOff Static { width: 100%; text-align: center; }
    HandOff #who { text-style: bold; }
    HandOff #notice { color: $error; text-style: bold; padding: 0 0 1 0; }
    """
    BINDINGS = [Binding("enter,space", "go", "Continue", id="hand_off.go"),
                Binding("q,escape", "leave", "Menu", id="hand_off.leave")]

    def __init__(self, name: str, notice: str = "", ask: Callable[[], str] | None = None) -> None:
        super().__init__()
        self.player = name
        self.notice = notice  # public news from the turn that just ended (a timeout penalty)
        self.ask = ask or (lambda: ask_to_leave(None))

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.notice:
                yield Static(Text(self.notice), id="notice")
            yield Static(Text(_("Pass to {name}").format(name=self.player)), id="who")
            yield Static("")
            yield Static(Text(_("{name}: press Enter when only you can see the screen.").format(name=self.player)))
        yield KeysFooter()

    def action_go(self) -> None:
        self.dismiss(None)

    def action_leave(self) -> None:
        """Back to the menu, as the game screens' own leave key does, asking the same."""
        def leave(yes: bool | None) -> None:
            if yes:
                self.app.back_to_menu()  # type: ignore[attr-defined]

        self.app.push_screen(Confirm(self.ask()), leave)

    def on_click(self) -> None:
        self.dismiss(None)


class Confirm(TranslatedKeys, ModalScreen[bool]):
    """A yes/no question answered with y or n (Enter is yes, Escape is no). `over_play`: the
    question is about what the screen shows (a rack's doubles): it is docked at the top, over
    a screen left in sight, instead of in the middle of a screen it covers."""

    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm.-over-play { align: center top; }
    Confirm Vertical { width: 60; height: auto; border: round $warning; padding: 1 2; background: $panel; }
    Confirm.-over-play Vertical { width: 100%; padding: 0 1; }
    Confirm Static { width: 100%; }
    """
    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str, *, over_play: bool = False) -> None:
        super().__init__(classes="-over-play" if over_play else None)
        self.question = question

    def on_mount(self) -> None:
        if self.has_class("-over-play"):
            # Inline, so the app's `Screen { background }` cannot cover the play with a solid colour.
            self.styles.background = "transparent"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            with Center():
                yield Static(_("[b]y[/b] yes    [b]n[/b] no"))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class AskLetter(TranslatedKeys, ModalScreen["str | None"]):
    """Which letter does a blank (a joker) stand for? Type it (Esc cancels)."""

    DEFAULT_CSS = """
    AskLetter { align: center middle; }
    AskLetter Vertical { width: 50; height: auto; border: round $accent; padding: 1 2; background: $panel; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="ask_letter.cancel")]

    def __init__(self, question: str | None = None) -> None:
        super().__init__()
        self.question = _("The blank stands for which letter? Type it (A-Z). Esc cancels.") if question is None \
            else question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, markup=False)

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isalpha() and event.character.isascii():
            event.stop()
            self.dismiss(event.character.upper())

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChallengePrompt(TranslatedKeys, ModalScreen["int | None"]):
    """After a play, the other players may challenge: the number of the challenger, or Enter
    to let the play stand (RULES.md §3.8: the first to challenge decides). Docked at the bottom,
    so the board and the play in question stay in view."""

    DEFAULT_CSS = """
    ChallengePrompt { align: center bottom; }
    ChallengePrompt Vertical { width: 100%; height: auto; border: round $warning; padding: 0 1; background: $panel; }
    ChallengePrompt #choices { color: $text-muted; }
    """
    BINDINGS = [Binding("enter,n,escape", "stand", "No challenge", id="challenge.stand")]

    def __init__(self, question: str, challengers: list[tuple[int, str]]) -> None:
        super().__init__()
        self.question = question
        self.challengers = challengers

    def on_mount(self) -> None:
        # Inline, so the app's `Screen { background }` cannot cover the board with a solid colour.
        self.styles.background = "transparent"

    def compose(self) -> ComposeResult:
        choices = Text()
        for number, (_seat, name) in enumerate(self.challengers, start=1):
            choices.append(f"{number}", "bold")
            choices.append(" " + _("{name} challenges").format(name=name) + "   ")
        choices.append("Enter", "bold")
        choices.append(" " + _("no challenge: the play stands"))
        with Vertical() as box:
            box.border_title = _("Challenge?")
            yield Static(Text(self.question))
            yield Static(choices, id="choices")

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            number = int(event.character)
            if 1 <= number <= len(self.challengers):
                event.stop()
                self.dismiss(self.challengers[number - 1][0])

    def action_stand(self) -> None:
        self.dismiss(None)


class ExchangePicker(TranslatedKeys, ModalScreen["list[int] | None"]):
    """Choose tiles to exchange by typing their letters (? for a blank); Enter exchanges."""

    DEFAULT_CSS = """
    ExchangePicker { align: center middle; }
    ExchangePicker Vertical { width: 60; height: auto; border: round $accent; padding: 1 2; background: $panel; }
    """
    BINDINGS = [Binding("enter", "done", "Exchange", id="exchange.done"),
                Binding("escape", "cancel", "Cancel", id="exchange.cancel"),
                Binding("backspace", "undo", "Put back", id="exchange.undo")]

    def __init__(self, rack: Sequence[Mapping[str, Any]]) -> None:
        super().__init__()
        self.rack = rack
        self.chosen: list[int] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="picker")
            yield Static(id="refused")

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        keep = " ".join(t["face"] for t in self.rack if t["id"] not in self.chosen) or "-"
        out = " ".join(t["face"] for t in self.rack if t["id"] in self.chosen) or "-"
        labels = (_("Keep:"), _("Exchange:"))
        width = max(cell_len(label) for label in labels) + 2  # the tiles line up under each other
        self.query_one("#picker", Static).update(Text(
            _("Type the letters to exchange (? for a blank). Backspace puts one back.") + "\n\n"
            + f"{set_cell_size(labels[0], width)}{keep}\n{set_cell_size(labels[1], width)}{out}\n\n"
            + _("Enter exchanges, Esc cancels.")))

    def on_key(self, event: events.Key) -> None:
        ch = (event.character or "").upper()
        if ch and (ch.isalpha() or ch == "?"):
            event.stop()
            tile = next((t for t in self.rack if t["face"] == ch and t["id"] not in self.chosen), None)
            if tile is None:
                shown = _("blank") if ch == "?" else ch
                if any(t["face"] == ch for t in self.rack):
                    refusal = _("You have no other {tile} to exchange.").format(tile=shown)
                else:
                    refusal = _("You have no {tile} to exchange.").format(tile=shown)
                self.query_one("#refused", Static).update(Text(refusal, "bold"))
                self.app.bell()
                return
            self.chosen.append(tile["id"])
            self.query_one("#refused", Static).update("")
            self._show()

    def action_undo(self) -> None:
        self.query_one("#refused", Static).update("")
        if self.chosen:
            self.chosen.pop()
            self._show()

    def action_done(self) -> None:
        self.dismiss(self.chosen or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
