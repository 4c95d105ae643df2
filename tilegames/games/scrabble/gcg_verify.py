"""Replaying a GCG record on a real board and recomputing every number it states (see gcg.py)."""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType
from typing import Mapping

from tilegames.core.parts.grid import GeometryError, Pos
from tilegames.core.text.i18n import _
from tilegames.games.scrabble.board import score_play, square_name
from tilegames.games.scrabble.gcg_model import EndRackRule, GcgError, GcgEvent, GcgGame, Mismatch, Report
from tilegames.games.scrabble.quoting import lower_first, shown
from tilegames.games.scrabble.tiles import BLANK, RACK_SIZE, rack_value


def verify(game: GcgGame) -> Report:
    """Replay `game` on a board, recomputing every number the record states.

    Tiles go down as the record says (through-squares must already be covered, new squares
    empty, the letters on the rack when the rack is written in full); each play is scored with
    `score_play` and compared. A total is checked against the player's previous *recorded*
    total plus the line's *computed* score, so one slip is reported on its own line and does
    not repeat on every later line. A record that cannot be replayed raises GcgError.
    """
    return _Replay(game).run()


class _Replay:
    def __init__(self, game: GcgGame) -> None:
        self.game = game
        self.board: dict[Pos, str] = {}
        self.mismatches: list[Mismatch] = []
        self.plays = 0
        self.last_placed: dict[Pos, str] = {}  # the tiles the latest play put down
        self.last_play: GcgEvent | None = None
        self.end_rack_rule = _end_rack_rule(game)

    def run(self) -> Report:
        totals = {p.nick: 0 for p in self.game.players}
        for event in self.game.events:
            computed = getattr(self, f"_{event.kind}")(event)
            if computed != event.score:
                self._mismatch(event, _what(event), event.score, computed)
            expected_total = totals[event.nick] + computed
            if event.total != expected_total:
                self._mismatch(event, _("total of {nick}").format(nick=shown(event.nick)), event.total, expected_total)
            totals[event.nick] = event.total
            if event.kind != "play":
                self.last_play = None
        return Report(
            plays=self.plays,
            mismatches=tuple(self.mismatches),
            end_rack_rule=self.end_rack_rule,
            totals=tuple((p.nick, totals[p.nick]) for p in self.game.players),
            board=MappingProxyType(dict(self.board)),
        )

    def _mismatch(self, event: GcgEvent, what: str, recorded: int, computed: int) -> None:
        self.mismatches.append(Mismatch(event.line, what, recorded, computed))

    # Each handler applies its event and returns the score the line should have.

    def _play(self, event: GcgEvent) -> int:
        assert event.coordinate is not None
        placed: dict[Pos, str] = {}
        for pos, ch in event.squares:
            held = self.board.get(pos)
            if ch == ".":
                if held is None:
                    where = square_name(pos)
                    raise GcgError(event.line, _('{word} at {at} has "." on {square}, which is empty').format(
                        word=event.word, at=event.coordinate, square=where))
            elif held is None:
                placed[pos] = ch
            elif held.upper() != ch.upper():
                raise GcgError(
                    event.line,
                    _("{word} at {at} puts {letter} on {square}, which holds {held} already").format(
                        word=event.word, at=event.coordinate, letter=ch, square=square_name(pos), held=held),
                )
        if not placed:
            raise GcgError(event.line, _("{word} at {at} puts no new tile on the board").format(
                word=event.word, at=event.coordinate))
        self._check_rack(event, placed)
        try:
            scored = score_play(self.board, placed, hint=event.coordinate.direction)
        except GeometryError as exc:
            raise GcgError(event.line, lower_first(str(exc)).rstrip(".")) from None
        self.board.update(placed)
        self.plays += 1
        self.last_placed = placed
        self.last_play = event
        return scored.score

    def _check_rack(self, event: GcgEvent, placed: Mapping[Pos, str]) -> None:
        """Racks are often written partly (only the tiles played), so only a full rack is binding."""
        if len(event.rack) != RACK_SIZE:
            return
        needed = Counter(BLANK if ch.islower() else ch.upper() for ch in placed.values())
        missing = needed - Counter(event.rack)
        if missing:
            tiles = ", ".join(sorted(missing.elements())).replace(BLANK, _("a blank"))
            raise GcgError(
                event.line, _("{word} at {at} needs {tiles}, which the rack {rack} does not have").format(
                    word=event.word, at=event.coordinate, tiles=tiles, rack=event.rack)
            )

    def _withdrawn(self, event: GcgEvent) -> int:
        """The phony's tiles come off and its points, as recorded, are taken back."""
        play = self.last_play
        if play is None or play.nick != event.nick:
            raise GcgError(event.line, _('a withdrawn play ("--") must come right after a play by {nick}').format(
                nick=shown(event.nick)))
        for pos in self.last_placed:
            del self.board[pos]
        return -play.score

    def _exchange(self, event: GcgEvent) -> int:
        full_rack = len(event.rack) == RACK_SIZE
        if event.exchanged and full_rack and Counter(event.exchanged) - Counter(event.rack):
            raise GcgError(event.line, _("the exchange -{tiles} is not part of the rack {rack}").format(
                tiles=event.exchanged, rack=event.rack))
        return 0

    def _pass(self, event: GcgEvent) -> int:
        return 0

    def _challenge_bonus(self, event: GcgEvent) -> int:
        """The bonus depends on the event's rules (5 or 10, per word or per play): taken as recorded."""
        return event.score

    def _time_penalty(self, event: GcgEvent) -> int:
        """Overtime rules vary by event: taken as recorded."""
        return event.score

    def _end_rack_points(self, event: GcgEvent) -> int:
        return (1 if self.end_rack_rule == "1x" else 2) * rack_value(event.end_rack)

    def _end_rack_penalty(self, event: GcgEvent) -> int:
        return -rack_value(event.end_rack)


def _end_rack_rule(game: GcgGame) -> EndRackRule | None:
    """Tournaments (NASPA, WESPA) give the player who goes out 2x the others' racks; older records 1x.

    The rule is read from the file: 1x when every `(RACK) +N` line fits 1x, otherwise 2x (and
    the lines that do not fit are mismatches). Racks worth 0 (blanks only) fit both and say nothing.
    """
    telling = [e for e in game.events if e.kind == "end_rack_points" and rack_value(e.end_rack) > 0]
    if not telling:
        return None
    return "1x" if all(e.score == rack_value(e.end_rack) for e in telling) else "2x"


def _what(event: GcgEvent) -> str:
    """How a mismatch names the line's score."""
    if event.kind == "play":
        return _("score of {at} {word}").format(at=event.coordinate, word=event.word)
    if event.kind == "withdrawn":
        return _("points taken back for the withdrawn play")
    if event.kind == "end_rack_points":
        return _("end-of-game rack ({rack})").format(rack=event.end_rack)
    if event.kind == "end_rack_penalty":
        return _("own rack ({rack}) deducted").format(rack=event.end_rack)
    return _("score of the {kind}").format(kind=event.kind)
