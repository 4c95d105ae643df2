"""`tilegames scrabble …`: Scrabble tools that need no game in progress.

`gcg verify FILE...` replays GCG game records and recomputes every score, so a record (or our
scoring) that disagrees shows up line by line. One line of output per file when it matches,
one per mismatch otherwise; a file that cannot be read or parsed, or holds no play to check, gets
one sentence, never a traceback. Exit status 0 only when every file matches, 1 otherwise.
"""

from __future__ import annotations

import argparse
from pathlib import Path
import sys

from tilegames.commands import scrabble_moves
from tilegames.core.errors import BadRecord
from tilegames.games.scrabble import MANIFEST
from tilegames.core.text.i18n import _, ngettext


def register(commands: argparse._SubParsersAction) -> None:
    scrabble = commands.add_parser(MANIFEST.id, help=_("Scrabble tools (GCG game records)"))
    tools = scrabble.add_subparsers(dest="tool", metavar="TOOL", required=True, parser_class=type(scrabble))
    gcg = tools.add_parser("gcg", help=_("GCG game records"))
    actions = gcg.add_subparsers(dest="action", metavar="ACTION", required=True, parser_class=type(scrabble))
    check = actions.add_parser(
        "verify",
        help=_("replay GCG records and check every score and total"),
        description=_("Replay each GCG game record on a board and recompute every play's score, "
                      "every running total and the end-of-game rack points. Words are not checked. "
                      "Example: tilegames scrabble gcg verify game1.gcg game2.gcg"),
    )
    check.add_argument("files", nargs="+", metavar="FILE", help=_("a GCG game record"))
    check.set_defaults(handler=gcg_verify)
    export = actions.add_parser(
        "export",
        help=_("write a Scrabble game played in tilegames as GCG"),
        description=_("Write the game recorded in a tilegames journal (see `tilegames resume`; games "
                      "are saved under $TILEGAMES_HOME/games) as a GCG record for Quackle, Macondo or Woogles."),
    )
    export.add_argument("journal", metavar="JOURNAL", help=_("the game's journal (.jsonl)"))
    export.add_argument("-o", "--output", metavar="FILE", help=_("write here instead of to the screen"))
    export.set_defaults(handler=gcg_export)
    scrabble_moves.register(tools)


def gcg_export(args: argparse.Namespace) -> int:
    from tilegames.core.records.journal import load_journal
    from tilegames.games.scrabble.gcg_export import export_gcg

    loaded = load_journal(args.journal)  # a damaged file raises BadRecord: one line from the CLI
    if loaded.header.game != MANIFEST.id:
        print(_("tilegames scrabble gcg export: {file} is not a Scrabble game (it is {game}).").format(
            file=args.journal, game=loaded.header.game), file=sys.stderr)
        return 1
    text = export_gcg(loaded)
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            print(_("tilegames scrabble gcg export: cannot write {file}: {why}.").format(
                file=args.output, why=exc.strerror or exc), file=sys.stderr)
            return 1
    else:
        print(text, end="")
    return 0


def gcg_verify(args: argparse.Namespace) -> int:
    results = [verify_file(name) for name in args.files]
    for ok, lines in results:
        for line in lines:
            print(line)
    return 0 if all(ok for ok, _ in results) else 1


def verify_file(path: str) -> tuple[bool, list[str]]:
    """Whether the file matches, and the lines that say so (or say what does not)."""
    # The records' reader is imported when the tool runs: every start builds this parser.
    from tilegames.games.scrabble.gcg import GcgError, load_gcg, verify
    from tilegames.games.scrabble.quoting import shown

    name = shown(path, 200)  # a file name may hold escape sequences or bytes that are not UTF-8
    try:
        game = load_gcg(path, name)
        report = verify(game)
    except BadRecord as exc:
        return False, [str(exc)]
    except GcgError as exc:
        return False, [f"{name}: {exc}"]
    # A record with nothing to replay must not pass as "all scores match".
    if not game.events:
        return False, [_('{file}: nothing to check: the file has no ">nick: …" event lines '
                         "(is it a GCG game record?)").format(file=name)]
    if not report.plays:
        return False, [_("{file}: no plays to check: none of its {n} event lines puts tiles on the board").format(
            file=name, n=len(game.events))]
    if report.ok:
        plays = ngettext("{n} play", "{n} plays", report.plays).format(n=report.plays)
        return True, [_("{file}: {plays}, all scores match ({note})").format(
            file=name, plays=plays, note=report.end_rack_note)]
    return False, [
        _("{file}: line {line}: {what}: recorded {recorded}, computed {computed}").format(
            file=name, line=m.line, what=m.what, recorded=m.recorded, computed=m.computed)
        for m in report.mismatches
    ]
