"""`tilegames rummikub solve`: the best play for a rack on a table, from the exact solver.

One position from `--rack` and `--table` (sets separated by `|`), or many from `--batch FILE`
(JSON lines `{"rack": "...", "table": "...", "mode": "..."}`, one JSON answer per line with its
solve time in `"ms"`). Input that is not a position (a bad tile, a table set that is not a set,
more copies of a tile than the edition has) gets one sentence and exit status 2; in a batch
that line's answer is `{"error": "..."}` and the other lines are still answered.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tilegames.core.text.i18n import _, ngettext

if TYPE_CHECKING:  # the rules are imported when the tool runs: every start builds this parser
    from tilegames.games.rummikub.notation import Face
    from tilegames.games.rummikub.solver import Mode, Solution

MODES = ("tiles", "value", "meld")
EDITIONS = ("standard", "xp")
BATCH_LINE_LIMIT = 10_000  # characters: a position is a few dozen tiles


class PositionError(ValueError):
    """Input that is not a Rummikub position; the message is the sentence the user reads."""


@dataclass(frozen=True)
class Position:
    rack: tuple[Face, ...]
    table: tuple[tuple[Face, ...], ...]
    mode: Mode


def register(tools: argparse._SubParsersAction) -> None:
    solve = tools.add_parser(
        "solve",
        help=_("the best play for a rack on a table"),
        description=_("Find the play that lays the most tiles (or points) from a rack, rearranging the table, "
                      "and print the new table. Tiles: colour R B K O and number 1-13, J for a joker; "
                      'table sets separated by "|". '
                      'Example: tilegames rummikub solve --rack "K4 R5 R6 R7 J" --table "K1 K2 K3"'),
    )
    solve.add_argument("--rack", help=_('the rack, e.g. "K4 R5 R6 R7 J"'))
    solve.add_argument("--table", default="", help=_('the table\'s sets, e.g. "K1 K2 K3 | R7 B7 O7"'))
    solve.add_argument("--mode", choices=MODES, default="tiles",
                       help=_("most tiles (default), most points, or the best initial meld from the rack alone"))
    solve.add_argument("--edition", choices=EDITIONS, default="standard",
                       help=_("tile set, for counting copies (default standard)"))
    solve.add_argument("--json", action="store_true", help=_("print the answer as JSON"))
    solve.add_argument("--batch", metavar="FILE",
                       help=_("solve each JSON line of FILE (- for standard input); one JSON answer per line"))
    solve.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.batch is not None:
        return _batch(args.batch, args.edition)
    try:
        if args.rack is None:
            raise PositionError(_('give the rack with --rack, e.g. --rack "K4 R5 R6 R7 J" (or a file with --batch).'))
        position = parse_position(args.rack, args.table, args.mode, args.edition)
    except PositionError as exc:
        if args.json:
            print(json.dumps({"error": str(exc)}))
        print(f"tilegames rummikub solve: {exc}", file=sys.stderr)
        return 2
    answer = answer_for(position)
    print(json.dumps(answer) if args.json else render(answer, position.mode))
    return 0


def parse_position(rack: str, table: str, mode: str, edition: str) -> Position:
    """A position from its notation; a PositionError with the sentence otherwise."""
    from tilegames.games.rummikub.notation import edition_spec, parse_faces
    from tilegames.games.rummikub.sets import best_reading, format_set

    if mode not in MODES:
        raise PositionError(_('"{mode}" is not a mode: choose tiles, value or meld.').format(mode=str(mode)[:20]))
    try:
        spec = edition_spec(edition)
        rack_faces = parse_faces(rack)
        sets = [parse_faces(text) for text in table.split("|")] if table.strip() else []
    except ValueError as exc:  # a NotationError, or an unknown edition
        raise PositionError(str(exc)) from None
    if not rack_faces:
        raise PositionError(_("The rack is empty: give its tiles, e.g. \"K4 R5 R6 R7 J\"."))
    for number, faces in enumerate(sets, start=1):
        if not faces:
            raise PositionError(_('Table set {number} is empty: give its tiles, e.g. "R7 B7 K7".').format(number=number))
        reading = best_reading(faces)
        if not reading.valid:
            raise PositionError(_("Table set {number} ({tiles}) is not a set: {reason}").format(
                number=number, tiles=format_set(faces), reason=reading.reason))
    counts = Counter(rack_faces) + Counter(face for faces in sets for face in faces)
    for face, count in sorted(counts.items()):
        if face.is_joker and count > spec.jokers:
            raise PositionError(_("The rack and the table hold {count} jokers, but the {edition} set has only "
                                  "{jokers}.").format(count=count, edition=edition, jokers=spec.jokers))
        if not face.is_joker and count > spec.copies:
            raise PositionError(_("{tile} is {count} times in the rack and on the table, but the {edition} set has "
                                  "only {copies} of each tile.").format(tile=face, count=count, edition=edition,
                                                                        copies=spec.copies))
    return Position(rack_faces, tuple(sets), mode)  # type: ignore[arg-type]


def answer_for(position: Position) -> dict[str, Any]:
    """The solver's answer as the JSON the tool prints: the table as given when nothing goes."""
    from tilegames.games.rummikub.solver import solve

    found: Solution | None = solve(position.rack, position.table, position.mode)
    table = position.table if found is None else found.table
    return {
        "placed": [] if found is None else [str(face) for face in found.placed],
        "table": [[str(face) for face in row] for row in table],
        "tiles": 0 if found is None else found.tiles,
        "value": 0 if found is None else found.value,
    }


def render(answer: dict[str, Any], mode: str) -> str:
    if not answer["placed"]:
        return _("No initial meld of 30 or more.") if mode == "meld" else _("No tile of the rack can be laid.")
    lines = [ngettext("Lay {tiles}: {count} tile, {value} points.", "Lay {tiles}: {count} tiles, {value} points.",
                      answer["tiles"]).format(tiles=" ".join(answer["placed"]), count=answer["tiles"],
                                              value=answer["value"]), _("The table after it:")]
    lines += ["  " + " ".join(row) for row in answer["table"]]
    return "\n".join(lines)


def _batch(path: str, edition: str) -> int:
    """Each line of `path` answered on its own line; 2 when any line was not a position."""
    try:
        source = sys.stdin if path == "-" else open(path, encoding="utf-8", errors="replace")
    except OSError as exc:
        print("tilegames rummikub solve: " + _("cannot read {path}: {reason}").format(
            path=path, reason=exc.strerror or exc), file=sys.stderr)
        return 2
    status = 0
    with source:
        for number, line in enumerate(source, start=1):
            if not line.strip():
                continue
            started = time.perf_counter()
            try:
                answer = answer_for(_batch_position(line, edition))
            except PositionError as exc:
                status = 2
                print("tilegames rummikub solve: " + _("line {number}: {error}").format(number=number, error=exc),
                      file=sys.stderr)
                answer = {"error": str(exc)}
            answer["ms"] = round((time.perf_counter() - started) * 1000, 3)
            print(json.dumps(answer), flush=True)
    return status


def _batch_position(line: str, edition: str) -> Position:
    if len(line) > BATCH_LINE_LIMIT:
        raise PositionError(_("The line is longer than {limit} characters.").format(limit=BATCH_LINE_LIMIT))
    try:
        item = json.loads(line)
    except ValueError:
        raise PositionError(_('The line is not JSON: write {example}.').format(
            example='{"rack": "K4 R5 J", "table": "K1 K2 K3"}')) from None
    if not isinstance(item, dict) or not isinstance(item.get("rack"), str):
        raise PositionError(_('The line needs a "rack" string, e.g. {example}.').format(
            example='{"rack": "K4 R5 J", "table": "K1 K2 K3"}'))
    table, mode = item.get("table", ""), item.get("mode", "tiles")
    if not isinstance(table, str) or not isinstance(mode, str):
        raise PositionError(_('"table" and "mode" are strings, e.g. {example}.').format(
            example='{"table": "K1 K2 K3", "mode": "value"}'))
    return parse_position(item["rack"], table, mode, item.get("edition", edition) if isinstance(
        item.get("edition", edition), str) else "?")
