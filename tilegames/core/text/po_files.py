"""Reading gettext PO files without trusting them: a damaged entry is set aside, never raised.

A translation catalog is a file someone edited by hand or with a tool, and one bad entry used to
stop tilegames from starting in that language (a `msgstr[x]`, a byte that is not UTF-8), or
worse, to start and crash later: a translation whose `{placeholder}` was renamed raises
KeyError in the caller's `.format(...)`, a stray `%` raises in argparse's help, an unmatched
`[/b]` raises in Rich. So `parse_po` reads every entry it can and returns each one it cannot
use as a `Damage` (the file, the line, why), and the caller shows English for it.

An entry is kept only if it is well formed PO *and* safe to use where the English is used:
its translation has the same `str.format` fields as the message id (same names, format specs
and conversions; a lone brace is damage), the same `%` conversions argparse reads, the same
Rich markup tags, and no control character, lone surrogate or U+FFFD (the mark of a byte that
was not UTF-8). A plural form may match the singular's fields or the plural's, since the
caller passes both.

The reasons are English: they are for the person who mends the file (`i18n.read_po` raises
them, the debug log records them); the player is told once, in their language, how many
entries fell back to English (`i18n.catalog_problem`).
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field

_KEYWORDS = ("msgctxt", "msgid", "msgid_plural", "msgstr")
_PLURAL_KEY = re.compile(r"msgstr\[(\d{1,3})\]\Z")
_WORD = re.compile(r'([^\s"]*)\s*(.*)\Z', re.DOTALL)
_QUOTED = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"\Z', re.DOTALL)
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "'": "'", "?": "?",
            "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_NAMED_PERCENT = re.compile(r"%\(([^()]*)\)([-#0+]*\d*(?:\.\d+)?[a-zA-Z%]?)")
_UNNAMED_PERCENT = re.compile(r"%(?!\()[-#0+]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]")
_MARKUP_TAG = re.compile(r"(?<!\\)\[([a-z#/@][^[]*?)]")  # what rich.markup reads as a tag
_ALLOWED_CONTROLS = frozenset("\n\t")


@dataclass(frozen=True)
class Damage:
    """Something of a catalog that could not be used: an entry (its line) or, with no line,
    the whole file (it could not be read)."""

    file: str
    line: int | None
    reason: str


@dataclass
class PoContents:
    """What one PO file gives: translations, plural forms (with each plural's English id, so
    a check can format a form as the English would be) and what was set aside."""

    messages: dict[str, str] = field(default_factory=dict)
    plurals: dict[str, list[str]] = field(default_factory=dict)
    plural_ids: dict[str, str] = field(default_factory=dict)
    damaged: list[Damage] = field(default_factory=list)


def unquote(text: str) -> str | None:
    """A PO string's value (`"..."` with C escapes), or None if `text` is not exactly one."""
    match = _QUOTED.match(text)
    if match is None:
        return None
    unknown = False

    def escape(found: re.Match[str]) -> str:
        nonlocal unknown
        if found.group(1) not in _ESCAPES:
            unknown = True
        return _ESCAPES.get(found.group(1), "")

    value = _ESCAPE.sub(escape, match.group(1))
    return None if unknown else value


def shape(text: str) -> tuple[Hashable, ...] | None:
    """Everything of `text` a caller's formatting depends on: its `str.format` fields, its `%`
    conversions and its markup tags. None when str.format cannot parse it (a lone brace)."""
    try:
        parsed = [(name, spec, conversion) for _, name, spec, conversion in string.Formatter().parse(text)
                  if name is not None]
    except ValueError:
        return None
    named = frozenset(f for f in parsed if f[0])
    automatic = tuple(f for f in parsed if not f[0])  # `{}` fields are matched by position
    return (named, automatic, text.count("%"), tuple(sorted(Counter(_NAMED_PERCENT.findall(text)).items())),
            tuple(_UNNAMED_PERCENT.findall(text)), tuple(sorted(Counter(_MARKUP_TAG.findall(text)).items())))


def bad_characters(text: str) -> str | None:
    """Why `text` cannot be shown as it is, if it cannot."""
    if "\ufffd" in text:
        return "a byte that is not UTF-8"
    for character in text:
        if character not in _ALLOWED_CONTROLS and unicodedata.category(character) in ("Cc", "Cs"):
            return f"the character U+{ord(character):04X}, which cannot be shown"
    return None


def unsafe(translation: str, *english: str) -> str | None:
    """Why `translation` cannot stand in for the English texts (it must match one), if so."""
    found = shape(translation)
    if found is None:
        return "a brace that str.format cannot read in the translation"
    wanted = [shape(text) for text in english]
    if all(w is None for w in wanted):
        return "a brace that str.format cannot read in the message id"
    if found not in wanted:
        return "the translation's placeholders, % conversions or markup differ from the message id's"
    return None


class _Entry:
    """The entry being read: its keys' values and the line each began on, or why not."""

    def __init__(self) -> None:
        self.values: dict[str, str] = {}
        self.lines: dict[str, int] = {}
        self.key: str | None = None
        self.fuzzy = False
        self.problem: tuple[int, str] | None = None

    def spoil(self, line: int, reason: str) -> None:
        if self.problem is None:
            self.problem = (line, reason)

    @property
    def begun(self) -> bool:
        """Whether a msgid or msgstr was read (a msgctxt or a comment before them is not)."""
        return self.problem is not None or any(k != "msgctxt" for k in self.values)


def parse_po(text: str, name: str = "catalog.po") -> PoContents:
    """The usable translations of a PO file's text, and each entry set aside as `Damage`.
    Fuzzy entries and the header are left out, as gettext does. Never raises."""
    reader = _Reader(name)
    for number, raw in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
        reader.line(number, raw.strip())
    reader.finish()
    return reader.found


class _Reader:
    """Reads a PO file line by line. A damaged line spoils its entry, which is set aside when
    it ends (at a blank line, a comment or the next msgctxt or msgid); reading goes on."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.found = PoContents()
        self.entry = _Entry()

    def finish(self) -> None:
        if self.entry.values or self.entry.problem is not None:
            _keep(self.entry, self.name, self.found)
        self.entry = _Entry()

    def line(self, number: int, line: str) -> None:
        entry = self.entry
        if not line:
            self.finish()
        elif line.startswith("#"):
            if entry.values or entry.problem is not None:
                self.finish()  # a comment begins the next entry
            if line.startswith("#,") and "fuzzy" in line:
                self.entry.fuzzy = True
        elif "\ufffd" in line:
            entry.spoil(number, "a byte that is not UTF-8")
        elif line.startswith('"'):
            value = unquote(line)
            if entry.key is None:
                entry.spoil(number, "a continued string with no msgid or msgstr before it")
            elif value is None:
                entry.spoil(number, f"expected a quoted string, found {line[:40]!r}")
            else:
                entry.values[entry.key] += value
        else:
            self.keyword(number, line)

    def keyword(self, number: int, line: str) -> None:
        match = _WORD.match(line)
        word, rest = (match.group(1), match.group(2).strip()) if match else (line, "")
        if word not in _KEYWORDS and not word.startswith("msgstr["):
            self.entry.spoil(number, f"{word[:30]!r} is not a PO keyword")
            self.entry.key = None
            return
        if (word == "msgctxt" and (self.entry.begun or "msgctxt" in self.entry.values)) or (
                word == "msgid" and self.entry.begun):
            self.finish()
        entry = self.entry
        if word.startswith("msgstr[") and _PLURAL_KEY.match(word) is None:
            entry.spoil(number, f"{word[:30]!r} is not a plural form (msgstr[0], msgstr[1]…)")
        if word in entry.values:
            entry.spoil(number, f"{word} twice in one entry")
        value = unquote(rest)
        if value is None:
            entry.spoil(number, f"expected a quoted string, found {rest[:40]!r}")
        entry.key = word
        entry.values[word] = value or ""
        entry.lines[word] = number


def _keep(entry: _Entry, name: str, found: PoContents) -> None:
    """Add a finished entry to `found`, or its damage."""
    problem = entry.problem or _problem(entry)
    if problem is not None:
        found.damaged.append(Damage(name, problem[0], problem[1]))
        return
    msgid, values = entry.values["msgid"], entry.values
    if not msgid or entry.fuzzy:
        return  # the header, or a translation its translator was unsure of
    if "msgid_plural" in values:
        forms = [values[f"msgstr[{n}]"] for n in range(sum(k.startswith("msgstr[") for k in values))]
        if all(forms):
            found.plurals[msgid] = forms
            found.plural_ids[msgid] = values["msgid_plural"]
    elif values["msgstr"]:
        found.messages[msgid] = values["msgstr"]


def _problem(entry: _Entry) -> tuple[int, str] | None:
    """Why a well formed entry cannot be used, with the line to mend, if it cannot."""
    values, lines = entry.values, entry.lines
    if "msgid" not in values:
        return min(lines.values()), "an entry with no msgid"
    for key, value in values.items():
        reason = bad_characters(value)
        if reason is not None:
            return lines[key], reason
    plural_keys = sorted(k for k in values if k.startswith("msgstr["))
    if "msgid_plural" in values:
        if "msgstr" in values:
            return lines["msgstr"], "a plural entry has msgstr[0], msgstr[1]…, not msgstr"
        indices = sorted(int(k[7:-1]) for k in plural_keys)
        if not indices or indices != list(range(len(indices))):
            where = min((lines[k] for k in plural_keys), default=lines["msgid_plural"])
            return where, "a plural entry needs msgstr[0], msgstr[1]… in turn"
        for key in plural_keys:
            if values[key] and (reason := unsafe(values[key], values["msgid"], values["msgid_plural"])):
                return lines[key], reason
        return None
    if plural_keys:
        return lines[plural_keys[0]], "msgstr[n] with no msgid_plural"
    if "msgstr" not in values:
        return lines["msgid"], "a msgid with no msgstr"
    if values["msgid"] and values["msgstr"] and (reason := unsafe(values["msgstr"], values["msgid"])):
        return lines["msgstr"], reason
    return None
