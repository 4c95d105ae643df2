"""`tilegames words …`: look words up in the word list the word games use.

`check WORD…` prints valid / not valid for each word with its frequency (or "not a single
word" for an argument with spaces in it); exit 0 when all are valid, 1 otherwise. `info` prints the list in use and its size. `--words FILE` uses a list of
your own; `--family` accepts only common words (the family mode).
"""

from __future__ import annotations

import argparse

from rich.cells import cell_len

from tilegames.core.text.i18n import _

from tilegames.core.text.inputs import is_text, shown
from tilegames.core.parts.lexicon import COMMON_ZIPF, lexicon_for


def register(commands: argparse._SubParsersAction) -> None:
    words = commands.add_parser("words", help=_("check words in the word games' word list"))
    tools = words.add_subparsers(dest="tool", metavar="TOOL", required=True, parser_class=type(words))
    check = tools.add_parser("check", help=_("is each word valid? (exit 0 when all are)"))
    check.add_argument("to_check", nargs="+", metavar="WORD")
    check.add_argument("--family", action="store_true",
                       help=_("family mode: accept only common words (Zipf frequency {zipf} or more)").format(
                           zipf=f"{COMMON_ZIPF:g}"))
    check.set_defaults(handler=check_words)
    info = tools.add_parser("info", help=_("which word list is in use, and its size"))
    info.set_defaults(handler=list_info)
    for parser in (check, info):
        parser.add_argument("--words", dest="words_file", metavar="FILE", help=_("your own word list: one word per line, # comments"))


def check_words(args: argparse.Namespace) -> int:
    lexicon = lexicon_for(args.words_file)
    shown_words = [shown(word.upper(), 40) for word in args.to_check]  # input echoed: escaped
    width = max(cell_len(w) for w in shown_words)
    verdict_width = max(cell_len(_("valid")), cell_len(_("not valid")))
    all_valid = True
    for word, label in zip(args.to_check, shown_words):
        label += " " * (width - cell_len(label))  # aligned in terminal cells (wide letters take 2)
        if len(word.split()) != 1:  # "hello world", or only spaces: no list holds it
            all_valid = False
            print(f"{label}  {_('not a single word')}")
            continue
        text = is_text(word)  # bytes that are not UTF-8 are no word of any list
        frequency = lexicon.frequency(word) if text else 0.0
        valid = text and (lexicon.is_common(word) if args.family else word in lexicon)
        if args.family and text and word in lexicon and not valid:
            verdict = _("not valid (too rare for the family mode)")
        else:
            verdict = _("valid") if valid else _("not valid")
        all_valid &= valid
        verdict += " " * (verdict_width - cell_len(verdict))
        print(f"{label}  {verdict}  " + _("frequency {frequency}").format(frequency=f"{frequency:.2f}"))
    return 0 if all_valid else 1


def list_info(args: argparse.Namespace) -> int:
    lexicon = lexicon_for(args.words_file)
    print(_("Word list: {name}").format(name=shown(lexicon.name, 200)))
    print(_("File: {path}").format(path=shown(str(lexicon.path), 400)))
    print(_("Words: {count}").format(count=f"{len(lexicon):,}"))
    return 0
