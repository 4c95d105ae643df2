"""The Nab-It! play screen: a window onto the unbounded grid that follows the typing cursor
(3 recentres it on the action), the hand, the players with their colours and marks (whose tile
tops each stack reads without colour), words held and bank, what the build in progress would
do, and the moves.

Typing works as in Scrabble: a letter puts a hand tile of that letter (or the blank, named so)
on the cursor's cell, on top of any stack there, and the cursor moves on; typing the letter a
stack already shows plays through it. Like every screen it renders session views and sends
edits and actions, so it plays the same hot-seat or over a network."""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from tilegames.core.text.i18n import N_, _
from tilegames.core.kernel.protocol import TURN_EVENT
from tilegames.core.kernel.session_protocol import Session
from tilegames.games.nabit.actions import Exchange, Pass
from tilegames.games.nabit.draft import Announce
from tilegames.games.nabit.view_types import NabItView, nabit_view
from tilegames.core.parts.grid_edits import PutTile, TakeBack
from tilegames.ui.games.nabit.board import NabBoard, Pos
from tilegames.ui.games.nabit.hints import NabItHints
from tilegames.ui.games.nabit.panels import players_text, preview_text
from tilegames.ui.games.nabit.tiles import colour_style, hand_tile, owner_mark
from tilegames.ui.games.nabit.typing import NabCursor
from tilegames.ui.screens.dialogs import Confirm, ExchangePicker
from tilegames.ui.screens.turns import TurnScreen, common_keys
from tilegames.ui.widgets.message_line import MessageLine
from tilegames.ui.widgets.movelog import MoveLog
from tilegames.ui.widgets.timer import TurnTimer
from tilegames.ui.widgets.footer import KeysFooter

LETTER_KEYS = set("abcdefghijklmnopqrstuvwxyz")


class NabItScreen(NabItHints, TurnScreen):
    DEFAULT_CSS = """
    NabItScreen #top { height: auto; }
    NabItScreen #status { width: 1fr; height: auto; text-style: bold; }
    NabItScreen TurnTimer { width: 30; }
    NabItScreen #board-box { width: 1fr; border: round $primary-darken-2; }
    NabItScreen #side { width: 32; }
    NabItScreen #players { height: auto; border: round $primary-darken-2; padding: 0 1; }
    NabItScreen #preview { height: auto; max-height: 7; border: round $primary-darken-2; padding: 0 1; }
    NabItScreen MoveLog { height: 1fr; border: round $primary-darken-2; overflow-x: hidden; }
    NabItScreen #hand { height: 3; border: round $primary-darken-2; padding: 0 1; }
    NabItScreen MessageLine { max-height: 3; }
    """
    BINDINGS = [
        Binding("left", "move(0, -1)", "Left", show=False, id="nabit.left"),
        Binding("right", "move(0, 1)", "Right", show=False, id="nabit.right"),
        Binding("up", "move(-1, 0)", "Up", show=False, id="nabit.up"),
        Binding("down", "move(1, 0)", "Down", show=False, id="nabit.down"),
        Binding("space", "toggle_direction", "Across/Down", show=False, id="nabit.toggle_direction"),
        Binding("enter", "build", "Build", id="nabit.build"),
        Binding("backspace", "take_back", "Take back a letter", show=False, id="nabit.take_back"),
        Binding("1", "exchange", "Exchange", id="nabit.exchange"),
        Binding("2", "pass_turn", "Pass", id="nabit.pass_turn"),
        Binding("3", "recentre", "Recentre", show=False, id="nabit.recentre"),
        Binding("4", "highlight", "Show a player's words", show=False, id="nabit.highlight"),
        # In the help; the footer is full.
        Binding("5", "say_last_tile", "Say 'last tile!'", show=False, id="nabit.say_last_tile"),
        Binding("6", "hint", "Hint", id="nabit.hint"),
        # Letters are typed on the board, so the shared keys are F-keys and ctrl chords here
        # (Esc also undoes everything; 0 also goes to the menu).
        *common_keys(scope="nabit", undo_all="escape", menu="0"),
    ]
    UNDO_ALL_NEWS = ""
    MOUSE_HELP = N_("Mouse: click a cell to move the cursor there; click it again to switch "
                    "across/down. Type letters to place tiles; a letter you lack uses your blank.")
    TERMS_HELP = N_("Stack: a letter put on another letter changes the word there; a cell holds up to 5 "
                    "tiles, the top one showing (the digit is its height, and the mark after it says whose "
                    "tile is on top: the players panel shows each player's mark).\n"
                    "Control: whoever last made or changed a word controls it, and each word you control "
                    "is a point at the end.\n"
                    "Cap: the 5th tile on a stack caps it. Capping nabs every word through that stack for "
                    "good: only another cap takes it back.\n"
                    "Bank: a turn that caps a stack (under the any-steal bank rule: that takes a word from "
                    "another player) puts a tile of your bag in your bank; each bank tile is a point.\n"
                    "The players panel: wd: words you control, bk: bank tiles, left: tiles in your hand and bag, "
                    "pts: points.")

    def __init__(self, session: Session, *, open_hands: bool, on_game_over: Callable[[Session], None],
                 title: str = "") -> None:
        super().__init__(session, open_hands=open_hands, on_game_over=on_game_over)
        self.typing = NabCursor()
        self.series_title = title
        self._message = ""
        self._problem = False
        self.highlighted: int | None = None  # whose words are highlighted (4 cycles), or nobody

    @property
    def game_view(self) -> NabItView:
        """The screen's view, typed (`view` is the session's plain dict)."""
        return nabit_view(self.view)

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield Static(id="status")
            yield TurnTimer()
        with Horizontal():
            with Vertical(id="board-box") as box:
                box.border_title = _("Board") + "  " + _("^capped *last")
                yield NabBoard()
            with Vertical(id="side"):
                yield Static(id="players")
                yield Static(id="preview")
                yield MoveLog(id="log", wrap=True, markup=False, min_width=10)
        yield MessageLine(id="message")
        yield Static(id="hand")
        yield KeysFooter()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#players", Static).border_title = _("Players")
        self.query_one("#preview", Static).border_title = _("This build")
        self.query_one("#hand", Static).border_title = _("Your hand")
        self.query_one(MoveLog).border_title = _("Moves")
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        log = self.query_one(MoveLog)
        if self.series_title:
            log.write(self.series_title)
        first = self.game_view["first_player"]
        name = self.session.seats[first["seat"]]
        if first["random"]:
            log.write(_("{name} plays first (drawn at random).").format(name=name))
        else:
            log.write(_("{name} plays first.").format(name=name))
        for event in self.session.history:  # a resumed game: the moves so far
            if not event.kind.startswith("clock."):
                log.write(event.for_seat(None)["text"])
        self._recentre()
        self._start_turns()

    # --- turns ----------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        self.viewer = seat
        self.typing.clear()
        self.typing.pos = self._action_cell()
        self.typing.resume([(p["row"], p["col"]) for p in self.game_view["draft"]], self._shown())  # a resumed turn
        # The window stays where it was (drawing scrolls it only as far as the cursor needs):
        # recentring at every turn made the words jump about; 3 recentres on demand.
        super()._begin_turn(seat)

    def _after_change(self) -> None:
        events = self._take_events()
        log = self.query_one(MoveLog)
        for event in events:
            if event.kind == "clock.warning":
                self.app.bell()
                self._note(_("10 seconds left!"), error=True)
            elif event.kind == "timeout":
                log.write(event.text)
                self._notice = event.text
                self._note(event.text, error=True)
                self.app.bell()
            elif event.kind not in ("clock.timeout", TURN_EVENT):
                log.write(event.for_seat(None)["text"])
        self._go_on(events)

    # --- drawing --------------------------------------------------------------------------
    def _action_cell(self) -> Pos:
        """Where the action is: the last move's first cell, else the middle of the grid."""
        last = self.game_view["last"]
        if last and last["cells"]:
            row, col = last["cells"][0]
            return (row, col)
        bounds = self.game_view["bounds"]
        if bounds:
            return ((bounds["top"] + bounds["bottom"]) // 2, (bounds["left"] + bounds["right"]) // 2)
        return (0, 0)

    def _recentre(self) -> None:
        board = self.query_one(NabBoard)
        board.centre_on(self.typing.pos if self._my_turn() else self._action_cell())

    def _highlight(self) -> set[Pos]:
        if self.highlighted is None:
            return set()
        return {(r, c) for word in self.game_view["words"] if word["controller"] == self.highlighted
                for r, c in word["cells"]}

    def _redraw(self) -> None:
        view = self.game_view
        my_turn = self._my_turn()
        board = self.query_one(NabBoard)
        last = view["last"]
        board.show(view["grid"], view["colours"], self.typing.pos if my_turn else None, self._highlight(),
                   {(r, c) for r, c in (last["cells"] if last else [])})
        side = self.query_one("#side")
        self.query_one("#players", Static).update(players_text(view, side.size.width - 4 or 28))
        preview = self.query_one("#preview", Static)
        preview.update(preview_text(view))
        preview.display = my_turn
        hand = self.query_one("#hand", Static)
        mine = view["hand"]
        if self.viewer is None or mine is None:
            hand.update(_("(hidden)"))
        else:
            line = Text()
            for tile in mine:
                line.append_text(hand_tile(tile, view["colours"]))
            if not mine:
                line.append(_("(empty)"))
            for seat, others in enumerate(view["hands"] or []):  # open hands: everyone's
                if seat != self.viewer:
                    line.append(f"   {view['seats'][seat]}: ", style="bold")
                    for tile in others:
                        line.append(tile["letter"] or "?", colour_style(view["colours"], tile["owner"]))
            hand.update(line)
        box = self.query_one("#board-box")
        who = "" if self.highlighted is None else f"  {owner_mark(self.highlighted)} " + _(
            "{name}'s words underlined").format(name=view["seats"][self.highlighted])
        direction = _("across") if self.typing.direction == "across" else _("down")
        box.border_subtitle = (f"{self.typing.pos[0]},{self.typing.pos[1]} {direction}" if my_turn else "") + who
        self.query_one(MessageLine).show([(line, "problem" if self._problem else "news")
                                          for line in self._message.split("\n") if line])
        self.query_one(MessageLine).display = bool(self._message)
        current = view["current"]
        status = _("Game over") if current is None else _("{name}'s turn").format(name=view["seats"][current])
        self.query_one("#status", Static).update(self._status_line(_("Nab-It!"), status))
        self._redraw_timer()

    def _say(self, text: str, error: bool = False) -> None:
        unchanged = not text and not self._message
        self._note(text, error)
        if self.is_mounted and not unchanged:
            self._redraw()

    def _note(self, text: str, error: bool = False) -> None:
        self._message, self._problem = text, error

    # --- typing ---------------------------------------------------------------------------
    def _shown(self) -> dict[Pos, str]:
        return {(c["row"], c["col"]): c["letter"] for c in self.game_view["grid"]}

    def on_key(self, event: events.Key) -> None:
        key = event.character
        if key and key.lower() in LETTER_KEYS and self._my_turn():
            event.stop()
            self._type(key.upper())

    def _type(self, letter: str) -> None:
        if self.typing.moves_through(letter, self._shown()):  # the letter is there already
            self._message = ""
            self._redraw()
            return
        hand = self.game_view["hand"] or []
        tile = next((t for t in hand if t["letter"] == letter), None) or next((t for t in hand if t["blank"]), None)
        if tile is None:
            self.app.bell()
            self._say(_("You have no {letter} (and no blank) in your hand.").format(letter=letter), error=True)
            return
        target = self.typing.pos
        tile_id = tile["id"]
        blank = tile["blank"] and tile["letter"] != letter  # never spent without a word

        def put(_nothing: None) -> None:
            self.typing.put_at(target)
            if blank:
                self._say(_("Your blank stands for {letter}: you have no {letter} (Backspace takes it back).").format(
                    letter=letter))
            self._redraw()

        self._do(lambda seat: self.session.edit(seat, PutTile(tile_id, target[0], target[1], letter)), put)

    def action_move(self, dr: int, dc: int) -> None:
        self.typing.move(dr, dc)
        self._message = ""
        self._redraw()

    def on_nab_board_clicked(self, message: NabBoard.Clicked) -> None:
        if message.pos == self.typing.pos:
            self.typing.toggle()
        self.typing.pos = message.pos
        self._redraw()

    def action_toggle_direction(self) -> None:
        self.typing.toggle()
        self._redraw()

    def action_take_back(self) -> None:
        if not self._my_turn() or not self.typing.placed:
            return
        row, col = self.typing.placed[-1]

        def taken(_nothing: None) -> None:
            self.typing.take_back()
            self._redraw()

        self._do(lambda seat: self.session.edit(seat, TakeBack(row, col)), taken)

    def _history_changed(self) -> None:
        self.typing.placed = [(p["row"], p["col"]) for p in self.game_view["draft"]]
        if self.typing.placed:
            dr, dc = self.typing.step()
            row, col = self.typing.placed[-1]
            self.typing.pos = (row + dr, col + dc)

    # --- acting ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "say_last_tile" and not self._last_tile_rule():
            return False  # not offered: without the Table rule the app says it for everyone
        return super().check_action(action, parameters)

    def _last_tile_rule(self) -> bool:
        return self.game_view["rules"]["require_last_tile_announce"]

    def _leaves_last_tile(self) -> bool:
        """Whether the build in the draft leaves the player one tile and an empty bag: their
        last tile, which the Table rules require them to say (RULES.md §4.7)."""
        view, seat = self.game_view, self.viewer
        return seat is not None and view["bags"][seat] == 0 and len(view["hand"] or []) == 1

    def action_say_last_tile(self) -> None:
        """5: "last tile!" said (or taken back) with the build in the draft."""
        if self._my_turn() and self._last_tile_rule():
            self._do(lambda seat: self.session.edit(seat, Announce(not self.game_view["announce"])))

    def action_build(self) -> None:
        if not (self._my_turn() and self.game_view["draft"]):
            return
        if not self._last_tile_rule() or self.game_view["announce"] or not self._leaves_last_tile():
            self._do(lambda seat: self.session.commit(seat))
            return

        def build(say: bool | None) -> None:
            if say:
                self._do(lambda seat: self.session.edit(seat, Announce(True)),
                         lambda _nothing: self._do(lambda seat: self.session.commit(seat)))
            else:
                self._do(lambda seat: self.session.commit(seat))

        self.app.push_screen(Confirm(_("This build leaves you one tile. Say 'last tile!'? (y: say it; n: build "
                                       "without, and a bank tile goes back)")), build)

    def action_pass_turn(self) -> None:
        if not self._my_turn():
            return

        def pass_turn(yes: bool | None) -> None:
            if yes:
                self._do(lambda seat: self.session.act(seat, Pass()))

        self.app.push_screen(Confirm(_("Pass this turn? (y/n)")), pass_turn)

    def action_exchange(self) -> None:
        if not self._my_turn():
            return
        you = self.viewer
        if you is None or not self.game_view["bags"][you]:
            self._say(_("Your bag is empty: there is nothing to exchange with."), error=True)
            return
        hand = [{"id": t["id"], "face": t["letter"] or "?"} for t in self.game_view["hand"] or []]
        self.app.push_screen(ExchangePicker(hand), self._exchange_chosen)

    def _exchange_chosen(self, tile_ids: list[int] | None) -> None:
        if tile_ids:
            self._afresh(lambda seat: self.session.act(seat, Exchange(tuple(tile_ids))))

    def action_recentre(self) -> None:
        """3: the window back on the action (the cursor on your turn, else the last move)."""
        self._recentre()
        self._redraw()

    def action_highlight(self) -> None:
        """4: underline the words the next player controls (after the last: nobody's)."""
        seats = len(self.session.seats)
        self.highlighted = 0 if self.highlighted is None else (self.highlighted + 1 if self.highlighted + 1 < seats else None)
        self._redraw()
