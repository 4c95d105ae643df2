"""`tilegames scrabble moves FILE.gcg`: the best plays for the player to move in a game record.

The record's first N event lines (`--after N`: every `>` line counts, plays, exchanges, passes,
withdrawals, challenge and end lines alike; default all of them) are replayed on a board; the
rack is the one the next event line shows (or `--rack`, which may be partial, as racks in
records often are). Every legal play is generated from the shipped word list and the best are
listed by equity (score plus the value of the tiles kept), each in GCG notation with the letters
played through written out. `--json` prints `{"ms", "count", "moves": [...]}` and nothing else
on standard output. A record that cannot be read or replayed, or a bad rack, gets one sentence
and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import _, ngettext

RACK_LETTERS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ?")


class PositionError(ValueError):
    """A record or rack that gives no position; the message is the sentence the user reads."""


def register(tools: argparse._SubParsersAction) -> None:
    moves = tools.add_parser(
        "moves",
        help=_("the best plays for the player to move in a GCG record"),
        description=_("Replay the first N events of a GCG game record and list the best plays for the player "
                      "to move, with score, leave and equity, from the shipped word list. "
                      "Example: tilegames scrabble moves game.gcg --after 10 --top 5"),
    )
    moves.add_argument("file", metavar="FILE", help=_("a GCG game record"))
    moves.add_argument("--after", type=int, metavar="N",
                       help=_("replay the first N event lines (default: all of them)"))
    moves.add_argument("--rack", help=_("the rack to play from, ? for a blank (default: the record's next rack)"))
    moves.add_argument("--top", type=int, default=10, metavar="K", help=_("how many plays to list (default 10)"))
    moves.add_argument("--json", action="store_true", help=_("print only JSON on standard output"))
    moves.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        board, nick, rack, after = position(args.file, args.after, args.rack)
        if args.top < 1:
            raise PositionError(_("--top must be 1 or more."))
    except PositionError as exc:
        print(_("tilegames scrabble moves: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    from tilegames.commands.wordgraph_progress import graph_with_progress
    from tilegames.games.scrabble.moves import generator, made_with

    graph = graph_with_progress(None)
    tiles = list(enumerate(rack))
    started = time.perf_counter()
    gen = generator(board, tiles, graph)
    plays = gen.all()
    ms = (time.perf_counter() - started) * 1000
    best = [made_with(board, tiles, p) for p in gen.ranked(plays, equity=True)[:args.top]]
    listed = [{"move": m.notation, "score": m.score, "leave": m.leave, "equity": round(m.equity, 2)} for m in best]
    if args.json:
        print(json.dumps({"ms": round(ms, 2), "count": len(plays), "moves": listed}))
        return 0
    print(_("After {n} events, {nick} to move with {rack}: {count} in {ms:.1f} ms.").format(
        n=after, nick=nick, rack=rack,
        count=ngettext("{n} legal play", "{n} legal plays", len(plays)).format(n=len(plays)), ms=ms))
    _print_table(listed)
    return 0


def _print_table(listed: list[dict[str, Any]]) -> None:
    from rich.cells import cell_len

    if not listed:
        print(_("No play: exchange or pass."))
        return
    width = max(cell_len(m["move"]) for m in listed)
    head = [_("move"), _("score"), _("leave"), _("equity")]
    width = max(width, cell_len(head[0]))
    print(f"     {head[0]}{' ' * (width - cell_len(head[0]))}  {head[1]:>5}  {head[2]:<7}  {head[3]:>6}")
    for number, m in enumerate(listed, 1):
        pad = " " * (width - cell_len(m["move"]))
        print(f"{number:>3}. {m['move']}{pad}  {m['score']:>5}  {m['leave'] or '-':<7}  {m['equity']:>6.1f}")


def position(path: str, after: int | None, rack_text: str | None) -> tuple[dict[tuple[int, int], str], str, str, int]:
    """The board after the record's first `after` events, who moves next, from which rack, and
    how many events were replayed."""
    from tilegames.games.scrabble.gcg import GcgError, load_gcg, verify
    from tilegames.games.scrabble.gcg_model import GcgGame
    from tilegames.games.scrabble.quoting import shown

    name = shown(path, 200)
    try:
        game = load_gcg(path, name)
    except BadRecord as exc:
        raise PositionError(str(exc)) from None
    except GcgError as exc:
        raise PositionError(f"{name}: {exc}") from None
    count = len(game.events)
    n = count if after is None else after
    if not 0 <= n <= count:
        raise PositionError(_("{file} has {count} event lines: --after must be 0 to {count}.").format(
            file=name, count=count))
    try:
        report = verify(GcgGame(game.players, game.events[:n]))
    except GcgError as exc:
        raise PositionError(f"{name}: {exc}") from None
    following = game.events[n] if n < count else None
    if following is not None:
        nick = following.nick
    elif game.players:
        last = game.events[n - 1].nick if n else game.players[-1].nick
        numbers = [p.nick for p in game.players]
        nick = numbers[(numbers.index(last) + 1) % len(numbers)] if last in numbers else numbers[0]
    else:
        nick = "?"
    rack = (rack_text if rack_text is not None else (following.rack if following is not None else "")).strip().upper()
    if not rack:
        raise PositionError(_("the record shows no rack after {n} events: give one with --rack.").format(n=n))
    if len(rack) > 7 or not set(rack) <= RACK_LETTERS:
        raise PositionError(_('"{rack}" is not a rack: up to 7 letters A-Z, ? for a blank.').format(rack=shown(rack, 20)))
    return dict(report.board), nick, rack, n
