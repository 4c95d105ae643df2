"""Reading GCG text line by line (see gcg.py for what is read and why it is lenient where it is).

Bytes become text in `decode_gcg`; `parse_gcg` turns each line into a pragma or an event and
raises GcgError (`line N: …`) on the first line it cannot understand. Nothing here replays the
game: that is gcg_verify.py.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import replace
from typing import TypedDict

from tilegames.core.text.i18n import _
from tilegames.games.scrabble.board import SIZE, Coordinate, CoordinateError, parse_coordinate
from tilegames.games.scrabble.gcg_model import EventKind, GcgError, GcgEvent, GcgGame, GcgPlayer, GcgPragma
from tilegames.games.scrabble.quoting import lower_first, shown
from tilegames.games.scrabble.tiles import RACK_SIZE

EXPECTED_EVENT = '">nick: RACK MOVE SCORE TOTAL"'
_NUMBER = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: int() would also take "٢٤" and "２４"
MAX_DIGITS = 6  # no score or total in a Scrabble game comes near a million
MAX_PLAYERS = 4  # RULES.md §3.3: 2-4 players (GCG itself names only #player1 and #player2)
_RACK = re.compile(r"[A-Za-z?]*")
_WORD = re.compile(r"[A-Za-z.]+")
_EXCHANGED = re.compile(r"[A-Za-z?]+")
_FORMED = re.compile(r",?[A-Za-z]*,?")  # one token of "FOG, OW, GA"


class _EventBase(TypedDict):
    """The GcgEvent fields every event line has."""

    line: int
    nick: str
    score: int
    total: int
    text: str


class _Placement(TypedDict):
    """The GcgEvent fields only a play has."""

    coordinate: Coordinate
    word: str


def decode_gcg(data: bytes) -> str:
    """Bytes to text: the `#character-encoding` pragma when the first line has one.

    The GCG spec makes ISO-8859-1 the default, but most files today are UTF-8 without saying
    so; UTF-8 is tried first because Latin-1 accepts every byte and would garble it silently.
    """
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    first = data.split(b"\n", 1)[0].strip()
    match = re.fullmatch(rb"#character-encoding\s+(\S+)", first)
    if match:
        name = shown(match.group(1).decode("ascii", "replace"), 30)
        try:
            return data.decode(match.group(1).decode("ascii", "replace"))
        except LookupError:
            raise GcgError(1, _('unknown character encoding "{name}"').format(name=name)) from None
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            raise GcgError(line, _("the text is not valid {name}, as #character-encoding says").format(name=name)) from None
        except ValueError:  # UnicodeError from codecs that do not say where (idna, undefined…)
            raise GcgError(1, _("the text cannot be read as {name}, as #character-encoding says").format(name=name)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_gcg(text: str) -> GcgGame:
    """Parse GCG text. Raises GcgError (`line N: …`) on the first line it cannot understand."""
    return _Parser().parse(text)


class _Parser:
    def __init__(self) -> None:
        self.players: list[GcgPlayer] = []
        self.events: list[GcgEvent] = []
        self.info: dict[str, str] = {}
        self.game_note: list[str] = []
        self.pragmas: list[GcgPragma] = []
        self.last_total: dict[str, int] = {}
        self.in_note = False  # a #note may go on over following lines that start with neither # nor >

    def parse(self, text: str) -> GcgGame:
        text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        for number, raw in enumerate(text.split("\n"), start=1):
            line = raw.rstrip()
            if not line.strip():
                continue
            if line.startswith("#"):
                self._pragma(number, line)
            elif line.startswith(">"):
                self.in_note = False
                self.events.append(self._event(number, line))
            elif self.in_note:
                self._add_note(line)
            else:
                raise GcgError(
                    number, _('expected a pragma ("#…") or an event ({expected}), got "{line}"').format(
                        expected=EXPECTED_EVENT, line=_clip(line))
                )
        self.players.sort(key=lambda p: p.number)
        return GcgGame(
            players=tuple(self.players),
            events=tuple(self.events),
            title=self.info.get("title", ""),
            description=self.info.get("description", ""),
            lexicon=self.info.get("lexicon", ""),
            id_authority=self.info.get("id_authority", ""),
            id=self.info.get("id", ""),
            encoding=self.info.get("character-encoding", ""),
            note="\n".join(self.game_note),
            pragmas=tuple(self.pragmas),
        )

    def _pragma(self, number: int, line: str) -> None:
        name, value = re.fullmatch(r"#(\S*)\s*(.*)", line).groups()  # type: ignore[union-attr]
        value = value.strip()
        self.in_note = False
        player = re.fullmatch(r"player(\d+)", name)  # any digits, so "#player٣" is refused, not ignored
        if player:
            self._player(number, _player_number(number, player.group(1)), value)
        elif name == "note":
            self.in_note = True
            self._add_note(value)
        elif name in ("title", "description", "lexicon", "character-encoding"):
            self.info[name] = value
        elif name == "id":
            authority, _space, ident = value.partition(" ")
            self.info["id_authority"], self.info["id"] = authority, ident.strip()
        else:
            self.pragmas.append(GcgPragma(number, name, value))

    def _player(self, number: int, index: int, value: str) -> None:
        nick, _space, name = value.replace("\t", " ").partition(" ")
        if not nick:
            got = _clip(f"#player{index} {value}")
            raise GcgError(number, _('expected "#player{index} nick Full Name", got "{got}"').format(index=index, got=got))
        for p in self.players:
            if p.number == index:
                raise GcgError(number, _("#player{index} is given twice").format(index=index))
            if p.nick == nick:
                raise GcgError(
                    number,
                    _('#player{index} has the same nick "{nick}" as #player{other}: events could not tell them apart').format(
                        index=index, nick=shown(nick), other=p.number),
                )
        self.players.append(GcgPlayer(index, nick, name.strip() or nick))

    def _add_note(self, text: str) -> None:
        if self.events:
            last = self.events[-1]
            self.events[-1] = replace(last, note=f"{last.note}\n{text}" if last.note else text)
        else:
            self.game_note.append(text)

    def _event(self, number: int, line: str) -> GcgEvent:
        nick, colon, rest = line[1:].partition(":")
        nick = nick.strip()
        tokens, formed = _words_listed(rest.split())
        if not colon or not nick or any(ch.isspace() for ch in nick) or len(tokens) < 3 or len(tokens) > 5:
            raise GcgError(number, _('expected {expected}, got "{line}"').format(expected=EXPECTED_EVENT, line=_clip(line)))
        if nick not in {p.nick for p in self.players}:
            known = shown(", ".join(p.nick for p in sorted(self.players, key=lambda p: p.number)))
            players = (_("players are {names}").format(names=known) if known
                       else _("no #player1/#player2 line names a player before it"))
            raise GcgError(number, _('unknown player "{nick}" ({players})').format(nick=shown(nick), players=players))
        *middle, score_text, total_text = tokens
        score = _number(number, score_text, _('the score "{text}" is not a number like +24 or -10'),
                        _('the score "{text}" has more than {digits} digits: no game scores that much'))
        total = _number(number, total_text, _('the total "{text}" is not a number'),
                        _('the total "{text}" has more than {digits} digits: no game scores that much'))
        base = _EventBase(line=number, nick=nick, score=score, total=total, text=line.strip())

        if len(middle) == 3 or (len(middle) == 2 and middle[1][0] not in "-("):
            rack = middle[0] if len(middle) == 3 else ""
            coord_text, word = middle[-2:]
            placement = self._placement(number, coord_text, word)
            event = GcgEvent(kind="play", rack=_rack(number, rack), formed=formed, **base, **placement)
        else:
            rack = middle[0] if len(middle) == 2 else ""
            event = self._action(number, _rack(number, rack), middle[-1], base)
        self.last_total[nick] = event.total
        return event

    def _placement(self, number: int, coord_text: str, word: str) -> _Placement:
        try:
            coordinate = parse_coordinate(coord_text)
        except CoordinateError as exc:
            if _is_coordinate(word):
                message = _('expected a word after the square "{square}", got "{text}" before it').format(
                    square=word, text=shown(coord_text, 20))
                raise GcgError(number, message) from None
            raise GcgError(number, lower_first(str(exc)).rstrip(".")) from None
        if not _WORD.fullmatch(word):
            raise GcgError(number, _('the word "{word}" may hold only letters, and "." for covered squares').format(
                word=shown(word, 20)))
        r, c = coordinate.start
        end = (c if coordinate.direction == "across" else r) + len(word)
        if end > SIZE:
            raise GcgError(number, _("{word} from {square} runs off the board").format(word=shown(word, 20), square=coordinate))
        return _Placement(coordinate=coordinate, word=word)

    def _action(self, number: int, rack: str, move: str, base: _EventBase) -> GcgEvent:
        score, nick = base["score"], base["nick"]
        lowered = move.lower()
        if move == "--":
            if score > 0:
                raise GcgError(number, _('a withdrawn play ("--") loses its points: its score is -N, not "+{score}"').format(
                    score=score))
            if score == 0:  # Quackle writes "+0" and lowers the total: the loss is in the totals
                inferred: _EventBase = {**base, "score": base["total"] - self.last_total.get(nick, 0)}
                return GcgEvent(kind="withdrawn", rack=rack, score_inferred=True, **inferred)
            return GcgEvent(kind="withdrawn", rack=rack, **base)
        if move == "-":
            return GcgEvent(kind="pass", rack=rack, **base)
        if move.startswith("-"):
            body = move[1:]
            if re.fullmatch(r"[0-9]+", body):
                if len(body) > 1 or not 1 <= int(body) <= RACK_SIZE:
                    raise GcgError(number, _("an exchange is of 1 to {most} tiles, not {text}").format(
                        most=RACK_SIZE, text=shown(body, 10)))
                return GcgEvent(kind="exchange", rack=rack, exchange_count=int(body), **base)
            if _EXCHANGED.fullmatch(body) and len(body) <= RACK_SIZE:
                letters = body.upper()
                return GcgEvent(kind="exchange", rack=rack, exchanged=letters, exchange_count=len(letters), **base)
            raise GcgError(number, _('expected an exchange like "-ABC" or "-3", got "{text}"').format(text=shown(move, 20)))
        if lowered == "(challenge)":
            return GcgEvent(kind="challenge_bonus", rack=rack, **base)
        if lowered == "(time)":
            return GcgEvent(kind="time_penalty", rack=rack, **base)
        if move.startswith("(") and move.endswith(")") and _EXCHANGED.fullmatch(move[1:-1]):
            kind: EventKind = "end_rack_penalty" if score < 0 else "end_rack_points"
            return GcgEvent(kind=kind, rack=rack, end_rack=move[1:-1].upper(), **base)
        raise GcgError(
            number,
            _('expected a move (8D WORD, -ABC, -, --, (challenge), (time) or (RACK)), got "{text}"').format(
                text=shown(move, 20)),
        )


def _words_listed(tokens: list[str]) -> tuple[list[str], tuple[str, ...]]:
    """Old Quackle files list the words a play formed after its total
    (`>Bob: EFGIKOS  9c FOG  +25  55  FOG, OW, GA`): split them off a play's fields.

    Only a line that reads as a play up to the total and has nothing but words after it is
    split, so every other line keeps its own error message.
    """
    for at in (2, 3):  # the score follows [RACK] SQUARE WORD
        tail = tokens[at + 2:]
        if (tail and _NUMBER.fullmatch(tokens[at]) and _NUMBER.fullmatch(tokens[at + 1])
                and _is_coordinate(tokens[at - 2]) and all(_FORMED.fullmatch(t) for t in tail)):
            words = tuple(w.upper() for t in tail for w in t.split(",") if w)
            if words:
                return tokens[: at + 2], words
    return tokens, ()


def _rack(number: int, text: str) -> str:
    if not _RACK.fullmatch(text):
        raise GcgError(number, _('the rack "{text}" may hold only letters and "?" for a blank').format(text=shown(text, 20)))
    return text.upper()


def _number(line: int, text: str, not_a_number: str, too_long: str) -> int:
    """A score or total: ASCII digits with an optional sign, and short enough to be real. The
    two sentences (already translated) say what is wrong with `{text}`."""
    if not _NUMBER.fullmatch(text):
        raise GcgError(line, not_a_number.format(text=shown(text, 20)))
    if len(text.lstrip("+-")) > MAX_DIGITS:
        raise GcgError(line, too_long.format(text=shown(text, 20), digits=MAX_DIGITS))
    return int(text)


def _player_number(line: int, digits: str) -> int:
    if not digits.isascii() or len(digits) > 1 or not 1 <= int(digits) <= MAX_PLAYERS:
        raise GcgError(line, _("there is no #player{digits}: a game has #player1 to #player{most} (2 to {most} players)").format(
            digits=shown(digits, 10), most=MAX_PLAYERS))
    return int(digits)


def _is_coordinate(text: str) -> bool:
    try:
        parse_coordinate(text)
    except CoordinateError:
        return False
    return True


def _clip(text: str, limit: int = 60) -> str:
    return shown(text.strip(), limit)
