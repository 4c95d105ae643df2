"""`tilegames arena GAME --seats cpu:strong,cpu:easy`: computer levels played against each other.

The games are played by core/arena.py (seeded, headless, the seating rotated, the result the
game's own); this module reads the command line and prints. A refusal (a level the game lacks,
a seat that is not the computer's, a game without levels, too few seats or games) is one
sentence on stderr and exit status 2. `--json` prints only the JSON on stdout; the progress
bar goes to stderr, and only when stderr is a terminal, so a pipe or a log gets none of it.

The engine (core/) may not import Rich, so the bar and the cell widths are measured here. This
module is imported whenever the parser is built: the engine is imported when the arena runs.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from tilegames.core.text.i18n import N_, _, ngettext
from tilegames.core.text.inputs import shown, whole_number

if TYPE_CHECKING:  # the engine is imported when the arena runs: every start builds this parser
    from tilegames.core.arena import ArenaResult, Played

DEFAULT_GAMES = 200
DEFAULT_SEED = 1  # the same command gives the same numbers


def register(commands: argparse._SubParsersAction) -> None:
    arena = commands.add_parser(
        "arena", help=_("play computer levels against each other and report their win rates"),
        description=_("Play seeded games between computer levels of a game, headless, the seating turned "
                      "round each game so that every seat plays from every place equally often, and report "
                      "each seat's wins, win rate with its 95% interval and average final score. Example: "
                      "tilegames arena GAME --seats cpu:strong,cpu:easy --games 200"))
    arena.add_argument("game", metavar="GAME", help=_("a game whose computer player has levels"))
    arena.add_argument("--seats", required=True,
                       help=_("two or more computer seats separated by commas: cpu (the default level) or "
                              "cpu:LEVEL, e.g. cpu:strong,cpu:easy"))
    arena.add_argument("--games", type=_count, default=DEFAULT_GAMES,
                       help=_("how many games to play (default {games})").format(games=DEFAULT_GAMES))
    arena.add_argument("--seed", type=_seed, default=DEFAULT_SEED,
                       help=_("the seed every game is dealt from (default {seed}: the same command gives "
                              "the same games)").format(seed=DEFAULT_SEED))
    arena.add_argument("--budget", type=_seconds, metavar="SECONDS",
                       help=_("how long a computer player may think about one move (default: as long as "
                              "in the app)"))
    arena.add_argument("--json", action="store_true", help=_("print the figures as JSON, and nothing else"))
    arena.set_defaults(handler=run)


def _count(text: str) -> int:
    try:
        return whole_number(text, N_("count"), max_digits=6)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _seed(text: str) -> int:
    try:
        return whole_number(text, N_("seed"), max_digits=39)  # a journal's seed, as `play --seed` takes
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and 0 < seconds <= 3600):
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of seconds above 0 (at most 3600).").format(text=shown(text, 30)))
    return seconds


def run(args: argparse.Namespace) -> int:
    from tilegames.core.agents import DEFAULT_TIME_BUDGET
    from tilegames.core.arena import ArenaRefused, arena_entries, play_arena

    budget = DEFAULT_TIME_BUDGET if args.budget is None else args.budget
    try:
        entries = arena_entries(args.game, args.seats.split(","))
        with _progress(args.games) as advance:
            result = play_arena(args.game, entries, args.games, args.seed, budget, on_game=advance)
    except ArenaRefused as exc:
        print(f"tilegames arena: {shown(str(exc), 400)}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print("\n".join(report(result)))
    return 0


@contextmanager
def _progress(games: int) -> Iterator[Callable[[Played], None] | None]:
    """A progress bar on stderr while the games are played, when stderr is a terminal (nothing
    otherwise: a pipe or a log gets none of it); it leaves no line behind. It gives what to call
    as each game ends."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(file=sys.stderr), transient=True) as bar:
        task = bar.add_task(_("Playing"), total=games)
        yield lambda played: bar.advance(task)


def report(result: ArenaResult) -> list[str]:
    """The figures as the text `tilegames arena` prints: a line of what was played, a table of
    the seats (aligned in terminal cells: a translated header may hold wide characters), and
    how ties count and how long a game took."""
    from tilegames.core.registry import get_game

    title = _(get_game(result.game_id).title)  # i18n: marked
    lines = [ngettext("{title}: {count} game (seed {seed}), {budget} s to think about a move.",
                      "{title}: {count} games (seed {seed}), {budget} s to think about a move.",
                      result.games).format(title=title, count=result.games, seed=result.seed,
                                           budget=f"{result.time_budget:g}")]
    if result.games_per_match > 1:
        lines.append(_("Each game is a match of {count} games, as a new game is in the app: the match's winner "
                       "and totals count.").format(count=result.games_per_match))
    rows = [[_("Seat"), _("Player"), _("Wins"), _("Win rate"), _("95% interval"), _("Average score")]]
    for tally in result.tallies():
        low, high = tally.interval
        rows.append([tally.entry.seat, tally.entry.name, _number(tally.wins), f"{tally.rate:.1%}",
                     f"{low:.1%} - {high:.1%}", f"{tally.average_score:+.1f}"])
    lines.append("")
    lines += table(rows, right=(2, 3, 4, 5))
    lines.append("")
    lines.append(_("A tie for first shares the win (half a win each for two)."))
    lines.append(_("{seconds} seconds a game, {count} games in all.").format(
        seconds=f"{result.seconds_per_game:.2f}", count=result.games))
    return lines


def _number(wins: float) -> str:
    """Wins as few digits as they need: 12, 12.5, 3.33 (a three-way tie's third)."""
    return f"{wins:.2f}".rstrip("0").rstrip(".")


def table(rows: Sequence[Sequence[str]], right: Sequence[int] = ()) -> list[str]:
    """`rows` in columns two cells apart, each as wide as its widest cell in terminal cells
    (`rich.cells.cell_len`: a Korean letter takes two), the columns in `right` aligned right."""
    from rich.cells import cell_len

    widths = [max(cell_len(row[n]) for row in rows) for n in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = []
        for n, text in enumerate(row):
            pad = " " * (widths[n] - cell_len(text))
            cells.append(pad + text if n in right else text + pad)
        lines.append("  ".join(cells).rstrip())
    return lines
