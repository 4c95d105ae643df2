"""Who plays each seat, a person or the computer: one line of the setup form, one switch per
seat, so a computer opponent is chosen without knowing that `cpu` is a name that means one."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from tilegames.core.text.i18n import _

NAME_CELLS = 16  # the longest a name is shown; shorter when many seats share the line


class SeatKinds(Widget, can_focus=True):
    """The seats in order, each marked person or computer; ←/→ choose a seat, space switches it."""

    DEFAULT_CSS = """
    SeatKinds { height: 1; width: 1fr; }
    SeatKinds:focus .seat-kinds--cursor { text-style: reverse; }
    """
    COMPONENT_CLASSES = {"seat-kinds--cursor"}
    BINDINGS = [
        Binding("left", "move(-1)", "Previous seat", show=False, id="seat_kinds.previous"),
        Binding("right", "move(1)", "Next seat", show=False, id="seat_kinds.next"),
        Binding("space,enter", "switch", "Person / computer", id="seat_kinds.switch"),
    ]

    cursor: reactive[int] = reactive(0)

    class Switched(Message):
        """A seat was switched between a person and the computer."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seats: list[tuple[str, bool]] = []  # (name, played by the computer)

    def show(self, seats: list[tuple[str, bool]]) -> None:
        self.seats = seats
        self.cursor = min(self.cursor, max(len(seats) - 1, 0))
        self.refresh()

    def render(self) -> Text:
        if not self.seats:
            return Text(_("(name the players above)"), style="dim")
        line = Text()
        cursor_style = self.get_component_rich_style("seat-kinds--cursor")
        # Each seat takes "[x] " and two cells of space besides its name: names are cut to fit.
        room = max(3, min(NAME_CELLS, self.size.width // len(self.seats) - 6))
        for index, (name, computer) in enumerate(self.seats):
            short = name if cell_len(name) <= room else set_cell_size(name, room - 1) + "…"
            label = f"[{'x' if computer else ' '}] {short}"
            line.append(label, style=cursor_style if index == self.cursor and self.has_focus else "")
            line.append("  ")
        return line

    def action_move(self, step: int) -> None:
        if self.seats:
            self.cursor = (self.cursor + step) % len(self.seats)

    def action_switch(self) -> None:
        if self.seats:
            self.post_message(self.Switched(self.cursor))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
