"""The Rummikub Word play screen: the rows play screen (rows_play.py) with letter tiles, each row
judged as you edit (a word or not, new or not, or what is wrong), the turn's would-be score, a
letter for every joker laid, and a word lookup."""

from __future__ import annotations

from typing import Any, Callable

from rich.style import Style
from textual.binding import Binding

from tilegames.core.kernel.views import RowTile
from tilegames.core.text.i18n import N_, _, ngettext
from tilegames.core.parts.table_rows import RowsHint
from tilegames.games.word_rummikub.actions import Draw, Hint, Pass
from tilegames.games.word_rummikub.hints import hint_for
from tilegames.games.word_rummikub.draft import NameJoker
from tilegames.games.word_rummikub.tiles import JOKER
from tilegames.games.word_rummikub.view_types import WordRummikubView, word_rummikub_view
from tilegames.ui.games.word_rummikub.lookup import WordLookup
from tilegames.ui.games.word_rummikub.tiles import DRAWN, display_rows, tile_style
from tilegames.ui.screens.dialogs import AskLetter, Confirm
from tilegames.ui.screens.rows_play import RowsPlayScreen


def _alphabetical(tile: RowTile) -> tuple[int, str]:
    return (1, "") if tile["face"] == JOKER else (0, tile["face"])


def _drawn(tile: RowTile) -> int:
    return tile["id"]


class WordRummikubScreen(RowsPlayScreen):
    """One game of Rummikub Word. Calls `on_game_over(session)` when it ends."""

    game_title = N_("Rummikub Word")
    new_row = N_("new word")
    MOUSE_HELP = N_("Mouse: click a tile to pick it up, click where it should go to put it down "
                    "(the `+ new word` line starts a new word).")
    draw_action = Draw()
    pass_action = Pass()
    hint_action = Hint()
    BINDINGS = [
        Binding("H", "hint", "Hint", id="word_rummikub.hint"),
        Binding("w", "lookup", "Look up", id="word_rummikub.lookup"),
        Binding("equals_sign", "name_joker", "Name the joker", show=False, id="word_rummikub.name_joker"),
        Binding("n", "new_set", "New word", show=False, id="rows.new_set"),  # the rows screen's "New set", in words
    ]

    def spoken_face(self, face: str) -> str:
        return _("a joker") if face == "*" else face

    def _mark_faces(self, faces: list[str]) -> dict[int, str]:
        """The tiles just drawn, marked `^`: a joker marked `*` read `**`."""
        return {tile_id: DRAWN for tile_id in super()._mark_faces(faces)}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._asked: set[int] = set()  # jokers whose letter was asked for this turn

    @property
    def game_view(self) -> WordRummikubView:
        """The screen's view, typed (`view` is the session's plain dict)."""
        return word_rummikub_view(self.view)

    @staticmethod
    def tile_style(face: str) -> Style:
        return tile_style(face)

    def display_rows(self) -> list[dict[str, Any]]:
        return display_rows(self.game_view["table"], self.game_view["drafting"])

    def display_table(self, table: Any) -> list[dict[str, Any]]:
        return display_rows(table, True)

    def find_hint(self) -> RowsHint | None:
        return hint_for(self.game_view)

    def rack_orders(self) -> tuple[tuple[str, Callable[[RowTile], Any]], ...]:
        return ((_("letter"), _alphabetical), (_("order drawn"), _drawn))

    def score_totals(self) -> list[int]:
        """The game's points so far, on top of the series' (a game on its own: just the game's)."""
        scores = self.game_view["scores"]
        return [total + score for total, score in zip(self.totals or [0] * len(scores), scores)]

    def turn_line(self) -> tuple[str, bool] | None:
        """What committing now would do: its score, or the first thing in the way."""
        view, seat = self.game_view, self.viewer
        if not view["drafting"] or seat is None:
            return None
        if view["would_score"] is not None:
            score = view["would_score"]
            if not view["rack"]:  # the rack emptied: the turn's score is doubled (RULES.md §2.8)
                return ngettext("Commit now for {count} point (doubled: your rack is empty).",
                                "Commit now for {count} points (doubled: your rack is empty).", score).format(
                                    count=score), True
            return ngettext("Commit now for {count} point.", "Commit now for {count} points.", score).format(count=score), True
        if not self.session.draft_changed():
            empty = view["pool"] == 0  # nothing to draw: the other way out of a turn is to pass
            if not view["melded"][seat]:
                letters = view["rules"]["first_meld_letters"]
                if empty:
                    return _("First meld: one word of {letters} or more letters from your rack; or p to pass.").format(
                        letters=letters), False
                return _("First meld: one word of {letters} or more letters from your rack; or d to draw.").format(
                    letters=letters), False
            if empty:
                return _("Lay or change words with your tiles; or p to pass."), False
            return _("Lay or change words with your tiles; or d to draw."), False
        problems = view["problems"] or []
        return (problems[0] if problems else ""), False

    # --- the turn ---------------------------------------------------------------------------
    def _turn_begun(self) -> None:
        self._asked = set()

    def _after_change(self) -> None:
        super()._after_change()
        if self._my_turn() and not self._asking():
            self._ask_for_letters()

    def _asking(self) -> bool:
        return isinstance(self.app.screen, (AskLetter, Confirm, WordLookup))

    def _unnamed_jokers(self) -> list[tuple[int, int]]:
        """(row, tile id) of each joker on the table that has no letter yet."""
        return [(r, t["id"]) for r, row in enumerate(self.game_view["table"]) for t in row["tiles"]
                if t["joker"] and t["letter"] is None]

    def _ask_for_letters(self) -> None:
        """A joker just laid is given its letter at once; Esc leaves it unnamed (its row says so,
        and = names it later)."""
        for row, tile_id in self._unnamed_jokers():
            if tile_id not in self._asked:
                self._asked.add(tile_id)
                self._ask_letter(row, tile_id)
                return

    def _ask_letter(self, row: int, tile_id: int) -> None:
        def named(letter: str | None) -> None:
            if letter:
                self._do(lambda seat: self.session.edit(seat, NameJoker(tile_id, letter)))

        question = _("The joker in row {row} stands for which letter? Type it (A-Z). Esc: later (= names it).").format(
            row=row + 1)
        self.app.push_screen(AskLetter(question), named)

    def action_name_joker(self) -> None:
        """=: give the joker under the cursor (or the first one without a letter) its letter."""
        if not self._can_edit():
            return
        rows = self.game_view["table"]
        r, i = self.table_cursor
        if self.zone == "table" and r < len(rows) and i < len(rows[r]["tiles"]) and rows[r]["tiles"][i]["joker"]:
            self._ask_letter(r, rows[r]["tiles"][i]["id"])
            return
        unnamed = self._unnamed_jokers()
        if unnamed:
            self._ask_letter(*unnamed[0])
        else:
            self._say(_("Put the table cursor on a joker to change its letter."), error=True)

    def action_commit(self) -> None:
        """Wrong words under the turn-end penalty are named before the commit is made."""
        if not self._can_edit():
            return
        view = self.game_view
        wrong = [row["word"] for row in view["table"] if row["new"] and row["reason"] and "?" not in row["word"]
                 and row["length"] >= view["rules"]["min_word_len"]]
        if wrong and view["rules"]["word_check"] == "turn_end_penalty":
            question = ngettext("{words}: not a word here. Commit anyway? The table goes back, you take your tiles "
                                "back and draw 1. (y/n)",
                                "{words}: not words here. Commit anyway? The table goes back, you take your tiles "
                                "back and draw 1. (y/n)", len(wrong)).format(words=", ".join(wrong))
            self.app.push_screen(Confirm(question), lambda yes: super(WordRummikubScreen, self).action_commit() if yes else None)
            return
        super().action_commit()

    def action_lookup(self) -> None:
        self.app.push_screen(WordLookup(self.game_view["rules"]))
