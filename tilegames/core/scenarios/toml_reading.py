"""Reading a scenario's TOML without letting the text take the reader down.

`tomllib` raises more than TOMLDecodeError on text from outside: a whole number of more digits
than Python turns into an int (4,300; a ValueError) and nesting deeper than its recursion goes
(a RecursionError). A document it does read can still nest a few hundred levels, and the
scenario reader, `demo check`'s comparisons and their messages recurse into the values they
compare and print, so such a value ran them out of stack later. Here both become ScenarioError
sentences, and the nesting is measured once, without recursion, so that everything after it
meets only values a few levels deep.
"""

from __future__ import annotations

import re
import sys
import tomllib
from typing import Any

from tilegames.core.text.inputs import shown
from tilegames.core.scenarios.notation import ScenarioError

# The deepest a scenario goes is step -> expect -> result -> scores -> a seat's points: six
# levels with the top table and the list of steps. Twice that leaves room for any game's keys.
MAX_NESTING = 12


def parse_toml(text: str) -> dict[str, Any]:
    """The TOML table of `text`; ScenarioError for everything tomllib raises on it: a syntax
    error (with its line), a whole number longer than Python reads (ValueError past 4,300
    digits) and nesting deeper than its recursion reaches (RecursionError)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # The position is in the message, "(at line 3, column 7)" (Python 3.14 also has lineno).
        at = re.search(r"\(at line (\d+), column \d+\)$", str(exc))
        line = int(at.group(1)) if at else getattr(exc, "lineno", None)
        message = re.sub(r"\s*\(at line \d+, column \d+\)$|\s*\(at end of document\)$", "", str(exc))
        raise ScenarioError(f"this is not valid TOML: {message.rstrip('.')}.", line=line) from None
    except RecursionError:
        raise ScenarioError("its values are nested too deeply to be read (a scenario needs only a few "
                            f"levels, at most {MAX_NESTING}).") from None
    except ValueError as exc:  # int() refuses a string of more digits than sys.get_int_max_str_digits()
        most = sys.get_int_max_str_digits()
        long_number = re.search(rf"[0-9_]{{{most + 1},}}", text)
        if long_number is None:
            raise ScenarioError(f"this is not valid TOML: {shown(str(exc), 200)}") from None
        raise ScenarioError(f"a number has more than {most} digits; no value in a scenario is that long.",
                            line=text.count("\n", 0, long_number.start()) + 1) from None


def nested_too_deeply(table: dict[str, Any]) -> str | None:
    """The dotted key of the first value nested more than MAX_NESTING levels, or None.

    Walked without recursion: the reader, the check and its messages recurse into the values
    they compare and print, so a value that tomllib could still read (some 300 levels) ran them
    out of stack. The key names a step by its number from 1, as KeyLines does."""
    todo: list[tuple[Any, int, tuple[str, ...]]] = [(table, 0, ())]
    while todo:
        value, depth, path = todo.pop()
        if depth > MAX_NESTING:
            return ".".join(path)
        if isinstance(value, dict):
            todo.extend((v, depth + 1, (*path, str(k))) for k, v in value.items())
        elif isinstance(value, list):
            todo.extend((v, depth + 1, (*path, str(n)) if path == ("step",) else path)
                        for n, v in enumerate(value, start=1))
    return None
