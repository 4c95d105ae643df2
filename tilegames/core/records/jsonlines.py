"""Strict reading of one JSON line from outside (a journal line; later, a network message).

`json.loads` alone lets through, or crashes on, what a save file may hold after damage or
tampering: it raises ValueError (not JSONDecodeError) past 4,300 digits, RecursionError on
deep nesting, accepts NaN and Infinity, and returns lone surrogates for "\\udcff". Here
every such line is a BadRecord with a sentence, and numbers are bounded by `MAX_DIGITS`.
"""

from __future__ import annotations

import codecs
import json
import math
from typing import Any

from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import MAX_DIGITS, is_text


class _NumberTooLong(ValueError):
    pass


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _NumberTooLong(digits)
    return int(digits)


def _real(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value) or len(digits) > 4 * MAX_DIGITS:
        raise _NumberTooLong(digits)
    return value


def _constant(name: str) -> Any:
    raise _NumberTooLong(name)  # NaN, Infinity: JSON has no such numbers


def json_line(raw: bytes) -> Any:
    """One line as JSON; every way it can be wrong is a BadRecord saying which."""
    if raw.startswith(codecs.BOM_UTF8):
        raise BadRecord(_("the line starts with a byte-order mark (the file was changed by an editor)."))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadRecord(_("the line is not UTF-8 text (byte 0x{value} at column {number}).").format(value=format(raw[exc.start], '02x'), number=exc.start + 1)) from None
    try:
        obj = json.loads(text, parse_int=_whole, parse_float=_real, parse_constant=_constant)
    except _NumberTooLong:
        raise BadRecord(_("the line has a number that is not a number a game uses (over {digits} digits, infinite or NaN).").format(digits=MAX_DIGITS)) from None
    except RecursionError:
        raise BadRecord(_("the line is nested too deeply to be a journal line.")) from None
    except ValueError:  # json.JSONDecodeError, and Python's own digit limit
        raise BadRecord(_("the line is not valid JSON.")) from None
    _check_text(obj)
    return obj


def _check_text(obj: Any) -> None:
    """Refuse strings that are not Unicode text (JSON allows lone surrogates like \\udcff)."""
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not is_text(item):
                raise BadRecord(_("the line has text that is not valid Unicode."))
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
