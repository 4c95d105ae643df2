"""The initial-meld checker: type the sets you mean to lay down first and see, as you type,
whether they make the 30 points (RULES.md §1.4.1). A tool for players at a real table as much
as for the app's own games.

Each set shows its tiles as the game draws them, what it is (group, run, or invalid with the
reason), what each joker stands for and the points it counts; then the total and "30 reached"
or how many points are still missing. The judge is the same as `tilegames rummikub meld-check`'s
(games/rummikub/meld_report.py's `check_initial_meld`), so both always agree.

Notation as in meld-check: a tile is a colour letter (R red, B blue, K black, O orange) and a
number 1-13, or J for a joker; spaces between the tiles of a set. The command line takes one set
per argument; here, on one line, a comma (or a semicolon) starts the next set.

Tiles can also be picked instead of typed: Tab moves to the box of every tile (a row a colour,
the joker at the end of each), where the arrows choose, Enter or Space adds the tile to the last
set, n starts a new set and Backspace takes back the last tile; a click adds a tile too. Picking
writes the same line typing would, so there is one thing to read and to correct.
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Static

from tilegames.games.rummikub.config import INITIAL_MELD_POINTS
from tilegames.core.text.i18n import N_, _
from tilegames.games.rummikub.meld_report import MeldReport, SetReport, check_initial_meld
from tilegames.games.rummikub.notation import COLOURS, HIGHEST, JOKER_TOKEN, LOWEST, Edition, Face, NotationError, parse_faces
from tilegames.ui.games.rummikub.tiles import kind_name, tile_style
from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.tilecells import CELL_WIDTH, tile_cell
from tilegames.ui.widgets.message_line import wrap_cells
from tilegames.ui.widgets.table import LABEL_WIDTH, end_row
from tilegames.ui.widgets.footer import KeysFooter

MAX_INPUT = 300  # characters: more tiles than any meld, and never a slow check
_SET_SEPARATOR = re.compile(r"[,;]")

HINT = N_("Tiles: R B K O (red blue black orange) and 1-13, J for a joker. "
          "Spaces between tiles, a comma between sets.")


def parse_sets(text: str) -> list[tuple[Face, ...]]:
    """The sets typed on one line: tiles separated by spaces, sets by commas or semicolons.
    Empty pieces (a comma just typed) are skipped. NotationError with a sentence that names the
    set when a tile is not Rummikub notation."""
    pieces = [piece for piece in _SET_SEPARATOR.split(text) if piece.strip()]
    sets: list[tuple[Face, ...]] = []
    for number, piece in enumerate(pieces, start=1):
        try:
            sets.append(parse_faces(piece))
        except NotationError as exc:
            raise NotationError(_("Set {number}: {problem}").format(number=number, problem=exc)) from None
    if len(sets) > 1 and all(len(s) == 1 for s in sets):
        # "R10, R11, R12": commas between tiles, as the command line's quoting might suggest.
        example = " ".join(str(s[0]) for s in sets)
        raise NotationError(_('Each comma starts a new set: put spaces between the tiles of a set, e.g. "{example}".').format(
            example=example))
    return sets


def progress_line(report: MeldReport, threshold: int = INITIAL_MELD_POINTS) -> str:
    """The total and how far it is from the initial meld's points."""
    if report.total >= threshold:
        return _("Total {total}: {needed} reached").format(total=report.total, needed=threshold)
    return _("Total {total}: {missing} more needed").format(total=report.total, missing=threshold - report.total)


def set_note(report: SetReport) -> str:
    """"run 33", "group 12 (J = 4 in black or orange)": what a valid set is and counts."""
    jokers = f" (J = {', '.join(report.jokers)})" if report.jokers else ""
    return f"{kind_name(report.kind)} {report.value}{jokers}"


def with_tile(text: str, face: str) -> str:
    """`text` with `face` added to its last set."""
    text = text.rstrip()
    return f"{text} {face}" if text else face


def with_new_set(text: str) -> str:
    """`text` with a new, empty set begun (nothing to do before the first tile or after a
    separator)."""
    text = text.rstrip()
    return f"{text}, " if text and text[-1] not in ",;" else text + (" " if text else "")


def without_last(text: str) -> str:
    """`text` without its last tile, or without the separator it ends with."""
    return re.sub(r"\s*(?:[,;]|[^\s,;]+)\s*$", "", text)


PICKER_ROWS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{colour}{n}" for n in range(LOWEST, HIGHEST + 1)) + (JOKER_TOKEN,) for colour in COLOURS)
"""Every face to pick from: a row a colour (in the rack's order), a joker at the end of each."""


class TilePicker(Widget, can_focus=True):
    """Every Rummikub face, to pick with the arrows and Enter (or a click) instead of typing.
    Tells the screen what was asked (`Picked`, `NewSet`, `TakeBack`); the screen writes it."""

    DEFAULT_CSS = """
    TilePicker {
        height: auto;
        border: round $primary-darken-2;
        padding: 0 1;
    }
    TilePicker:focus {
        border: round $accent;
    }
    """
    BINDINGS = [
        Binding("enter,space", "pick", "Add tile", id="meld_check.picker.pick"),
        Binding("n", "new_set", "New set", id="meld_check.picker.new_set"),
        Binding("backspace", "take_back", "Take back", id="meld_check.picker.take_back"),
        Binding("left", "move(0, -1)", "Left", show=False, id="meld_check.picker.left"),
        Binding("right", "move(0, 1)", "Right", show=False, id="meld_check.picker.right"),
        Binding("up", "move(-1, 0)", "Up", show=False, id="meld_check.picker.up"),
        Binding("down", "move(1, 0)", "Down", show=False, id="meld_check.picker.down"),
    ]

    class Picked(Message):
        def __init__(self, face: str) -> None:
            self.face = face
            super().__init__()

    class NewSet(Message):
        pass

    class TakeBack(Message):
        pass

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cursor = (0, 0)
        self.border_title = _("Pick tiles (Tab)")

    @property
    def face(self) -> str:
        return PICKER_ROWS[self.cursor[0]][self.cursor[1]]

    def render(self) -> Text:
        lines = []
        for r, row in enumerate(PICKER_ROWS):
            line = Text()
            for c, face in enumerate(row):
                line.append(tile_cell(face, tile_style, cursor=self.has_focus and (r, c) == self.cursor))
            lines.append(line)
        return Text("\n").join(lines)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(PICKER_ROWS)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, rows: int, columns: int) -> None:
        row = (self.cursor[0] + rows) % len(PICKER_ROWS)
        self.cursor = (row, (self.cursor[1] + columns) % len(PICKER_ROWS[row]))
        self.refresh()

    def action_pick(self) -> None:
        self.post_message(self.Picked(self.face))

    def action_new_set(self) -> None:
        self.post_message(self.NewSet())

    def action_take_back(self) -> None:
        self.post_message(self.TakeBack())

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(PICKER_ROWS):
            return
        column = offset.x // CELL_WIDTH
        if 0 <= column < len(PICKER_ROWS[offset.y]):
            self.cursor = (offset.y, column)
            self.refresh()
            self.post_message(self.Picked(self.face))


class MeldSets(Widget):
    """The judged sets, one row each (tiles, then what the set is and counts, or why it is no
    set), the total, and the verdict."""

    DEFAULT_CSS = """
    MeldSets {
        height: auto;
        padding: 0 1;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.report: MeldReport | None = None

    def show(self, report: MeldReport | None) -> None:
        self.report = report
        self.refresh(layout=True)

    def _lines(self, width: int) -> list[Text]:
        report = self.report
        if report is None:
            return []
        lines: list[Text] = []
        per_line = max(1, (width - LABEL_WIDTH) // CELL_WIDTH)
        for number, judged in enumerate(report.sets, start=1):
            line = Text(f"{number:>2}  ", style="bold")
            for i, face in enumerate(judged.tiles):
                if i and i % per_line == 0:
                    lines.append(line)
                    line = Text(" " * LABEL_WIDTH)
                line.append(tile_cell(face, tile_style))
            invalid = _("invalid: {reason}").format(reason=judged.reason) if judged.kind == "invalid" else ""
            end_row(lines, line, Text(f" {set_note(judged)}", style="bold green"), invalid, width)
        reached = report.total >= INITIAL_MELD_POINTS
        lines.append(Text(""))
        lines.append(Text(progress_line(report), style="bold green" if reached else "bold yellow"))
        for part in wrap_cells(report.verdict, max(10, width)):
            lines.append(Text(part, style="green" if report.valid else "red"))
        return lines

    def render(self) -> Text:
        return Text("\n").join(self._lines(self.content_size.width or 76))

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self._lines(width))


class MeldCheckScreen(BaseScreen):
    """The checker: an input line, the sets judged as they are typed, the total."""

    DEFAULT_CSS = """
    MeldCheckScreen #title { height: 1; padding: 0 1; background: $primary-darken-2; }
    MeldCheckScreen #hint { height: auto; padding: 0 1; color: $text-muted; }
    MeldCheckScreen Input { margin: 0 0; }
    MeldCheckScreen #problem { height: auto; padding: 0 1; color: $error; text-style: bold; }
    MeldCheckScreen #result-box { height: 1fr; border: round $primary-darken-2; }
    """
    BINDINGS = [
        Binding("escape", "leave", "Back", id="meld_check.leave"),
        Binding("ctrl+t", "edition", "Tile set", id="meld_check.edition"),
        Binding("ctrl+l", "clear", "Clear", id="meld_check.clear"),
    ]

    def __init__(self, text: str = "", edition: Edition = "standard") -> None:
        super().__init__()
        self.initial_text = text
        self.edition: Edition = edition
        self.report: MeldReport | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="title", markup=False)
        with Vertical():
            yield Static(_(HINT), id="hint", markup=False)  # i18n: marked
            yield Input(self.initial_text, placeholder=_("e.g. R10 R11 R12, K4 B4 O4 J"), max_length=MAX_INPUT,
                        id="sets")
            yield Static(id="problem", markup=False)
            yield TilePicker()
            with VerticalScroll(id="result-box", can_focus=False) as box:
                box.border_title = _("Your initial meld")
                yield MeldSets()
        yield KeysFooter()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        self.check(self.initial_text)
        self.query_one(Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.check(event.value)

    def on_tile_picker_picked(self, event: TilePicker.Picked) -> None:
        self._rewrite(with_tile(self.query_one(Input).value, event.face))

    def on_tile_picker_new_set(self, event: TilePicker.NewSet) -> None:
        self._rewrite(with_new_set(self.query_one(Input).value))

    def on_tile_picker_take_back(self, event: TilePicker.TakeBack) -> None:
        self._rewrite(without_last(self.query_one(Input).value))

    def _rewrite(self, text: str) -> None:
        """Picking writes the line typing would have (the check follows its change), within
        the line's length."""
        field = self.query_one(Input)
        if len(text) > MAX_INPUT:
            self.app.bell()
            return
        field.value = text
        field.cursor_position = len(text)

    def check(self, text: str) -> None:
        """Judge what is typed and show it; a notation problem is a sentence, and the sets
        are shown again once every tile reads right."""
        self._show_title()
        problem = self.query_one("#problem", Static)
        try:
            sets = parse_sets(text)
        except NotationError as exc:
            self.report = None
            problem.update(str(exc))
            self.query_one(MeldSets).show(None)
            return
        problem.update("" if sets else _("Type the sets you would lay down first."))
        self.report = check_initial_meld(sets, edition=self.edition) if sets else None
        self.query_one(MeldSets).show(self.report)

    def _show_title(self) -> None:
        tiles = _("106 tiles") if self.edition == "standard" else _("XP, 160 tiles")
        self.query_one("#title", Static).update(
            _("Rummikub initial meld checker  ·  {points} points  ·  {tiles} (ctrl+t)").format(
                points=INITIAL_MELD_POINTS, tiles=tiles))

    def action_edition(self) -> None:
        """The other tile set: it changes how many copies of a tile the meld may use."""
        self.edition = "xp" if self.edition == "standard" else "standard"
        self.check(self.query_one(Input).value)

    def action_clear(self) -> None:
        self.query_one(Input).value = ""

    def action_leave(self) -> None:
        self.app.pop_screen()
