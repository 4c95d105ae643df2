"""The `tilegames` command: one parser for every subcommand.

Errors in the command line give one line on stderr and exit status 2. Commands that read
files from outside (journals) print a readable sentence, never a traceback, when the file is
bad.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn, Sequence

from tilegames import __version__
from tilegames.commands import rummikub
from tilegames.core.errors import BadRecord

WHAT_EXISTS = """\
tilegames {version}: the game-agnostic core is built (tiles and bags, seats, the turn
controller with its 60-second clock, game records) and the Rummikub rules engine.
The app (menu, hot-seat play) is not built yet.

Commands available now:
  tilegames rummikub meld-check "K9 K10 J" "R4 R5 R6"
                          is this initial meld worth 30?
  tilegames replay FILE   check a game record (journal) and replay it
  tilegames bench         measure the core's performance
  tilegames --help        all commands and options
"""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one line and exits 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message} (try '{self.prog.split()[0]} --help')\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tilegames",
        description="Rummikub, Rummikub Word, Scrabble and Nab-It! in the terminal.",
    )
    parser.add_argument("--version", action="version", version=f"tilegames {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    replay = commands.add_parser("replay", help="check a game record (journal) and replay it")
    replay.add_argument("file", help="a journal (.jsonl) written while a game was played")
    replay.set_defaults(handler=_cmd_replay)

    rummikub.register(commands)

    bench = commands.add_parser("bench", help="measure performance (medians over several runs)")
    bench.add_argument("--runs", type=int, default=5, help="timed runs per case (default 5)")
    bench.add_argument("--only", help="run only the cases whose name contains this text")
    bench.set_defaults(handler=_cmd_bench)
    return parser


def _cmd_replay(args: argparse.Namespace) -> int:
    from tilegames.core.journal import load_journal, replay
    from tilegames.core.registry import get_game

    loaded = load_journal(args.file)
    for warning in loaded.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    game = get_game(loaded.header.game)
    state = replay(loaded, game)
    header = loaded.header
    print(f"{game.title}: {', '.join(header.seats)} (seed {header.seed})")
    print(f"{len(loaded.records)} actions replayed.")
    result = game.result(state)
    if result is None:
        seat = game.current_seat(state)
        print(f"In progress: {header.seats[seat] if seat is not None else '?'} to play.")
    else:
        scores = ", ".join(f"{name} {score:+d}" for name, score in zip(header.seats, result.scores))
        winners = " and ".join(header.seats[w] for w in result.winners)
        print(f"Over ({result.reason}): {winners} won. Scores: {scores}.")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from tilegames import bench

    if args.runs < 1:
        print("tilegames bench: --runs must be at least 1", file=sys.stderr)
        return 2
    return bench.run(args.runs, args.only)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        print(WHAT_EXISTS.format(version=__version__), end="")
        return 0
    try:
        return int(args.handler(args))
    except BadRecord as exc:
        print(f"tilegames {args.command}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
