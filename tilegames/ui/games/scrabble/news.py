"""What happened, as the Scrabble screen tells it: the move log's lines, the message line, and
what a player drew, told to that player alone at the start of their next turn.

The faces drawn are in the private part of the play and exchange events (`Event.for_seat`);
they are kept per seat and handed only to that seat, with the rack tiles to mark.
"""

from __future__ import annotations

from typing import Sequence

from tilegames.core.text.i18n import _, ngettext
from tilegames.core.kernel.protocol import Event
from tilegames.games.scrabble.view_types import Preview, ScrabbleTile


class DrawNews:
    def __init__(self) -> None:
        self._drawn: dict[int, list[str]] = {}  # faces each seat drew, for its next turn
        self._returned: dict[int, list[str]] = {}  # faces each seat exchanged away
        self._last_player: int | None = None  # who made the last play

    def note(self, event: Event) -> None:
        if event.kind == "play":
            self._last_player = event.seat
        if event.kind == "challenge.won" and self._last_player is not None:
            self._drawn.pop(self._last_player, None)  # the play came off: its draws went back
            self._returned.pop(self._last_player, None)
        if event.seat is None or event.kind not in ("play", "exchange"):
            return
        mine = event.for_seat(event.seat)
        self._drawn[event.seat] = [str(face) for face in mine.get("tiles", [])]
        self._returned[event.seat] = [str(face) for face in mine.get("returned", [])]

    def for_turn(self, seat: int, rack: Sequence[ScrabbleTile]) -> tuple[str, set[int]]:
        """The sentence for `seat` (empty when it drew nothing) and the ids of the tiles on its
        `rack` (the view's, in the game's order) that it drew: drawn tiles join a rack at its end."""
        drawn, returned = self._drawn.pop(seat, []), self._returned.pop(seat, [])
        if not drawn:
            return "", set()
        left, marked = list(drawn), set()
        for tile in reversed(rack):
            if tile["face"] in left:
                left.remove(tile["face"])
                marked.add(tile["id"])
        if returned:
            return _("You exchanged {returned} and drew {tiles}.").format(returned=", ".join(returned),
                                                                          tiles=", ".join(drawn)), marked
        return _("You drew {tiles}.").format(tiles=", ".join(drawn)), marked


def log_line(event: Event, seats: tuple[str, ...]) -> str:
    """A move as the log shows it: plays in GCG notation (`Ann: 8D QUIZ +44`)."""
    data = event.for_seat(None)
    if event.kind == "play" and event.seat is not None:  # a play always has its seat
        return f"{seats[event.seat]}: {data['gcg']} +{data['score']}" + (" " + _("(bingo)") if data["bingo"] else "")
    return str(data["text"])


def message_lines(message: str, problem: bool, missing: list[str], preview: Preview | None,
                  hint: str) -> list[tuple[str, str]]:
    """The message line's paragraphs, with their look: news or (`problem`) a refusal, one
    paragraph a line, the letters typed that the rack lacks, then the live score of the draft; `hint`
    (where typing goes) when there is nothing else to say."""
    lines = [(line, "problem" if problem else "news") for line in message.split("\n") if line]
    if missing:
        lines.append((_("You have no {letters} (and no blank).").format(letters=_(" or ").join(missing)), "problem"))
    if preview and "problem" in preview:
        if preview["problem"] not in message:  # a refused play already says it
            lines.append((_("Not yet: {problem}").format(problem=preview["problem"]), "problem"))
    elif preview:
        bingo = " " + _("(bingo +50)") if preview["bingo"] else ""
        points = ngettext("{words}: {count} point", "{words}: {count} points", preview["score"])
        lines.append((points.format(words=" ".join(preview["words"]), count=preview["score"]) + bingo, "good"))
    elif not lines and hint:
        lines.append((hint, ""))
    return lines
