"""Text and numbers that come from outside (command lines, files, save games).

Two rules, kept in one place so every command and reader follows them:

* **Echoing input back** (an error message naming a bad token or a file) goes through
  `shown`: long input is shortened, control characters are escaped (a file name with an
  escape sequence must not repaint the terminal) and undecodable bytes (Python hands them
  over as lone surrogates, e.g. a file name made of b"\\xff") become `\\xff`, so printing the
  message can never fail under a strict UTF-8 locale.
* **Numbers** are ASCII digits only (`int()` also accepts "٣" and "３") and bounded in
  length, so 5,000 digits is a malformed-input error, not a ValueError from Python's
  4,300-digit limit.
"""

from __future__ import annotations

import re
import unicodedata

from tilegames.core.text.i18n import N_, _

#: Longest whole number accepted from outside (journals, the saves index, network messages):
#: seeds are the largest numbers a game needs, and a drawn one has up to 39 digits (core/seeds.py).
MAX_DIGITS = 40
_WHOLE = re.compile(r"-?[0-9]+")


def shown(value: object, limit: int = 60) -> str:
    """`value` as text safe to print in a one-line message: escaped and at most `limit` long."""
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit * 4:
        text = text[: limit * 4]  # escaping a huge input would cost time for nothing
    out: list[str] = []
    for char in text:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
            out.append(f"\\x{code - 0xDC00:02x}")
        elif 0xD800 <= code <= 0xDFFF:
            out.append(f"\\u{code:04x}")
        elif unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp"):
            out.append(repr(char)[1:-1] if code < 0x10000 and char.isascii() else f"\\u{code:04x}")
        else:
            out.append(char)
    result = "".join(out)
    return result if len(result) <= limit else result[: limit - 3] + "..."


#: What a number is, in the sentences of `whole_number` (the nouns its callers pass).
WHAT_NUMBERS = (N_("number"), N_("count"), N_("seed"), N_("port number"), N_("number of seconds"))


def whole_number(text: str, what: str = "number", max_digits: int = MAX_DIGITS) -> int:
    """`text` as a whole number of ASCII digits (an optional minus); ValueError saying why.
    `what` is an English noun marked with N_ (WHAT_NUMBERS), translated here."""
    cleaned = text.strip()
    if not _WHOLE.fullmatch(cleaned):
        raise ValueError(_("{text} is not a whole {what}.").format(text=shown(text, 30), what=_(what)))  # i18n: marked
    if len(cleaned.lstrip("-").lstrip("0")) > max_digits:
        raise ValueError(_("{text} is too long for a {what} (at most {digits} digits).").format(
            text=shown(text, 30), what=_(what), digits=max_digits))  # i18n: marked
    return int(cleaned)


def is_text(value: str) -> bool:
    """Whether `value` is real Unicode text (no bytes smuggled in as lone surrogates)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
