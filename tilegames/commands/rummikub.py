"""`tilegames rummikub …`: Rummikub tools that need no game in progress.

`meld-check` judges a proposed initial meld: each set as group, run or invalid (with the reason
and what each joker stands for), the total and the verdict. Exit status 0 for a valid initial
meld, 1 for a valid-but-short or invalid one, 2 for input that is not Rummikub notation (an
empty set included, and single tiles as separate arguments: a set left unquoted); with
`--json` that error is also printed as JSON on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from rich.cells import cell_len, set_cell_size

from tilegames.commands import rummikub_solve
from tilegames.games.rummikub import MANIFEST
from tilegames.core.text.i18n import _

if TYPE_CHECKING:  # the rules are imported when the tool runs: every start builds this parser
    from tilegames.games.rummikub.meld_report import MeldReport
    from tilegames.games.rummikub.notation import Face


def register(commands: argparse._SubParsersAction) -> None:
    rummikub = commands.add_parser(MANIFEST.id, help=_("Rummikub tools (meld checker, solver)"))
    tools = rummikub.add_subparsers(dest="tool", metavar="TOOL", required=True,
                                    parser_class=type(rummikub))
    check = tools.add_parser(
        "meld-check",
        help=_("check an initial meld: is it worth 30?"),
        description=_("Check a proposed initial meld. Give each set as one argument, tiles "
                      "separated by spaces: colour R B K O (red blue black orange) and number 1-13, J for a "
                      "joker. Runs are read in the order given. "
                      'Example: tilegames rummikub meld-check "K9 K10 J" "R4 R5 R6"'),
    )
    check.add_argument("sets", nargs="+", metavar="SET", help=_('one set, e.g. "R7 B7 K7" or "K9 K10 J"'))
    check.add_argument("--json", action="store_true", help=_("print the verdict as JSON"))
    check.add_argument("--edition", choices=("standard", "xp"), default="standard",
                       help=_("tile set, for counting copies (default standard)"))
    check.set_defaults(handler=meld_check)
    rummikub_solve.register(tools)


def meld_check(args: argparse.Namespace) -> int:
    from tilegames.games.rummikub.meld_report import check_initial_meld
    from tilegames.games.rummikub.notation import NotationError

    try:
        sets = [_parse_set(n, text) for n, text in enumerate(args.sets, start=1)]
        if len(sets) > 1 and all(len(s) == 1 for s in sets):
            # `meld-check R10 R11 R12`: the shell made each tile its own argument.
            example = " ".join(str(s[0]) for s in sets)
            raise NotationError(_('each argument is one set: quote a set with spaces, e.g. "{example}".').format(
                example=example))
    except NotationError as exc:
        # With --json, a script reads stdout: the error is JSON there too, beside the line for people.
        if args.json:
            print(json.dumps({"valid": False, "error": str(exc)}))
        print(f"tilegames rummikub meld-check: {exc}", file=sys.stderr)
        return 2
    report = check_initial_meld(sets, edition=args.edition)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print(render(report))
    return 0 if report.valid else 1


def _parse_set(number: int, text: str) -> tuple[Face, ...]:
    """One SET argument; an empty one is malformed input, not a set worth 0."""
    from tilegames.games.rummikub.notation import NotationError, parse_faces

    faces = parse_faces(text)
    if not faces:
        raise NotationError(_('Set {number} is empty: give its tiles, e.g. "R7 B7 K7".').format(number=number))
    return faces


def render(report: MeldReport) -> str:
    """The report as a few aligned lines a player reads at a glance (aligned in terminal cells:
    the kinds' names are wider in Korean)."""
    kinds = {"group": _("group"), "run": _("run"), "invalid": _("invalid")}
    kind_width = max(cell_len(name) for name in kinds.values())
    width = max((cell_len(" ".join(s.tiles)) for s in report.sets), default=0)
    lines = []
    for s in report.sets:
        tiles = set_cell_size(" ".join(s.tiles), width)
        if s.kind == "invalid":
            lines.append(f"{tiles}  {set_cell_size(kinds['invalid'], kind_width + 4)}{s.reason}")
            continue
        jokers = f"  (J = {', '.join(s.jokers)})" if s.jokers else ""
        lines.append(f"{tiles}  {set_cell_size(kinds.get(s.kind, s.kind), kind_width)} {s.value:>3}{jokers}")
    lines.append(_("Total {total}. {verdict}").format(total=report.total, verdict=report.verdict))
    return "\n".join(lines)
