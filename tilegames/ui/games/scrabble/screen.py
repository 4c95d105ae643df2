"""The Scrabble play screen: the board, your rack, live feedback, scores, the move log in GCG
notation and the unseen tiles. Like every screen it renders session views and sends edits and
actions; the rules stay in the engine. Where typed letters go is `scrabble_typing`'s."""

from __future__ import annotations

import random
from typing import Callable

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from tilegames.core.text.i18n import N_, _
from tilegames.core.wordgraph import cached_graph
from tilegames.core.kernel.protocol import TURN_EVENT
from tilegames.core.kernel.session_protocol import Session
from tilegames.core.kernel.views import seat_face
from tilegames.games.scrabble.actions import Exchange, Pass
from tilegames.games.scrabble.board import square_name
from tilegames.games.scrabble.clock import OVERTIME_POINTS
from tilegames.games.scrabble.view_types import ScrabbleTile
from tilegames.core.parts.grid_edits import PutTile, TakeBack
from tilegames.ui.screens.dialogs import AskLetter, Confirm, ExchangePicker
from tilegames.ui.screens.graph_build import GraphBuildScreen
from tilegames.ui.games.scrabble.news import DrawNews, log_line, message_lines
from tilegames.ui.games.scrabble.typing import RunsOffBoard, TypingCursor
from tilegames.ui.games.scrabble.challenges import ScrabbleChallenges
from tilegames.ui.games.scrabble.hints import ScrabbleHints
from tilegames.ui.screens.turns import TurnScreen, common_keys, new_turn
from tilegames.ui.games.scrabble.board import Board
from tilegames.ui.widgets.message_line import MessageLine
from tilegames.ui.widgets.movelog import MoveLog
from tilegames.ui.games.scrabble.rack import ScrabbleRack
from tilegames.ui.games.scrabble.scores import ScrabbleScores
from tilegames.ui.widgets.timer import TurnTimer
from tilegames.ui.widgets.unseen import UnseenTiles
from tilegames.ui.widgets.footer import KeysFooter

LETTER_KEYS = "abcdefghijklmnopqrstuvwxyz"
SHORT = 26  # below this many rows the rack gives up its bottom border for the message line


class ScrabbleScreen(ScrabbleHints, ScrabbleChallenges, TurnScreen):
    DEFAULT_CSS = """
    ScrabbleScreen #top { height: auto; }
    ScrabbleScreen #status { width: 1fr; height: auto; text-style: bold; }
    ScrabbleScreen TurnTimer { width: 30; }
    ScrabbleScreen #left { width: 35; }
    ScrabbleScreen.wide #left { width: 50; }
    ScrabbleScreen #side { width: 1fr; }
    ScrabbleScreen MoveLog { height: 1fr; border: round $primary-darken-2; overflow-x: hidden; }
    """

    BINDINGS = [
        Binding("left", "move(0, -1)", "Left", show=False, id="scrabble.left"),
        Binding("right", "move(0, 1)", "Right", show=False, id="scrabble.right"),
        Binding("up", "move(-1, 0)", "Up", show=False, id="scrabble.up"),
        Binding("down", "move(1, 0)", "Down", show=False, id="scrabble.down"),
        Binding("H", "move(0, -1)", "Left (H)", show=False, id="scrabble.vi_left"),
        Binding("L", "move(0, 1)", "Right (L)", show=False, id="scrabble.vi_right"),
        Binding("K", "move(-1, 0)", "Up (K)", show=False, id="scrabble.vi_up"),
        Binding("J", "move(1, 0)", "Down (J)", show=False, id="scrabble.vi_down"),
        Binding("space", "toggle_direction", "Across/Down", show=False, id="scrabble.toggle_direction"),
        Binding("enter", "play", "Play", id="scrabble.play"),
        Binding("backspace", "take_back", "Take back a letter", show=False, id="scrabble.take_back"),
        Binding("1", "exchange", "Exchange", id="scrabble.exchange"),
        Binding("2", "pass_turn", "Pass", id="scrabble.pass_turn"),
        Binding("3", "shuffle", "Shuffle", show=False, id="scrabble.shuffle"),
        Binding("4", "sort", "Sort", show=False, id="scrabble.sort"),
        Binding("5", "hint", "Hint", id="scrabble.hint"),
        # Letters are typed on the board, so the shared keys are F-keys and ctrl chords here
        # (Esc also undoes everything; 0 also goes to the menu).
        *common_keys(scope="scrabble", undo_all="escape", menu="0"),
    ]
    UNDO_ALL_NEWS = ""  # the line above the board says where the cursor went back to
    MOUSE_HELP = N_("Mouse: click a square to move the cursor there; click it again to switch "
                    "across/down. Type letters to place tiles; ? places a blank.")

    def __init__(self, session: Session, *, open_hands: bool, on_game_over: Callable[[Session], None]) -> None:
        super().__init__(session, open_hands=open_hands, on_game_over=on_game_over)
        self.typing = TypingCursor()
        self.order: list[int] = []  # the rack's display order (tile ids), for shuffling
        self._message = ""  # news or a refusal, until the next action
        self._problem = False  # whether the message is a refusal or a warning
        self._missing: list[str] = []  # letters typed that the rack does not have, until the next action
        self.news = DrawNews()
        self._marked: set[int] = set()  # the tiles on the rack drawn since the viewer's last turn
        self._turn_waiting = False  # a new turn began behind the challenge prompt

    # The cursor and its direction are the typing cursor's.
    @property
    def cursor(self) -> tuple[int, int]:
        return self.typing.pos

    @cursor.setter
    def cursor(self, pos: tuple[int, int]) -> None:
        self.typing.pos = pos

    @property
    def direction(self) -> str:
        return self.typing.direction

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield Static(id="status")
            yield TurnTimer()
        yield MessageLine(id="message")
        with Horizontal():
            with Vertical(id="left"):
                yield Board()
                yield ScrabbleRack()
            with Vertical(id="side"):
                yield ScrabbleScores()
                yield UnseenTiles()
                yield MoveLog(id="log", wrap=True, markup=False, min_width=10)
        yield KeysFooter()
        yield from self.compose_notice()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._fit()

    def _fit(self) -> None:
        """Wider squares when the terminal has room for them (120 columns and more); on 24
        rows the rack has no bottom border, so the message line may take two."""
        wide = self.app.size.width >= 110
        self.set_class(wide, "wide")
        self.query_one(Board).set_class(wide, "wide")
        self.query_one(ScrabbleRack).set_class(self.app.size.height < SHORT, "short")

    def on_mount(self) -> None:
        super().on_mount()
        self._fit()
        self.query_one(MoveLog).border_title = _("Moves")
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        first = self.game_view["first_player"]  # no viewer yet: the public view
        log = self.query_one(MoveLog)
        draws = ", ".join(f"{self.session.seats[s]} {face}" for s, face in map(seat_face, first["draws"]))
        name = self.session.seats[first["seat"]]
        if draws:
            log.write(_("{name} plays first (tiles drawn: {draws}).").format(name=name, draws=draws))
        else:
            log.write(_("{name} plays first.").format(name=name))
        for event in self.session.history:  # a resumed game: the moves so far
            if not event.kind.startswith("clock."):
                log.write(log_line(event, self.session.seats))
            self.news.note(event)
        word_list = self.game_view["word_list"]
        if cached_graph(word_list) is None:  # the first Scrabble game on this machine: hints and players need it
            self.app.push_screen(GraphBuildScreen(word_list), lambda _built: self._start_turns())
        else:
            self._start_turns()

    # --- turns ----------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        self.order = []
        self._missing = []
        self.viewer = seat  # the board in the seat's view is the public one (its draft is apart)
        self.typing.start_turn(seat, first_play=not self.game_view["board"])
        news, self._marked = self.news.for_turn(seat, self.game_view["rack"] or [])
        if news:
            self._message = f"{self._message}\n{news}" if self._message else news
        super()._begin_turn(seat)
        if self.game_view["awaiting_final_challenge"]:
            self._offer_challenge()

    def _after_change(self) -> None:
        events = self._take_events()
        log = self.query_one(MoveLog)
        for event in events:
            self.news.note(event)
            if event.kind == "clock.warning":
                self.app.bell()
                self._note(_("10 seconds left!"), error=True)
                continue
            if event.kind == "clock.overtime":
                self.app.bell()
                self._note(_("Overtime: {points} points off for each minute or part of a minute over.").format(
                    points=OVERTIME_POINTS), error=True)
                continue
            if event.kind in ("clock.timeout", TURN_EVENT):
                continue
            log.write(log_line(event, self.session.seats))
            if event.kind in ("timeout", "challenge.won", "challenge.lost"):
                self._notice = event.text
                self._note(event.text)
                if event.kind == "timeout":
                    self.app.bell()
        played = any(event.kind == "play" for event in events)
        # Whether a challenge is open is public, in every seat's view: the viewer's will do.
        if played and self.game_view["pending"] is not None and self.game_view["challenge_mode"] != "void":
            self._turn_waiting = new_turn(events)  # the next turn begins once the prompt is answered
            self._offer_challenge()
            return
        self._go_on(events)

    # --- drawing --------------------------------------------------------------------------
    def _rack_tiles(self) -> list[ScrabbleTile]:
        rack = self.game_view["rack"] or []
        ids = [t["id"] for t in rack]
        self.order = [i for i in self.order if i in ids] + [i for i in ids if i not in self.order]
        by_id = {t["id"]: t for t in rack}
        return [by_id[i] for i in self.order]

    def _redraw(self) -> None:
        view = self.game_view
        letters = {(sq["row"], sq["col"]): sq["letter"] for sq in view["board"]}
        new = set()
        for p in view["draft"]:
            letters[(p["row"], p["col"])] = p["letter"]
            new.add((p["row"], p["col"]))
        last = {_pos(name) for name in view["last_play"]}
        my_turn = self.viewer is not None and self.viewer == view["current"]
        self.query_one(Board).show(letters, new, last, self.cursor if my_turn else None, self.direction)
        hidden = self.viewer is None
        self.query_one(ScrabbleRack).show(None if hidden else self._rack_tiles(), self._marked)
        self.query_one(ScrabbleScores).show(view)
        self.query_one(UnseenTiles).show(None if hidden else view["unseen"] or "")
        if not my_turn:
            hint = ""
        elif self.direction == "across":
            hint = _("Cursor {square}, typing goes across.").format(square=square_name(self.cursor))
        else:
            hint = _("Cursor {square}, typing goes down.").format(square=square_name(self.cursor))
        self.query_one(MessageLine).show(message_lines(self._message, self._problem, self._missing, view["preview"],
                                                       hint))
        current = view["current"]
        status = _("Game over") if current is None else _("{name}'s turn").format(name=view["seats"][current])
        self.query_one("#status", Static).update(self._status_line(_("Scrabble"), status))
        self._redraw_timer()

    def _say(self, text: str, error: bool = False) -> None:
        # Clearing a message line that is already clear shows nothing new: no redraw (after a
        # move, `_after_change` redraws once the turn has moved on).
        unchanged = not text and not self._message
        self._note(text, error)
        if self.is_mounted and not unchanged:
            self._redraw()

    def _note(self, text: str, error: bool = False) -> None:
        """Say `text` with the redraw that follows (news among a change's events)."""
        self._message, self._problem = text, error

    # --- acting ---------------------------------------------------------------------------
    def _occupied(self) -> set[tuple[int, int]]:
        view = self.game_view
        return {(sq["row"], sq["col"]) for sq in view["board"]} | {(p["row"], p["col"]) for p in view["draft"]}

    def _acted(self) -> None:
        """Any action but typing a letter: the news and the missing letters have been read."""
        self._message = ""
        self._missing = []

    def on_key(self, event: events.Key) -> None:
        key = event.character
        if key and (key in LETTER_KEYS or key == "?") and self._my_turn():
            event.stop()
            self._type(key.upper())

    def _type(self, letter: str) -> None:
        rack = self._rack_tiles()
        tile = next((t for t in rack if t["face"] == letter), None)
        if tile is None and letter != "?":
            tile = next((t for t in rack if t["face"] == "?"), None)
            if tile is None:
                if letter not in self._missing:
                    self._missing.append(letter)
                self.app.bell()
                self._redraw()
                return
            self._put(tile["id"], letter)
            return
        if tile is None:
            self._say(_("There is no blank on your rack."), error=True)
            return
        if letter == "?":
            tile_id = tile["id"]

            def put_blank(chosen: str | None) -> None:
                if chosen:
                    self._put(tile_id, chosen)

            self.app.push_screen(AskLetter(), put_blank)
            return
        self._put(tile["id"], letter)

    def _put(self, tile_id: int, letter: str) -> None:
        try:
            row, col = self.typing.target(self._occupied())
        except RunsOffBoard as exc:
            self._say(str(exc), error=True)
            return
        self._message = ""

        def placed(_nothing: None) -> None:
            self.typing.placed_at((row, col), self._occupied())
            self._redraw()

        self._do(lambda seat: self.session.edit(seat, PutTile(tile_id, row, col, letter)), placed)

    def action_move(self, dr: int, dc: int) -> None:
        self.typing.move(dr, dc)
        self._acted()
        self._redraw()

    def on_board_clicked(self, message: Board.Clicked) -> None:
        if (message.row, message.col) == self.cursor:
            self.typing.toggle()
        self.cursor = (message.row, message.col)
        self._acted()
        self._redraw()

    def action_toggle_direction(self) -> None:
        self.typing.toggle()
        self._acted()
        self._redraw()

    def action_take_back(self) -> None:
        if not self._my_turn() or not self.typing.placed:
            return
        self._acted()
        row, col = self.typing.placed[-1]

        def taken(_nothing: None) -> None:
            self.typing.take_back()
            self._redraw()

        self._do(lambda seat: self.session.edit(seat, TakeBack(row, col)), taken)

    def _history_changed(self) -> None:
        placed = [(p["row"], p["col"]) for p in self.game_view["draft"]]
        self.typing.follow(placed, self._occupied())
        self._acted()

    def action_play(self) -> None:
        if self._my_turn() and self.game_view["draft"]:
            self._acted()
            self._do(lambda seat: self.session.commit(seat))

    def action_pass_turn(self) -> None:
        if not self._my_turn():
            return
        self._acted()

        def pass_turn(yes: bool | None) -> None:
            if yes:
                self._do(lambda seat: self.session.act(seat, Pass()))

        self.app.push_screen(Confirm(_("Pass this turn, scoring nothing? (y/n)")), pass_turn)

    def action_exchange(self) -> None:
        if not self._my_turn():
            return
        self._acted()
        bag = self.game_view["bag"]
        if bag < 7:
            self._say(_("You can only exchange while the bag holds at least 7 tiles; it holds {count}.").format(
                count=bag), error=True)
            return
        self.app.push_screen(ExchangePicker(self._rack_tiles()), self._exchange_chosen)

    def _exchange_chosen(self, tile_ids: list[int] | None) -> None:
        if tile_ids:
            self._afresh(lambda seat: self.session.act(seat, Exchange(tuple(tile_ids))))

    def action_shuffle(self) -> None:
        random.shuffle(self.order)
        self._redraw()

    def action_sort(self) -> None:
        """Reorder the rack alphabetically, blanks last."""
        faces = {t["id"]: t["face"] for t in self.game_view["rack"] or []}
        self.order.sort(key=lambda i: (faces.get(i) == "?", faces.get(i, "")))
        self._redraw()


def _pos(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, ord(name[0]) - ord("A")
