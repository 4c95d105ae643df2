"""The one translation layer: every sentence a player reads goes through `_` (or `ngettext`).

The catalogs are gettext PO files, `assets/locale/<language>/*.po`, read as they are (no
compiled .mo files to fall out of date): a translator edits a PO file with any PO editor or a
text editor, and the next start shows it. Several PO files per language are merged, so each part
of the program keeps its own (`ui-menus.po`, `games-scrabble.po`…) and two translators never edit
one file. English is the source language: a message id is the English sentence itself, so
untranslated text falls back to readable English.

The language is chosen once, when tilegames starts (`choose_language`): `--lang`, else the
setting saved from the app's Language entry, else the locale (`LANGUAGE`, `LC_ALL`,
`LC_MESSAGES`, `LANG`), else English. It is fixed for the life of the process because many
strings (key descriptions, option labels) are made when their module is first imported; the
app's Language entry saves the choice and starts the app again. A game server translates the
rules' sentences into its own language (`tilegames --lang ko serve`).

Nothing is translated when a module is imported (the language may change after, in a test or
when the app starts again): text made then is marked with `N_` and translated where it is shown,
and key descriptions (`Binding(key, action, "Description")`) are translated by the screens that
show them (ui/screens/base.py).

Placeholders are `str.format` names: `_("{name}'s turn").format(name=name)`, so that a
translation can put them in another order (Korean puts the verb last). `tests/test_i18n.py`
checks that every message id in the code has a translation in every shipped language, with the
same placeholders.

A catalog is a file from outside like any other: read bounded (core/records/file_limits.py), and a
damaged entry or one unsafe to show (core/text/po_files.py) costs only that entry, which shows in
English, never a failure to start or a crash in a caller's `.format(...)`. What was left out
is kept with the catalog, and `catalog_problem()` says it once, in one sentence.
"""

from __future__ import annotations

import ast
import logging
import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tilegames.core.resources import assets_dir

if TYPE_CHECKING:  # the PO reader is imported when a catalog is read: English needs none
    from tilegames.core.text.po_files import Damage

logger = logging.getLogger(__name__)

ENGLISH = "en"
LANGUAGES: Mapping[str, str] = {"en": "English", "ko": "한국어"}  # code -> the language's own name
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class CatalogError(ValueError):
    """A PO file with an entry `load_catalog` would leave out (the sentence names the file
    and the line): raised by the strict `read_po` only."""


@dataclass
class Catalog:
    """One language's translations: message id -> text, and plural forms; and what of its
    files was left out as damaged (English shows for it)."""

    language: str
    messages: dict[str, str] = field(default_factory=dict)
    plurals: dict[str, list[str]] = field(default_factory=dict)  # singular id -> forms
    damaged: list[Damage] = field(default_factory=list)

    def gettext(self, message: str) -> str:
        return self.messages.get(message) or message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.plurals.get(singular)
        if forms and all(forms):
            return forms[0] if len(forms) == 1 else forms[min(_plural_index(self.language, n), len(forms) - 1)]
        return singular if n == 1 else plural


def _plural_index(language: str, n: int) -> int:
    """The PO plural form for `n`: Korean has one form; English-like languages two."""
    if language == "ko":
        return 0
    return 0 if n == 1 else 1


# --- reading PO files ---------------------------------------------------------------------
def read_po(text: str, name: str = "catalog.po") -> tuple[dict[str, str], dict[str, list[str]]]:
    """The translations in a PO file's text: (messages, plural forms), strictly: CatalogError
    naming the file and line of the first entry `load_catalog` would set aside. For
    translators and the test of the shipped catalogs; tilegames itself never refuses a
    catalog (`load_catalog`)."""
    from tilegames.core.text.po_files import parse_po

    contents = parse_po(text, name)
    if contents.damaged:
        first = contents.damaged[0]
        raise CatalogError(f"{name}, line {first.line}: {first.reason}.")
    return contents.messages, contents.plurals


def load_catalog(language: str, folder: Path | None = None) -> Catalog:
    """Every PO file of `language`, merged (an empty catalog for English or a language with
    none). Never raises: an entry that is damaged or unsafe to show (po_files.py says which)
    and a file that cannot be read (too big, not a file) are left out, so English shows for
    them, and listed in `Catalog.damaged` for `catalog_problem`."""
    # file_limits and errors translate their own sentences, so they import this module.
    from tilegames.core.errors import BadRecord
    from tilegames.core.records.file_limits import CATALOG, read_limited

    catalog = Catalog(language)
    if language == ENGLISH:
        return catalog
    from tilegames.core.text.po_files import Damage, parse_po

    try:
        where = (folder or assets_dir() / "locale") / language
        paths = sorted(where.glob("*.po")) if where.is_dir() else []
    except OSError as exc:
        catalog.damaged.append(Damage(language, None, str(exc)))
        paths = []
    for path in paths:
        try:
            data = read_limited(path, path.name, CATALOG)
        except BadRecord as exc:
            catalog.damaged.append(Damage(path.name, None, str(exc)))
            continue
        contents = parse_po(data.decode("utf-8", errors="replace"), path.name)
        catalog.messages.update(contents.messages)
        catalog.plurals.update(contents.plurals)
        catalog.damaged.extend(contents.damaged)
    for damage in catalog.damaged:
        logger.debug("The %s catalog: %s, line %s: %s", language, damage.file, damage.line, damage.reason)
    return catalog


MAX_PLACES = 5  # the damaged entries a warning names; the rest are counted


def catalog_problem() -> str | None:
    """What of the current language's catalog shows in English because it was damaged, in one
    sentence for the player (the command line's stderr, the app's notification), or None.

    It is said in the current language: the reader chose it, and its own entries
    (catalog-damage.po) are read like any other, so if they are the damaged ones the sentence
    simply comes out in English."""
    damaged = _current.damaged
    if not damaged:
        return None
    language = f"{LANGUAGES.get(_current.language, _current.language)} ({_current.language})"
    entries = [d for d in damaged if d.line is not None]
    files = ", ".join(d.file for d in damaged if d.line is None)
    shown = [_("{file} line {line}").format(file=d.file, line=d.line) for d in entries[:MAX_PLACES]]
    places = ", ".join(shown)
    if len(entries) > MAX_PLACES:
        places = _("{places} and {n} more").format(places=places, n=len(entries) - MAX_PLACES)
    if not entries:
        return ngettext("The {language} translation cannot read {files}; its messages are shown in English.",
                        "The {language} translation cannot read {files}; their messages are shown in English.",
                        len(damaged)).format(language=language, files=files)
    if not files:
        return ngettext("The {language} translation has {n} damaged entry ({places}); it is shown in English.",
                        "The {language} translation has {n} damaged entries ({places}); they are shown in English.",
                        len(entries)).format(language=language, n=len(entries), places=places)
    return ngettext("The {language} translation has {n} damaged entry ({places}) and cannot read {files}; "
                    "they are shown in English.",
                    "The {language} translation has {n} damaged entries ({places}) and cannot read {files}; "
                    "they are shown in English.",
                    len(entries)).format(language=language, n=len(entries), places=places, files=files)


# --- the language of this process ---------------------------------------------------------
_current = Catalog(ENGLISH)
_loaded: dict[str, Catalog] = {}  # each language's catalog, read once a process


def set_language(language: str) -> None:
    """Translate into `language` from now on (ValueError for a language tilegames lacks)."""
    global _current
    if language not in LANGUAGES:
        known = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        raise ValueError(f"tilegames has no '{language[:20]}' language; it has {known}.")
    if language not in _loaded:
        _loaded[language] = load_catalog(language)
    _current = _loaded[language]


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Translate into `language` for a while, then as before: `demo check` plays the rules in
    English (scenario files quote their English sentences), whatever language it reports in."""
    before = _current.language
    set_language(language)
    try:
        yield
    finally:
        set_language(before)


def language() -> str:
    return _current.language


def _(message: str) -> str:
    """`message` (an English sentence) in the current language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` for `n`, in the current language."""
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks `message` as one to translate where it is used, not here: for text made when a
    module is imported (a game's title, an option's label), which must follow the language
    chosen later. Whoever shows it calls `_` on it."""
    return message


def locale_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the locale asks for (`ko_KR.UTF-8` -> ko), if tilegames has it. The
    first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set decides, as gettext reads them."""
    env = os.environ if environ is None else environ
    for variable in _LOCALE_VARIABLES:
        value = env.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):  # LANGUAGE may list several, best first
            code = part.split("_")[0].split(".")[0].split("@")[0].lower()
            if code in LANGUAGES:
                return code
        return None
    return None


def choose_language(flag: str | None, saved: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language to start in: the `--lang` flag, else the app's saved setting, else the
    locale, else English."""
    for choice in (flag, saved, locale_language(environ)):
        if choice:
            return choice
    return ENGLISH


def message_ids(sources: Iterable[Path]) -> dict[str, tuple[str, int]]:
    """Every literal message id in `sources`, with where it is first used (for the catalog test
    and for translators): the text given to `_`, `N_` and `ngettext`, and the description of
    every `Binding(key, action, description)`."""
    found: dict[str, tuple[str, int]] = {}
    for path in sources:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            name = node.func.id
            if name in ("_", "N_"):
                args: list[ast.expr] = node.args[:1]
            elif name == "ngettext":
                args = node.args[:2]
            elif name == "Binding":
                args = node.args[2:3] + [k.value for k in node.keywords if k.arg == "description"]
            else:
                continue
            for arg in args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value:
                    found.setdefault(arg.value, (str(path), node.lineno))
    return found


def plural_pairs(sources: Iterable[Path]) -> dict[str, str]:
    """Each `ngettext(singular, plural, n)` of `sources`: singular -> plural. A catalog must
    translate these as plural entries (`msgid_plural`, `msgstr[0]`…): a plain entry for either
    text is never read by `ngettext`."""
    pairs: dict[str, str] = {}
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "ngettext"
                    and len(node.args) >= 2 and all(isinstance(a, ast.Constant) for a in node.args[:2])):
                singular, plural = node.args[0].value, node.args[1].value  # type: ignore[attr-defined]
                if isinstance(singular, str) and isinstance(plural, str):
                    pairs[singular] = plural
    return pairs


def untranslatable_calls(sources: Iterable[Path]) -> list[tuple[str, int]]:
    """Calls of `_`, `N_` or `ngettext` whose text is not a literal (an f-string, a variable):
    such text cannot be listed in a catalog. (`_(name)` on a value marked with `N_` elsewhere is
    the exception, written `_(name)  # i18n: marked` on its line.)"""
    found: list[tuple[str, int]] = []
    for path in sources:
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node in ast.walk(ast.parse(text, str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_", "ngettext"):
                literal = all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                              for a in node.args[:2 if node.func.id == "ngettext" else 1])
                if not literal and "i18n: marked" not in lines[node.lineno - 1]:
                    found.append((str(path), node.lineno))
    return found
