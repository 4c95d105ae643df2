"""Where a key of a scenario file is written: its line number, for error messages.

`tomllib` reports syntax errors with their line, but a file that parses and is still wrong (an
unknown key, a tile that is not a tile) is only a dictionary by then. Its author needs the line
all the same, so this scans the text once for table headers and `key =` lines and maps every
dotted key path to the line that wrote it. It is a reader of well-formed TOML only (the text
has parsed already), and it needs to be right for the shapes scenarios use: `[table]`,
`[[step]]` (numbered from 1: "step.3"), `[step.expect]`, `key = value`, dotted keys and the
keys of one-line inline tables (`racks = { Ann = "R1", Bob = "B2" }`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_KEY = r'(?:"[^"]*"|\'[^\']*\'|[A-Za-z0-9_-]+)'
_DOTTED = rf"{_KEY}(?:\s*\.\s*{_KEY})*"
_HEADER = re.compile(rf"^\s*(\[\[?)\s*({_DOTTED})\s*\]\]?")
_ASSIGN = re.compile(rf"^\s*({_DOTTED})\s*=")
_INLINE_KEY = re.compile(rf"[{{,]\s*({_DOTTED})\s*=")
_PART = re.compile(_KEY)


def _parts(dotted: str) -> list[str]:
    return [p.strip("\"'") for p in _PART.findall(dotted)]


@dataclass
class KeyLines:
    """The line (from 1) of every key path written in a file."""

    lines: dict[tuple[str, ...], int] = field(default_factory=dict)

    @classmethod
    def scan(cls, text: str) -> "KeyLines":
        found = cls()
        arrays: dict[str, int] = {}
        table: list[str] = []
        for number, line in enumerate(text.splitlines(), start=1):
            header = _HEADER.match(line)
            if header:
                parts = _parts(header.group(2))
                if header.group(1) == "[[":
                    arrays[parts[0]] = arrays.get(parts[0], 0) + 1
                if parts[0] in arrays:
                    parts = [parts[0], str(arrays[parts[0]]), *parts[1:]]
                table = parts
                found._add(tuple(table), number)
                continue
            assign = _ASSIGN.match(line)
            if assign:
                path = (*table, *_parts(assign.group(1)))
                found._add(path, number)
                rest = line[assign.end():]
                for inline in _INLINE_KEY.finditer(rest):
                    found._add((*path, *_parts(inline.group(1))), number)
        return found

    def _add(self, path: tuple[str, ...], number: int) -> None:
        self.lines.setdefault(path, number)

    def line_of(self, key: str | tuple[str, ...]) -> int | None:
        """The line of `key` ("position.racks.Ann" or its parts), or of the nearest enclosing
        key written in the file; None when not even the first part is."""
        parts = tuple(key.split(".")) if isinstance(key, str) else key
        while parts:
            if parts in self.lines:
                return self.lines[parts]
            parts = parts[:-1]
        return None

    def step_line(self, number: int) -> int | None:
        """The line of the `[[step]]` header of step `number` (from 1)."""
        return self.lines.get(("step", str(number)))
