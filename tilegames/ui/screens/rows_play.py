"""The play screen of the games that lay rows of tiles (Rummikub, Rummikub Word): rack, table,
timer, players, log, a line about the turn in progress, with keyboard and mouse.

The screen holds only UI state (cursor, held tile, rack order). Everything it shows comes
from `session.view(seat)`, read here as the rows screens' facet of the view (core/kernel/views.py's
`RowsView`: the keys Rummikub and Rummikub Word share); everything the player does goes to the
session as an edit or an action, so the same screen works for hot-seat and networked play. A
game's screen says how its tiles and rows look (from its own typed view), how its rack sorts,
and what its turn line says.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region
from textual.widgets import Static

from tilegames.core.text.i18n import N_, _
from tilegames.core.kernel.protocol import TURN_EVENT
from tilegames.core.kernel.session_protocol import Session
from tilegames.core.kernel.protocol import Action
from tilegames.core.kernel.views import RowTile, rows_view, seat_face
from tilegames.core.parts.table_rows import LayOut, RowsHint
from tilegames.ui.screens.row_editing import LAID, MOVED, RowEditing, last_move_marks, table_ids
from tilegames.ui.screens.turns import TurnScreen, common_keys
from tilegames.ui.screens.dialogs import Confirm
from tilegames.ui.tilecells import plain
from rich.style import Style
from tilegames.ui.widgets.rack import Rack
from tilegames.ui.widgets.scores import ScorePanel
from tilegames.ui.widgets.table import Table
from tilegames.ui.widgets.message_line import MessageLine
from tilegames.ui.widgets.movelog import MoveLog
from tilegames.ui.widgets.timer import TurnTimer
from tilegames.ui.widgets.footer import KeysFooter


WIDE = 100
HINTED = "+"  # a hint's tiles to lay, as a draft marks the tiles laid
T = TypeVar("T")


class RowsPlayScreen(RowEditing, TurnScreen):
    """One game (of a series) of a rows game. Calls `on_game_over(session)` when it ends.

    A game's screen gives: `game_title`, its actions (`draw_action`, `pass_action`), how its
    tiles look (`tile_style`), its table as display rows (`display_rows`), its two rack orders
    (`rack_orders`), and optionally the line under the table (`turn_line`)."""

    game_title = ""  # marked with N_
    new_row = N_("new set")  # what the table's last line offers to start

    DEFAULT_CSS = """
    RowsPlayScreen #top { height: auto; }
    RowsPlayScreen #status { width: 1fr; height: auto; text-style: bold; }
    RowsPlayScreen TurnTimer { width: 34; }
    RowsPlayScreen #middle { height: 1fr; }
    RowsPlayScreen #table-box { width: 1fr; border: round $primary-darken-2; }
    RowsPlayScreen #table-box.zone { border: round $accent; }
    RowsPlayScreen #side { width: 30; }
    RowsPlayScreen.wide #side { width: 40; }
    RowsPlayScreen MoveLog { height: 1fr; border: round $primary-darken-2; overflow-x: hidden; scrollbar-size-vertical: 1; }
    RowsPlayScreen #turn-line { height: auto; max-height: 2; padding: 0 1; }
    RowsPlayScreen #turn-line.reached { color: $success; text-style: bold; }
    RowsPlayScreen MessageLine { max-height: 4; display: none; }
    """

    # The footer shows what matters most at 80 columns; every key is in help (F1 or ?) and in
    # the command palette. The keys every game shares come from COMMON_KEYS.
    BINDINGS = [
        Binding("c", "commit", "Commit", id="rows.commit"),
        Binding("d", "draw", "Draw", id="rows.draw"),
        *RowEditing.EDIT_BINDINGS,
        Binding("p", "pass_turn", "Pass (pool empty)", show=False, id="rows.pass_turn"),
        Binding("o", "sort", "Sort rack", show=False, id="rows.sort"),
        *common_keys(scope="rows", undo="u", undo_all="U", help="question_mark", menu="q"),
    ]

    def __init__(self, session: Session, *, open_hands: bool, totals: list[int],
                 on_game_over: Callable[[Session], None], title: str = "") -> None:
        super().__init__(session, open_hands=open_hands, on_game_over=on_game_over)
        self.totals = totals
        self.match_title = title
        self.reset_cursor()
        self.sort_number = False
        # What changed since the viewer last looked, shown until they act: the last move on the
        # table, and the tiles each seat drew (private: shown only to that seat, on its turn).
        self._table_before: list[list[int]] | None = None  # the table when the last turn began
        self._last_move: dict[int, str] = {}  # the marks of the move that ended it
        self._turn_table_noted = True  # until a turn starts (_turn_started)
        self.table_marks: dict[int, str] = {}
        self.rack_marks: dict[int, str] = {}
        self._drawn: dict[int, list[str]] = {}
        self._hint: RowsHint | None = None  # the hint on show, until a key other than the hint's

    # --- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield Static(id="status")
            yield TurnTimer()
        with Horizontal(id="middle"):
            with VerticalScroll(id="table-box", can_focus=False) as box:
                box.border_title = _("Table")
                yield Table(self.tile_style, self.new_row)
            with Vertical(id="side"):
                yield ScorePanel()
                yield MoveLog(id="log", wrap=True, markup=False, min_width=10)
        yield Static(id="turn-line")
        yield MessageLine(id="message")
        yield Rack(self.tile_style)
        yield KeysFooter()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(MoveLog).border_title = _("Moves")
        # The log wraps to its width, which is known only after the first layout.
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        log = self.query_one(MoveLog)
        if self.match_title:
            log.write(self.match_title)
        first = self.rows_view["first_player"]  # no viewer yet: the public view
        draws = ", ".join(f"{self.session.seats[s]} {face}" for r in first["draws"] for s, face in map(seat_face, r))
        log.write(_("{name} plays first (tiles drawn: {draws}).").format(name=self.session.seats[first["seat"]], draws=draws))
        for event in self.session.history:  # a resumed game: the moves so far
            log.write(event.for_seat(None)["text"])
        for warning in self.session.warnings:
            log.write(_("Note: {warning}").format(warning=warning))
        self._start_turns()  # the first turn notes the table its move starts from (_turn_started)

    # --- the flow of turns ----------------------------------------------------------------
    def _turn_started(self) -> None:
        """Every turn, whoever plays it (a computer, a player elsewhere): the last move is what
        changed since the turn before began, measured by the first view the turn draws."""
        self._turn_table_noted = False
        super()._turn_started()

    def _note_turn_table(self) -> None:
        """The table a new turn starts from, from the view the screen draws anyway (one view per
        change): a new turn's draft is the table as the last move left it, so every view shows
        that table; only a resumed turn's draft may differ (then the public view has it)."""
        if self._turn_table_noted:
            return
        self._turn_table_noted = True
        resumed = self.viewer is not None and self.viewer == self.rows_view["current"] and self.session.draft_changed()
        table_now = table_ids(rows_view(self.session.view(None))["table"] if resumed else self.rows_view["table"])
        if self._table_before is not None:
            self._last_move = last_move_marks(self._table_before, table_now)
        self._table_before = table_now

    def _begin_turn(self, seat: int) -> None:
        self._hint = None
        self.reset_cursor()
        self.viewer = seat
        self._note_turn_table()
        self.table_marks = self._last_move
        drawn = self._drawn.pop(seat, [])
        self.rack_marks = {}
        super()._begin_turn(seat)
        if drawn:
            self.rack_marks = self._mark_faces(drawn)
            self._say(_("You drew {tiles}.").format(tiles=", ".join(self.spoken_face(face) for face in drawn)))
            self._redraw()
        self._turn_begun()

    def spoken_face(self, face: str) -> str:
        """A tile's face as a sentence names it (a game whose joker's face is a sign names it)."""
        return face

    def _mark_faces(self, faces: list[str]) -> dict[int, str]:
        """Mark one rack tile per face (the tiles just drawn; equal faces look the same)."""
        marks: dict[int, str] = {}
        for face in faces:
            tile = next((t for t in self.rows_view["rack"] or [] if t["face"] == face and t["id"] not in marks), None)
            if tile is not None:
                marks[tile["id"]] = LAID
        return marks

    def _do(self, step: Callable[[int], T], then: Callable[[T], None] | None = None) -> None:
        turn = self.session.turn_number()

        def seen(value: T) -> None:
            # A step that ended the turn has already shown the next player their marks: only a
            # step within the same turn means the player has seen them.
            if self.session.turn_number() == turn and (self.table_marks or self.rack_marks):
                self.table_marks, self.rack_marks = {}, {}  # seen: the player has acted
                self._redraw()
            if then is not None:
                then(value)

        super()._do(step, seen)

    def _turn_begun(self) -> None:
        """The viewer's turn has begun and is drawn (a question to ask before playing)."""

    def _after_change(self) -> None:
        events = self._take_events()
        log = self.query_one(MoveLog)
        for event in events:
            if event.seat is not None:  # a draw, a timeout, a top-up: the tiles that seat drew
                drawn = event.for_seat(event.seat).get("tiles")  # private: only that seat's
                if drawn:
                    self._drawn[event.seat] = list(drawn)
            if event.kind == "clock.warning":
                self.app.bell()
                self._say(_("10 seconds left!"))
            elif event.kind == "timeout":
                log.write(event.text)
                self._show_message(event.text, error=True)  # the next turn below redraws
                self._notice = event.text
                self.app.bell()
            elif event.kind not in ("clock.timeout", TURN_EVENT):
                log.write(event.for_seat(None)["text"])
        self._go_on(events)

    # --- rendering ------------------------------------------------------------------------
    def _rack_tiles(self) -> list[RowTile]:
        rack = self.rows_view["rack"] or []
        return sorted(rack, key=self.rack_orders()[1 if self.sort_number else 0][1])

    def _redraw(self) -> None:
        self._note_turn_table()
        view = self.rows_view
        rack = self._rack_tiles()
        self.clamp_cursor()
        my_turn = self.viewer is not None and self.viewer == view["current"]
        hint = self._hint if my_turn else None
        if hint is not None:  # the hint's table in place of the draft: its new tiles show +, moved ones ~
            self.query_one(Table).show(self.display_table(hint.table), None, None, {i: MOVED for i in hint.moved})
            self.query_one(Rack).show(rack, None, None, marks={i: HINTED for i in hint.placed}, marked=_("in the hint"))
            subtitle = _("hint: {laid} laid  {moved} moved").format(laid=HINTED, moved=MOVED)
        else:
            self.query_one(Table).show(self.display_rows(), self.table_cursor if my_turn and self.zone == "table" else None,
                                       self.held, self.table_marks if my_turn else {})
            if my_turn and self.zone == "table":
                self.call_after_refresh(self._cursor_in_sight)
            self.query_one(Rack).show(rack, self.rack_cursor if my_turn and self.zone == "rack" else None,
                                      self.held, hidden=self.viewer is None, marks=self.rack_marks if my_turn else {})
            shown = my_turn and self.table_marks
            subtitle = _("last move: {laid} laid  {moved} moved").format(laid=LAID, moved=MOVED) if shown else ""
        self.query_one("#table-box").border_subtitle = subtitle
        self.query_one(Rack).set_class(self.zone == "rack", "zone")
        self.query_one("#table-box").set_class(self.zone == "table", "zone")
        self.query_one(ScorePanel).show(view, self.score_totals())

        current = view["current"]
        if current is None:
            status = _("Game over")
        else:
            name = view["seats"][current]
            status = self.status_text(name)
        held = "  " + _("holding {tile}").format(tile=self.held_face()) if self.held is not None else ""
        title = _(self.game_title)  # i18n: marked
        self.query_one("#status", Static).update(self._status_line(title, f"{status}{held}"))

        turn_line = self.query_one("#turn-line", Static)
        line = self.turn_line() if my_turn else None
        if line is not None and line[0] and line[0] in self._message_shown.split("\n"):
            line = None  # the message line says it already (a refused commit's reason)
        turn_line.display = line is not None
        if line is not None:
            text, reached = line
            turn_line.update(text)
            turn_line.set_class(reached, "reached")
        self._redraw_timer()

    _message_shown = ""  # what the message line says now

    def _say(self, text: str, error: bool = False) -> None:
        self._show_message(text, error)
        if error:
            self._redraw()

    def _show_message(self, text: str, error: bool = False) -> None:
        """One paragraph per line of `text` (a refusal lists every reason), wrapped with the
        following lines indented so each reason stands out."""
        message = self.query_one(MessageLine)
        message.show([(line, "problem" if error else "news") for line in text.split("\n")])
        message.display = bool(text)
        self._message_shown = text

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        # From 100 columns the players' panel has room for names of 16 characters.
        self.set_class(event.size.width >= WIDE, "wide")

    def _cursor_in_sight(self) -> None:
        """Scroll the table's box so that the cursor's row shows: a table of many sets is taller
        than its box, and the cursor must not move out of sight."""
        table = self.query_one(Table)
        lines = table.cursor_lines()
        if lines is not None:
            top, height = lines
            box = self.query_one("#table-box", VerticalScroll)
            box.scroll_to_region(Region(0, table.virtual_region.y + top, 1, height), animate=False, immediate=True)

    # --- doing things ---------------------------------------------------------------------
    def _can_edit(self) -> bool:
        """The viewer may move tiles: their turn, and past the redeal question (which is
        answered through `_do`, so it must not be held to this)."""
        return self._my_turn() and self.rows_view["phase"] == "play"

    def action_commit(self) -> None:
        if self._can_edit():
            self.held = None
            self._do(lambda seat: self.session.commit(seat))

    def _let_go(self) -> None:
        self.held = None

    def action_draw(self) -> None:
        if not self._can_edit():
            return
        if self.rows_view["pool"] == 0:
            self._say(_("The pool is empty: play a tile, or press p to pass if you cannot."), error=True)
            return

        def draw(yes: bool | None = True) -> None:
            if yes:
                self.held = None
                self._do(lambda seat: self.session.act(seat, self.draw_action))

        if self.session.draft_changed():
            self.app.push_screen(Confirm(_("Draw a tile? Your changes to the table this turn are put back. (y/n)")), draw)
        else:
            draw()

    def action_pass_turn(self) -> None:
        if self._can_edit():
            self.held = None
            self._do(lambda seat: self.session.act(seat, self.pass_action))

    def on_key(self, event: events.Key) -> None:
        """Any key but the hint's puts the hint away (and does what it does)."""
        if self._hint is not None and event.key not in self._hint_keys():
            self._hint = None
            self._say("")
            self._redraw()

    def _hint_keys(self) -> set[str]:
        return {key for key, active in self.active_bindings.items() if active.binding.action == "hint"}

    def action_hint(self) -> None:
        """Ask for a hint: counted (the game's `hint_action`), the draft put back, the best play
        shown on the table and rack; asked again while it shows, it is laid out as the draft."""
        action = self.hint_action
        if not self._can_edit() or action is None:
            return
        shown = self._hint
        if shown is not None:
            self._hint = None
            self.held = None
            def lay_out(seat: int) -> None:
                self.session.edit(seat, LayOut(shown.rows))
                for edit in shown.edits:
                    self.session.edit(seat, edit)

            self._do(lay_out, lambda _none: self._say(_("The hint is laid out as your move: c commits it, U puts it back.")))
            return

        def ask(yes: bool | None = True) -> None:
            if yes:
                self.held = None
                self._do(lambda seat: self.session.act(seat, action), lambda _events: self._show_hint())

        if self.session.draft_changed():
            self.app.push_screen(Confirm(_("Ask for a hint? Your changes to the table this turn are put back. (y/n)")), ask)
        else:
            ask()

    def _show_hint(self) -> None:
        hint = self.find_hint()
        if hint is None:
            self._say(_("The hint finds no play for your rack: draw a tile.") if self.rows_view["pool"]
                      else _("The hint finds no play for your rack: press p to pass."))
            return
        self._hint = hint
        self._say(hint.text + "\n" + _("Hint keys: {key} again lays it out as your move; any other key puts it away.").format(
            key=self._hint_key_name()))
        self._redraw()

    def _hint_key_name(self) -> str:
        keys = sorted(self._hint_keys())
        return keys[0] if keys else ""

    def action_sort(self) -> None:
        self.sort_number = not self.sort_number
        self._say(_("Rack sorted by {order}.").format(order=self.rack_orders()[1 if self.sort_number else 0][0]))
        self._redraw()

    # --- what a game's screen gives -------------------------------------------------------
    draw_action: Action  # the action of the draw key
    pass_action: Action  # the action of the pass key (the pool empty)

    @staticmethod
    def tile_style(face: str) -> Style:
        return plain(face)

    def display_rows(self) -> list[dict[str, Any]]:
        """The view's table as the Table widget's rows (a note or a problem after each)."""
        return self.display_table(self.rows_view["table"])

    def display_table(self, table: Any) -> list[dict[str, Any]]:
        """Rows of a table as the view shows them (the view's own, or a hint's), as the Table
        widget's rows."""
        return [{"tiles": row["tiles"], "note": "", "problem": ""} for row in table]

    hint_action: Action | None = None  # a game with hints: the action that counts one asked for

    def find_hint(self) -> RowsHint | None:
        """The hint for the viewer, from the view (a game with hints says how)."""
        return None

    def rack_orders(self) -> tuple[tuple[str, Callable[[RowTile], Any]], ...]:
        """The rack's two orders (o switches), each named (in the player's language): how the
        rack's tiles sort."""
        return ((_("face"), _face), (_("order drawn"), _drawn))

    def status_text(self, name: str) -> str:
        """The top line while `name` is to play."""
        return _("{name}'s turn").format(name=name)

    def turn_line(self) -> tuple[str, bool] | None:
        """The line under the table during the viewer's turn (text, and whether it shows a
        goal reached), or None for no line."""
        return None

    def score_totals(self) -> list[int]:
        """Each seat's score for the players' panel."""
        return self.totals


def _face(tile: RowTile) -> str:
    return tile["face"]


def _drawn(tile: RowTile) -> int:
    return tile["id"]
