"""A game's letter tiles counted in a data file: shared by Rummikub Word and Nab-It!.

No source gives either game's letter distribution, so each lives in a file under `assets/`
where a true one can replace it, and a game can name a file of the player's own. The format is
one `NAME COUNT` per line: a letter A to Z (each at most once; a letter not listed is not in the
set), or the game's one special name (`JOKERS` in Rummikub Word, `BLANKS` in Nab-It!). `#`
starts a comment; blank lines are ignored.

The file is data from outside: anything wrong with it is one sentence (`BadRecord`) naming the
file and the line, never a traceback.

A game set up with a file of its own (`--letters FILE`) keeps the counts themselves in its
config, written out in the same format with the file they came from on the first line
(`kept_counts`): a save then replays to the same deal whatever happens to the file later. A
value with a line break in it is such counts; any other value is a file's path (a config
written by hand, a scenario).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tilegames.core.errors import BadRecord
from tilegames.core.records.file_limits import LETTERS as LETTERS_FILE
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown, whole_number
from tilegames.core.parts.lexicon import read_players_file

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LINE = re.compile(r"(\S+)\s+(\S+)")


@dataclass(frozen=True)
class LetterCounts:
    """What a letter file says: (letter, count) pairs of the letters it has, in alphabetical
    order, and the count on the special line (0 when the file has none)."""

    counts: tuple[tuple[str, int], ...]
    special: int

    @property
    def letters(self) -> int:
        return sum(n for _, n in self.counts)


def is_kept(value: str) -> bool:
    """Whether a config's letters value is the counts themselves (else it names a file)."""
    return "\n" in value


def kept_counts(counts: LetterCounts, special: str, source: str) -> str:
    """`counts` written out as a config keeps them: the file they came from, then the lines."""
    lines = [f"# {source}"] + [f"{letter} {n}" for letter, n in counts.counts]
    if counts.special:
        lines.append(f"{special} {counts.special}")
    return "\n".join(lines) + "\n"


def source_of(value: str) -> str:
    """How messages name a config's letters: the file, or the file the kept counts came from."""
    if not is_kept(value):
        return value
    first = value.split("\n", 1)[0]
    return first[2:] if first.startswith("# ") else _("the letters kept with the game")


def read_letter_counts(path: Path | str, where: str, special: str, example: str) -> LetterCounts:
    """The counts in the file at `path` (or `path` itself, when it holds counts kept in a
    config); BadRecord with one sentence beginning with `where` ("The letter tiles file x.txt")
    otherwise. `example` is a line shown in the message for a line that is not a name and a
    count ("E 13")."""
    if isinstance(path, str) and is_kept(path):
        text = path
    else:
        text = read_players_file(Path(path), where, kind=LETTERS_FILE)
    counts: dict[str, int] = {}
    special_count: int | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = _LINE.fullmatch(line)
        if match is None:
            raise BadRecord(_("{where}, line {number}: expected a letter and a count, like '{example}', not '{line}'.").format(where=where, number=number, example=example, line=shown(line, 30)))
        name, count_text = match.group(1).upper(), match.group(2)
        try:
            count = whole_number(count_text, "count", max_digits=4)
        except ValueError:
            raise BadRecord(_("{where}, line {number}: '{count_text}' is not a count.").format(where=where, number=number, count_text=shown(count_text, 20))) from None
        if count < 0:
            raise BadRecord(_("{where}, line {number}: a count cannot be negative.").format(where=where, number=number))
        if name == special:
            if special_count is not None:
                raise BadRecord(_("{where}, line {number}: the {value} are counted twice.").format(where=where, number=number, value=special.lower()))
            special_count = count
        elif len(name) == 1 and name in LETTERS:
            if name in counts:
                raise BadRecord(_("{where}, line {number}: {name} is counted twice.").format(where=where, number=number, name=name))
            counts[name] = count
        else:
            raise BadRecord(_("{where}, line {number}: '{value}' is neither a letter A to Z nor {special}.").format(where=where, number=number, value=shown(match.group(1), 20), special=special))
    return LetterCounts(tuple(sorted((k, n) for k, n in counts.items() if n)), special_count or 0)
