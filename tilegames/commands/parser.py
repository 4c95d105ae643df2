"""The parser every `tilegames` command uses: argparse, in the language tilegames speaks.

Our own help texts go through `_` where the parser is built. argparse's own words ("usage:",
"options", "the following arguments are required") come from `argparse._`, the name argparse
binds to `gettext.gettext` when it is imported, and gettext would need compiled catalogs of its
own; so while `main` builds and reads the command line, `argparse_in_our_language` points that
name at our catalog for the words listed in ARGPARSE_WORDS (any other text passes unchanged),
and puts it back afterwards.

argparse wraps help by counting characters; a Korean character takes two terminal cells, so
the formatter wraps text that holds wide characters by cells (English is wrapped exactly as
argparse always did).

Before any of that, `start_language` reads `--lang` (and the command word) from the raw
arguments: the parser's help and the games' option labels are made in the language chosen.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator, NoReturn, Sequence

from rich.cells import cell_len

from tilegames.core.text.i18n import LANGUAGES, N_, _, catalog_problem, choose_language, set_language
from tilegames.core.text.inputs import shown
from tilegames.core.settings import saved

# argparse's own message ids (Python 3.11's argparse.py) that a player of this program can meet.
ARGPARSE_WORDS = frozenset({
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("the following arguments are required: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
})


def _argparse_word(message: str) -> str:
    return _(message) if message in ARGPARSE_WORDS else message  # i18n: marked


@contextmanager
def argparse_in_our_language() -> Iterator[None]:
    """argparse's own words in the current language for the duration (then as they were)."""
    before: Callable[[str], str] = getattr(argparse, "_")
    setattr(argparse, "_", _argparse_word)
    try:
        yield
    finally:
        setattr(argparse, "_", before)


def wrap_cells(text: str, width: int) -> list[str]:
    """`text`'s words in lines of at most `width` terminal cells (a longer word has its own
    line); text of narrow characters only is wrapped by textwrap, as argparse does, except that
    a word is never broken at its hyphen (`meld-check` is typed whole)."""
    if cell_len(text) == len(text):
        return textwrap.wrap(text, width, break_on_hyphens=False)
    lines: list[str] = []
    line = ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if line and cell_len(joined) > width:
            lines.append(line)
            line = word
        else:
            line = joined
    return lines + [line] if line else lines


class Formatter(argparse.HelpFormatter):
    """argparse's help, wrapped and aligned by terminal cells."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap_cells(" ".join(text.split()), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in wrap_cells(" ".join(text.split()), width - len(indent)))

    def _format_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                      groups: Iterable[Any], prefix: str | None) -> str:
        # argparse indents the usage's next lines by the prefix's length in characters: it is
        # given spaces as wide as the translated prefix, which then takes their place.
        if prefix is not None:
            return super()._format_usage(usage, actions, groups, prefix)
        words = _("usage: ")
        padding = " " * cell_len(words)
        text: str = super()._format_usage(usage, actions, groups, padding)
        return words + text[len(padding):]


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one line and exits 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        # argparse echoes the bad value: shortened and escaped like every echo of input.
        sys.stderr.write(_("{prog}: error: {message} (try '{command} --help')").format(
            prog=self.prog, message=shown(message, 200), command=self.prog.split()[0]) + "\n")
        raise SystemExit(2)


NEW_GAME_COMMANDS = ("play", "host")  # the commands that take each game's own options


def command_word(argv: Sequence[str]) -> str | None:
    """The command among the arguments: the first word that is not an option before it (nor
    the language `--lang` names)."""
    words = iter(argv)
    for word in words:
        if word == "--lang":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def language_flag(argv: Sequence[str]) -> str | None:
    """`--lang X` (or `--lang=X`) among the arguments before the command: read before the parser
    is built, since the parser's help and the games' option labels are in that language."""
    for n, word in enumerate(argv):
        if not word.startswith("-"):
            return None  # the command: --lang comes before it
        if word == "--lang" and n + 1 < len(argv):
            return argv[n + 1]
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
    return None


def start_language(argv: Sequence[str]) -> None:
    """Translate from now on into the language `--lang`, the saved setting or the locale asks
    for; a `--lang` tilegames does not have is left to the parser to refuse."""
    flag = language_flag(argv)
    found = saved()
    choice = choose_language(flag if flag in LANGUAGES else None, found.language)
    set_language(choice)  # a damaged catalog entry is English, said by catalog_problem()
    for problem in (catalog_problem(), saved().problem if found.problem else None):  # in the language just set
        if problem is not None:
            print(f"tilegames: {problem}", file=sys.stderr)
