"""The `tilegames` command: one parser for every subcommand.

Errors in the command line give one line on stderr and exit status 2. Commands that read
files from outside (journals) print a readable sentence, never a traceback, when the file is
bad.
"""

from __future__ import annotations

import argparse
import os
import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from tilegames import __version__
from tilegames.commands import arena, completion, register_commands
from tilegames.commands.debug_log import logging_for
from tilegames.commands.parser import NEW_GAME_COMMANDS, Parser, argparse_in_our_language, command_word, start_language
from tilegames.ui.games import playable
from tilegames.core.errors import BadRecord, GameInUse, SaveFailed
from tilegames.core.text.i18n import LANGUAGES, N_, _, ngettext
from tilegames.core.text.inputs import is_text, shown, whole_number
from tilegames.core.registry import get_game
from tilegames.core.kernel.setup_options import SetupOption
from tilegames.core.records.saves import check_saves_dir

if TYPE_CHECKING:
    from tilegames.net.commands import Doors
    from tilegames.ui.app import TilegamesApp


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The whole command line. A game's own `play` options come from its setup options, which
    load the game's rules: they are added only when the command is `play` (or `argv` is not
    given), so that other commands start without loading every game."""
    with_game_options = argv is None or command_word(argv) in NEW_GAME_COMMANDS
    parser = Parser(
        prog="tilegames",
        description=_("Rummikub, Rummikub Word, Scrabble and Nab-It! in the terminal."),
    )
    parser.add_argument("--version", action="version", version=f"tilegames {__version__}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--lang", metavar="LANG", choices=sorted(LANGUAGES),
                        help=_("the language of menus, screens and messages: en or ko (default: the language "
                               "chosen in the app, else the locale, else English)"))
    parser.add_argument("--debug", action="store_true",
                        help=_("write a log of what tilegames does to tilegames.log beside the saves folder "
                               "(readable by you only; it never holds a code, a rack or a seed)"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    if argv is not None and opens_the_menu(argv):
        return parser  # the commands are not needed to open the menu, and building them takes time

    play = commands.add_parser("play", help=_("start a game directly (hot-seat)"))
    for sub in _new_game_parsers(play, _("{game}: players take turns at one terminal"), with_game_options):
        sub.add_argument("--open-hands", action="store_true", help=_("no hand-off screen between turns (teaching)"))
        sub.set_defaults(handler=_cmd_play)

    _add_network_commands(commands, with_game_options)

    resume = commands.add_parser("resume", help=_("continue the last unfinished game"))
    resume.add_argument("file", nargs="?", help=_("a game's journal (default: the most recent unfinished game)"))
    resume.set_defaults(handler=_cmd_resume)

    replay = commands.add_parser("replay", help=_("check a game record (journal) and replay it"))
    replay.add_argument("file", help=_("a journal (.jsonl) written while a game was played"))
    replay.set_defaults(handler=_cmd_replay)

    register_commands(commands)
    arena.register(commands)

    demo = commands.add_parser(
        "demo", help=_("rule demonstrations: watch one, or check scenario files"),
        description=_("tilegames demo: the list of rule demonstrations. tilegames demo NAME: watch one "
                      "(e.g. rummikub-initial-meld). tilegames demo check FILE...: play scenario files "
                      "through the real rules and report each expectation (exit 0: all hold, 1: some "
                      "differ, 2: a file is not a scenario)."))
    demo.add_argument("words", nargs="*", metavar="NAME | check FILE", help=_("a demo's name, or check and files"))
    demo.set_defaults(handler=_cmd_demo)

    timer = commands.add_parser("timer", help=_("a turn timer for games played with real tiles"))
    timer.add_argument("--seconds", default="60", help=_("the length of a turn (default 60)"))
    timer.add_argument("--players", help=_("the players' names in turn order, separated by commas"))
    timer.set_defaults(handler=_cmd_timer)

    bench = commands.add_parser("bench", help=_("measure performance (medians over several runs)"))
    bench.add_argument("--runs", type=_count, default=5, help=_("timed runs per case (default 5)"))
    bench.add_argument("--only", help=_("run only the cases whose name contains this text"))
    bench.set_defaults(handler=_cmd_bench)
    completion.register(commands, build_parser)
    return parser


MENU_OPTIONS = ("--lang", "--debug")


def opens_the_menu(argv: Sequence[str]) -> bool:
    """Whether these arguments just open the menu (`tilegames`, `tilegames --lang ko --debug`):
    no command, and no option but the language and the log. Anything else (help, a mistake)
    gets the whole parser, so its messages name every command."""
    words = list(argv)
    while words:
        word = words.pop(0)
        if word == "--lang" and words:
            words.pop(0)
        elif not (word in MENU_OPTIONS or word.startswith("--lang=")):
            return False
    return True


def _new_game_parsers(command: argparse.ArgumentParser, help: str, with_game_options: bool) -> list[argparse.ArgumentParser]:
    """One subcommand per game for a command that deals a new game (play, host): the players,
    the game's own setup options and the seed."""
    games = command.add_subparsers(dest="game", metavar="GAME", required=True, parser_class=Parser)
    parsers: list[argparse.ArgumentParser] = []
    for entry in playable():
        sub = games.add_parser(entry.id, help=help.format(game=_(entry.title)))  # i18n: marked
        sub.add_argument("--players", required=True, help=_('names separated by commas ("cpu": a computer player; "cpu:easy", "cpu:strong": its level, in games that have levels)'))
        if with_game_options:
            _add_setup_options(sub, get_game(entry.id).setup_options)
        sub.add_argument("--seed", type=_seed,
                         help=_("seed that makes the deal reproducible (and so guessable by anyone who knows it)"))
        parsers.append(sub)
    return parsers


def _new_game(args: argparse.Namespace) -> tuple[tuple[str, ...], Any] | None:
    """The seats and config of the new game on the command line, or None after saying why."""
    from tilegames.core.agents import levels_of
    from tilegames.ui.screens.setup import parse_players

    game = get_game(args.game)
    try:
        seats = _names_are_text(parse_players(args.players, _(game.title), game.max_seats,  # i18n: marked
                                              levels_of(game.id)))
        return seats, game.config_for(_chosen_options(args), len(seats))
    except ValueError as exc:
        print(f"tilegames {args.command} {args.game}: {shown(str(exc), 300)}", file=sys.stderr)
        return None


def _add_network_commands(commands: Any, with_game_options: bool) -> None:
    """serve, host GAME and join (docs/protocol.md): one server, many terminals."""
    def listen_options(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--bind", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1: this host only)"))
        parser.add_argument("--port", type=_port, default=7777, help=_("TCP port (default 7777)"))
        parser.add_argument("--data", type=Path, help=_("folder for the tables' records (default: in the saves folder)"))
        parser.add_argument("--ssh", type=_port, metavar="PORT",
                            help=_("also let players in with `ssh -p PORT NAME@HOST` (their code is the password)"))
        parser.add_argument("--web", type=_port, metavar="PORT",
                            help=_("also let players in from a browser on this port, each with their seat's link"))
        parser.add_argument("--public-url", metavar="URL", type=_public_url,
                            help=_("the address players' browsers reach the --web door at, e.g. behind a TLS proxy "
                                   "(default: http://HOST:PORT of this machine)"))

    serve = commands.add_parser("serve", help=_("run a game server: many tables, players join from their terminals"))
    listen_options(serve)
    serve.set_defaults(handler=_cmd_serve)

    host = commands.add_parser("host", help=_("serve one table of a game and print its join codes"))
    for sub in _new_game_parsers(host, _("host a table of {game}"), with_game_options):
        sub.add_argument("--codes-json", type=Path, help=_("also write the join codes to this file (JSON)"))
        listen_options(sub)
        sub.set_defaults(handler=_cmd_host)

    web = commands.add_parser("web", help=_("serve the app to browser tabs (each tab its own app)"))
    web.add_argument("--bind", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1: this host only)"))
    web.add_argument("--port", type=_port, default=8000, help=_("TCP port (default 8000)"))
    web.add_argument("--public-url", metavar="URL", type=_public_url,
                     help=_("the address browsers reach this server at, e.g. behind a TLS proxy "
                            "(default: the address each browser asked for)"))
    web.set_defaults(handler=_cmd_web)

    join = commands.add_parser("join", help=_("play your seat of a game served elsewhere"))
    join.add_argument("address", metavar="HOST:PORT", type=_address, help=_("the server, e.g. 127.0.0.1:7777"))
    join.add_argument("--code", action="append",
                      help=_("your seat's join code (twice for two players at this terminal; "
                             "default: the TILEGAMES_JOIN_CODES variable)"))
    join.add_argument("--one-game", action="store_true",
                      help=_("leave the app when the game is left or over, never showing the menu "
                             "(the SSH door uses it)"))
    join.set_defaults(handler=_cmd_join)


def _port(text: str) -> int:
    try:
        port = whole_number(text, N_("port number"), max_digits=5)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(_("{port} is not a port number (1 to 65535).").format(port=port))
    return port


def _public_url(text: str) -> str:
    """An http:// or https:// address with a host and no query: what page links are built on."""
    from urllib.parse import urlsplit

    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment or not is_text(text):
        raise argparse.ArgumentTypeError(
            _("'{url}' is not an http:// or https:// address (e.g. https://games.example.org).").format(url=shown(text, 60)))
    return text.strip().rstrip("/")


def _address(text: str) -> tuple[str, int]:
    """HOST:PORT (an IPv6 host in brackets: [::1]:7777)."""
    host, sep, port = text.rpartition(":")
    if not sep or not host:
        raise argparse.ArgumentTypeError(
            _("'{address}' is not HOST:PORT (e.g. 127.0.0.1:7777).").format(address=shown(text, 40)))
    return host.strip("[]"), _port(port)


def _cmd_serve(args: argparse.Namespace) -> int:
    from tilegames.net.commands import serve

    return serve(args.bind, args.port, args.data, doors=_doors(args))


def _doors(args: argparse.Namespace) -> "Doors":
    from tilegames.net.commands import Doors

    return Doors(ssh_port=args.ssh, web_port=args.web, public_url=args.public_url)


def _cmd_web(args: argparse.Namespace) -> int:
    from tilegames.commands.web import web

    return web(args.bind, args.port, args.public_url)


def _cmd_host(args: argparse.Namespace) -> int:
    from tilegames.net.commands import host

    new = _new_game(args)
    if new is None:
        return 2
    seats, config = new
    return host(args.game, seats, config, args.seed, args.bind, args.port, args.data, args.codes_json,
                doors=_doors(args))


def _cmd_join(args: argparse.Namespace) -> int:
    from tilegames.ui.remote import start_remote

    host, port = args.address
    codes = tuple(args.code or [c.strip() for c in os.environ.get("TILEGAMES_JOIN_CODES", "").split(",") if c.strip()])
    if not codes:
        print(_("tilegames join: give your seat's code with --code CODE."), file=sys.stderr)
        return 2
    if not args.one_game:
        return _run_app(lambda app: start_remote(app, host, port, codes))

    def start(app: "TilegamesApp") -> None:
        start_remote(app, host, port, codes, on_failed=lambda message: app.exit(return_code=1, message=message))

    return _run_app(start, one_game=True)


_OPTION = "option_"  # the namespace's prefix for a game's options (apart from --players, --seed)


def _add_setup_options(parser: argparse.ArgumentParser, options: Sequence[SetupOption]) -> None:
    """A game's setup options as `play` options. An option not given is left out of the
    namespace (SUPPRESS), so the preset's value stands."""
    for option in options:
        def value(text: str, option: SetupOption = option) -> object:
            try:
                return option.from_text(text)
            except ValueError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None

        value.__name__ = option.key  # argparse names the option's type in some messages
        choices = "|".join(str(v) for _, v in option.choices if v is not None) if option.parse is None else None
        completion.offer(parser.add_argument(option.cli_flag, dest=_OPTION + option.key, type=value,
                                             default=argparse.SUPPRESS, metavar=option.metavar or choices,
                                             help=option.shown_help()), partial(completion.option_words, option))


def _chosen_options(args: argparse.Namespace) -> dict[str, object]:
    return {key[len(_OPTION):]: value for key, value in vars(args).items() if key.startswith(_OPTION)}


def _seed(text: str) -> int:
    # 39 digits: a drawn seed's most (core/seeds.py: 2**64 + 128 bits), so any game can be
    # played again from its journal's seed. A match's games are dealt from keyed hashes of the
    # seed, no longer than that, and journals keep numbers of up to MAX_DIGITS (40).
    try:
        return whole_number(text, N_("seed"), max_digits=39)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _count(text: str) -> int:
    try:
        return whole_number(text, N_("count"), max_digits=4)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _names_are_text(seats: tuple[str, ...]) -> tuple[str, ...]:
    """Names typed in a terminal whose bytes are not UTF-8 arrive as lone surrogates; such a
    name could not be shown or saved, so it is refused here, by name."""
    for name in seats:
        if not is_text(name):
            raise ValueError(_("the player name '{name}' is not UTF-8 text; type it again.").format(name=shown(name, 30)))
    return seats


def _run_app(start: "Callable[[TilegamesApp], object] | None", *, one_game: bool = False) -> int:
    """Run the app; `start` (given the app) opens a game instead of leaving it at the menu."""
    from tilegames.ui.app import TilegamesApp
    from tilegames.ui.screens.language import restart

    app = TilegamesApp(one_game=one_game)
    if start is not None:
        app.call_later(start, app)
    app.run()
    language = getattr(app, "restart_in_language", None)  # (a test's stand-in app has none)
    if language is not None:
        restart(language)  # the menu again, in the language just chosen
    return app.return_code or 0  # 1 after a crash, never a quiet 0


def _cmd_play(args: argparse.Namespace) -> int:
    new = _new_game(args)
    if new is None:
        return 2
    seats, config = new
    check_saves_dir()  # a full, read-only or missing saves folder is one line now, not mid-game
    return _run_app(lambda app: app.start(args.game, seats, config, open_hands=args.open_hands, seed=args.seed))


def _cmd_resume(args: argparse.Namespace) -> int:
    from tilegames.ui.app import open_saved, resumable_saves

    if args.file:
        path = Path(args.file)
    else:
        saves = resumable_saves(damaged=True)
        playable = [save.path for save in saves if save.damaged is None]
        if not playable:
            if saves:
                why = shown(saves[0].damaged, 300)
                print(ngettext("tilegames resume: the only save left cannot be played: {why}",
                               "tilegames resume: none of the {n} saves left can be played; the newest: {why}",
                               len(saves)).format(n=len(saves), why=why), file=sys.stderr)
            else:
                print(_("tilegames resume: there is no unfinished game to resume."), file=sys.stderr)
            return 1
        path = playable[0]
    session = open_saved(path)  # a damaged, illegal or unusable save is reported here, before the app starts
    return _run_app(lambda app: app.show_resumed(session))


def _cmd_replay(args: argparse.Namespace) -> int:
    from tilegames.core.records.journal import load_journal, replay
    from tilegames.core.registry import get_game

    loaded = load_journal(args.file)
    for warning in loaded.warnings:
        print(_("warning: {warning}").format(warning=warning), file=sys.stderr)
    game = get_game(loaded.header.game)
    state = replay(loaded, game)
    header = loaded.header
    print(_("{game}: {players} (seed {seed})").format(
        game=_(game.title), players=", ".join(header.seats), seed=header.seed))  # i18n: marked
    print(_("{n} actions replayed.").format(n=len(loaded.records)))
    result = game.result(state)
    if result is None:
        seat = game.current_seat(state)
        print(_("In progress: {name} to play.").format(name=header.seats[seat] if seat is not None else "?"))
    else:
        scores = ", ".join(f"{name} {score:+d}" for name, score in zip(header.seats, result.scores))
        winners = _(" and ").join(header.seats[w] for w in result.winners)
        print(_("Over ({reason}): {winners} won. Scores: {scores}.").format(
            reason=_(result.reason), winners=winners, scores=scores))  # i18n: marked
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    words: list[str] = args.words
    if words[:1] == ["check"]:
        from tilegames.commands.demo_check import check_command

        if len(words) == 1:
            print(_("tilegames demo check: name the scenario files, e.g. tilegames demo check assets/demos/*.toml"),
                  file=sys.stderr)
            return 2
        return check_command(words[1:], sys.stdout)
    if len(words) > 1:
        print(_("tilegames demo: give one demo's name (tilegames demo lists them), or check and files."),
              file=sys.stderr)
        return 2
    from tilegames.core.scenarios.notation import ScenarioError
    from tilegames.ui.screens.demo import DemoListScreen, DemoScreen, find_demo

    if not words:
        return _run_app(lambda app: app.push_screen(DemoListScreen()))
    try:
        screen = DemoScreen.of_file(find_demo(words[0]))
    except ScenarioError as exc:
        print(f"tilegames demo: {shown(str(exc), 2000)}", file=sys.stderr)
        return 2
    return _run_app(lambda app: app.push_screen(screen))


def _cmd_timer(args: argparse.Namespace) -> int:
    from tilegames.ui.screens.timer import run_timer_screen, timer_settings

    try:
        settings = timer_settings(args.seconds, args.players)
    except ValueError as exc:
        print(f"tilegames timer: {exc}", file=sys.stderr)
        return 2
    return _run_app(lambda app: run_timer_screen(app, settings.seconds, settings.players, leave_app=True))


def _cmd_bench(args: argparse.Namespace) -> int:
    from tilegames import bench

    if args.runs < 1:
        print(_("tilegames bench: --runs must be at least 1."), file=sys.stderr)
        return 2
    return bench.run(args.runs, args.only)


def _never_fail_to_print() -> None:
    """Under a strict UTF-8 locale, text that is not UTF-8 (a file name from bytes) would make
    print() raise; messages escape such text already (`shown`), and this catches the rest."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


def main(argv: Sequence[str] | None = None) -> int:
    _never_fail_to_print()
    words = sys.argv[1:] if argv is None else list(argv)
    start_language(words)
    with argparse_in_our_language():
        parser = build_parser(words)
        args = parser.parse_args(argv)
    with logging_for(args.debug, args.command) as log_file:
        if log_file is not None:
            print(_("Debug log: {path}").format(path=shown(log_file, 400)), file=sys.stderr)
        try:
            return _run_app(None) if args.command is None else int(args.handler(args))
        except (BadRecord, GameInUse, SaveFailed) as exc:
            print(f"tilegames {args.command}: {shown(str(exc), 400)}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            return 130
        except BrokenPipeError:
            # The reader went away (`tilegames ... | head -1`): nothing more to say to it, and
            # Python's last flush must not fail again, so what is left goes nowhere.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 141  # what a shell reports for a program ended by SIGPIPE
